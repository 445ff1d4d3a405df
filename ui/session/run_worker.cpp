#include "ui/session/run_worker.h"

#include <QElapsedTimer>
#include <exception>

#include "model/engine/run.h"
#include "ui/session/provisional_frames.h"

namespace inflight::ui {

void RunWorker::run(const Scenario& scenario, quint64 generation, CancelFlag cancel) {
    if (cancel->load()) return;  // a newer request is already queued behind us
    if (std::optional<RunResult> kept = memory_.take(scenario)) {
        auto snap = std::make_shared<RunSnapshot>(
            RunSnapshot{generation, true, scenario.duration_s, std::move(*kept), true});
        const SnapshotPtr shown = snap;  // read-only from here, on both threads
        mailbox_->postSnapshot(std::move(snap));
        emit posted();
        memory_.keep(shown->result, cancel.get());  // kept again, unless a newer request waits
        return;
    }
    QElapsedTimer since_last, since_start;
    since_last.start();
    since_start.start();
    RunControl control;
    control.cancel = cancel.get();
    control.on_progress = [&](const Progress& p) {
        if (since_last.elapsed() < kProgressIntervalMs || cancel->load()) return;
        // The finished run is near: a frame now would only hold it up.
        if (!worth_a_provisional_frame(static_cast<double>(since_start.nsecsElapsed()) / 1e6, p.sim_time_s, p.duration_s))
            return;
        since_last.restart();
        auto snap = std::make_shared<RunSnapshot>();
        snap->generation = generation;
        snap->sim_time_s = p.sim_time_s;
        snap->result.scenario = scenario;
        snap->result.trace = p.trace;
        snap->result.events = p.events;
        snap->result.flows = p.flows;
        mailbox_->postSnapshot(std::move(snap));
        emit posted();
    };
    try {
        auto snap = std::make_shared<RunSnapshot>();
        snap->result = run_scenario(scenario, control);
        if (snap->result.cancelled || cancel->load()) return;
        snap->generation = generation;
        snap->done = true;
        snap->sim_time_s = scenario.duration_s;
        const SnapshotPtr finished = snap;  // read-only from here, on both threads
        mailbox_->postSnapshot(std::move(snap));
        emit posted();
        memory_.keep(finished->result, cancel.get());  // after the post, and it gives way to a newer request
    } catch (const std::exception& e) {
        mailbox_->postFailure({generation, QString::fromStdString(e.what())});
        emit posted();
    }
}

RunController::RunController(QObject* parent)
    : QObject(parent), worker_(new RunWorker), mailbox_(worker_->mailbox()) {
    qRegisterMetaType<SnapshotPtr>();
    thread_.setObjectName("inflight-model");
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &RunWorker::posted, this, &RunController::onPosted, Qt::QueuedConnection);
    thread_.start();
}

RunController::~RunController() {
    if (current_cancel_) current_cancel_->store(true);
    thread_.quit();
    thread_.wait();
}

quint64 RunController::request(const Scenario& s) {
    if (current_cancel_) current_cancel_->store(true);
    current_cancel_ = std::make_shared<std::atomic<bool>>(false);
    const quint64 gen = ++generation_;
    RunWorker* w = worker_;
    CancelFlag flag = current_cancel_;
    QMetaObject::invokeMethod(
        worker_, [w, s, gen, flag] { w->run(s, gen, flag); }, Qt::QueuedConnection);
    return gen;
}

void RunController::onPosted() {
    for (const RunMailbox::Post& p : mailbox_->takeAll()) {
        if (p.snapshot && p.snapshot->generation == generation_) emit snapshotReady(p.snapshot);
        if (!p.snapshot && p.failure.generation == generation_) emit runFailed(p.failure.message);
    }
}

}  // namespace inflight::ui
