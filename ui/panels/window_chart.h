// Panel 1 — the window against the pipe. Calm band 0..BDP (the pipe), warm
// band BDP..BDP+buffer (the queue); cwnd, window in force, bytes in flight
// and a dashed ssthresh. In packets, or in bytes.
//
// Several flows: each TCP flow's cwnd in its
// flow colour (flow_palette.h; pings have no window), the total bytes in
// flight of every flow as a broad grey stroke under them, over the bands of
// the shared path (at the shortest flow RTT; the pipe's key entry names
// that RTT when the flows' RTTs differ). The one-flow lines are hidden then,
// and with one flow the chart is today's: the per-flow series exist only
// while several flows are shown.
//
// The receiver's advertised window (rwnd, TraceBucket::rwnd_bytes) as a
// dashed teal line: the textbook's fixed rwnd, Linux's autotuning opening
// it round by round, SO_RCVBUF's cap; with several flows the flows' sum,
// shown only when rwnd bound a flow in the steady state. It never widens the y axis (see
// redraw) and is hidden, key entry and all, when it lies above the axis
// throughout (the textbook's 1 GiB). With one flow its send buffer, a
// fixed setting that caps the window as rwnd does, is a level drawn by the
// same rule: where it binds (64 KiB) the window in force runs along it.
#pragma once

#include <optional>
#include <vector>

#include "model/analysis/response_theory.h"
#include "ui/panels/chart_frame.h"
#include "ui/panels/chart_style.h"
#include "model/core/result.h"

class QAreaSeries;
class QLineSeries;

namespace inflight::ui {

class PlotNote;

class WindowChart : public ChartFrame {
    Q_OBJECT
public:
    explicit WindowChart(QWidget* parent = nullptr);

    void setTrace(const Trace& trace, double duration_s);
    // A run (finished, or so far): with one flow the same as
    // setTrace(r.trace, ...); with several, the per-flow lines too.
    void setRun(const RunResult& r);
    // The run and the theory overlay's levels together: one redraw, not two.
    void setRun(const RunResult& r, const std::optional<TheoryLevels>& levels);
    void setBytes(bool bytes);
    // Scale y to the window alone (the bands may then run off the top), for
    // a window far smaller than the pipe: to the largest window of the
    // steady state (the run's second half), so a slow-start peak may run
    // above the plot (the plot's note then says so).
    void setFitWindow(bool fit);
    void restyle(const ChartStyle& style);
    void clear();
    // The theory overlay: the response function's mean window and the rwnd
    // and send-buffer levels as horizontal lines; nullopt hides them.
    void setTheory(const std::optional<TheoryLevels>& levels);
    // The theory lines' pens, for tests and the legend.
    QLineSeries* theoryWindowSeries() const { return theory_window_; }
    QLineSeries* cwndSeries() const { return cwnd_; }
    // The advertised window (one flow: "advertised window (rwnd)"; several:
    // their total), for tests and overlays.
    QLineSeries* rwndSeries() const { return rwnd_; }
    // One flow: its send buffer (SO_SNDBUF, a fixed setting) as a level,
    // "send buffer (sndbuf)", shown only when it lies on the axis.
    QLineSeries* sndbufSeries() const { return sndbuf_; }
    // Several flows: one cwnd line per TCP flow (in flow order) and the
    // total in flight; empty / null with one flow.
    std::vector<QLineSeries*> flowCwndSeries() const;
    std::vector<int> flowCwndIndices() const;
    QLineSeries* totalInflightSeries() const { return total_; }
    // The y axis's units per byte (1/MSS in packets, 1e-3 in KB, ...), for
    // overlays drawn on the same axes (the compare ghost).
    double yPerByte() const { return y_per_byte_; }
    // The zoom hint in the plot's corner ("window ≈ 44 pkts, 6.6 % of the
    // pipe · Ctrl+F zooms"), or empty.
    QString zoomHint() const;
    // An overlay's line that runs above the plot (the axis follows its
    // steady state, not a slow-start spike): a line of its own under the
    // zoom hint, empty to take it away; `who` keys it (each overlay its own).
    void setOverlayNote(const QObject* who, const QString& note);
    // The note in the plot's corner: the zoom hint and the overlays' lines.
    QString plotNote() const;
    // Width an overlay's tag takes at the plot's top right (0: none): the
    // note wraps before the widest of them.
    void setTagWidth(const QObject* who, double px);
    // Where the note is drawn in the chart's scene (empty when it is not).
    QRectF plotNoteRect() const;
    // Whether the axis is in bytes (else packets), for overlays' notes.
    bool inBytes() const { return bytes_; }

signals:
    // After every redraw (new trace, units, zoom), for overlays.
    void redrawn();

private:
    void redraw();
    // Makes the per-flow series match `tcp` (flow indices), or drops them
    // (empty): only when the set of flows changes.
    void syncFlowSeries(const std::vector<int>& tcp);
    void styleFlowSeries();
    void showNote();  // the zoom hint and the overlays' notes, one per line

    PlotNote* zoom_hint_;
    QString zoom_text_;
    QString zoom_short_;  // its shorter form: the figure without the advice
    std::vector<std::pair<const QObject*, QString>> overlay_notes_;
    std::vector<std::pair<const QObject*, double>> tag_widths_px_;
    QLineSeries* calm_lo_;
    QLineSeries* calm_hi_;
    QLineSeries* warm_hi_;
    QAreaSeries* calm_;
    QAreaSeries* warm_;
    QLineSeries* cwnd_;
    QLineSeries* window_;
    QLineSeries* inflight_;
    QLineSeries* ssthresh_;
    QLineSeries* rwnd_;  // the advertised window
    QLineSeries* sndbuf_;  // one flow's send buffer
    QLineSeries* theory_window_;
    QLineSeries* rwnd_level_;
    QLineSeries* sndbuf_level_;
    QLineSeries* total_ = nullptr;                          // several flows only
    std::vector<std::pair<int, QLineSeries*>> flow_cwnd_;  // flow index, its line
    std::optional<TheoryLevels> theory_;
    ChartStyle style_;
    const Trace* trace_ = nullptr;  // owned by the snapshot the dashboard keeps
    const RunResult* run_ = nullptr;  // likewise; null after setTrace
    double duration_s_ = 40;
    bool bytes_ = false;
    bool fit_window_ = false;
    double y_per_byte_ = 1.0 / 1500;
};

}  // namespace inflight::ui
