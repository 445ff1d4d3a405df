// The time–sequence view's work off the UI thread: a model run of the
// current scenario with the graph's collector on one flow
// (capture::TimeSequenceTap), or a capture file read and its stream drawn
// (capture::read_capture, time_sequence_of_capture, analyze_capture for
// the summary line). TsgLoader lives on the UI thread and hands each job
// to a TsgWorker on its own QThread, cancelling the one before; the worker
// reports progress (a capture: bytes read of the file) and one immutable
// TsgLoad, through queued signals. A capture's load also carries what the
// dashboard draws of it (its measured run, capture_run.h) and the path
// under it (capture::estimate_path), so the file is read once for all three. Cancel sets an atomic flag the model and
// the reader check; nothing here waits on them from the UI thread, except
// the destructor, which cancels first and then joins.
#pragma once

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QThread>
#include <atomic>
#include <memory>

#include <optional>

#include "app/capture/path_estimate.h"
#include "model/core/scenario.h"
#include "ui/session/run_snapshot.h"
#include "ui/time_sequence/tsg_chart.h"

namespace inflight::ui {

struct TsgLoad {
    quint64 generation = 0;
    TimeSequencePtr graph;  // null when it failed
    QString title;          // what is drawn: "flow 1 (cubic)", "TCP stream 0 of 'x.pcap': a → b"
    QString summary;        // a capture's `inflight capture` summary line; a run's scenario
    QString error;          // one line when it failed or was cancelled
    bool cancelled = false;
    bool from_capture = false;
    // A capture's:
    QString path;                                  // the file read
    SnapshotPtr run;                               // its stream measured, as the overlay draws it
    std::optional<capture::PathEstimate> estimate; // the path under it (none: estimate_error says why)
    QString estimate_error;
};
using TsgLoadPtr = std::shared_ptr<const TsgLoad>;
using TsgCancel = std::shared_ptr<std::atomic<bool>>;

class TsgWorker : public QObject {
    Q_OBJECT
public:
    // Run on the worker thread. `flow` counts from 0.
    void runModel(const inflight::Scenario& s, int flow, quint64 generation, TsgCancel cancel);
    void readCapture(const QString& path, quint64 generation, TsgCancel cancel);

signals:
    void progress(quint64 generation, double fraction);
    void done(inflight::ui::TsgLoadPtr load);
};

class TsgLoader : public QObject {
    Q_OBJECT
public:
    explicit TsgLoader(QObject* parent = nullptr);
    ~TsgLoader() override;

    void runModel(const Scenario& s, int flow);
    void readCapture(const QString& path);
    void cancel();
    bool busy() const { return busy_; }

signals:
    void busyChanged(bool busy);
    // 0..1 of a capture's file read; negative: unknown (a model run).
    void progress(double fraction);
    void loaded(inflight::ui::TsgLoadPtr load);   // the newest job's, succeeded
    void failed(QString message);                 // the newest job's, one line
    void cancelled();

private:
    quint64 start();
    void setBusy(bool on);

    QThread thread_;
    TsgWorker* worker_;
    quint64 generation_ = 0;
    TsgCancel cancel_;
    bool busy_ = false;
};

}  // namespace inflight::ui

Q_DECLARE_METATYPE(inflight::ui::TsgLoadPtr)
