#include "ui/compare/compare_controller.h"

#include <QAction>
#include <QMainWindow>
#include <QStatusBar>

#include "ui/compare/compare_export.h"
#include "ui/compare/compare_table.h"
#include "ui/compare/ghost_overlay.h"
#include "ui/panels/dashboard.h"
#include "ui/session/run_session.h"

namespace inflight::ui {

CompareController::CompareController(QMainWindow* window, Dashboard* dashboard, RunSession* session,
                                     ExportHelper::Report report_export)
    : QObject(window),
      window_(window),
      dashboard_(dashboard),
      session_(session),
      exports_(window, std::move(report_export)) {
    overlay_ = new GhostOverlay(dashboard);
    kernel_overlay_ = new GhostOverlay(dashboard, kernel_style(kernel_label(kernel_release())));
    capture_overlay_ = new GhostOverlay(dashboard, capture_style(QString()));
    table_ = new CompareTable;

    pin_ = new QAction(tr("&Pin as ghost"), this);
    pin_->setShortcut(QKeySequence(tr("Ctrl+G")));
    pin_->setToolTip(tr("Keep this run (A) drawn faded on every panel, and compare whatever you run "
                        "next (B) with it (Ctrl+G)"));
    connect(pin_, &QAction::triggered, this, &CompareController::pin);
    unpin_ = new QAction(tr("&Unpin ghost"), this);
    unpin_->setShortcut(QKeySequence(tr("Ctrl+Shift+G")));
    unpin_->setToolTip(tr("Stop drawing the pinned run and close the compare table"));
    unpin_->setEnabled(false);
    connect(unpin_, &QAction::triggered, this, &CompareController::unpin);
    export_csv_ = new QAction(tr("Export A/B &CSV…"), this);
    export_csv_->setEnabled(false);
    connect(export_csv_, &QAction::triggered, this, [this] {
        exports_.ask(tr("Export A/B trace"), "compare.csv", tr("CSV (*.csv)"),
                     [this](const QString& path) { return exportCsv(path); });
    });
    export_png_ = new QAction(tr("Export A/B &image…"), this);
    export_png_->setEnabled(false);
    connect(export_png_, &QAction::triggered, this, [this] {
        exports_.ask(tr("Export A/B image"), "compare.png", tr("PNG (*.png)"),
                     [this](const QString& path) { return exportPng(path, 2.0); });
    });

    connect(session, &RunSession::frameShown, this, &CompareController::onFrame);
    connect(session, &RunSession::currentChanged, this, &CompareController::onRunFinished);
}

SnapshotPtr CompareController::current() const { return session_->current(); }

bool CompareController::pin() {
    if (const SnapshotPtr s = current()) {
        pending_generation_ = 0;
        setGhost(s);
        say(tr("Pinned %1 as A; change anything to compare").arg(QString::fromUtf8(to_string(s->result.scenario.algorithm))));
        return true;
    }
    pending_generation_ = session_->generation();
    say(tr("The run is still going; it will be pinned as A when it finishes"));
    return false;
}

void CompareController::unpin() {
    pending_generation_ = 0;
    setGhost(nullptr);
    say(tr("Ghost unpinned"));
}

void CompareController::setGhost(SnapshotPtr s) {
    ghost_ = std::move(s);
    overlay_->setGhost(ghost_);
    const bool on = ghost_ != nullptr;
    unpin_->setEnabled(on);
    updateExports();
    refresh();
    emit pinnedChanged(on);
}

void CompareController::setKernel(KernelSnapshotPtr kernel) {
    const bool was = kernel_ != nullptr;
    kernel_ = std::move(kernel);
    if (kernel_) kernel_overlay_->setStyle(kernel_style(kernel_label(QString::fromStdString(kernel_->facts.kernel_release))));
    kernel_overlay_->setGhost(kernel_ ? kernel_->run : nullptr);
    updateExports();
    refresh();
    if (was != (kernel_ != nullptr)) emit kernelChanged(kernel_ != nullptr);
}

void CompareController::setCapture(SnapshotPtr run, const QString& label) {
    capture_ = std::move(run);
    if (capture_) capture_overlay_->setStyle(capture_style(label));
    capture_overlay_->setGhost(capture_);
}

void CompareController::updateExports() {
    const bool on = ghost_ || finishedKernel();
    export_csv_->setEnabled(on);
    export_png_->setEnabled(on);
}

void CompareController::onFrame() {
    if (capture_) capture_overlay_->setStyle(capture_style(capture_overlay_->style().label));  // the theme may have changed
    if (!ghost_ && !kernel_) return;
    refresh();
    overlay_->restyle();  // the theme may have changed
    if (kernel_) kernel_overlay_->setStyle(kernel_style(kernel_overlay_->style().label));
}

void CompareController::onRunFinished(const SnapshotPtr& run) {
    if (pending_generation_ == 0 || run->generation != pending_generation_) return;
    pending_generation_ = 0;
    setGhost(run);
}

void CompareController::refresh() {
    if (ghost_) table_->setRuns(ghost_, session_->shown());
    else table_->clear();
    table_->setKernel(current(), kernel_);
}

std::optional<QString> CompareController::exportCsv(const QString& path) {
    if (!ghost_ && !kernel_) return tr("nothing is pinned; pin a run as the ghost first");
    const SnapshotPtr b = current();
    if (!b) return tr("the current run is still going; export again when it has finished");
    if (kernel_ && !kernel_->done) return tr("the kernel run is still going; export again when it has finished");
    std::optional<KernelCsvRun> k;
    if (kernel_) k = KernelCsvRun{&kernel_->run->result, kernel_->facts};
    return save_compare_csv(ghost_ ? &ghost_->result : nullptr, b->result, k, path);
}

std::optional<QString> CompareController::exportPng(const QString& path, double scale) {
    if (!ghost_ && !kernel_) return tr("nothing is pinned; pin a run as the ghost first");
    if (!current()) return tr("the current run is still going; export again when it has finished");
    if (kernel_ && !kernel_->done) return tr("the kernel run is still going; export again when it has finished");
    return save_compare_png(dashboard_, table_, path, scale);
}

void CompareController::say(const QString& message) { window_->statusBar()->showMessage(message, 5000); }

}  // namespace inflight::ui
