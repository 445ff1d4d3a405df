#include "ui/session/kernel_worker.h"

#include <sys/utsname.h>

#include <exception>

namespace inflight::ui {

QString kernel_release() {
    utsname u{};
    return uname(&u) == 0 ? QString::fromUtf8(u.release) : QString();
}

QString kernel_label(const QString& release) {
    const QString version = release.section(QLatin1Char('-'), 0, 0);
    return QObject::tr("Linux %1 — measured").arg(version.isEmpty() ? QObject::tr("kernel") : version);
}

void KernelWorker::run(const Scenario& scenario, quint64 generation, std::shared_ptr<std::atomic<bool>> cancel) {
    if (cancel->load()) {
        emit failed(generation, QString());  // cancelled before it began: nothing was made
        return;
    }
    kernel::KernelFacts early;
    early.kernel_release = kernel_release().toStdString();
    // The engine calls this on this thread about every 100 ms.
    const kernel::KernelProgress progress = [&](const kernel::KernelProgressView& v) {
        if (cancel->load()) return;
        auto run = std::make_shared<RunSnapshot>();
        run->generation = generation;
        run->sim_time_s = v.elapsed_s;
        run->result.scenario = scenario;
        run->result.trace = v.trace;
        run->result.events = v.events;
        if (v.flows.size() > 1) run->result.flows = v.flows;  // one flow: its trace is the run's
        auto snap = std::make_shared<KernelSnapshot>();
        snap->generation = generation;
        snap->elapsed_s = v.elapsed_s;
        snap->duration_s = v.duration_s;
        snap->run = std::move(run);
        snap->facts = early;
        emit this->progress(std::move(snap));
    };
    try {
        kernel::KernelOutcome out = kernel::run_on_kernel(scenario, progress, cancel.get());
        if (!out.ok()) {
            emit failed(generation, QString::fromStdString(out.error));
            return;
        }
        auto run = std::make_shared<RunSnapshot>();
        run->generation = generation;
        run->done = true;
        run->result = std::move(*out.result);
        run->sim_time_s = run->result.summary.window_end_s;
        auto snap = std::make_shared<KernelSnapshot>();
        snap->generation = generation;
        snap->done = true;
        snap->elapsed_s = run->sim_time_s;
        snap->duration_s = scenario.duration_s;
        snap->facts = std::move(out.facts);
        snap->run = std::move(run);
        emit finished(std::move(snap));
    } catch (const std::exception& e) {
        emit failed(generation, QString::fromStdString(e.what()));
    }
}

KernelRunner::KernelRunner(QObject* parent)
    : QObject(parent), worker_(new KernelWorker), refusal_([](const Scenario& s) { return kernel::kernel_run_refusal(s); }) {
    qRegisterMetaType<KernelSnapshotPtr>();
    thread_.setObjectName("inflight-kernel");
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &KernelWorker::progress, this, &KernelRunner::onProgress, Qt::QueuedConnection);
    connect(worker_, &KernelWorker::finished, this, &KernelRunner::onFinished, Qt::QueuedConnection);
    connect(worker_, &KernelWorker::failed, this, &KernelRunner::onFailed, Qt::QueuedConnection);
    thread_.start();
}

KernelRunner::~KernelRunner() {
    if (cancel_) cancel_->store(true);
    thread_.quit();
    thread_.wait();  // the engine stops within a reading and tears its namespaces down
}

std::optional<QString> KernelRunner::refusal(const Scenario& s) const {
    if (running_) return tr("a kernel run is going; cancel it first");
    if (auto e = refusal_(s)) return QString::fromStdString(*e);
    return std::nullopt;
}

bool KernelRunner::start(const Scenario& s) {
    if (refusal(s)) return false;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    const quint64 gen = ++generation_;
    KernelWorker* w = worker_;
    auto flag = cancel_;
    QMetaObject::invokeMethod(
        worker_, [w, s, gen, flag] { w->run(s, gen, flag); }, Qt::QueuedConnection);
    setRunning(true);
    return true;
}

void KernelRunner::cancel() {
    if (running_ && cancel_) cancel_->store(true);
}

void KernelRunner::setRunning(bool on) {
    if (running_ == on) return;
    running_ = on;
    emit runningChanged(on);
}

void KernelRunner::onProgress(const KernelSnapshotPtr& s) {
    if (!s || s->generation != generation_ || !running_ || cancel_->load()) return;
    emit progress(s);
}

void KernelRunner::onFinished(const KernelSnapshotPtr& s) {
    if (!s || s->generation != generation_) return;
    setRunning(false);
    if (s->run->result.cancelled || cancel_->load()) {
        emit cancelled();
        return;
    }
    emit finished(s);
}

void KernelRunner::onFailed(quint64 generation, const QString& message) {
    if (generation != generation_) return;
    setRunning(false);
    if (cancel_->load()) {
        emit cancelled();
        return;
    }
    emit failed(message);
}

}  // namespace inflight::ui
