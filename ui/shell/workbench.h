// The issue-5 tools in the main window, installed by one call so that the
// window's own code stays about the lesson: the Compare menu and toolbar
// buttons (pin the run as a ghost, unpin, export A/B), Tools ▸ Sweep… (a
// separate window), and View ▸ Real system (the bridge panel, a dock under
// the panels that follows the playhead).
#pragma once

#include <QObject>

class QDockWidget;
class QToolBar;

namespace inflight::ui {

class BridgePanel;
class CompareController;
class MainWindow;
class SweepWindow;

class Workbench : public QObject {
    Q_OBJECT
public:
    explicit Workbench(MainWindow* window);

    CompareController* compare() const { return compare_; }
    BridgePanel* bridge() const { return bridge_; }
    QDockWidget* bridgeDock() const { return bridge_dock_; }
    QToolBar* toolBar() const { return toolbar_; }
    // Opens (creating once) the sweep window on the current scenario.
    SweepWindow* openSweep();
    SweepWindow* sweepWindow() const { return sweep_; }

private:
    void buildMenus();
    void onFrame(quint64 generation, bool done);

    MainWindow* window_;
    CompareController* compare_;
    BridgePanel* bridge_;
    QDockWidget* bridge_dock_;
    QToolBar* toolbar_;
    SweepWindow* sweep_ = nullptr;
};

}  // namespace inflight::ui
