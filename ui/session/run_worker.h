// The model on a worker thread. RunController (lives on the UI thread) hands
// each new scenario to a RunWorker on its own QThread and cancels the run in
// flight, so a drag coalesces into the last value. The worker copies progress
// at most every kProgressInterval and hands immutable snapshots back through
// queued signals. Nothing here ever waits on the model from the UI thread,
// except the destructor, which cancels first and then joins.
//
// Partial snapshots reach the UI thread coalesced and paced: only the
// newest one waiting is handed on, and never sooner than kIdleAfterFrameMs
// after the previous hand-on returned (that hand-on draws a frame). A frame
// of many flows can take longer than the dashboard's frame interval (16
// flows at 1 Gbit/s: 50–100 ms); delivered as they came, every snapshot
// drew at once on arrival, frame after frame, and the UI thread's timers
// and input waited for the whole run (ui_bench: stalls of 0.7–1.9 s). The
// finished snapshot goes on at once: it is the run's last, and what the
// hero settles on.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QThread>
#include <QTimer>
#include <atomic>
#include <memory>

#include "session/run_snapshot.h"
#include "scenario.h"

namespace inflight::ui {

using CancelFlag = std::shared_ptr<std::atomic<bool>>;

class RunWorker : public QObject {
    Q_OBJECT
public:
    // Partial snapshots no more often than this (wall time).
    static constexpr int kProgressIntervalMs = 30;

    // Runs on the worker thread. Skips the request if already cancelled.
    void run(const inflight::Scenario& scenario, quint64 generation, CancelFlag cancel);

signals:
    void snapshot(inflight::ui::SnapshotPtr snapshot);
    void failed(quint64 generation, QString message);
};

class RunController : public QObject {
    Q_OBJECT
public:
    // The UI thread's own time after each partial frame (input, timers,
    // painting) before the next partial snapshot is handed on.
    static constexpr int kIdleAfterFrameMs = 20;

    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    // Starts a run of `s` from t = 0, cancelling the one in flight. Returns
    // the generation number of the new request.
    quint64 request(const inflight::Scenario& s);
    quint64 generation() const { return generation_; }

signals:
    // Only snapshots of the newest request arrive here.
    void snapshotReady(inflight::ui::SnapshotPtr snapshot);
    void runFailed(QString message);

private:
    void onSnapshot(const SnapshotPtr& s);
    void handOn();

    QThread thread_;
    RunWorker* worker_;
    quint64 generation_ = 0;
    CancelFlag current_cancel_;
    SnapshotPtr waiting_;          // the newest partial snapshot not yet handed on
    QTimer hand_on_timer_;
    QElapsedTimer since_hand_on_;  // since the last hand-on returned
};

}  // namespace inflight::ui
