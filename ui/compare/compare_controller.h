// A/B comparison: "Pin as ghost" keeps the current finished run (A); every
// later run (B) is drawn over it, A faded on every panel (GhostOverlay), and
// the compare table sets their figures side by side with B/A and what
// differs. Pinning a run still streaming pins it when it finishes. Both runs
// export together (compare_export.h). B is the run session's run: the table
// follows its frames, and "finished" is the session's current run.
// The kernel run joins in the same way: a second
// overlay in its own style ("Linux 6.18.44 — measured") that streams as the
// run measures, the table's model-vs-kernel columns against the session's
// current run, and a third run in both exports.
// An opened capture's measured stream is a third overlay (capture_style,
// labelled with the file's name); it stays over every later run until it
// is removed or another capture replaces it. It is not in the table or the
// A/B exports: the capture tool says in words what differs.
#pragma once

#include <QObject>
#include <QString>

#include "ui/export/export_helper.h"
#include "ui/session/kernel_worker.h"
#include "ui/session/run_snapshot.h"

class QAction;
class QMainWindow;

namespace inflight::ui {

class CompareTable;
class Dashboard;
class GhostOverlay;
class RunSession;

class CompareController : public QObject {
    Q_OBJECT
public:
    // `window`'s status bar says what happened (and its dialogs ask where
    // to export); the ghost is drawn on `dashboard`; B is `session`'s run.
    // The table is the window's to place (a dock shown while pinned).
    // An export's outcome goes to `report_export`, as the window's other
    // exports' do (a failure stays in its banner until the next action).
    CompareController(QMainWindow* window, Dashboard* dashboard, RunSession* session,
                      ExportHelper::Report report_export);

    // Pins the shown run if it is finished and current; otherwise pins the
    // current request when it finishes. Returns true if pinned now.
    bool pin();
    void unpin();
    bool pinned() const { return ghost_ != nullptr; }
    bool pinPending() const { return pending_generation_ != 0; }

    SnapshotPtr ghost() const { return ghost_; }
    // The current run, once finished (null while it streams): the session's.
    SnapshotPtr current() const;

    // The kernel run, streaming or done; null removes it from the panels,
    // the table and the exports.
    void setKernel(KernelSnapshotPtr kernel);
    KernelSnapshotPtr kernel() const { return kernel_; }
    // A finished kernel run (null while it streams or without one).
    KernelSnapshotPtr finishedKernel() const { return kernel_ && kernel_->done ? kernel_ : nullptr; }

    // A capture's measured stream drawn over the runs, labelled `label`
    // (its file's name); null removes it.
    void setCapture(SnapshotPtr run, const QString& label = {});
    SnapshotPtr capture() const { return capture_; }
    GhostOverlay* captureOverlay() const { return capture_overlay_; }

    CompareTable* table() const { return table_; }
    GhostOverlay* overlay() const { return overlay_; }
    GhostOverlay* kernelOverlay() const { return kernel_overlay_; }
    QAction* pinAction() const { return pin_; }
    QAction* unpinAction() const { return unpin_; }
    QAction* exportCsvAction() const { return export_csv_; }
    QAction* exportPngAction() const { return export_png_; }

    // Both runs together. Return an error line, or nothing on success.
    std::optional<QString> exportCsv(const QString& path);
    std::optional<QString> exportPng(const QString& path, double scale = 1.0);

signals:
    // After a pin or an unpin (the table is worth showing while pinned).
    void pinnedChanged(bool pinned);
    // A kernel run arrived (its first frame) or went away.
    void kernelChanged(bool present);

private:
    void onFrame();
    void onRunFinished(const SnapshotPtr& run);
    void setGhost(SnapshotPtr s);
    void refresh();
    void updateExports();
    void say(const QString& message);

    QMainWindow* window_;
    Dashboard* dashboard_;
    RunSession* session_;
    ExportHelper exports_;
    GhostOverlay* overlay_;
    GhostOverlay* kernel_overlay_;
    GhostOverlay* capture_overlay_;
    CompareTable* table_;
    QAction* pin_;
    QAction* unpin_;
    QAction* export_csv_;
    QAction* export_png_;
    SnapshotPtr ghost_;
    KernelSnapshotPtr kernel_;
    SnapshotPtr capture_;
    quint64 pending_generation_ = 0;
};

}  // namespace inflight::ui
