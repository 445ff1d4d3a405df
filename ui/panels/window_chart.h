// Panel 1 — the window against the pipe. Calm band 0..BDP (the pipe), warm
// band BDP..BDP+buffer (the queue); cwnd, window in force, bytes in flight
// and a dashed ssthresh. In packets, or in bytes.
#pragma once

#include <optional>

#include "lesson/theory_levels.h"
#include "panels/chart_frame.h"
#include "panels/chart_style.h"
#include "result.h"

class QAreaSeries;
class QLineSeries;

namespace inflight::ui {

class WindowChart : public ChartFrame {
    Q_OBJECT
public:
    explicit WindowChart(QWidget* parent = nullptr);

    void setTrace(const Trace& trace, double duration_s);
    void setBytes(bool bytes);
    // Scale y to the window alone (the bands may then run off the top), for
    // a window far smaller than the pipe.
    void setFitWindow(bool fit);
    void restyle(const ChartStyle& style);
    void clear();
    // The theory overlay: the response function's mean window and the rwnd
    // and send-buffer levels as horizontal lines; nullopt hides them.
    void setTheory(const std::optional<TheoryLevels>& levels);
    // The theory lines' pens, for tests and the legend.
    QLineSeries* theoryWindowSeries() const { return theory_window_; }
    QLineSeries* cwndSeries() const { return cwnd_; }
    // The y axis's units per byte (1/MSS in packets, 1e-3 in KB, ...), for
    // overlays drawn on the same axes (the compare ghost).
    double yPerByte() const { return y_per_byte_; }

signals:
    // After every redraw (new trace, units, zoom), for overlays.
    void redrawn();

private:
    void redraw();

    QLineSeries* calm_lo_;
    QLineSeries* calm_hi_;
    QLineSeries* warm_hi_;
    QAreaSeries* calm_;
    QAreaSeries* warm_;
    QLineSeries* cwnd_;
    QLineSeries* window_;
    QLineSeries* inflight_;
    QLineSeries* ssthresh_;
    QLineSeries* theory_window_;
    QLineSeries* rwnd_level_;
    QLineSeries* sndbuf_level_;
    std::optional<TheoryLevels> theory_;
    const Trace* trace_ = nullptr;  // owned by the snapshot the dashboard keeps
    double duration_s_ = 40;
    bool bytes_ = false;
    bool fit_window_ = false;
    double y_per_byte_ = 1.0 / 1500;
};

}  // namespace inflight::ui
