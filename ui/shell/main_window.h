// The window: controls on the left, the four panels on the right, the model
// on a worker thread, menus for scenarios and exports, settings kept between
// sessions. Errors (bad file, unwritable path) show in a banner at the top:
// clear, non-blocking, and nothing is changed.
#pragma once

#include <QMainWindow>
#include <optional>

#include "panels/dashboard.h"
#include "scenario.h"

class QAction;
class QDockWidget;
class QMenu;
class QLabel;
class QScrollArea;

namespace inflight::ui {

class ControlsPanel;
class ExperimentPanel;
class PlaybackBar;
class Playhead;
class RunController;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `use_settings` false: start from defaults and remember nothing (tests).
    explicit MainWindow(bool use_settings = true, QWidget* parent = nullptr);
    ~MainWindow() override;

    ControlsPanel* controls() const { return controls_; }
    Dashboard* dashboard() const { return dashboard_; }
    RunController* runner() const { return runner_; }
    ExperimentPanel* guide() const { return guide_; }
    Playhead* playhead() const { return playhead_; }
    PlaybackBar* playback() const { return playback_; }

    // Each returns true on success; on failure the banner names the problem.
    bool loadScenario(const QString& path);
    bool saveScenario(const QString& path);
    // target -1: the whole dashboard; else a Dashboard::Panel. SVG by suffix.
    bool exportImage(const QString& path, int target, double scale);
    bool exportTraceCsv(const QString& path);
    bool exportEventsCsv(const QString& path);
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
    void closeEvent(QCloseEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dropEvent(QDropEvent* e) override;

private:
    void buildMenus();
    void buildExperimentsMenu();
    void onFrameShown(quint64 generation, bool done);
    void run(const Scenario& s);
    void showBanner(const QString& text);
    void hideBanner();
    QString askSavePath(const QString& title, const QString& suggested, const QString& filter);
    QWidget* exportTarget(int target) const;
    std::optional<RunResult> finishedResult();

    bool use_settings_;
    ControlsPanel* controls_;
    Dashboard* dashboard_;
    RunController* runner_;
    void fitControlsWidth();

    QLabel* banner_;
    QScrollArea* scroll_;
    QAction* bytes_action_;
    QAction* dark_action_;
    QAction* present_action_;
    QAction* theory_action_;
    QMenu* experiments_menu_;
    QFont normal_font_;
    bool presenting_ = false;
    ExperimentPanel* guide_;
    QDockWidget* guide_dock_;
    Playhead* playhead_;
    PlaybackBar* playback_;
    quint64 replay_generation_ = 0;
};

}  // namespace inflight::ui
