// Panel 2 — the RTT trace: measured RTT as a min/max envelope per pixel (so
// ProbeRTT notches and sawtooth peaks stay visible), smoothed RTT, min RTT
// and the base RTT as a dashed reference.
#pragma once

#include "panels/chart_frame.h"
#include "panels/chart_style.h"
#include "result.h"

class QAreaSeries;
class QLineSeries;

namespace inflight::ui {

class RttChart : public ChartFrame {
    Q_OBJECT
public:
    explicit RttChart(QWidget* parent = nullptr);

    void setTrace(const Trace& trace, double duration_s);
    void restyle(const ChartStyle& style);
    void clear();

private:
    QLineSeries* env_lo_;
    QLineSeries* env_hi_;
    QAreaSeries* envelope_;
    QLineSeries* srtt_;
    QLineSeries* min_rtt_;
    QLineSeries* base_;
};

}  // namespace inflight::ui
