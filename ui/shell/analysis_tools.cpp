// AnalysisTools: the compare, sweep and real-system tools put into the
// window's menus and docks, and wired to the run session (analysis_tools.h).
#include "ui/shell/analysis_tools.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>

#include "ui/compare/compare_controller.h"
#include "ui/compare/compare_table.h"
#include "ui/lesson/playhead.h"
#include "ui/real_system/bridge_panel.h"
#include "ui/real_system/kernel_tool.h"
#include "ui/session/run_session.h"
#include "ui/shell/docks.h"
#include "ui/sweep/sweep_window.h"
#include "ui/export/file_dialogs.h"
#include "ui/time_sequence/capture_export.h"
#include "ui/time_sequence/capture_tool.h"
#include "ui/time_sequence/tsg_chart.h"
#include "ui/time_sequence/tsg_view.h"

namespace inflight::ui {

AnalysisTools::AnalysisTools(const ToolsHost& host) : QObject(host.window), host_(host) {
    setObjectName("analysis_tools");
    QMainWindow* window = host.window;
    compare_ = new CompareController(window, host.dashboard, host.session, host.report_export);
    // Under the panels, one tab each: the compare table (while a ghost is
    // pinned) and the real system.
    compare_dock_ = add_dock(window, tr("Compare A/B"), "compare", compare_->table(), Qt::BottomDockWidgetArea);
    connect(compare_, &CompareController::pinnedChanged, compare_dock_, [this](bool on) {
        compare_dock_->setVisible(on || compare_->kernel());
        if (on) compare_dock_->raise();
    });
    bridge_ = new BridgePanel;
    bridge_dock_ = add_dock(window, tr("Real system"), "real_system", bridge_, Qt::BottomDockWidgetArea);
    window->tabifyDockWidget(compare_dock_, bridge_dock_);
    // The time–sequence graph: one more tab there; it runs the scenario
    // again (with the graph's collector) only while it is shown.
    tsg_ = new TimeSequenceView;
    tsg_dock_ = add_dock(window, tr("Time–sequence graph"), "time_sequence", tsg_, Qt::BottomDockWidgetArea);
    window->tabifyDockWidget(bridge_dock_, tsg_dock_);
    tsg_->setScenario(host.session->requested());
    connect(tsg_dock_, &QDockWidget::visibilityChanged, tsg_, &TimeSequenceView::setLive);
    // The kernel run: its table tab shows while there is one, in front once it is done.
    kernel_ = new KernelTool(window, host.session, compare_, bridge_);
    connect(compare_, &CompareController::kernelChanged, compare_dock_, [this](bool on) {
        compare_dock_->setVisible(on || compare_->pinned());
        if (!on && bridge_dock_->isVisible()) bridge_dock_->raise();
    });
    connect(kernel_->runner(), &KernelRunner::finished, compare_dock_, [this] { compare_dock_->raise(); });
    // An opened capture over the panels, and Model this path.
    RunSession* session = host.session;
    CaptureTool::Apply apply = host.apply_scenario;
    if (!apply) apply = [session](const Scenario& s) { session->request(s); };
    capture_ = new CaptureTool(window, host.session, compare_, tsg_, std::move(apply));
    ExportHelper::Report report = host.report_export;
    if (!report)
        report = [window](bool, const QString& line) { window->statusBar()->showMessage(line, 8000); };
    capture_export_ = new CaptureExport(window, host.session, std::move(report));

    connect(host.session, &RunSession::currentChanged, this, &AnalysisTools::onRunFinished);
    Playhead* playhead = host.playhead;
    connect(playhead, &Playhead::timeChanged, bridge_, &BridgePanel::setTime);
    connect(bridge_, &BridgePanel::timeRequested, this, [playhead](double t) {
        if (!playhead->ready()) return;
        playhead->pause();
        playhead->seek(t);
    });
    connect(host.session, &RunSession::requestedChanged, this, [this](const Scenario& s) {
        if (sweep_ && !sweep_->running()) sweep_->setBaseScenario(s);
    });
    buildMenus();
}

void AnalysisTools::onRunFinished(SnapshotPtr run) {
    // The sweep's base follows every finished run as well as every request.
    if (sweep_ && !sweep_->running()) sweep_->setBaseScenario(run->result.scenario);
    bridge_->setRun(run);
    if (host_.playhead->engaged()) bridge_->setTime(host_.playhead->time());
    tsg_->setScenario(run->result.scenario);
}

void AnalysisTools::openCapture() {
    const QString path = ask_open_file(host_.window, tr("Open capture"), QString(),
                                       tr("Packet captures (*.pcap *.pcapng *.cap);;All files (*)"));
    if (!path.isEmpty()) openCapture(path);
}

void AnalysisTools::openCapture(const QString& path) {
    tsg_dock_->show();
    tsg_dock_->raise();
    tsg_->openCapture(path);
}

SweepWindow* AnalysisTools::openSweep() {
    if (!sweep_) sweep_ = new SweepWindow(host_.window);
    if (!sweep_->running()) sweep_->setBaseScenario(host_.session->requested());
    sweep_->show();
    sweep_->raise();
    sweep_->activateWindow();
    return sweep_;
}

void AnalysisTools::buildMenus() {
    QMenuBar* bar = host_.window->menuBar();
    const WindowMenus& menus = host_.menus;

    compare_menu_ = new QMenu(tr("&Compare"), bar);
    compare_menu_->addAction(compare_->pinAction());
    compare_menu_->addAction(compare_->unpinAction());
    compare_menu_->addSeparator();
    compare_menu_->addAction(compare_->exportCsvAction());
    compare_menu_->addAction(compare_->exportPngAction());
    compare_menu_->addSeparator();
    compare_menu_->addAction(compare_dock_->toggleViewAction());
    compare_dock_->toggleViewAction()->setText(tr("Show the compare &table"));

    tools_menu_ = new QMenu(tr("&Tools"), bar);
    QAction* sweep = tools_menu_->addAction(tr("&Sweep…"), this, [this] { openSweep(); });
    sweep->setToolTip(tr("Run the model across a range of one parameter and plot the response curves"));

    QAction* real = bridge_dock_->toggleViewAction();
    real->setText(tr("&Real system"));
    real->setShortcut(QKeySequence(tr("Ctrl+R")));
    real->setToolTip(tr("What ss -ti would print for this flow, and the tc / sysctl / iperf3 commands that "
                        "build this path on real Linux machines"));
    QMenu* real_menu = menus.view ? menus.view : tools_menu_;
    if (menus.view) menus.view->addSeparator();
    real_menu->addAction(real);
    real_menu->addAction(kernel_->runAction());
    real_menu->addAction(kernel_->cancelAction());
    real_menu->addAction(kernel_->removeAction());
    QAction* tsg = tsg_dock_->toggleViewAction();
    tsg->setText(tr("&Time–sequence graph"));
    tsg->setToolTip(tr("One flow's data segments, ACKs, window and SACK blocks by sequence number over time "
                       "(Stevens / tcptrace, as Wireshark draws them)"));
    real_menu->addAction(tsg);
    if (menus.file) {
        auto* open = new QAction(tr("Open &capture…"), this);
        open->setToolTip(tr("Read a pcap or pcapng file: its TCP stream's time–sequence graph, and its measured "
                            "run drawn over the panels"));
        connect(open, &QAction::triggered, this, [this] { openCapture(); });
        // After Open and Save scenario, before the exports.
        const QList<QAction*> file_actions = menus.file->actions();
        QAction* before = file_actions.size() > 2 ? file_actions.at(2) : nullptr;
        menus.file->insertAction(before, open);
        menus.file->insertAction(before, capture_->modelAction());
        menus.file->insertAction(before, capture_->closeAction());
        // Export capture… after the window's other exports: before the
        // menu's last separator (the one above Quit), by position, not by
        // words that a translation changes.
        QAction* last_separator = nullptr;
        for (QAction* a : menus.file->actions())
            if (a->isSeparator()) last_separator = a;
        menus.file->insertAction(last_separator, capture_export_->exportAction());
    }

    if (menus.help) {
        bar->insertMenu(menus.help->menuAction(), compare_menu_);
        bar->insertMenu(menus.help->menuAction(), tools_menu_);
    } else {
        bar->addMenu(compare_menu_);
        bar->addMenu(tools_menu_);
    }

    // The buttons sit in the menu bar's corner: no toolbar row taken from
    // the panels' height.
    toolbar_ = new QToolBar(tr("Compare and tools"), bar);
    toolbar_->setObjectName("tools");
    toolbar_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    toolbar_->setIconSize(QSize(1, 1));
    toolbar_->setStyleSheet("QToolBar { border: none; spacing: 2px; padding: 0px; }");
    toolbar_->addAction(compare_->pinAction());
    toolbar_->addAction(compare_->unpinAction());
    toolbar_->addSeparator();
    toolbar_->addAction(sweep);
    toolbar_->addAction(real);
    bar->setCornerWidget(toolbar_, Qt::TopRightCorner);
    // Shortcuts that work with the menu bar hidden (presentation mode).
    host_.window->addActions(
        {capture_->modelAction(), capture_export_->cancelAction(), compare_->pinAction(), compare_->unpinAction(), real,
         kernel_->runAction(), kernel_->cancelAction(), kernel_->removeAction()});
}

void AnalysisTools::setPresentation(bool on) {
    ChartStyle style = tsg_->chart()->style();
    style.presentation = on;
    tsg_->chart()->restyle(style);
}

}  // namespace inflight::ui
