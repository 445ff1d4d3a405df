// RunSession: requests go to the worker, drawn frames come back from the
// dashboard, and the current finished run is announced once (run_session.h).
#include "ui/session/run_session.h"

#include "ui/session/run_worker.h"

namespace inflight::ui {

RunSession::RunSession(QObject* parent) : QObject(parent), runner_(new RunController(this)) {
    connect(runner_, &RunController::snapshotReady, this, &RunSession::snapshotReady);
    connect(runner_, &RunController::runFailed, this, &RunSession::runFailed);
}

quint64 RunSession::request(const Scenario& s) {
    requested_ = s;
    const quint64 g = runner_->request(s);
    emit requestedChanged(requested_);
    return g;
}

quint64 RunSession::generation() const { return runner_->generation(); }

SnapshotPtr RunSession::current() const {
    return shown_ && shown_->done && shown_->generation == runner_->generation() ? shown_ : nullptr;
}

void RunSession::frameDrawn(SnapshotPtr shown) {
    shown_ = std::move(shown);
    emit frameShown(shown_);
    const SnapshotPtr now = current();
    if (!now || now == announced_) return;  // streaming, superseded, or drawn again
    announced_ = now;
    emit currentChanged(now);
}

}  // namespace inflight::ui
