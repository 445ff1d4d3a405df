// View ▸ Real system: the simulated flow in the words of Linux tools
// (model/bridge.h). (a) What `ss -ti` would print on the sender at a time —
// the playhead's when it is engaged, else the end of the run, or any time
// chosen here; (b) the commands that impose the scenario's path on real
// machines (router tc, sender and receiver sysctls) and measure it (iperf3).
// Each block is read-only monospace text with a Copy button.
// Above them, the kernel run (the logic is KernelTool's): "Run on this
// computer's kernel" for a duration, Cancel, the
// progress, and beside the blocks the kernel run's own event log.
#pragma once

#include <QWidget>

#include "ui/session/run_snapshot.h"

class QAction;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QSlider;
class QToolButton;

namespace inflight::ui {

class EventLogView;

class BridgePanel : public QWidget {
    Q_OBJECT
public:
    enum class Block { Ss, Router, Sender, Receiver, Iperf3 };
    static constexpr int kBlockCount = 5;

    explicit BridgePanel(QWidget* parent = nullptr);

    // A finished run; the time goes to its end. Null clears the panel.
    void setRun(SnapshotPtr run);
    SnapshotPtr run() const { return run_; }
    // The time of the ss line (clamped to the run).
    void setTime(double t_s);
    double time() const { return t_s_; }

    QString blockText(Block b) const;
    QToolButton* copyButton(Block b) const;
    QDoubleSpinBox* timeBox() const { return time_box_; }
    QSlider* timeSlider() const { return slider_; }

    // The kernel run's row: buttons for the actions, the duration (seconds
    // of wall time), a line of progress or outcome, and its event log
    // (hidden until a kernel run has events to show).
    void setKernelActions(QAction* run, QAction* cancel);
    QToolButton* kernelButton() const { return kernel_run_; }
    QToolButton* kernelCancelButton() const { return kernel_cancel_; }
    QDoubleSpinBox* kernelDuration() const { return kernel_duration_; }
    void setKernelStatus(const QString& text);
    QString kernelStatus() const;
    void setKernelRun(SnapshotPtr run);
    EventLogView* kernelEvents() const { return kernel_events_; }

signals:
    // The person moved the time here (the window sends the playhead there).
    void timeRequested(double t_s);

private:
    void showSsLine();
    void showCommands();
    void setBlock(Block b, const QString& text);

    SnapshotPtr run_;
    double t_s_ = 0;
    bool updating_ = false;
    QDoubleSpinBox* time_box_;
    QSlider* slider_;
    QPlainTextEdit* text_[kBlockCount];
    QToolButton* copy_[kBlockCount];
    QToolButton* kernel_run_;
    QToolButton* kernel_cancel_;
    QDoubleSpinBox* kernel_duration_;
    QLabel* kernel_status_;
    QWidget* kernel_log_box_;
    EventLogView* kernel_events_;
};

// One block's text, as the panel shows it: the ss line; the router's,
// sender's (with a note for unpaced BBR) and receiver's commands (ending in
// `iperf3 -s`), one per line; the iperf3 client line.
QString bridge_block_text(BridgePanel::Block b, const RunResult& r, double t_s);

}  // namespace inflight::ui
