#include "ui/real_system/kernel_tool.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QMainWindow>
#include <QStatusBar>
#include <QToolButton>
#include <cmath>

#include "app/formats/stack_words.h"
#include "ui/compare/compare_controller.h"
#include "ui/real_system/bridge_panel.h"
#include "ui/session/run_session.h"
#include "model/core/units.h"

namespace inflight::ui {

namespace {
// How long the request must rest before the action is re-evaluated.
constexpr int kRefreshAfterRestMs = 150;
QString seconds(double s) { return QString::number(std::floor(s + 1e-9), 'f', 0); }
}  // namespace

KernelTool::KernelTool(QMainWindow* window, RunSession* session, CompareController* compare, BridgePanel* panel)
    : QObject(window), window_(window), session_(session), compare_(compare), panel_(panel), runner_(new KernelRunner(this)) {
    setObjectName("kernel_tool");
    run_ = new QAction(tr("Run on this computer's &kernel"), this);
    run_->setShortcut(QKeySequence(tr("Ctrl+K")));
    connect(run_, &QAction::triggered, this, &KernelTool::start);
    cancel_ = new QAction(tr("Cancel the kernel run"), this);
    cancel_->setToolTip(tr("Stop the kernel run now; its namespaces are removed"));
    cancel_->setEnabled(false);
    connect(cancel_, &QAction::triggered, runner_, &KernelRunner::cancel);
    panel_->setKernelActions(run_, cancel_);
    remove_ = new QAction(tr("Remove the kernel run"), this);
    remove_->setToolTip(tr("Take the kernel's measured run off the panels, the compare table and the exports"));
    remove_->setEnabled(false);
    connect(remove_, &QAction::triggered, this, &KernelTool::removeRun);

    // While a run measures: "kernel: 7 s of 20 s [Cancel]" in the status bar,
    // whichever dock is in front.
    status_widget_ = new QWidget;
    auto* h = new QHBoxLayout(status_widget_);
    h->setContentsMargins(0, 0, 0, 0);
    status_label_ = new QLabel;
    auto* cancel = new QToolButton;
    cancel->setDefaultAction(cancel_);
    cancel->setText(tr("Cancel"));
    cancel->setAutoRaise(true);
    h->addWidget(status_label_);
    h->addWidget(cancel);
    window_->statusBar()->addPermanentWidget(status_widget_);
    status_widget_->hide();

    connect(runner_, &KernelRunner::runningChanged, this, &KernelTool::onRunningChanged);
    connect(runner_, &KernelRunner::progress, this, &KernelTool::onProgress);
    connect(runner_, &KernelRunner::finished, this, &KernelTool::onFinished);
    connect(runner_, &KernelRunner::cancelled, this, &KernelTool::onCancelled);
    connect(runner_, &KernelRunner::failed, this, &KernelTool::onFailed);
    // The refusal depends on the scenario (its rate, its algorithm).
    connect(session_, &RunSession::requestedChanged, this, [this](const Scenario& s) {
        QDoubleSpinBox* d = panel_->kernelDuration();
        if (std::abs(d->value() - scenario_duration_s_) < 1e-9) d->setValue(s.duration_s);
        scenario_duration_s_ = s.duration_s;
        refresh_later_.start();
    });
    refresh_later_.setSingleShot(true);
    refresh_later_.setInterval(kRefreshAfterRestMs);
    connect(&refresh_later_, &QTimer::timeout, this, &KernelTool::refresh);
    scenario_duration_s_ = session_->requested().duration_s;
    panel_->kernelDuration()->setValue(scenario_duration_s_);
    refresh();
}

void KernelTool::setRefusal(KernelRefusal refusal) {
    runner_->setRefusal(std::move(refusal));
    refresh();
}

Scenario KernelTool::scenarioToRun() const {
    Scenario s = session_->requested();
    s.duration_s = panel_->kernelDuration()->value();
    return s;
}

void KernelTool::refresh() {
    refresh_later_.stop();
    const std::optional<QString> why = runner_->refusal(scenarioToRun());
    const QString tip = why ? *why
                            : tr("Run this scenario on this computer's Linux TCP stack, in two private network "
                                 "namespaces joined by the app's path emulator, and draw what it measures on "
                                 "every panel beside the model (takes the duration in wall time)");
    // Only what changed: each change to the action relays the window out.
    if (run_->isEnabled() != !why) run_->setEnabled(!why);
    if (run_->toolTip() != tip) run_->setToolTip(tip);
    // The panel's button shows the action's tooltip (the reason when disabled).
    if (panel_->kernelButton()->toolTip() != tip) panel_->kernelButton()->setToolTip(tip);
}

bool KernelTool::start() {
    const Scenario s = scenarioToRun();
    if (const std::optional<QString> why = runner_->refusal(s)) {
        setStatus(tr("Cannot run on the kernel: %1").arg(*why));
        return false;
    }
    compare_->setKernel(nullptr);
    panel_->setKernelRun(nullptr);
    if (!runner_->start(s)) return false;
    setStatus(tr("kernel: 0 s of %1 s — setting up the namespaces").arg(seconds(s.duration_s)));
    return true;
}

bool KernelTool::removeRun() {
    const bool shown = compare_->kernel() != nullptr || runner_->running();
    // Forgotten first: a cancelled run shows the last finished one again.
    last_finished_ = nullptr;
    if (runner_->running()) runner_->cancel();
    compare_->setKernel(nullptr);
    panel_->setKernelRun(nullptr);
    refreshRemove();
    if (shown) setStatus(tr("The kernel run is removed from the panels"));
    return shown;
}

void KernelTool::refreshRemove() {
    const bool on = compare_->kernel() != nullptr && !runner_->running();
    if (remove_->isEnabled() != on) remove_->setEnabled(on);
}

void KernelTool::onProgress(const KernelSnapshotPtr& k) {
    compare_->setKernel(k);
    panel_->setKernelRun(k->run);
    setStatus(tr("kernel: %1 s of %2 s").arg(seconds(k->elapsed_s), seconds(k->duration_s)));
}

void KernelTool::onFinished(const KernelSnapshotPtr& k) {
    last_finished_ = k;
    if (!k->run->result.cancelled) emit runFinished(k->run);
    compare_->setKernel(k);
    panel_->setKernelRun(k->run);
    refreshRemove();
    const Summary& r = k->run->result.summary;
    const QString label = kernel_label(QString::fromStdString(k->facts.kernel_release));
    QString text = tr("%1: %2 s done — %3, mean RTT %4")
                       .arg(label, seconds(k->duration_s), QString::fromStdString(format_rate(r.throughput_bps)),
                            QString::fromStdString(format_time(r.mean_rtt_s)));
    if (!k->facts.honest) text += tr(" (the emulator fell behind: read with care)");
    if (k->facts.machine_busy)
        text += tr(" (this computer was busy: %1, which stretches the kernel's round trips: read with care)")
                    .arg(QString::fromStdString(kernel::cpu_wait_words(k->facts)));
    // The kernel has every Linux detail; a model run without some of them
    // is worth a word, and the way to change it. (Without all of them it is
    // the textbook.)
    const TcpDetails model_tcp = resolve_flow(k->run->result.scenario, 0).tcp;
    if (const auto missing = detail_names(model_tcp, false); !missing.empty()) {
        if (detail_names(model_tcp).empty()) {
            text += tr(" · the model beside it is the textbook: Stack Linux models what this kernel does");
        } else {
            QStringList names;
            for (const std::string& n : missing) names << QString::fromStdString(n);
            text += tr(" · the model beside it leaves out %1: Stack Linux models what this kernel does")
                        .arg(names.join(QStringLiteral(", ")));
        }
    }
    setStatus(text);
}

void KernelTool::showLastFinished() {
    // A run that did not finish leaves nothing of its own: the panels show
    // the last run that did (or none), as before it started.
    compare_->setKernel(last_finished_);
    panel_->setKernelRun(last_finished_ ? last_finished_->run : nullptr);
    refreshRemove();
}

void KernelTool::onCancelled() {
    showLastFinished();
    setStatus(last_finished_ ? tr("Kernel run cancelled; its namespaces are removed. The panels show the last "
                                  "finished kernel run.")
                             : tr("Kernel run cancelled; its namespaces are removed"));
}

void KernelTool::onFailed(const QString& message) {
    showLastFinished();
    setStatus(tr("The kernel run failed: %1").arg(message));
}

void KernelTool::onRunningChanged(bool running) {
    cancel_->setEnabled(running);
    status_widget_->setVisible(running);
    refreshRemove();
    refresh();
}

void KernelTool::setStatus(const QString& text) {
    panel_->setKernelStatus(text);
    status_label_->setText(text);
    if (!runner_->running()) window_->statusBar()->showMessage(text, 8000);
    emit statusChanged(text);
}

}  // namespace inflight::ui
