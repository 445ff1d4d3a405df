#include "compare/compare_controller.h"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QStatusBar>

#include "compare/compare_export.h"
#include "compare/compare_table.h"
#include "compare/ghost_overlay.h"
#include "shell/main_window.h"
#include "session/run_worker.h"

namespace inflight::ui {

CompareController::CompareController(MainWindow* window) : QObject(window), window_(window) {
    overlay_ = new GhostOverlay(window->dashboard());
    table_ = new CompareTable;
    dock_ = new QDockWidget(tr("Compare A/B"), window);
    dock_->setObjectName("compare");
    dock_->setWidget(table_);
    dock_->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable |
                       QDockWidget::DockWidgetFloatable);
    window->addDockWidget(Qt::BottomDockWidgetArea, dock_);
    dock_->hide();

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
        const QString path = askPath(tr("Export A/B trace"), "compare.csv", tr("CSV (*.csv)"));
        if (path.isEmpty()) return;
        if (auto err = exportCsv(path)) say(tr("Export failed — %1").arg(*err));
        else say(tr("Wrote %1").arg(path));
    });
    export_png_ = new QAction(tr("Export A/B &image…"), this);
    export_png_->setEnabled(false);
    connect(export_png_, &QAction::triggered, this, [this] {
        const QString path = askPath(tr("Export A/B image"), "compare.png", tr("PNG (*.png)"));
        if (path.isEmpty()) return;
        if (auto err = exportPng(path, 2.0)) say(tr("Export failed — %1").arg(*err));
        else say(tr("Wrote %1").arg(path));
    });

    connect(window->dashboard(), &Dashboard::frameShown, this, &CompareController::onFrame);
}

SnapshotPtr CompareController::current() const {
    const SnapshotPtr s = window_->dashboard()->shown();
    return s && s->done && s->generation == window_->runner()->generation() ? s : nullptr;
}

bool CompareController::pin() {
    if (const SnapshotPtr s = current()) {
        pending_generation_ = 0;
        setGhost(s);
        say(tr("Pinned %1 as A; change anything to compare").arg(QString::fromUtf8(to_string(s->result.scenario.algorithm))));
        return true;
    }
    pending_generation_ = window_->runner()->generation();
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
    export_csv_->setEnabled(on);
    export_png_->setEnabled(on);
    dock_->setVisible(on);
    if (on) dock_->raise();
    refresh();
    emit pinnedChanged(on);
}

void CompareController::onFrame(quint64 generation, bool done) {
    if (done && pending_generation_ != 0 && generation == pending_generation_) {
        pending_generation_ = 0;
        setGhost(window_->dashboard()->shown());
        return;
    }
    if (ghost_) refresh();
    if (ghost_) overlay_->restyle();  // the theme may have changed
}

void CompareController::refresh() {
    if (!ghost_) {
        table_->clear();
        return;
    }
    table_->setRuns(ghost_, window_->dashboard()->shown());
}

std::optional<QString> CompareController::exportCsv(const QString& path) {
    if (!ghost_) return tr("nothing is pinned; pin a run as the ghost first");
    const SnapshotPtr b = current();
    if (!b) return tr("the current run is still going; export again when it has finished");
    return save_compare_csv(ghost_->result, b->result, path);
}

std::optional<QString> CompareController::exportPng(const QString& path, double scale) {
    if (!ghost_) return tr("nothing is pinned; pin a run as the ghost first");
    if (!current()) return tr("the current run is still going; export again when it has finished");
    return save_compare_png(window_->dashboard(), table_, path, scale);
}

void CompareController::say(const QString& message) { window_->statusBar()->showMessage(message, 5000); }

QString CompareController::askPath(const QString& title, const QString& suggested, const QString& filter) {
    return QFileDialog::getSaveFileName(window_, title, suggested, filter);
}

}  // namespace inflight::ui
