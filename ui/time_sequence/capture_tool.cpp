// A capture over the panels and Model this path (capture_tool.h).
#include "ui/time_sequence/capture_tool.h"

#include <QAction>
#include <QFileInfo>
#include <QKeySequence>
#include <QMainWindow>
#include <QStatusBar>
#include <QTimer>

#include "ui/compare/compare_controller.h"
#include "ui/session/run_session.h"
#include "ui/time_sequence/capture_differences.h"
#include "ui/time_sequence/tsg_view.h"

namespace inflight::ui {

CaptureTool::CaptureTool(QMainWindow* window, RunSession* session, CompareController* compare, TimeSequenceView* view,
                         Apply apply)
    : QObject(window), window_(window), session_(session), compare_(compare), view_(view), apply_(std::move(apply)) {
    setObjectName("capture_tool");
    model_ = new QAction(tr("&Model this path"), this);
    model_->setObjectName("model_this_path");
    model_->setShortcut(QKeySequence(tr("Ctrl+M")));
    model_->setToolTip(tr("Open a capture first (File ▸ Open capture…)"));
    model_->setEnabled(false);
    connect(model_, &QAction::triggered, this, &CaptureTool::modelPath);
    close_ = new QAction(tr("C&lose capture"), this);
    close_->setToolTip(tr("Stop drawing the capture over the panels"));
    close_->setEnabled(false);
    connect(close_, &QAction::triggered, this, &CaptureTool::closeCapture);
    view_->addCaptureActions({model_, close_});

    connect(view_->loader(), &TsgLoader::loaded, this, &CaptureTool::onLoaded);
    connect(session_, &RunSession::currentChanged, this, &CaptureTool::compareWith);
}

QString CaptureTool::label() const { return capture_ ? QFileInfo(capture_->path).fileName() : QString(); }

void CaptureTool::onLoaded(const TsgLoadPtr& load) {
    if (!load->from_capture || !load->run) return;
    capture_ = load;
    compare_->setCapture(load->run, label());
    close_->setEnabled(true);
    if (load->estimate) {
        model_->setEnabled(true);
        model_->setToolTip(tr("Set the controls to the path estimated from %1 — %2 — and run the model beside it")
                               .arg(label(), QString::fromStdString(capture::path_estimate_words(*load->estimate))));
    } else {
        model_->setEnabled(false);
        model_->setToolTip(tr("The path cannot be estimated: %1").arg(load->estimate_error));
    }
    view_->setComparison(QString());
    if (const SnapshotPtr run = session_->current()) compareWith(run);
    say(tr("%1 drawn over the panels (%2); File ▸ Model this path sets the controls to its path")
            .arg(label(), load->summary));
}

bool CaptureTool::modelPath() {
    if (!capture_) {
        say(tr("Open a capture first (File ▸ Open capture…)"));
        return false;
    }
    if (!capture_->estimate) {
        say(tr("The path of %1 cannot be estimated: %2").arg(label(), capture_->estimate_error));
        return false;
    }
    std::vector<std::string> adjusted;
    const Scenario s =
        capture::path_scenario(*capture_->estimate, session_->requested(), Limits::max_bandwidth_bps_app, &adjusted);
    apply_(s);
    modelled_generation_ = session_->generation();
    QString text = tr("Modelling the path of %1: %2")
                       .arg(label(), QString::fromStdString(capture::path_estimate_words(*capture_->estimate)));
    if (capture_->estimate->application && !s.flows.empty())
        text += tr("; its request/response flow: %1")
                    .arg(QString::fromStdString(capture::application_words(*capture_->estimate->application)));
    for (const std::string& line : adjusted) text += QStringLiteral("; ") + QString::fromStdString(line);
    say(text);
    return true;
}

void CaptureTool::closeCapture() {
    if (!capture_) return;
    const QString was = label();
    capture_.reset();
    compare_->setCapture(nullptr);
    model_->setEnabled(false);
    model_->setToolTip(tr("Open a capture first (File ▸ Open capture…)"));
    close_->setEnabled(false);
    view_->setComparison(QString());
    view_->showRun();
    say(tr("%1 closed").arg(was), 4000);
}

void CaptureTool::compareWith(const SnapshotPtr& run) {
    if (!capture_ || !run) return;
    const QStringList lines = capture_differences(run->result, capture_->run->result, label());
    view_->setComparison(lines.join(QStringLiteral("\n")));
    if (modelled_generation_ != 0 && run->generation == modelled_generation_) {
        modelled_generation_ = 0;
        // After the window's own "simulated in" line for the same run.
        QTimer::singleShot(0, this, [this, line = lines.first()] { say(line, 15000); });
    }
}

void CaptureTool::say(const QString& text, int ms) {
    window_->statusBar()->showMessage(text, ms);
    emit said(text);
}

}  // namespace inflight::ui
