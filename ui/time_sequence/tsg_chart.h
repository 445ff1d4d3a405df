// The time–sequence graph drawn (app/capture/time_sequence.h has the law):
// data segments as small marks by sequence number (a burst within one
// pixel column as a bar of marks down its span), retransmissions as
// larger triangles in the loss colour, SACK blocks as squares, the
// cumulative ACK as a line and the advertised window's edge (ACK + rwnd)
// as a dashed line above it; seconds along the bottom, bytes (B, KB or MB,
// powers of 1000) up the side. At one column per pixel of the plot, each
// column's lowest and highest byte (capture::decimate), recomputed for the
// range shown whenever it changes, so a zoom into a million-packet run
// shows single segments. Zoom: drag a rectangle, or the wheel (time around
// the pointer, the bytes fitted to what is shown); double-click or
// resetZoom() shows the whole connection again.
#pragma once

#include <memory>

#include "app/capture/time_sequence.h"
#include "ui/panels/chart_frame.h"
#include "ui/panels/chart_style.h"

class QLineSeries;
class QScatterSeries;

namespace inflight::ui {

class PlotNote;

using TimeSequencePtr = std::shared_ptr<const capture::TimeSequence>;

class TimeSequenceChart : public ChartFrame {
    Q_OBJECT
public:
    explicit TimeSequenceChart(QWidget* parent = nullptr);

    void setGraph(TimeSequencePtr graph);
    TimeSequencePtr graph() const { return graph_; }
    void clear();
    // Shows [t0, t1] × [y0, y1] (bytes) and draws it at the plot's resolution.
    void showRange(double t0_s, double t1_s, double y0_bytes, double y1_bytes);
    // Time [t0, t1], the bytes fitted to what is drawn there.
    void showTimes(double t0_s, double t1_s);
    void resetZoom();
    void restyle(const ChartStyle& style);
    const ChartStyle& style() const { return style_; }
    // At least kPreferredHeightPx high when there is room (a dock opens at
    // its content's preferred height); its minimum is set lower by its view.
    QSize sizeHint() const override;
    static constexpr int kPreferredHeightPx = 220;

    // What is drawn, for tests and the status line.
    QScatterSeries* dataSeries() const { return data_; }
    QScatterSeries* retransmissionSeries() const { return retx_; }
    QScatterSeries* sackSeries() const { return sack_; }
    QLineSeries* ackSeries() const { return ack_; }
    QLineSeries* windowSeries() const { return window_; }
    QString noteText() const;  // "ACK + receive window runs above the plot (up to 1.07 GB)", or empty
    int pointsDrawn() const;
    double shownT0() const;
    double shownT1() const;

signals:
    // After every redraw (new graph, zoom): the time range shown.
    void redrawn(double t0_s, double t1_s);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    // Light / dark theme, the presentation look's palette: the chart takes
    // its colours from the palette again (it sits in a dock, outside the
    // dashboard that restyles its own charts).
    void changeEvent(QEvent* event) override;

private:
    void redraw();
    void scheduleRedraw();
    void setYUnit(double top_bytes);

    TimeSequencePtr graph_;
    ChartStyle style_;
    QScatterSeries* data_;
    QScatterSeries* retx_;
    QScatterSeries* sack_;
    QLineSeries* ack_;
    QLineSeries* window_;
    PlotNote* note_ = nullptr;  // "ACK + receive window runs above the plot"
    double y_per_byte_ = 1e-6;
    bool redraw_pending_ = false;
    bool drawing_ = false;  // our own axis changes do not schedule another redraw
};

}  // namespace inflight::ui
