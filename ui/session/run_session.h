// The run in the window, in one place: RunSession makes the requests (the
// worker thread is its RunController), hears what the dashboard has drawn,
// and owns "the current finished run" — the newest request's run, finished
// and on screen. Everyone who needs that run (the playhead, the guide, the
// compare table, the sweep's base, the real-system panel, the exports) reads
// current() or listens to currentChanged(), instead of working it out from
// the dashboard and the runner.
#pragma once

#include <QObject>
#include <QString>

#include "model/core/scenario.h"
#include "ui/session/run_snapshot.h"

namespace inflight::ui {

class RunController;

class RunSession : public QObject {
    Q_OBJECT
public:
    explicit RunSession(QObject* parent = nullptr);

    // Starts a run of `s`, cancelling the one in flight; returns its
    // generation. From here until that run is on screen, current() is null.
    quint64 request(const Scenario& s);
    // The newest request's generation (0 before the first).
    quint64 generation() const;
    // The scenario of the newest request.
    const Scenario& requested() const { return requested_; }

    // What the dashboard drew (the window wires Dashboard::frameShown here):
    // partial frames while a run streams, the finished run, and the same
    // frame again after a restyle.
    void frameDrawn(SnapshotPtr shown);
    // The snapshot on screen, partial or finished (null before the first).
    SnapshotPtr shown() const { return shown_; }
    // The newest request's run once finished and on screen; null while it
    // streams, and null for a finished run a newer request has superseded.
    SnapshotPtr current() const;

signals:
    // Every snapshot of the newest request, for the dashboard to draw.
    void snapshotReady(inflight::ui::SnapshotPtr snapshot);
    void runFailed(QString message);
    // A new request was made (controls, a file, a step, reset).
    void requestedChanged(const inflight::Scenario& scenario);
    // Every frame the dashboard drew, restyles included.
    void frameShown(inflight::ui::SnapshotPtr shown);
    // The current finished run changed to `run`: exactly once per run that
    // finishes and reaches the screen while it is the newest request; never
    // for a run cancelled or superseded first, nor for a redraw.
    void currentChanged(inflight::ui::SnapshotPtr run);

private:
    RunController* runner_;
    Scenario requested_;
    SnapshotPtr shown_;
    SnapshotPtr announced_;  // the last run currentChanged carried
};

}  // namespace inflight::ui
