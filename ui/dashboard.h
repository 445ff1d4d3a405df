// The four panels together. Takes snapshots from the worker and shows them
// at a bounded rate (kFrameIntervalMs): only the newest pending snapshot is
// drawn, with whole-series replacement. The same widget is rendered for the
// PNG/SVG exports and by `inflight run --png`.
#pragma once

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include "run_snapshot.h"

class QGroupBox;

namespace inflight::ui {

class EventLogView;
class HeroPanel;
class RttChart;
class WindowChart;

class Dashboard : public QWidget {
    Q_OBJECT
public:
    static constexpr int kFrameIntervalMs = 36;  // ≈ 28 Hz

    enum class Panel { Window, Rtt, Hero, Events };

    explicit Dashboard(QWidget* parent = nullptr);

    // Queues a snapshot; drawn at the next frame (immediately if idle).
    void offer(SnapshotPtr snap);
    // Draws a snapshot now (exports, the command line).
    void showNow(SnapshotPtr snap);
    void showRunError(const QString& message);
    void setBytes(bool bytes);
    void setFitWindow(bool fit);
    void restyle();

    QWidget* panel(Panel p) const;
    SnapshotPtr shown() const { return shown_; }
    HeroPanel* hero() const { return hero_; }
    EventLogView* events() const { return events_; }

signals:
    // After each drawn frame; `done` when it was the finished run.
    void frameShown(quint64 generation, bool done);

private:
    void drawPending();

    QGroupBox* boxes_[4];
    WindowChart* window_;
    RttChart* rtt_;
    HeroPanel* hero_;
    EventLogView* events_;
    SnapshotPtr pending_, shown_;
    QTimer frame_timer_;
    QElapsedTimer since_frame_;
};

}  // namespace inflight::ui
