// The window, and the composition root: it builds the controls on the left,
// the four panels on the right, the run session (the model on a worker
// thread, and the current finished run), the menus for scenarios and exports
// and the analysis tools, and wires them to each other; nobody asks it for
// its parts. Settings are kept between sessions. Errors (bad file,
// unwritable path) show in a banner at the top: clear, non-blocking, and
// nothing is changed.
#pragma once

#include <QMainWindow>
#include <QDeadlineTimer>
#include <QTimer>
#include <optional>

#include "ui/export/export_helper.h"
#include "ui/export/figure_layout.h"
#include "ui/panels/dashboard.h"
#include "model/core/scenario.h"
#include "ui/shell/type_steps.h"
#include "ui/shell/window_menus.h"

class QAction;
class QDockWidget;
class QMenu;
class QLabel;
class QScrollArea;

namespace inflight::ui {

class ControlsPanel;
class ExperimentPanel;
class Notice;
class PlaybackBar;
class Playhead;
class RunSession;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `use_settings` false: start from defaults and remember nothing (tests).
    explicit MainWindow(bool use_settings = true, QWidget* parent = nullptr);
    ~MainWindow() override;

    // The parts, for tests and the screenshot tools (the window's own rooms
    // are handed what they need when they are built).
    ControlsPanel* controls() const { return controls_; }
    Dashboard* dashboard() const { return dashboard_; }
    RunSession* session() const { return session_; }
    ExperimentPanel* guide() const { return guide_; }
    Playhead* playhead() const { return playhead_; }
    PlaybackBar* playback() const { return playback_; }
    // The menus this window built, which the analysis tools add to.
    const WindowMenus& menus() const { return menus_; }

    // Each returns true on success; on failure the banner names the problem.
    bool loadScenario(const QString& path);
    bool saveScenario(const QString& path);
    // target -1: the whole dashboard as a figure at the dashboard's size, in
    // the window's look (exportFigure); else a Dashboard::Panel as on screen.
    // SVG by suffix.
    bool exportImage(const QString& path, int target, double scale);
    // The finished run's dashboard as a figure (export/dashboard_figure.h).
    bool exportFigure(const QString& path, const FigureOptions& options);
    bool exportTraceCsv(const QString& path);
    bool exportEventsCsv(const QString& path);
    // The dark or light theme; while presenting, kept for when presenting
    // ends (the presentation look stays on white).
    void setTheme(bool dark);
    // Presentation mode (F11 or F5): full screen, larger type, thick lines,
    // a high-contrast colour-blind-safe palette, secondary controls hidden.
    void setPresentation(bool on);
    bool presenting() const { return presenting_; }
    void setTheory(bool on);
    // Guided experiments: open experiment `index` at its first step, or
    // move to a step of the open one.
    void openExperiment(int index);
    void goToStep(int step);
    // Re-reads the built-in and the user's experiment files.
    void reloadExperiments();

    QString bannerText() const;

protected:
    bool event(QEvent* e) override;
    void changeEvent(QEvent* e) override;
    void showEvent(QShowEvent* e) override;
    void closeEvent(QCloseEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dropEvent(QDropEvent* e) override;

private:
    // The values the open step asks the student to drag to become notches
    // on the slider it names (a sweep's ends and its stops).
    void notchStepValues();
    void buildMenus();
    void buildExperimentsMenu();
    void onFrameShown(const SnapshotPtr& s);
    void onRunFinished(const SnapshotPtr& s);
    void run(const Scenario& s);
    void showBanner(const QString& text);
    void hideBanner();
    // A passing line: in the status bar, or over the window's foot while
    // presenting (the status bar is hidden then).
    void notify(const QString& text, int ms);
    void reportExport(bool ok, const QString& line);
    QString askSavePath(const QString& title, const QString& suggested, const QString& filter);
    // Where the file dialogs start, and remembering `path`'s folder for them.
    QString rememberedFolder() const;
    void rememberFolder(const QString& path);
    QWidget* exportTarget(int target) const;
    // The current finished run written by `save`, reported once.
    bool exportRun(const QString& path, std::optional<QString> (*save)(const RunResult&, const QString&));
    void fitControlsWidth();
    void fitBottomDock(QDockWidget* d);
    bool summaryFits(const QDockWidget* d, int dock_px) const;  // a compare table's summary lines fit dock_px
    void settleLayouts();                                         // every posted layout request taken now
    void floatAtFoot(QDockWidget* d);  // in a window of its own at the screen's foot
    // A dock under the panels fitted when it opened, leaving them less than
    // their least height since, or the window taller than its screen:
    // fitted again, smaller or at the screen's foot.
    void refitSqueezingDocks();
    void refitFloatedDocks();          // those floated at the foot, at their content's height again
    // A bottom dock's dynamic property: floated at the foot by us (and
    // not docked since).
    static constexpr const char* kFloatedAtFoot = "inflight_floated_at_foot";
    // Keeps the window within its screen (the law is in the definition).
    void fitScreen();
    void fitNormalSoon();
    // The presentation look's type at `scale` times the normal one, on a
    // screen of `room`: every widget's font, the charts', the columns' widths.
    void setPresentationType(double scale, QSize room);
    // Presenting on a screen of `room`: the type the rule in type_steps.h
    // picks, laid out.
    void fitPresentationType(QSize room);
    // The window's least size once the layouts a change reached have settled.
    QSize laidOutNeed();
    // Normal look: the height its layout took from it back, once its parts fit in it.
    void restoreGrownHeight();
    // The dashboard follows what the open step names (its event log).
    void followStep();
    void followStepLog(bool step_changed);  // the event log's room while the step names it
    // What the window shows has changed (a step, the flows, a finished run): the
    // presentation type is picked again from the ladder's top (type_steps.h).
    void shownChanged();

    bool use_settings_;
    ControlsPanel* controls_;
    Dashboard* dashboard_;
    RunSession* session_;
    ExportHelper exports_;
    WindowMenus menus_;

    QLabel* banner_;
    Notice* notice_;
    QScrollArea* scroll_;
    QAction* bytes_action_;
    QAction* dark_action_;
    QAction* present_action_;
    QAction* theory_action_;
    QFont normal_font_;
    int normal_controls_width_ = 0;
    int base_controls_width_ = 0;  // the normal look's, as built (fitControlsWidth)
    QByteArray normal_geometry_;
    bool presenting_ = false;
    double type_scale_ = type_steps::kMostScale;  // the presentation type over the normal one
    std::optional<std::vector<FlowSpec>> last_finished_flows_;  // the flows of the last run finished
    bool fit_from_top_ = true;
    bool fitting_type_ = false;        // inside fitPresentationType         // what is shown changed: the type is picked from the ladder's top
    std::size_t run_flows_ = 0;        // the newest request's number of flows
    QTimer fit_timer_;                 // fitScreen once the layout has settled
    QTimer present_poll_;              // fitScreen every so often while presenting
    bool refill_screen_ = false;       // presenting: it outgrew the screen; full screen again once it fits
    bool windowed_ = false;            // presenting in a normal window, asked for (changeEvent)
    int grown_from_px_ = 0;            // normal look: its height before its layout made it taller
    QDeadlineTimer fit_normal_{0};     // until then, the normal look is fitted to the screen (shown, back from presenting)
    ExperimentPanel* guide_;
    QDockWidget* guide_dock_;
    Playhead* playhead_;
    PlaybackBar* playback_;
};

}  // namespace inflight::ui
