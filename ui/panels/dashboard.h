// The four panels together. Takes snapshots from the worker and shows them
// at a bounded rate (kFrameIntervalMs): only the newest pending snapshot is
// drawn, with whole-series replacement. The same widget is rendered for the
// PNG/SVG exports and by `inflight run --png`.
#pragma once

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>
#include <vector>

#include "ui/panels/chart_style.h"
#include "ui/session/run_snapshot.h"

class QGroupBox;
class QVBoxLayout;

namespace inflight::ui {

class ChartCursor;
class EventLogView;
class HeroPanel;
class RttChart;
class WindowChart;

class Dashboard : public QWidget {
    Q_OBJECT
public:
    // The UI thread's own time after a streaming frame before the next one
    // (input, timers, the repaint the frame asked for): measured from the
    // end of the frame, so a frame that draws slowly (16 flows: ~50 ms)
    // is never followed by another in the same breath.
    static constexpr int kFrameIntervalMs = 36;
    // The finished run waits only this long after a frame: time for the
    // window to paint the frame before (a posted event, so it goes first).
    static constexpr int kPaintGapMs = 8;
    // The least plot area height a chart keeps when the dashboard is
    // squeezed (docks, small figures); at 720p without docks the layout gives
    // each chart 120 px or more (the readability test).
    static constexpr int kMinPlotPx = 100;
    // The event log's table rows (one line each) kept in view while a step
    // sends the student to the log: a few whole entries to read, in either look.
    static constexpr int kLogFirstRows = 4;

    enum class Panel { Window, Rtt, Hero, Events };

    explicit Dashboard(QWidget* parent = nullptr);

    // Queues a snapshot; drawn at the next frame: at once if the last frame
    // ended kFrameIntervalMs ago (kPaintGapMs for the finished run), else
    // when that time is up, the newest waiting replacing older ones.
    void offer(SnapshotPtr snap);
    // Draws a snapshot now (exports, the command line).
    void showNow(SnapshotPtr snap);
    // The shortest time between two frames (kFrameIntervalMs unless a test
    // needs frames to wait whatever the machine's speed).
    void setFrameIntervalMs(int ms) { frame_interval_ms_ = ms; }
    void showRunError(const QString& message);
    void setBytes(bool bytes);
    void setFitWindow(bool fit);
    // Redraws every panel in the palette's colours and this dashboard's style.
    void restyle();
    // The presentation look for this dashboard's charts (restyle() to see it).
    void setPresentation(bool on);
    const ChartStyle& style() const { return style_; }
    // The theory overlay on panels 1 and 3 (computed from the shown run's
    // scenario, for display only).
    void setTheory(bool on);
    bool theoryShown() const { return theory_; }
    // While a step sends the student to the event log: the delivery-rate
    // box keeps its least height and the log takes the rest of its column,
    // so its rows show whenever the column has room for any.
    void setEventLogFirst(bool on);
    bool eventLogFirst() const { return log_first_; }
    // The playhead's cursor across panels 1–3; the event log follows it.
    void setCursorTime(double t_s);
    void hideCursor();

    // Panel::Hero is the delivery-rate chart's box (with several flows: the
    // share bars and the stacked throughput per flow, titled so); the hero
    // number and its words are headline(), the strip across the top.
    QWidget* panel(Panel p) const;
    QWidget* headline() const;
    SnapshotPtr shown() const { return shown_; }
    HeroPanel* hero() const { return hero_; }
    EventLogView* events() const { return events_; }
    WindowChart* windowChart() const { return window_; }
    RttChart* rttChart() const { return rtt_; }
    // The cursors of the window, RTT, delivery-rate and throughput-per-flow
    // charts, in that order (the last two share a box: one is hidden).
    const std::vector<ChartCursor*>& cursors() const { return cursors_; }

signals:
    // After each drawn frame; `done` when it was the finished run.
    void frameShown(quint64 generation, bool done);
    // A click or drag on a chart asks the playhead to go to t.
    void scrubbed(double t_s);
    // The throughput-per-flow chart drew the run on screen again for its
    // plot's new width (an overlay on it follows).
    void throughputRedrawn();

private:
    int frame_interval_ms_ = kFrameIntervalMs;
    void fitChartMinimums();
    void fitRightColumn();  // the rate box's and the event log's shares of their column
    // Draws the newest frame at hand now: the pending one if any, else the shown one.
    void redrawNewest();
    // The run on screen drawn again in the throughput-per-flow chart alone
    // (its plot changed width); throughputRedrawn() follows.
    void redrawThroughput();
    void drawPending();

    QGroupBox* boxes_[4];
    QGroupBox* headline_;
    QVBoxLayout* right_;  // the throughput box over the event log
    WindowChart* window_;
    RttChart* rtt_;
    HeroPanel* hero_;
    EventLogView* events_;
    SnapshotPtr pending_, shown_;
    QTimer frame_timer_;
    QTimer redraw_timer_;  // a redraw for the throughput chart's new width
    QElapsedTimer since_frame_end_;
    std::vector<ChartCursor*> cursors_;
    bool theory_ = false;
    bool log_first_ = false;  // setEventLogFirst
    ChartStyle style_;
};

}  // namespace inflight::ui
