// The time–sequence dock's content (tsg_view.h).
#include "ui/time_sequence/tsg_view.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QAction>
#include <QVBoxLayout>

#include "model/core/flow_spec.h"
#include "ui/time_sequence/tsg_chart.h"
#include "ui/time_sequence/tsg_render.h"

namespace inflight::ui {

TimeSequenceView::TimeSequenceView(QWidget* parent) : QWidget(parent), loader_(new TsgLoader(this)) {
    setObjectName("time_sequence_view");
    title_ = new QLabel(this);
    title_->setObjectName("tsg_title");
    title_->setTextFormat(Qt::PlainText);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    // The buttons keep their room: a long title is cut (its tooltip has it all).
    title_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    title_->setMinimumWidth(40);
    flow_label_ = new QLabel(tr("Flow"), this);
    QLabel* flow_label = flow_label_;
    flow_ = new QSpinBox(this);
    flow_->setObjectName("tsg_flow");
    flow_->setRange(1, 1);
    flow_->setToolTip(tr("The flow whose first connection is drawn"));
    flow_label->setBuddy(flow_);
    back_ = new QPushButton(tr("Back to the run"), this);
    back_->setToolTip(tr("Draw the current scenario's flow again instead of the capture"));
    back_->hide();
    reset_ = new QPushButton(tr("Whole connection"), this);
    reset_->setToolTip(tr("Zoom out to the whole connection (or double-click the graph)"));
    progress_ = new QProgressBar(this);
    progress_->setMaximumWidth(160);
    progress_->hide();
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->hide();
    auto* row = new QHBoxLayout;
    row_ = row;
    row->addWidget(title_, 1);
    row->addWidget(progress_);
    row->addWidget(cancel_);
    row->addWidget(flow_label);
    row->addWidget(flow_);
    row->addWidget(back_);
    row->addWidget(reset_);
    chart_ = new TimeSequenceChart(this);
    // Squeezed (a low dock, the presentation type), the graph gives up
    // height before the summary line under it does.
    chart_->setMinimumHeight(120);
    summary_ = new QLabel(this);
    summary_->setObjectName("tsg_summary");
    summary_->setTextFormat(Qt::PlainText);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    message_ = new QLabel(this);
    message_->setObjectName("tsg_message");
    message_->setTextFormat(Qt::PlainText);
    message_->setWordWrap(true);
    message_->setStyleSheet(QStringLiteral("color: #c0392b;"));
    message_->hide();
    comparison_ = new QLabel(this);
    comparison_->setObjectName("tsg_comparison");
    comparison_->setTextFormat(Qt::PlainText);
    comparison_->setWordWrap(true);
    comparison_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    comparison_->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(row);
    layout->addWidget(message_);
    // Model vs capture over the graph, where a low dock still shows it.
    layout->addWidget(comparison_);
    layout->addWidget(chart_, 1);
    layout->addWidget(summary_);

    connect(flow_, &QSpinBox::valueChanged, this, [this] {
        if (!capture_) {
            stale_ = true;
            if (live_) drawRun();
        }
    });
    connect(back_, &QPushButton::clicked, this, &TimeSequenceView::showRun);
    connect(reset_, &QPushButton::clicked, chart_, &TimeSequenceChart::resetZoom);
    connect(cancel_, &QPushButton::clicked, loader_, &TsgLoader::cancel);
    connect(loader_, &TsgLoader::busyChanged, this, [this](bool busy) {
        cancel_->setVisible(busy);
        progress_->setVisible(busy);
    });
    connect(loader_, &TsgLoader::progress, this, [this](double f) {
        if (f < 0) {
            progress_->setRange(0, 0);  // a run: busy, no fraction
        } else {
            progress_->setRange(0, 100);
            progress_->setValue(static_cast<int>(f * 100));
        }
    });
    connect(loader_, &TsgLoader::loaded, this, &TimeSequenceView::onLoaded);
    connect(loader_, &TsgLoader::failed, this, [this](const QString& why) {
        setMessage(why);
        if (capture_ && !shown_capture_) {  // the run's graph is still the one shown
            capture_ = false;
            back_->hide();
            flow_->show();
            flow_label_->show();
        }
    });
    connect(loader_, &TsgLoader::cancelled, this, [this] {
        setMessage(tr("Cancelled; the graph shown is the one before"));
        if (capture_ && !shown_capture_) {  // the run's graph is still the one shown
            capture_ = false;
            back_->hide();
            flow_->show();
            flow_label_->show();
        }
    });
}

void TimeSequenceView::showRun() {
    if (!capture_) return;
    capture_ = false;
    back_->hide();
    flow_->show();
    flow_label_->show();
    stale_ = true;
    drawRun();
}

void TimeSequenceView::addCaptureActions(const QList<QAction*>& actions) {
    int at = row_->indexOf(back_);
    for (QAction* a : actions) {
        auto* b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setVisible(a->isEnabled());
        connect(a, &QAction::changed, b, [a, b] { b->setVisible(a->isEnabled()); });
        row_->insertWidget(at++, b);
    }
}

void TimeSequenceView::setComparison(const QString& text) {
    comparison_->setText(text);
    comparison_->setVisible(!text.isEmpty());
}

QString TimeSequenceView::comparison() const { return comparison_->text(); }

void TimeSequenceView::setScenario(const Scenario& s) {
    scenario_ = s;
    has_scenario_ = true;
    stale_ = true;
    updateFlows();
    if (live_ && !capture_) drawRun();
}

void TimeSequenceView::setLive(bool shown) {
    live_ = shown;
    if (live_ && !capture_ && stale_) drawRun();
}

void TimeSequenceView::updateFlows() {
    const int n = static_cast<int>(resolve_flows(scenario_).size());
    const QSignalBlocker quiet(flow_);
    flow_->setRange(1, std::max(1, n));
}

void TimeSequenceView::drawRun() {
    if (!has_scenario_ || capture_) return;
    stale_ = false;
    setMessage(QString());
    loader_->runModel(scenario_, flow_->value() - 1);
}

void TimeSequenceView::openCapture(const QString& path) {
    capture_ = true;
    shown_capture_ = shown_capture_ && chart_->graph();
    back_->show();
    // A capture's stream is chosen by the file, not by a flow of the run.
    flow_->hide();
    flow_label_->hide();
    setMessage(QString());
    loader_->readCapture(path);
}

void TimeSequenceView::onLoaded(const TsgLoadPtr& load) {
    setMessage(QString());
    title_->setText(load->from_capture ? load->title : tr("%1, its first connection").arg(load->title));
    title_->setToolTip(load->from_capture ? load->path : QString());
    const QString counts = time_sequence_counts(*load->graph);
    summary_->setText(load->summary.isEmpty() ? counts : load->summary + QStringLiteral("\n") + counts);
    chart_->setGraph(load->graph);
    shown_capture_ = load->from_capture;
    emit drawn();
}

void TimeSequenceView::setMessage(const QString& text) {
    message_->setText(text);
    message_->setVisible(!text.isEmpty());
}

QString TimeSequenceView::message() const { return message_->text(); }
QString TimeSequenceView::summary() const { return summary_->text(); }
QString TimeSequenceView::title() const { return title_->text(); }

}  // namespace inflight::ui
