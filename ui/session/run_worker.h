// The model on a worker thread. RunController (lives on the UI thread) hands
// each new scenario to a RunWorker on its own QThread and cancels the run in
// flight, so a drag coalesces into the last value. The worker copies progress
// at most every kProgressInterval and hands immutable snapshots back through
// a RunMailbox (run_mailbox.h explains why not through the signal's
// arguments), announced by a queued signal. Nothing here ever waits on the model from the UI thread,
// except the destructor, which cancels first and then joins.
//
// A request for a scenario the worker finished a moment ago is answered with
// that run's kept result (result_memory.h): one finished snapshot, marked
// reused, and no run.
//
// Every snapshot of the newest request is handed on as it arrives; pacing
// is the dashboard's (panels/dashboard.h), which keeps only the newest frame
// waiting and leaves the UI thread its own time after each frame.
#pragma once

#include <QObject>
#include <QThread>
#include <atomic>
#include <memory>

#include "ui/session/result_memory.h"
#include "ui/session/run_mailbox.h"
#include "ui/session/run_snapshot.h"
#include "model/core/scenario.h"

namespace inflight::ui {

using CancelFlag = std::shared_ptr<std::atomic<bool>>;

class RunWorker : public QObject {
    Q_OBJECT
public:
    // Partial snapshots no more often than this (wall time).
    static constexpr int kProgressIntervalMs = 30;

    // Runs on the worker thread. Skips the request if already cancelled.
    void run(const inflight::Scenario& scenario, quint64 generation, CancelFlag cancel);

    // Where snapshots and failures wait for the receiving thread; safe to
    // take from any thread.
    const std::shared_ptr<RunMailbox>& mailbox() const { return mailbox_; }

signals:
    // Something new is in mailbox(). Connect queued; it carries nothing.
    void posted();

private:
    std::shared_ptr<RunMailbox> mailbox_ = std::make_shared<RunMailbox>();
    ResultMemory memory_;  // finished runs, shown again for the same scenario (worker thread only)
};

class RunController : public QObject {
    Q_OBJECT
public:
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
    void onPosted();

    QThread thread_;
    RunWorker* worker_;
    std::shared_ptr<RunMailbox> mailbox_;
    quint64 generation_ = 0;
    CancelFlag current_cancel_;
};

}  // namespace inflight::ui
