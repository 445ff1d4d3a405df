#include "ui/sweep/sweep_runner.h"

#include <QMetaObject>
#include <QPointer>
#include <QThread>

namespace inflight::ui {

SweepRunner::SweepRunner(QObject* parent) : QObject(parent) {
    qRegisterMetaType<SweepResultPtr>();
}

SweepRunner::~SweepRunner() {
    if (!thread_) return;
    cancel_->store(true);
    thread_->wait();  // the runs stop at their next bucket
    delete thread_;
}

bool SweepRunner::start(const SweepSpec& spec, unsigned threads) {
    if (thread_) return false;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    // The helper thread owns copies of everything it touches; it reaches
    // this object only through queued calls, which Qt drops if it is gone.
    QPointer<SweepRunner> self(this);
    auto cancel = cancel_;
    thread_ = QThread::create([self, spec, threads, cancel] {
        SweepControl control;
        control.cancel = cancel.get();
        control.threads = threads;
        control.on_progress = [self](const SweepProgress& p) {
            const int done = static_cast<int>(p.runs_done), total = static_cast<int>(p.runs_total);
            QMetaObject::invokeMethod(self, [self, done, total] { if (self) emit self->progress(done, total); },
                                      Qt::QueuedConnection);
        };
        try {
            auto result = std::make_shared<const SweepResult>(run_sweep(spec, control));
            QMetaObject::invokeMethod(self, [self, result] { if (self) emit self->finished(result); },
                                      Qt::QueuedConnection);
        } catch (const std::exception& e) {
            const QString message = QString::fromUtf8(e.what());
            QMetaObject::invokeMethod(self, [self, message] { if (self) emit self->failed(message); },
                                      Qt::QueuedConnection);
        }
    });
    connect(thread_, &QThread::finished, this, [this] {
        // The helper's last queued call was posted before it finished, so it
        // is delivered before this one: `running()` turns false only after.
        thread_->deleteLater();
        thread_ = nullptr;
        emit stopped();
    });
    thread_->start();
    return true;
}

void SweepRunner::cancel() {
    if (cancel_) cancel_->store(true);
}

}  // namespace inflight::ui
