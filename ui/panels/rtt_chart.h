// Panel 2 — the RTT trace: measured RTT as a min/max envelope per pixel (so
// ProbeRTT notches and sawtooth peaks stay visible), smoothed RTT, min RTT
// and the base RTT as a dashed reference.
#pragma once

#include <QWidget>

#include "result.h"

class QAreaSeries;
class QChartView;
class QLineSeries;
class QValueAxis;

namespace inflight::ui {

class RttChart : public QWidget {
    Q_OBJECT
public:
    explicit RttChart(QWidget* parent = nullptr);

    void setTrace(const Trace& trace, double duration_s);
    void restyle();
    void clear();
    QChartView* view() const { return view_; }

private:
    QChartView* view_;
    QValueAxis* x_;
    QValueAxis* y_;
    QLineSeries* env_lo_;
    QLineSeries* env_hi_;
    QAreaSeries* envelope_;
    QLineSeries* srtt_;
    QLineSeries* min_rtt_;
    QLineSeries* base_;
};

}  // namespace inflight::ui
