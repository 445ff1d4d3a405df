// Panel 2 — the RTT trace: measured RTT as a min/max envelope per pixel (so
// ProbeRTT notches and sawtooth peaks stay visible), smoothed RTT, min RTT
// and the base RTT as a dashed reference.
//
// Several flows: each TCP flow's smoothed RTT in
// its flow colour, each ping's replies as small dots in its colour (the
// delay the video call pays), and the base RTT of every distinct flow RTT
// as the reference line(s); the one-flow envelope, smoothed and min RTT are
// hidden then. With one flow the chart is today's: the per-flow series
// exist only while several flows are shown.
#pragma once

#include <vector>

#include "ui/panels/chart_frame.h"
#include "ui/panels/chart_style.h"
#include "model/core/result.h"

class QAreaSeries;
class QLineSeries;
class QScatterSeries;
class QXYSeries;

namespace inflight::ui {

class RttChart : public ChartFrame {
    Q_OBJECT
public:
    explicit RttChart(QWidget* parent = nullptr);

    void setTrace(const Trace& trace, double duration_s);
    // A run: with one flow the same as setTrace(r.trace, ...); with several,
    // the per-flow lines and ping dots.
    void setRun(const RunResult& r);
    void restyle(const ChartStyle& style);
    void clear();

    // Several flows: each TCP flow's smoothed RTT, each ping's dots (flow
    // order), the extra base-RTT lines (one per further distinct RTT);
    // empty with one flow.
    std::vector<QLineSeries*> flowSrttSeries() const;
    std::vector<QScatterSeries*> pingSeries() const;
    QLineSeries* baseSeries() const { return base_; }
    // Most ping dots drawn per flow before they are thinned to each pixel
    // column's lowest and highest reply.
    static constexpr int kMaxPingDots = 4000;

private:
    void syncFlowSeries(const RunResult* r);
    void styleFlowSeries(const RunResult& r);

    QLineSeries* env_lo_;
    QLineSeries* env_hi_;
    QAreaSeries* envelope_;
    QLineSeries* srtt_;
    QLineSeries* min_rtt_;
    QLineSeries* base_;
    struct PerFlow {
        int index;
        QXYSeries* series;  // a QLineSeries (smoothed RTT) or a QScatterSeries (pings)
        bool ping;
    };
    std::vector<PerFlow> flows_;
    std::vector<QLineSeries*> extra_bases_;  // unnamed: the key names them with base_
    QString signature_;                      // which flows the series were made for
    ChartStyle style_;
};

}  // namespace inflight::ui
