// Panel 3 — the hero number: steady-state throughput in large type, the
// binding limit in words, the utilisation of the link, and for BBR its own
// model of the path (BtlBw, pacing rate, min_rtt, state); and a small
// delivery-rate trace. The words are the headline: HeroPanel itself is the
// strip across the top of the dashboard (number, then the words beside it,
// or under it when the strip is narrow; each wraps to two lines rather than
// being cut). The trace is rateWidget(), which the dashboard puts in its
// own cell. While a run streams the number is the rate measured so far,
// marked "≈ … so far".
#pragma once

#include <QWidget>

#include <optional>

#include "panels/chart_style.h"
#include "session/run_snapshot.h"
#include "lesson/theory_levels.h"

class QBoxLayout;
class QChartView;
class QLineSeries;
class QValueAxis;

namespace inflight::ui {

class ChartKey;
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
    // The delivery-rate chart and the run's status line under it.
    QWidget* rateWidget() const { return rate_widget_; }
    // The link line's legend entry when the link is above the rate axis.
    QString linkName() const;
    double rateAxisTop() const;

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void setStale(bool stale);
    void arrange();
    void fitHeroWidth();

    TextStrip* hero_;
    TextStrip* utilisation_;
    TextStrip* limit_;
    TextStrip* theory_;
    TextStrip* note_;    // BBR's model of the path, or a few-events warning
    TextStrip* status_;
    QWidget* rate_widget_;
    QBoxLayout* row_;
    QChartView* view_;
    ChartKey* key_;
    QValueAxis* x_;
    QValueAxis* y_;
    QLineSeries* rate_;
    QLineSeries* link_;
    QLineSeries* btlbw_;
    QLineSeries* pacing_;
};

}  // namespace inflight::ui
