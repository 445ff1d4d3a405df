#include "ui/shell/main_window.h"

#include <algorithm>
#include <cmath>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QPushButton>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScrollArea>
#include <QEvent>
#include <QWindowStateChangeEvent>
#include <QScopedValueRollback>
#include <QScreen>
#include <QShowEvent>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include "app/formats/atomic_write.h"
#include "ui/controls/controls_panel.h"
#include "ui/panels/event_log_view.h"
#include "ui/controls/flow_list.h"
#include "ui/controls/param_slider.h"
#include "ui/controls/wheel_guard.h"
#include "ui/lesson/experiment_file.h"
#include "ui/teaching/experiment_panel.h"
#include "ui/export/dashboard_figure.h"
#include "ui/export/export_dialog.h"
#include "ui/export/exporter.h"
#include "ui/export/file_dialogs.h"
#include "ui/teaching/playback_bar.h"
#include "ui/lesson/playhead.h"
#include "ui/session/run_session.h"
#include "app/formats/scenario_file.h"
#include "ui/compare/compare_table.h"
#include "ui/real_system/kernel_tool.h"
#include "ui/shell/analysis_tools.h"
#include "ui/shell/docks.h"
#include "ui/shell/field_shortcuts.h"
#include "ui/shell/notice.h"
#include "ui/shell/settings_keys.h"
#include "ui/shell/themes.h"
#include "ui/shell/type_steps.h"
#include "model/core/units.h"

// Outside any namespace, as Q_INIT_RESOURCE requires (static library).
static void init_ui_resources() { Q_INIT_RESOURCE(inflight_resources); }

namespace inflight::ui {

namespace {
// Layout passes a presentation type is given, at most, before it is measured.
constexpr int kSettlePasses = 12;
// How often, presenting, the parts' needs are compared with the screen.
constexpr int kPresentPollMs = 250;
// The least height a dock under the panels is given; one that would get
// less to leave the panels their least floats at the screen's foot.
constexpr int kLeastBottomDockPx = 80;
QSettings settings() { return QSettings(keys::kOrganization, keys::kApplication); }
QString q(const std::string& s) { return QString::fromStdString(s); }
// `layout` without margins, `spacing` between its parts.
QBoxLayout* tight(QBoxLayout* layout, int spacing) {
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(spacing);
    return layout;
}
// Qt 6.4's QComboBox forgets its size hint on a font change but keeps its
// minimum size hint until a style change: after the presentation look, a
// combo box would hold the controls column as wide as the larger type made
// it. The style-change event drops both (as a real change of style would).
void forget_combo_minimums(QWidget* root) {
    for (QComboBox* c : root->findChildren<QComboBox*>()) {
        QEvent style_change(QEvent::StyleChange);
        QCoreApplication::sendEvent(c, &style_change);
        c->updateGeometry();
    }
}

}  // namespace

MainWindow::MainWindow(bool use_settings, QWidget* parent)
    : QMainWindow(parent),
      use_settings_(use_settings),
      exports_(this, [this](bool ok, const QString& line) { reportExport(ok, line); }) {
    init_ui_resources();
    setWindowTitle(tr("Inflight — why a TCP transfer is as fast as it is"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/inflight/icon.svg")));
    setAcceptDrops(true);

    controls_ = new ControlsPanel;
    scroll_ = new QScrollArea;
    scroll_->setWidget(controls_);
    scroll_->setWidgetResizable(true);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll_->setFrameShape(QFrame::NoFrame);
    guard_wheel(controls_);
    fitControlsWidth();
    // The flows' table (its columns, in either look's type) may need a wider column.
    connect(controls_, &ControlsPanel::widthWanted, this, [this] {
        QTimer::singleShot(0, this, [this] { fitControlsWidth(); });
    });

    dashboard_ = new Dashboard;
    banner_ = new QLabel;
    banner_->setWordWrap(true);
    // A line with a long unbroken word (a path, a number) is cut at the
    // window's edge rather than widening the window past the screen; its
    // tooltip says it whole.
    banner_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    banner_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    banner_->setStyleSheet("background: #fbe3e4; color: #8a1f11; border: 1px solid #d0312d; padding: 6px;");
    banner_->setVisible(false);
    notice_ = new Notice(this);

    auto* right = new QWidget;
    QBoxLayout* right_layout = tight(new QVBoxLayout(right), 2);
    right_layout->addWidget(banner_);
    right_layout->addWidget(dashboard_, 1);
    playhead_ = new Playhead(this);
    playback_ = new PlaybackBar(playhead_);
    right_layout->addWidget(playback_);

    auto* central = new QWidget;
    QBoxLayout* h = tight(new QHBoxLayout(central), 0);
    h->addWidget(scroll_);
    h->addWidget(right, 1);
    setCentralWidget(central);

    guide_ = new ExperimentPanel;
    // Hidden until an experiment is opened.
    guide_dock_ = add_dock(this, tr("Guided experiment"), "guide", guide_, Qt::RightDockWidgetArea, false);
    guide_dock_->setMinimumWidth(300);
    connect(guide_dock_, &QDockWidget::visibilityChanged, this, [this] { followStep(); });

    session_ = new RunSession(this);
    connect(controls_, &ControlsPanel::scenarioChanged, this, [this](const Scenario& s) {
        hideBanner();
        run(s);
    });
    connect(session_, &RunSession::snapshotReady, dashboard_, &Dashboard::offer);
    connect(session_, &RunSession::runFailed, this, [this](const QString& msg) {
        dashboard_->showRunError(msg);
        showBanner(tr("The model could not run this scenario: %1").arg(msg));
    });
    // What the dashboard drew goes to the session, which announces the
    // current finished run once; everyone else listens to the session.
    connect(dashboard_, &Dashboard::frameShown, session_, [this] { session_->frameDrawn(dashboard_->shown()); });
    connect(session_, &RunSession::frameShown, this, &MainWindow::onFrameShown);
    connect(session_, &RunSession::currentChanged, this, &MainWindow::onRunFinished);
    connect(playhead_, &Playhead::timeChanged, dashboard_, &Dashboard::setCursorTime);
    connect(playhead_, &Playhead::disengaged, dashboard_, &Dashboard::hideCursor);
    connect(dashboard_, &Dashboard::scrubbed, this, [this](double t) {
        playhead_->pause();
        playhead_->seek(t);
    });
    connect(guide_, &ExperimentPanel::applyScenario, this, [this](const Scenario& s) {
        hideBanner();
        controls_->setScenario(s);
        run(s);
    });
    connect(guide_, &ExperimentPanel::stepRequested, this, &MainWindow::goToStep);
    connect(guide_, &ExperimentPanel::experimentRequested, this, &MainWindow::openExperiment);
    connect(guide_, &ExperimentPanel::stepTicked, this, [this](int step) {
        notify(tr("Step %1 done ✔").arg(step + 1), 5000);
    });
    connect(dashboard_, &Dashboard::frameShown, this, [this](quint64, bool done) {
        const SnapshotPtr s = dashboard_->shown();
        if (!done || !s) return;
        const QString duration = QString::fromStdString(format_time(s->result.scenario.duration_s));
        const QString wall = QString::fromStdString(format_time(s->result.summary.wall_seconds));
        statusBar()->showMessage(s->reused ? tr("%1 simulated in %2 by an earlier run of the same settings, shown again")
                                                 .arg(duration, wall)
                                           : tr("%1 simulated in %2").arg(duration, wall));
    });

    buildMenus();
    reloadExperiments();
    // The commands' keys (Ctrl+→, Ctrl+E, …) work while a text field has the focus.
    new FieldShortcuts(this);
    // Compare, Tools ▸ Sweep, View ▸ Real system (analysis_tools.h).
    auto* tools = new AnalysisTools(ToolsHost{this, menus_, session_, dashboard_, playhead_, [this](const Scenario& s) {
                                                  hideBanner();
                                                  controls_->setScenario(s);
                                                  run(s);
                                              },
                                              [this](bool ok, const QString& line) { reportExport(ok, line); }});
    // A guided step whose check reads the kernel: its finished runs, and
    // why this computer cannot make one.
    connect(tools->kernel(), &KernelTool::runFinished, this, [this](SnapshotPtr run) {
        if (guide_dock_->isVisible()) guide_->kernelRunFinished(std::move(run));
    });
    guide_->setKernelRefusal(
        [runner = tools->kernel()->runner()](const Scenario& s) { return runner->refusal(s); });
    // A dock under the panels opens at a height the charts can spare: the
    // panels keep their minimum heights, the window keeps its own.
    for (QDockWidget* d : findChildren<QDockWidget*>())
        if (d != guide_dock_) {
            connect(d, &QDockWidget::visibilityChanged, this, [this, d](bool on) {
                if (on && !d->isFloating() && dockWidgetArea(d) == Qt::BottomDockWidgetArea)
                    QTimer::singleShot(0, this, [this, d] { fitBottomDock(d); });
            });
            connect(d, &QDockWidget::topLevelChanged, this, [d](bool floating) {
                if (!floating) d->setProperty(kFloatedAtFoot, false);
            });
        }

    // The window within its screen: checked once a layout has settled
    // (fitScreen), whatever changed it — a step's flows, a dock, the type.
    fit_timer_.setSingleShot(true);
    fit_timer_.setInterval(40);
    connect(&fit_timer_, &QTimer::timeout, this, &MainWindow::fitScreen);
    // Presenting, the window never grows for its parts (its layout does not
    // hold it), and a stream of frames can keep restarting the timer above:
    // what they need is looked at every so often as well. (Harmless
    // whenever it runs: with the same thing shown the type only steps down.)
    present_poll_.setInterval(kPresentPollMs);
    connect(&present_poll_, &QTimer::timeout, this, [this] { if (presenting_) fitScreen(); });

    Scenario start;
    bool placed = false;
    if (use_settings_) {
        QSettings st = settings();
        placed = restoreGeometry(st.value(keys::kGeometry).toByteArray());
        restoreState(st.value(keys::kWindowState).toByteArray());
        const QByteArray last = st.value(keys::kLastScenario).toByteArray();
        if (!last.isEmpty()) {
            Scenario s;
            if (!scenario_from_json(last, "the last session", s, Limits::max_bandwidth_bps_app) &&
                s.flows.size() <= FlowLimits::max_flows_window)
                start = s;
        }
        dark_action_->setChecked(theme_from_name(st.value(keys::kTheme).toString()) == Theme::Dark);
        bytes_action_->setChecked(st.value(keys::kUnitsBytes, false).toBool());
    }
    if (!placed) resize(1280, 720);
    controls_->setScenario(start);
    run(start);
}

// The presentation look is process-wide (the application's font and
// palette): a window closed while presenting gives them back, so a window
// opened after it starts in the normal look.
MainWindow::~MainWindow() {
    // The children go after this body: a field that loses its focus then
    // (one with a value typed in it) must not ask this half-destroyed
    // window for a run.
    disconnect(controls_, nullptr, this, nullptr);
    // The guide's dock hides as it goes, and its visibility signal follows
    // the step on this window: not once this body has run.
    disconnect(guide_dock_, nullptr, this, nullptr);
    if (!presenting_) return;
    QApplication::setFont(normal_font_);
    apply_theme(dark_action_->isChecked() ? Theme::Dark : Theme::Light);
}

void MainWindow::buildMenus() {
    QMenu* file = menus_.file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open scenario…"), this, [this] {
        const QString path = ask_open_file(this, tr("Open scenario"), rememberedFolder(),
                                           tr("Scenario (*.json);;All files (*)"));
        if (!path.isEmpty()) loadScenario(path);
    });
    open->setShortcut(QKeySequence::Open);
    QAction* save = file->addAction(tr("&Save scenario as…"), this, [this] {
        const QString path = askSavePath(tr("Save scenario"), "scenario.json", tr("Scenario (*.json)"));
        if (!path.isEmpty()) saveScenario(path);
    });
    save->setShortcut(QKeySequence::Save);
    file->addSeparator();
    QAction* image = file->addAction(tr("&Export image…"), this, [this] {
        ExportDialog d(this, presenting_);
        if (d.exec() != QDialog::Accepted) return;
        const QString path = askSavePath(tr("Export image"), d.svg() ? "inflight.svg" : "inflight.png",
                                         d.svg() ? tr("SVG (*.svg)") : tr("PNG (*.png)"));
        if (path.isEmpty()) return;
        if (d.target() < 0) exportFigure(path, d.figure());
        else exportImage(path, d.target(), d.scale());
    });
    image->setShortcut(QKeySequence(tr("Ctrl+E")));
    QAction* copy = file->addAction(tr("&Copy dashboard image"), this, [this] {
        QApplication::clipboard()->setImage(render_image(dashboard_, devicePixelRatioF()));
        notify(tr("Dashboard image copied to the clipboard"), 4000);
    });
    copy->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    file->addAction(tr("Export &trace CSV…"), this, [this] {
        const QString path = askSavePath(tr("Export trace"), "trace.csv", tr("CSV (*.csv)"));
        if (!path.isEmpty()) exportTraceCsv(path);
    });
    file->addAction(tr("Export e&vent log CSV…"), this, [this] {
        const QString path = askSavePath(tr("Export event log"), "events.csv", tr("CSV (*.csv)"));
        if (!path.isEmpty()) exportEventsCsv(path);
    });
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    menus_.experiments = menuBar()->addMenu(tr("E&xperiments"));

    QMenu* view = menus_.view = menuBar()->addMenu(tr("&View"));
    bytes_action_ = view->addAction(tr("Window in &bytes (not packets)"));
    bytes_action_->setCheckable(true);
    bytes_action_->setShortcut(QKeySequence(tr("Ctrl+B")));
    connect(bytes_action_, &QAction::toggled, this, [this](bool on) {
        dashboard_->setBytes(on);
        if (use_settings_) settings().setValue(keys::kUnitsBytes, on);
    });
    QAction* fit = view->addAction(tr("&Zoom the panels to the steady state"));
    fit->setCheckable(true);
    fit->setShortcut(QKeySequence(tr("Ctrl+F")));
    fit->setToolTip(tr("Scale the window and RTT panels to their steady state (the run's second half): a window "
                       "far smaller than the pipe, an RTT a few ms above the base; a slow-start peak before it "
                       "may run above the plot. A run of transfers alone, all completed, is spanned over them"));
    connect(fit, &QAction::toggled, dashboard_, &Dashboard::setFitWindow);
    dark_action_ = view->addAction(tr("&Dark theme"));
    dark_action_->setCheckable(true);
    dark_action_->setShortcut(QKeySequence(tr("Ctrl+D")));
    connect(dark_action_, &QAction::toggled, this, &MainWindow::setTheme);
    theory_action_ = view->addAction(tr("&Theory overlay"));
    theory_action_->setCheckable(true);
    theory_action_->setShortcut(QKeySequence(tr("Ctrl+T")));
    theory_action_->setToolTip(tr("Show what the response functions and the windows predict, beside what "
                                  "the model measured"));
    connect(theory_action_, &QAction::toggled, this, &MainWindow::setTheory);
    present_action_ = view->addAction(tr("&Presentation mode"));
    present_action_->setCheckable(true);
    present_action_->setShortcuts({QKeySequence(Qt::Key_F11), QKeySequence(Qt::Key_F5)});
    present_action_->setToolTip(tr("Full screen, large type, thick lines and a colour-blind-safe palette "
                                   "for projecting in class (F11 or F5 again to leave)"));
    connect(present_action_, &QAction::toggled, this, &MainWindow::setPresentation);
    view->addSeparator();
    view->addAction(tr("&Reset to defaults"), this, [this] {
        controls_->setScenario(Scenario{});
        run(Scenario{});
    });

    QMenu* play = menus_.replay = menuBar()->addMenu(tr("&Replay"));
    QAction* toggle = play->addAction(tr("&Play / pause"), playhead_, &Playhead::toggle);
    toggle->setShortcut(QKeySequence(Qt::Key_Space));
    QAction* faster = play->addAction(tr("&Faster"), this, [this] {
        QComboBox* box = playback_->speedBox();
        box->setCurrentIndex(std::min(box->count() - 1, box->currentIndex() + 1));
    });
    faster->setShortcuts({QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal)});
    QAction* slower = play->addAction(tr("&Slower"), this, [this] {
        QComboBox* box = playback_->speedBox();
        box->setCurrentIndex(std::max(0, box->currentIndex() - 1));
    });
    slower->setShortcut(QKeySequence(Qt::Key_Minus));
    QAction* next_event = play->addAction(tr("&Next event"), playback_, &PlaybackBar::nextEvent);
    next_event->setShortcut(QKeySequence(Qt::Key_BracketRight));
    QAction* prev_event = play->addAction(tr("P&revious event"), playback_, &PlaybackBar::previousEvent);
    prev_event->setShortcut(QKeySequence(Qt::Key_BracketLeft));

    QMenu* help = menus_.help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Inflight"), this, [this] {
        QMessageBox::about(this, tr("About Inflight"),
                           tr("<b>Inflight %1</b><p>See why a TCP transfer is as fast as it is: "
                              "throughput = window / RTT, and the window in force is the smallest of "
                              "cwnd, rwnd and the send buffer.</p>")
                               .arg(INFLIGHT_VERSION));
    });
    // Shortcuts keep working in presentation mode, where the menu bar is hidden.
    for (QAction* menu : menuBar()->actions())
        if (menu->menu()) addActions(menu->menu()->actions());
}

void MainWindow::buildExperimentsMenu() {
    QMenu* m = menus_.experiments;
    for (QAction* a : m->actions()) removeAction(a);
    m->clear();
    const auto& list = guide_->experiments();
    for (std::size_t i = 0; i < list.size(); ++i) {
        QAction* a = m->addAction(QString::fromStdString(list[i].title), this,
                                  [this, i] { openExperiment(static_cast<int>(i)); });
        // The number row: Ctrl+1 … Ctrl+9, then Ctrl+0 for the tenth.
        if (i < 9) a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        else if (i == 9) a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    }
    if (list.empty()) m->addAction(tr("(no experiments loaded)"))->setEnabled(false);
    m->addSeparator();
    // With the guide closed, a step's key opens it at its step and does
    // nothing more: Set it would replace the settings with a step no one
    // can see, and a step moved would be a step skipped.
    const auto guide_open = [this] {
        if (guide_dock_->isVisible()) return true;
        guide_dock_->show();
        guide_dock_->raise();
        return false;
    };
    QAction* next = m->addAction(tr("&Next step"), this, [this, guide_open] {
        if (guide_open()) goToStep(guide_->stepIndex() + 1);
    });
    next->setShortcut(QKeySequence(tr("Ctrl+Right")));
    QAction* prev = m->addAction(tr("&Previous step"), this, [this, guide_open] {
        if (guide_open()) goToStep(guide_->stepIndex() - 1);
    });
    prev->setShortcut(QKeySequence(tr("Ctrl+Left")));
    QAction* set = m->addAction(tr("&Set this step"), this, [this, guide_open] {
        if (guide_open()) guide_->setButton()->click();
    });
    set->setShortcut(QKeySequence(tr("Ctrl+Return")));
    m->addAction(guide_dock_->toggleViewAction());
    m->addSeparator();
    m->addAction(tr("&Open my experiments folder"), this, [] {
        const QString dir = user_experiments_dir();
        QDir().mkpath(dir);
        QDesktopServices::openUrl(QUrl::fromLocalFile(dir));
    });
    m->addAction(tr("&Reload experiments"), this, &MainWindow::reloadExperiments);
    addActions(m->actions());
}

void MainWindow::reloadExperiments() {
    ExperimentSet set = load_all_experiments(user_experiments_dir());
    if (!set.errors.isEmpty())
        showBanner(tr("Some experiment files were refused and left out:\n%1").arg(set.errors.join('\n')));
    guide_->setExperiments(std::move(set.experiments), set.errors);
    buildExperimentsMenu();
}

void MainWindow::openExperiment(int index) {
    if (index < 0 || index >= static_cast<int>(guide_->experiments().size())) return;
    guide_dock_->show();
    // The kernel measured another lesson's path: not drawn over this one.
    if (auto* tools = findChild<AnalysisTools*>()) tools->kernel()->removeRun();
    // Nor does another lesson's filter of the event log (an empty log under
    // "ECN marks" from experiment 3 said nothing of why in experiment 5).
    dashboard_->events()->showEverything();
    guide_->setExperiment(index, session_->generation(), session_->current());
    followStep();
}

void MainWindow::goToStep(int step) {
    guide_->setStep(step, session_->generation(), session_->current());
    followStep();
}

// What a step asks of the window beside the guide: its sweep's values are
// notches on the slider, and a step that sends the student to the event log
// gets the log's rows in view.
void MainWindow::followStep() {
    last_finished_flows_.reset();  // the step's first finished run is a new thing shown, whatever its flows
    notchStepValues();
    shownChanged();
    followStepLog(true);
}

void MainWindow::followStepLog(bool step_changed) {
    // A step that sends the student to the event log gives the log room
    // once the controls hold the step: before its "Set it" the window shows
    // another step's run (another experiment's several flows beside this
    // step's guide made the window taller than a 720 px screen). Once
    // given, the room stays until the step changes: a drag the step asks
    // for (a sweep) leaves the step's settings and still reads the log.
    bool log = false;
    const int e = guide_->experimentIndex();
    if (guide_dock_->isVisible() && e >= 0 && e < static_cast<int>(guide_->experiments().size())) {
        const auto& steps = guide_->experiments()[static_cast<std::size_t>(e)].steps;
        const int i = guide_->stepIndex();
        if (i >= 0 && i < static_cast<int>(steps.size())) {
            const Step& st = steps[static_cast<std::size_t>(i)];
            const QString words = QString::fromStdString(st.todo + ' ' + st.watch + ' ' + st.check.text);
            log = words.contains(QLatin1String("event log"), Qt::CaseInsensitive) && guide_->holdsStep();
        }
    }
    if (log || step_changed) dashboard_->setEventLogFirst(log);
}

void MainWindow::notchStepValues() {
    // The step on screen's marks only: experiment 1's ends stayed marked
    // on the bandwidth slider for the rest of the session.
    const Step* s = guide_->currentStep();
    const Across* a = s && s->check.across ? &*s->check.across : nullptr;
    ParamSlider* swept = a ? controls_->slider(a->param) : nullptr;
    std::vector<double> marks;
    if (a) {
        marks = {a->from, a->to};
        marks.insert(marks.end(), a->stops.begin(), a->stops.end());
    }
    for (ParamSlider* slider : controls_->findChildren<ParamSlider*>())
        slider->setStepStops(slider == swept ? marks : std::vector<double>{});
}

void MainWindow::setTheory(bool on) {
    if (theory_action_->isChecked() != on) theory_action_->setChecked(on);
    dashboard_->setTheory(on);
}

void MainWindow::onFrameShown(const SnapshotPtr& s) {
    // A new run streaming: nothing to replay until it has finished.
    if (s && !s->done && playhead_->ready()) {
        playhead_->setDuration(0);
        playback_->setSnapshot(nullptr);
    }
}

void MainWindow::onRunFinished(const SnapshotPtr& s) {
    playhead_->setDuration(s->result.scenario.duration_s);
    playback_->setSnapshot(s);
    // A closed guide counts nothing: only runs the student made with the
    // step in front of them tick it.
    if (guide_dock_->isVisible()) guide_->runFinished(s);
    // A finished run of other flows is a new thing shown (its flows' keys
    // and rows): the type is chosen afresh. One of the same flows (a value
    // dragged, a sweep) only steps the type down if its figures need it:
    // chosen afresh, it went up and down from run to run, and the slider
    // being dragged moved under the pointer.
    const bool same_flows = last_finished_flows_ && *last_finished_flows_ == s->result.scenario.flows;
    last_finished_flows_ = s->result.scenario.flows;
    if (!same_flows) shownChanged();
    else if (presenting_) fitScreen();
}

void MainWindow::shownChanged() {
    fit_from_top_ = true;
    if (presenting_) fitScreen();
}

void MainWindow::run(const Scenario& s) {
    // Other flows: other keys and share bars, so another need for room.
    if (s.flows.size() != run_flows_) {
        run_flows_ = s.flows.size();
        shownChanged();
    }
    guide_->setCurrent(s);
    followStepLog(false);
    if (use_settings_)
        settings().setValue(keys::kLastScenario, QJsonDocument(scenario_to_json(s)).toJson(QJsonDocument::Compact));
    session_->request(s);
}

void MainWindow::setTheme(bool dark) {
    if (dark_action_->isChecked() != dark) dark_action_->setChecked(dark);
    if (use_settings_) settings().setValue(keys::kTheme, theme_name(dark ? Theme::Dark : Theme::Light));
    // The presentation look is on white whatever the theme: its Okabe–Ito
    // black (the link, base RTT, theory lines) would vanish on a dark
    // plot. The choice is kept and applied when presenting ends.
    if (presenting_) {  // (so the key is seen to have been heard)
        notify(dark ? tr("The dark look follows when the presentation ends (presenting draws on white)")
                    : tr("The light look follows when the presentation ends"),
               4000);
        return;
    }
    apply_theme(dark ? Theme::Dark : Theme::Light);
    dashboard_->restyle();
}

bool MainWindow::summaryFits(const QDockWidget* d, int dock_px) const {
    // A compare table says its runs in summary lines when squeezed: the
    // dock stays under the panels at dock_px if those lines and the dock's
    // title fit in it.
    const auto* scroll = qobject_cast<const QScrollArea*>(d->widget());
    const auto* table = scroll ? qobject_cast<const CompareTable*>(scroll->widget()) : nullptr;
    const int title_px = d->height() - (d->widget() ? d->widget()->height() : 0);
    return table && table->leastShownPx() > 0 && dock_px >= table->leastShownPx() + std::max(title_px, 0);
}

void MainWindow::fitBottomDock(QDockWidget* d) {
    if (!d->isVisible()) return;
    // Measured once the layouts have taken what changed with the dock (a
    // chart's key with a new line in it is taller): measured earlier, the
    // panels' least height is a passing one, and a dock floated for it
    // stays floated.
    settleLayouts();
    // What the panels can give: the window's height less the panels'
    // minimum (their charts' minimum heights); at most what the dock asks.
    const int central_min = centralWidget()->minimumSizeHint().height();
    const int spare = centralWidget()->height() + d->height() - central_min;
    const int want = d->widget()->sizeHint().height() + 30;
    // Less room under the panels than the dock's content needs (a
    // projector's 720 lines): the dock opens in a window of its own at the
    // foot of the screen (floatAtFoot) rather than showing two lines of it.
    // A compare table says its runs in summary lines when it must: docked
    // in what the panels spare if that holds them (a table floated at the
    // screen's foot covered the replay bar beside the guide).
    if (want > spare && (d->features() & QDockWidget::DockWidgetFloatable)) {
        if (summaryFits(d, spare)) resizeDocks({d}, {spare}, Qt::Vertical);
        else floatAtFoot(d);
        return;
    }
    const int h = std::max(kLeastBottomDockPx, std::min({want, spare, height() * 2 / 5}));
    resizeDocks({d}, {h}, Qt::Vertical);
}

void MainWindow::refitSqueezingDocks() {
    QWidget* central = centralWidget();
    const QScreen* sc = screen();
    if (!central || !sc) return;
    // What the panels lack: below their least height, or the window's least
    // height grown past the screen's free area (a window merely larger than
    // that is made smaller by fitScreen, or is the window manager's).
    const int chrome_px = frameGeometry().height() - geometry().height();
    const int window_room_px = sc->availableGeometry().height() - chrome_px;
    const int lack_px = std::max(central->minimumSizeHint().height() - central->height(),
                                 minimumSizeHint().height() - window_room_px);
    if (lack_px <= 0) return;
    for (QDockWidget* d : findChildren<QDockWidget*>()) {
        if (d == guide_dock_ || !d->isVisible() || d->isFloating() || dockWidgetArea(d) != Qt::BottomDockWidgetArea)
            continue;
        const int dock_px = d->height() - lack_px;
        if (dock_px >= std::max(d->minimumSizeHint().height(), kLeastBottomDockPx) || summaryFits(d, dock_px))
            resizeDocks({d}, {dock_px}, Qt::Vertical);
        else if (d->features() & QDockWidget::DockWidgetFloatable) floatAtFoot(d);
        return;  // one dock gives way at a time; the next fit sees the rest
    }
}

void MainWindow::floatAtFoot(QDockWidget* d) {
    // As high as its content (at most half the screen), inside the screen,
    // stopping at the guide's left edge: the step's Check line and buttons
    // at the guide's foot stay in view beside it.
    const QScreen* sc = screen();
    if (!sc) return;
    const QRect avail = sc->availableGeometry();
    // The content's own height, not its scroll area's (which is bounded and
    // follows it only once the area has seen the content's new layout); its
    // layout's preferred height (the widget's own hint of a layout with
    // wrapped lines is the height for some width, its graph at its least).
    const auto* scroll = qobject_cast<const QScrollArea*>(d->widget());
    const QWidget* content = scroll && scroll->widget() ? scroll->widget() : d->widget();
    const int want = (content->layout() ? content->layout()->sizeHint() : content->sizeHint()).height() + 30;
    const int h = std::min(want, avail.height() / 2);
    const bool guide_beside = guide_dock_->isVisible() && !guide_dock_->isFloating();
    // Less the frames a window manager draws around the floating window
    // (at least 4 px a side).
    const int frame = std::max(4, geometry().left() - frameGeometry().left());
    const int w = std::min(avail.width(),
                           guide_beside ? guide_dock_->mapToGlobal(QPoint(0, 0)).x() - mapToGlobal(QPoint(0, 0)).x() -
                                              2 * frame
                                        : width());
    const int left = std::clamp(geometry().left(), avail.left(), avail.right() + 1 - w);
    d->setProperty(kFloatedAtFoot, true);
    d->setFloating(true);
    d->setGeometry(QRect(left, avail.bottom() + 1 - h, w, h));
    // The frame around it (known once it floats) inside the screen too.
    const QRect inner = d->geometry(), outer = d->frameGeometry();
    const QMargins frame_px(inner.left() - outer.left(), inner.top() - outer.top(), outer.right() - inner.right(),
                            outer.bottom() - inner.bottom());
    const QRect room = avail.marginsRemoved(frame_px);
    if (!room.contains(inner)) d->setGeometry(inner.intersected(room));
}

void MainWindow::settleLayouts() {
    // Every layout a change reached, laid out now with nothing painted (a
    // label wraps again at its new width, which asks its parent for a new
    // height, and so on up, a pass a level).
    for (int pass = 0; pass < kSettlePasses; ++pass) QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
}

void MainWindow::refitFloatedDocks() {
    // The type changed (presenting, or back): a dock floated at the foot is
    // placed again at its content's new height, once the new type has
    // reached its layouts.
    settleLayouts();
    for (QDockWidget* d : findChildren<QDockWidget*>())
        if (d != guide_dock_ && d->isVisible() && d->isFloating() && d->property(kFloatedAtFoot).toBool())
            floatAtFoot(d);
}

void MainWindow::fitControlsWidth() {
    // Presentation: as wide as the controls ask (their text grows), plus
    // room for the vertical scroll bar. The normal look: the width it was
    // built with, or wider while the flows' table needs it for its columns.
    const int bar = scroll_->verticalScrollBar()->sizeHint().width() + 4;
    if (base_controls_width_ == 0) base_controls_width_ = std::max(controls_->sizeHint().width() + bar, 300);
    int w = presenting_ ? std::max(controls_->sizeHint().width() + bar, 300) : base_controls_width_;
    const FlowTable* table = controls_->flowList()->table();
    if (!presenting_ && !table->isHidden()) {
        const int indent = table->mapTo(controls_, QPoint(0, 0)).x();
        w = std::max(w, table->sizeHint().width() + 2 * indent + bar);
    }
    scroll_->setFixedWidth(w);
}

void MainWindow::setPresentation(bool on) {
    if (on == presenting_) return;
    presenting_ = on;
    if (present_action_->isChecked() != on) present_action_->setChecked(on);
    if (on) {
        normal_font_ = QApplication::font();
        normal_controls_width_ = scroll_->width();
        normal_geometry_ = saveGeometry();
        type_scale_ = type_steps::kMostScale;
        fit_from_top_ = true;
        refill_screen_ = false;
        windowed_ = false;
        QFont big = normal_font_;
        big.setPointSizeF(normal_font_.pointSizeF() * type_scale_);
        QApplication::setFont(big);
        dashboard_->setPresentation(true);
        if (auto* tools = findChild<AnalysisTools*>()) tools->setPresentation(true);
        apply_presentation_palette();
        // Presenting, the window is the screen's size and no larger: its
        // layout no longer holds it at the parts' least size (a larger type
        // tried, or flows added, would push it past the screen and out of
        // full screen); parts that need more make the type step down.
        layout()->setSizeConstraint(QLayout::SetNoConstraint);
        setMinimumSize(0, 0);
        present_poll_.start();
        showFullScreen();
    } else {
        QApplication::setFont(normal_font_);
        present_poll_.stop();
        dashboard_->setPresentation(false);
        if (auto* tools = findChild<AnalysisTools*>()) tools->setPresentation(false);
        apply_theme(dark_action_->isChecked() ? Theme::Dark : Theme::Light);
        showNormal();
        restoreGeometry(normal_geometry_);  // where and how large it was, exactly,
        // again once the normal fonts have reached the layouts (until then
        // the presentation look's minimum size may hold the window larger)
        QTimer::singleShot(0, this, [this] {
            if (presenting_) return;
            // The layout holds the window at its parts' least size again
            // once they have their normal type (the presentation sizes
            // would hold it larger than it was).
            settleLayouts();
            layout()->setSizeConstraint(QLayout::SetDefaultConstraint);
            restoreGeometry(normal_geometry_);
        });
    }
    controls_->setSecondaryVisible(!on);
    // The guide narrower, so the panels keep most of the screen.
    guide_dock_->setMaximumWidth(on ? std::max(320, width() / 4) : QWIDGETSIZE_MAX);
    menuBar()->setVisible(!on);
    statusBar()->setVisible(!on);
    dashboard_->restyle();
    // After the font change has reached every control and its layout; back
    // in the normal look, exactly the width it had before.
    if (on) QTimer::singleShot(0, this, [this] {
            if (!presenting_) return;
            forget_combo_minimums(this);
            fitControlsWidth();
            refitFloatedDocks();
            fit_timer_.start();
        });
    else {
        scroll_->setFixedWidth(normal_controls_width_);
        // The flows may have changed meanwhile: fit them once the normal type is in.
        QTimer::singleShot(0, this, [this] {
            if (presenting_) return;
            forget_combo_minimums(this);
            fitControlsWidth();
            refitFloatedDocks();
            fitNormalSoon();
        });
    }
}

void MainWindow::changeEvent(QEvent* e) {
    QMainWindow::changeEvent(e);
    if (e->type() != QEvent::WindowStateChange || !presenting_) return;
    const auto* change = static_cast<QWindowStateChangeEvent*>(e);
    // Out of full screen while no larger than the screen: asked for (a
    // presentation in a window); out of it having grown past the screen: not.
    if ((change->oldState() & Qt::WindowFullScreen) && !isFullScreen() && screen()) {
        const QSize room = screen()->geometry().size();
        windowed_ = width() <= room.width() && height() <= room.height();
    } else if (isFullScreen()) {
        windowed_ = false;
    }
}

bool MainWindow::event(QEvent* e) {
    // Any change of the window's layout may change what it needs.
    if (e->type() == QEvent::LayoutRequest && isVisible() && !presenting_) fit_timer_.start();
    // Presenting, the type waits for the screen's size to pick from the top.
    if (e->type() == QEvent::Resize && presenting_ && fit_from_top_) fit_timer_.start();
    if (e->type() == QEvent::Resize && !presenting_ && !isMaximized() && !isFullScreen()) {
        // Made taller by its layout (its parts' least height passed its
        // own): the height it had comes back once they need less (fitScreen).
        const auto* r = static_cast<QResizeEvent*>(e);
        const int was = r->oldSize().height(), now = r->size().height();
        if (now > was && was > 0 && now == minimumHeight()) {
            if (grown_from_px_ == 0) grown_from_px_ = was;
        } else if (now != minimumHeight()) {
            grown_from_px_ = 0;  // a height someone gave it
        }
    }
    const bool done = QMainWindow::event(e);
    // Laid out afresh: its parts may need less than the height they took.
    if (e->type() == QEvent::LayoutRequest) restoreGrownHeight();
    // Presenting, every layout pass that reaches the window (any part's
    // need changing does) is answered in the same pass: the type a step
    // smaller before anything is drawn, never a frame later.
    if (e->type() == QEvent::LayoutRequest && presenting_ && isVisible() && !fitting_type_) fitScreen();
    return done;
}

void MainWindow::restoreGrownHeight() {
    if (presenting_ || grown_from_px_ == 0 || isMaximized() || isFullScreen()) return;
    if (minimumSizeHint().height() > grown_from_px_) return;
    const int h = grown_from_px_;
    grown_from_px_ = 0;
    resize(width(), h);
}

void MainWindow::showEvent(QShowEvent* e) {
    QMainWindow::showEvent(e);
    if (!e->spontaneous()) fitNormalSoon();
}

void MainWindow::fitNormalSoon() {
    // A window manager frames a window a moment after it is shown (its
    // frame, and so the room left for the window, is known only then):
    // fitted now and again while that moment lasts.
    constexpr int kFramedWithinMs = 1500;
    fit_normal_.setRemainingTime(kFramedWithinMs);
    fit_timer_.start();
    for (int ms : {300, 800, kFramedWithinMs - 100}) QTimer::singleShot(ms, this, [this] { fit_timer_.start(); });
}

void MainWindow::setPresentationType(double scale, QSize room) {
    QFont f = normal_font_;
    f.setPointSizeF(normal_font_.pointSizeF() * scale);
    QApplication::setFont(f);
    // Qt posts the new font to each window rather than sending it: taken
    // now, so the layout measured next is in this size (left queued, every
    // rung of the ladder was measured in the type the fit began with, and
    // a layout too wide at 1.5× stepped all the way down to the normal type).
    QCoreApplication::sendPostedEvents(nullptr, QEvent::ApplicationFontChange);
    dashboard_->restyle();
    guide_dock_->setMaximumWidth(std::max(320, room.width() / 4));
    forget_combo_minimums(this);
    fitControlsWidth();
}

QSize MainWindow::laidOutNeed() {
    settleLayouts();
    return minimumSizeHint();
}

void MainWindow::fitPresentationType(QSize room) {
    // The rule is type_steps.h's: after a change of what is shown, the
    // ladder from the top; else, only while the parts do not fit, the
    // sizes below the current one. The layout passes inside reach this
    // window again: they are not answered from within.
    if (fitting_type_) return;
    const QScopedValueRollback guard(fitting_type_, true);
    std::vector<double> sizes;
    // Parts wrap at the widths they are given: the ladder is measured once
    // the window has the screen's size (a window manager takes a moment
    // to make it full screen), so the same step gets the same type.
    const bool from_top = fit_from_top_ && (size() == room || windowed_);
    if (from_top) {
        sizes = type_steps::ladder();
    } else {
        const QSize need = laidOutNeed();
        if (need.width() <= room.width() && need.height() <= room.height()) return;
        sizes = type_steps::below(type_scale_);
        if (sizes.empty()) return;  // the normal type: the least there is
    }
    if (from_top) fit_from_top_ = false;
    const double was = type_scale_;
    type_scale_ = type_steps::fitting_scale(sizes, room, [&](double scale) {
        if (std::abs(QApplication::font().pointSizeF() - normal_font_.pointSizeF() * scale) > 1e-6)
            setPresentationType(scale, room);
        return laidOutNeed();
    });
    if (std::abs(type_scale_ - was) > 1e-9)
        QTimer::singleShot(0, this, [this] {
            // The controls column's width once every combo box has its new size.
            if (!presenting_) return;
            forget_combo_minimums(this);
            fitControlsWidth();
        });
}

void MainWindow::fitScreen() {
    // The law of the window's size: it never asks for more than its screen.
    // Presenting, it fills the screen exactly, and the type is the largest
    // at which its parts fit in it (fitPresentationType, type_steps.h).
    // In the normal look, the window and its frame lie inside the screen's
    // free area (it is made smaller, down to its least size, and moved in).
    const QScreen* sc = screen();
    if (!sc || !isVisible()) return;
    if (presenting_) {
        const QSize room = sc->geometry().size();
        fitPresentationType(room);
        // Grown past the screen (and so, under some window managers, out
        // of full screen), now that it fits: full screen again. A window
        // someone put in a normal state at the screen's size or less (a
        // presentation in a window) is left as it is.
        const QSize need = minimumSizeHint();
        const bool fits = need.width() <= room.width() && need.height() <= room.height();
        const QSize now = size();
        if (now.width() > room.width() || now.height() > room.height()) refill_screen_ = !windowed_;
        if (fits && refill_screen_) {
            refill_screen_ = false;
            showFullScreen();
            setGeometry(sc->geometry());
        }
        return;
    }
    // The normal look is fitted when shown, when presentation ends and
    // whenever it is found larger than the screen's free area; a size within
    // it that the user or a caller gives it later is theirs.
    refitSqueezingDocks();
    if (isMaximized() || isFullScreen()) return;
    restoreGrownHeight();
    const QRect avail = sc->availableGeometry();
    const QRect frame = frameGeometry(), inner = geometry();
    // Past the screen's free area, it grew by itself (a layout's passing
    // wish): fitted whenever that is seen, as well as when just shown.
    const bool outgrown = frame.width() > avail.width() || frame.height() > avail.height();
    if (fit_normal_.hasExpired() && !outgrown) return;
    const QSize chrome(frame.width() - inner.width(), frame.height() - inner.height());
    const QSize room = (avail.size() - chrome).expandedTo(minimumSizeHint());
    const QSize fitted = size().boundedTo(room);
    if (fitted != size()) resize(fitted);
    const QRect now = frameGeometry();
    QPoint at = now.topLeft();
    at.setX(std::clamp(at.x(), avail.left(), std::max(avail.left(), avail.right() + 1 - now.width())));
    at.setY(std::clamp(at.y(), avail.top(), std::max(avail.top(), avail.bottom() + 1 - now.height())));
    if (at != now.topLeft()) move(at);
}

bool MainWindow::loadScenario(const QString& path) {
    Scenario s = controls_->scenario();
    if (auto err = load_scenario_file(path.toStdString(), s, Limits::max_bandwidth_bps_app)) {
        showBanner(tr("Scenario not loaded — %1. Nothing was changed.").arg(q(*err)));
        return false;
    }
    // The window draws at most 16 flows (a file may list 100).
    if (s.flows.size() > FlowLimits::max_flows_window) {
        showBanner(tr("Scenario not loaded — %1 has %2 flows; the window shows at most %3 (the command line "
                      "runs it: inflight run --scenario FILE). Nothing was changed.")
                       .arg(QFileInfo(path).fileName())
                       .arg(s.flows.size())
                       .arg(FlowLimits::max_flows_window));
        return false;
    }
    hideBanner();
    rememberFolder(path);
    controls_->setScenario(s);
    run(s);
    notify(tr("Loaded %1").arg(QFileInfo(path).fileName()), 4000);
    return true;
}

bool MainWindow::saveScenario(const QString& path) {
    const QByteArray json = QJsonDocument(scenario_to_json(controls_->scenario())).toJson();
    if (auto err = write_file_atomically(path.toStdString(), json.toStdString())) {
        showBanner(tr("Scenario not saved — %1").arg(q(*err)));
        return false;
    }
    hideBanner();
    notify(tr("Saved %1").arg(path), 4000);
    return true;
}

QWidget* MainWindow::exportTarget(int target) const {
    if (target < 0 || target > 3) return dashboard_;
    return dashboard_->panel(static_cast<Dashboard::Panel>(target));
}

bool MainWindow::exportImage(const QString& path, int target, double scale) {
    if (target < 0) return exportFigure(path, FigureOptions{dashboard_->size(), presenting_, scale});
    QWidget* w = exportTarget(target);
    const bool svg = path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive);
    return exports_
        .write(path, [&](const QString& p) { return svg ? save_svg(w, p, windowTitle()) : save_png(w, p, scale); })
        .ok;
}

bool MainWindow::exportFigure(const QString& path, const FigureOptions& options) {
    const SnapshotPtr s = session_->current();
    return exports_
        .write(path, [&](const QString& p) { return save_figure(s, p, options, dashboard_->theoryShown()); })
        .ok;
}

bool MainWindow::exportRun(const QString& path, std::optional<QString> (*save)(const RunResult&, const QString&)) {
    const SnapshotPtr s = session_->current();
    if (!s) return exports_.refuse(tr("The run is still going; export again when the hero number has settled.")).ok;
    return exports_.write(path, [&](const QString& p) { return save(s->result, p); }).ok;
}

bool MainWindow::exportTraceCsv(const QString& path) { return exportRun(path, save_trace_csv); }

bool MainWindow::exportEventsCsv(const QString& path) { return exportRun(path, save_events_csv); }

void MainWindow::reportExport(bool ok, const QString& line) {
    if (!ok) {
        showBanner(line);
        return;
    }
    hideBanner();
    notify(line, 4000);
}

QString MainWindow::askSavePath(const QString& title, const QString& suggested, const QString& filter) {
    const QString path = ask_save_file(this, title, QDir(rememberedFolder()).filePath(suggested), filter);
    rememberFolder(path);
    return path;
}

// The folder rule (file_dialogs.h) both ways: a folder that does not take
// files is neither stored nor, if an older version stored it, opened.
QString MainWindow::rememberedFolder() const {
    return start_folder(use_settings_ ? settings().value(keys::kLastDirectory).toString() : QString());
}

void MainWindow::rememberFolder(const QString& path) {
    const QString folder = folder_to_remember(path);
    if (use_settings_ && !folder.isEmpty()) settings().setValue(keys::kLastDirectory, folder);
}

void MainWindow::showBanner(const QString& text) {
    banner_->setText(text);
    banner_->setToolTip(text);
    banner_->setVisible(true);
}

void MainWindow::hideBanner() { banner_->setVisible(false); }

void MainWindow::notify(const QString& text, int ms) {
    if (presenting_) notice_->say(text, ms);
    else statusBar()->showMessage(text, ms);
}

QString MainWindow::bannerText() const { return banner_->isVisible() ? banner_->text() : QString(); }

void MainWindow::closeEvent(QCloseEvent* e) {
    if (use_settings_) {
        QSettings st = settings();
        st.setValue(keys::kGeometry, saveGeometry());
        st.setValue(keys::kWindowState, saveState());
    }
    QMainWindow::closeEvent(e);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
    const auto urls = e->mimeData()->urls();
    if (urls.size() == 1 && urls.front().isLocalFile()) e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
    const auto urls = e->mimeData()->urls();
    if (urls.size() == 1 && urls.front().isLocalFile()) {
        const QString path = urls.front().toLocalFile();
        const QString suffix = QFileInfo(path).suffix().toLower();
        AnalysisTools* tools = findChild<AnalysisTools*>();
        // A capture opens beside the model; anything else is a scenario file.
        if (tools && (suffix == "pcap" || suffix == "pcapng" || suffix == "cap")) tools->openCapture(path);
        else loadScenario(path);
        e->acceptProposedAction();
    }
}

}  // namespace inflight::ui
