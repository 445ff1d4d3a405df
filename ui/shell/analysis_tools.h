// The analysis tools in the main window, installed by one call so that the
// window's own code stays about the lesson: the Compare menu and the buttons
// in the menu bar's corner (pin the run as a ghost, unpin, export A/B),
// Tools ▸ Sweep… (a separate window), and View ▸ Real system (the bridge
// panel, a dock under the panels that follows the playhead). Everything it
// needs is handed in (ToolsHost); the tools follow the run session.
// View ▸ Run on this computer's kernel (KernelTool) sits beside Real system,
// and View ▸ Time–sequence graph (a third tab under the panels) beside it,
// with File ▸ Open capture… drawing a capture's stream there and over the
// panels, and File ▸ Model this path / Close capture (CaptureTool); File ▸
// Export capture… writes the current scenario's capture (CaptureExport).
#pragma once

#include <QObject>
#include <functional>

#include "model/core/scenario.h"

#include "ui/session/run_snapshot.h"
#include "ui/shell/window_menus.h"

class QDockWidget;
class QMainWindow;
class QToolBar;

namespace inflight::ui {

class BridgePanel;
class CaptureExport;
class CaptureTool;
class CompareController;
class Dashboard;
class KernelTool;
class Playhead;
class RunSession;
class SweepWindow;
class TimeSequenceView;

// What the tools are installed into and listen to.
struct ToolsHost {
    QMainWindow* window = nullptr;  // docks, status bar, shortcuts, dialogs
    WindowMenus menus;              // the window's own menus, by identity
    RunSession* session = nullptr;  // the current finished run, requests
    Dashboard* dashboard = nullptr; // the panels the ghost is drawn on
    Playhead* playhead = nullptr;   // the time the real-system panel follows
    // Sets the controls to a scenario and runs it (Model this path); empty:
    // only the session is asked to run it.
    std::function<void(const Scenario&)> apply_scenario;
    // How an export's outcome is said (the window's banner and status bar);
    // empty: the status bar.
    std::function<void(bool ok, const QString& line)> report_export;
};

class AnalysisTools : public QObject {
    Q_OBJECT
public:
    explicit AnalysisTools(const ToolsHost& host);

    CompareController* compare() const { return compare_; }
    QDockWidget* compareDock() const { return compare_dock_; }
    BridgePanel* bridge() const { return bridge_; }
    QDockWidget* bridgeDock() const { return bridge_dock_; }
    TimeSequenceView* timeSequence() const { return tsg_; }
    QDockWidget* timeSequenceDock() const { return tsg_dock_; }
    // File ▸ Open capture…: asks for a file and draws it in the time–sequence view.
    void openCapture();
    // Opens `path` as that does, without asking (the command line, a drop).
    void openCapture(const QString& path);
    CaptureTool* captureTool() const { return capture_; }
    CaptureExport* captureExport() const { return capture_export_; }
    KernelTool* kernel() const { return kernel_; }
    QToolBar* toolBar() const { return toolbar_; }
    QMenu* compareMenu() const { return compare_menu_; }
    QMenu* toolsMenu() const { return tools_menu_; }
    // Opens (creating once) the sweep window on the current scenario.
    SweepWindow* openSweep();
    SweepWindow* sweepWindow() const { return sweep_; }
    // The presentation look on or off: the docked time–sequence graph's
    // marks and lines as thick as the panels' (its colours follow the palette).
    void setPresentation(bool on);

private:
    void buildMenus();
    void onRunFinished(SnapshotPtr run);

    ToolsHost host_;
    CompareController* compare_;
    QDockWidget* compare_dock_;
    BridgePanel* bridge_;
    QDockWidget* bridge_dock_;
    TimeSequenceView* tsg_;
    QDockWidget* tsg_dock_;
    KernelTool* kernel_;
    CaptureTool* capture_;
    CaptureExport* capture_export_;
    QToolBar* toolbar_;
    QMenu* compare_menu_ = nullptr;
    QMenu* tools_menu_ = nullptr;
    SweepWindow* sweep_ = nullptr;
};

}  // namespace inflight::ui
