// The kernel run in the window: the scenario on
// this computer's Linux TCP stack (app/kernel/kernel_run.h) off the UI
// thread. KernelRunner (lives on the UI thread) hands a copy of the scenario
// to a KernelWorker on its own QThread; the worker calls run_on_kernel with
// an atomic cancel flag and hands back immutable KernelSnapshots through
// queued signals: partial ones about every 100 ms while the run streams
// (the engine's own progress period), then the finished run with the
// engine's facts. Cancel sets the flag: the engine stops within one 10 ms
// reading and removes its namespaces before the worker reports. Nothing here
// waits on the kernel from the UI thread, except the destructor, which
// cancels first and then joins.
#pragma once

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QThread>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "app/kernel/kernel_run.h"
#include "model/core/scenario.h"
#include "ui/session/run_snapshot.h"

namespace inflight::ui {

// One moment of a kernel run: the measured series so far as a RunSnapshot
// (so the panels' overlay and an event log take it as they take the
// model's), how far the run has got, and the engine's facts (complete when
// done; the kernel release from the start).
struct KernelSnapshot {
    quint64 generation = 0;   // which start() this answers
    bool done = false;        // the run ended (cancelled: run->result.cancelled)
    double elapsed_s = 0;     // wall time into the run
    double duration_s = 0;    // the run's duration (its scenario's)
    SnapshotPtr run;          // trace, events; summary valid when done
    kernel::KernelFacts facts;
};

using KernelSnapshotPtr = std::shared_ptr<const KernelSnapshot>;

// Why a kernel run of a scenario cannot start, or nothing (kernel_run_refusal).
using KernelRefusal = std::function<std::optional<std::string>(const Scenario&)>;

// uname -r (e.g. "6.18.44-fc-v1045"); empty if unknown.
QString kernel_release();
// The overlay's label: "Linux 6.18.44 — measured" (the release up to its
// first '-'; the whole release when it has none).
QString kernel_label(const QString& release);

class KernelWorker : public QObject {
    Q_OBJECT
public:
    // Runs on the worker thread. Skips the request if already cancelled.
    void run(const inflight::Scenario& scenario, quint64 generation, std::shared_ptr<std::atomic<bool>> cancel);

signals:
    void progress(inflight::ui::KernelSnapshotPtr snapshot);
    void finished(inflight::ui::KernelSnapshotPtr snapshot);
    void failed(quint64 generation, QString message);
};

class KernelRunner : public QObject {
    Q_OBJECT
public:
    explicit KernelRunner(QObject* parent = nullptr);
    ~KernelRunner() override;

    // Why `s` cannot run on the kernel now (one line), or nothing. Also
    // refuses while a kernel run is going.
    std::optional<QString> refusal(const Scenario& s) const;
    // Tests: another refusal check than kernel_run_refusal.
    void setRefusal(KernelRefusal refusal) { refusal_ = std::move(refusal); }

    // Starts a kernel run of a copy of `s`; false (and nothing started) when
    // refusal(s) says why not.
    bool start(const Scenario& s);
    // Asks the run to stop; finished() never comes for it, cancelled() does
    // once the engine has torn its namespaces down.
    void cancel();
    bool running() const { return running_; }
    quint64 generation() const { return generation_; }

signals:
    void runningChanged(bool running);
    void progress(inflight::ui::KernelSnapshotPtr snapshot);
    void finished(inflight::ui::KernelSnapshotPtr snapshot);
    void cancelled();
    void failed(QString message);

private:
    void onProgress(const KernelSnapshotPtr& s);
    void onFinished(const KernelSnapshotPtr& s);
    void onFailed(quint64 generation, const QString& message);
    void setRunning(bool on);

    QThread thread_;
    KernelWorker* worker_;
    KernelRefusal refusal_;
    quint64 generation_ = 0;
    bool running_ = false;
    std::shared_ptr<std::atomic<bool>> cancel_;
};

}  // namespace inflight::ui

Q_DECLARE_METATYPE(inflight::ui::KernelSnapshotPtr)
