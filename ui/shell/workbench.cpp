#include "shell/workbench.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>

#include "real_system/bridge_panel.h"
#include "compare/compare_controller.h"
#include "controls/controls_panel.h"
#include "shell/main_window.h"
#include "lesson/playhead.h"
#include "session/run_worker.h"
#include "sweep/sweep_window.h"

namespace inflight::ui {

namespace {

// The menu-bar entry whose menu is titled `title` ("&View"), or null.
QAction* menu_entry(QMenuBar* bar, const QString& title) {
    for (QAction* a : bar->actions())
        if (a->menu() && a->text() == title) return a;
    return nullptr;
}

}  // namespace

Workbench::Workbench(MainWindow* window) : QObject(window), window_(window) {
    setObjectName("workbench");
    compare_ = new CompareController(window);

    bridge_ = new BridgePanel;
    bridge_dock_ = new QDockWidget(tr("Real system"), window);
    bridge_dock_->setObjectName("real_system");
    bridge_dock_->setWidget(bridge_);
    bridge_dock_->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable |
                              QDockWidget::DockWidgetFloatable);
    window->addDockWidget(Qt::BottomDockWidgetArea, bridge_dock_);
    window->tabifyDockWidget(compare_->dock(), bridge_dock_);
    bridge_dock_->hide();

    connect(window->dashboard(), &Dashboard::frameShown, this, &Workbench::onFrame);
    Playhead* playhead = window->playhead();
    connect(playhead, &Playhead::timeChanged, bridge_, &BridgePanel::setTime);
    connect(bridge_, &BridgePanel::timeRequested, this, [playhead](double t) {
        if (!playhead->ready()) return;
        playhead->pause();
        playhead->seek(t);
    });
    connect(window->controls(), &ControlsPanel::scenarioChanged, this, [this](const Scenario& s) {
        if (sweep_ && !sweep_->running()) sweep_->setBaseScenario(s);
    });
    buildMenus();
}

void Workbench::onFrame(quint64 generation, bool done) {
    const SnapshotPtr s = window_->dashboard()->shown();
    if (!done || !s || generation != window_->runner()->generation() || s == bridge_->run()) return;
    // A scenario file or an experiment step changes the window without a
    // control moving: the sweep's base follows every finished run.
    if (sweep_ && !sweep_->running()) sweep_->setBaseScenario(s->result.scenario);
    bridge_->setRun(s);
    if (window_->playhead()->engaged()) bridge_->setTime(window_->playhead()->time());
}

SweepWindow* Workbench::openSweep() {
    if (!sweep_) sweep_ = new SweepWindow(window_);
    if (!sweep_->running()) sweep_->setBaseScenario(window_->controls()->scenario());
    sweep_->show();
    sweep_->raise();
    sweep_->activateWindow();
    return sweep_;
}

void Workbench::buildMenus() {
    QMenuBar* bar = window_->menuBar();
    QAction* help = menu_entry(bar, tr("&Help"));

    auto* compare = new QMenu(tr("&Compare"), bar);
    compare->addAction(compare_->pinAction());
    compare->addAction(compare_->unpinAction());
    compare->addSeparator();
    compare->addAction(compare_->exportCsvAction());
    compare->addAction(compare_->exportPngAction());
    compare->addSeparator();
    compare->addAction(compare_->dock()->toggleViewAction());
    compare_->dock()->toggleViewAction()->setText(tr("Show the compare &table"));

    auto* tools = new QMenu(tr("&Tools"), bar);
    QAction* sweep = tools->addAction(tr("&Sweep…"), this, [this] { openSweep(); });
    sweep->setToolTip(tr("Run the model across a range of one parameter and plot the response curves"));

    QAction* real = bridge_dock_->toggleViewAction();
    real->setText(tr("&Real system"));
    real->setShortcut(QKeySequence(tr("Ctrl+R")));
    real->setToolTip(tr("What ss -ti would print for this flow, and the tc / sysctl / iperf3 commands that "
                        "build this path on real Linux machines"));
    if (QAction* view = menu_entry(bar, tr("&View"))) {
        view->menu()->addSeparator();
        view->menu()->addAction(real);
    } else {
        tools->addAction(real);
    }

    if (help) {
        bar->insertMenu(help, compare);
        bar->insertMenu(help, tools);
    } else {
        bar->addMenu(compare);
        bar->addMenu(tools);
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
    window_->addActions({compare_->pinAction(), compare_->unpinAction(), real});
}

}  // namespace inflight::ui
