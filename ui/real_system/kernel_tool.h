// View ▸ Real system ▸ Run on this computer's kernel: the current scenario,
// for the duration chosen in the bridge panel, on this machine's Linux TCP
// stack, off the UI thread (session/kernel_worker.h). The action is disabled,
// with the engine's one line of refusal as its tooltip, when a run cannot
// start (no CAP_NET_ADMIN + CAP_SYS_ADMIN, a rate above the emulator's honest
// limit, a missing algorithm). While the run measures, its series stream onto
// every panel as the compare controller's kernel overlay, the bridge panel
// and the status bar show "kernel: 7 s of 20 s" with Cancel, and the kernel's
// event log fills; the finished run joins the compare table and the exports.
// It stays there, over every later model run, until another kernel run
// replaces it, "Remove the kernel run" takes it away, or another experiment
// opens (a measurement of one lesson's path is not drawn over the next's).
#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

#include "ui/session/kernel_worker.h"

class QAction;
class QLabel;
class QMainWindow;
class QToolButton;
class QWidget;

namespace inflight::ui {

class BridgePanel;
class CompareController;
class RunSession;

class KernelTool : public QObject {
    Q_OBJECT
public:
    KernelTool(QMainWindow* window, RunSession* session, CompareController* compare, BridgePanel* panel);

    QAction* runAction() const { return run_; }
    QAction* cancelAction() const { return cancel_; }
    // Takes the kernel run off the panels, the table and the exports
    // (enabled while one is shown and none is measuring).
    QAction* removeAction() const { return remove_; }
    KernelRunner* runner() const { return runner_; }
    // Tests: another refusal check (then the action is re-evaluated).
    void setRefusal(KernelRefusal refusal);
    // The scenario the button would run now: the session's request with the
    // panel's duration.
    Scenario scenarioToRun() const;
    // Re-evaluates the action's state and tooltip.
    void refresh();
    // Starts the run (what the action does); false when it cannot start.
    bool start();
    // Cancels a run that is measuring and takes any kernel run off the
    // panels; says so in the status bar when there was one. Returns
    // whether there was one.
    bool removeRun();

signals:
    // A kernel run finished, not cancelled (the guide's kernel steps read it).
    void runFinished(inflight::ui::SnapshotPtr run);
    // The status bar and the bridge panel's line, for tests: progress and outcomes.
    void statusChanged(const QString& text);

private:
    void onProgress(const KernelSnapshotPtr& s);
    void onFinished(const KernelSnapshotPtr& s);
    // The last finished run back on the panels (a later run cancelled or failed).
    void showLastFinished();
    void onCancelled();
    void onFailed(const QString& message);
    void onRunningChanged(bool running);
    void setStatus(const QString& text);
    void refreshRemove();

    QMainWindow* window_;
    RunSession* session_;
    CompareController* compare_;
    BridgePanel* panel_;
    KernelRunner* runner_;
    KernelSnapshotPtr last_finished_;  // the newest kernel run that finished, if any
    QAction* run_;
    QAction* cancel_;
    QAction* remove_;
    QWidget* status_widget_;  // in the status bar while a run measures
    QLabel* status_label_;
    double scenario_duration_s_ = 0;  // the panel's duration follows it until changed
    // A change of the request re-evaluates the action once the controls rest:
    // any change to a toolbar action lays the whole window out again, too
    // dear on every step of a drag (start() checks the refusal anyway).
    QTimer refresh_later_;
};

}  // namespace inflight::ui
