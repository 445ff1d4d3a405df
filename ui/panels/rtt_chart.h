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
//
// Request/response flows (app=rpc), with one flow or several: each
// transaction's latency (first write to last response byte) as a diamond
// at its completion time, drawn over the rest — a transaction is made of
// RTTs (80 ms on a 20 ms path with Nagle and a delayed ACK: 2 RTTs and the
// 40 ms timer), so it reads against the same axis in the same unit, and
// the axis grows to hold the slowest. Its key entry: "transaction latency
// (flow 1 (cubic))" with one flow; with several, grouped like the other
// flows' series ("transaction latency:" then each flow, in its colour).
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

class PlotNote;

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
    // Each request/response flow's transactions (flow order), with one
    // flow or several; empty when no flow is one.
    std::vector<QScatterSeries*> transactionSeries() const;
    QLineSeries* baseSeries() const { return base_; }
    // Zoomed (Ctrl+F, with the window panel): the axis is the steady
    // state's, the run's second half, so an RTT within a few ms of the base
    // is seen against it rather than under a slow start's peak of 150 ms;
    // the peak then runs above the plot, and the plot's note says so.
    // Takes effect at the next setRun / setTrace.
    void setFitSteady(bool fit) { fit_steady_ = fit; }
    QString plotNote() const;     // what the plot's note says (empty: none)
    QRectF plotNoteRect() const;  // where it is drawn, in the chart's scene (empty: not drawn)
    // Most ping dots drawn per flow before they are thinned to each pixel
    // column's lowest and highest reply.
    static constexpr int kMaxPingDots = 4000;

private:
    // True when the flows' series were made anew.
    bool syncFlowSeries(const RunResult* r);
    void styleFlowSeries(const RunResult& r);
    // One series per rpc flow of `r` (none for null), over every other
    // series; `rebuild` makes them anew (after the flows' were).
    void syncTransactionSeries(const RunResult* r, bool rebuild);
    void styleTransactionSeries(const RunResult& r);
    // Draws the transactions; their largest latency (s), 0 if none.
    double drawTransactions(const RunResult& r, int columns);
    // The one-flow series from `t`; their top (s).
    double drawOneFlow(const Trace& t, double duration_s);
    void fitAxes(double top_s, double duration_s);
    // The largest value drawn from `from_s` on by any shown series (s).
    double shownTopFrom(double from_s) const;

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
    struct Transactions {
        int index;  // as in Scenario::flows
        QScatterSeries* series;
    };
    std::vector<Transactions> transactions_;
    QString transaction_signature_;          // which flows, and one or several
    QString signature_;                      // which flows the series were made for
    ChartStyle style_;
    bool fit_steady_ = false;
    PlotNote* zoom_note_;
};

}  // namespace inflight::ui
