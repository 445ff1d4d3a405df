// Panel 3 — the hero number: steady-state throughput in large type, the
// utilisation of the link, the binding limit in words, a small delivery-rate
// trace, and for BBR its own model of the path (BtlBw, pacing rate, min_rtt,
// state).
#pragma once

#include <QWidget>

#include <optional>

#include "panels/chart_style.h"
#include "session/run_snapshot.h"
#include "lesson/theory_levels.h"

class QChartView;
class QLineSeries;
class QValueAxis;

namespace inflight::ui {

class TextStrip;

class HeroPanel : public QWidget {
    Q_OBJECT
public:
    explicit HeroPanel(QWidget* parent = nullptr);

    void setSnapshot(const RunSnapshot& snap);
    void restyle(const ChartStyle& style);
    void showError(const QString& message);

    QString heroText() const;
    QString limitText() const;
    // The theory overlay: the predicted throughput beside the measured one.
    void setTheory(const std::optional<TheoryLevels>& levels);
    QString theoryText() const;
    QChartView* view() const { return view_; }

private:
    void setStale(bool stale);

    TextStrip* hero_;
    TextStrip* utilisation_;
    TextStrip* limit_;
    TextStrip* theory_;
    TextStrip* note_;    // BBR's model of the path, or a few-events warning
    TextStrip* status_;
    QChartView* view_;
    QValueAxis* x_;
    QValueAxis* y_;
    QLineSeries* rate_;
    QLineSeries* link_;
    QLineSeries* btlbw_;
    QLineSeries* pacing_;
};

}  // namespace inflight::ui
