// A sweep off the UI thread. run_sweep() (model/sweep.h) blocks while its
// own pool of worker threads runs the points, so it is called from one
// helper QThread; progress and the result come back to the UI thread as
// queued calls. Cancel sets the engine's atomic flag and returns at once;
// the runs in flight stop at their next bucket and `finished` follows with
// a cancelled result. The destructor cancels, then joins.
#pragma once

#include <QObject>
#include <atomic>
#include <memory>

#include "model/analysis/sweep.h"

class QThread;

namespace inflight::ui {

using SweepResultPtr = std::shared_ptr<const SweepResult>;

class SweepRunner : public QObject {
    Q_OBJECT
public:
    explicit SweepRunner(QObject* parent = nullptr);
    ~SweepRunner() override;

    // Starts `spec` (validate_sweep() must accept it). Returns false, doing
    // nothing, while a sweep is still running.
    bool start(const SweepSpec& spec, unsigned threads = 0);
    void cancel();
    bool running() const { return thread_ != nullptr; }

signals:
    void progress(int runs_done, int runs_total);
    // Always follows start(): the result, or cancelled, or `failed`.
    void finished(inflight::ui::SweepResultPtr result);
    void failed(QString message);
    // After finished/failed, once the helper thread is gone: start() works again.
    void stopped();

private:
    QThread* thread_ = nullptr;
    std::shared_ptr<std::atomic<bool>> cancel_;
};

}  // namespace inflight::ui

Q_DECLARE_METATYPE(inflight::ui::SweepResultPtr)
