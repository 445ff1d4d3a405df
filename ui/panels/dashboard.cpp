#include "ui/panels/dashboard.h"

#include <algorithm>
#include <QChartView>
#include <QEvent>
#include <QHBoxLayout>
#include <QGroupBox>
#include <QVBoxLayout>

#include "ui/panels/chart_cursor.h"
#include "ui/panels/event_log_view.h"
#include "ui/panels/hero_panel.h"
#include "ui/panels/rtt_chart.h"
#include "ui/panels/throughput_chart.h"
#include "model/analysis/response_theory.h"
#include "ui/panels/window_chart.h"

namespace inflight::ui {

namespace {
QGroupBox* boxed(const QString& title, QWidget* content, QWidget* parent) {
    auto* box = new QGroupBox(title, parent);
    auto* l = new QVBoxLayout(box);
    l->setContentsMargins(2, 0, 2, 1);
    l->addWidget(content);
    return box;
}
}  // namespace

Dashboard::Dashboard(QWidget* parent) : QWidget(parent) {
    window_ = new WindowChart(this);
    rtt_ = new RttChart(this);
    hero_ = new HeroPanel(this);
    events_ = new EventLogView(this);
    // The hero number and its limit words across the top: the headline of
    // the lesson gets the whole width, so it is never cut. Under it two
    // columns: the window over the RTT (the pictures, wide), the delivery
    // rate over the event log. The columns are laid out apart, so a dock
    // that takes height from the window takes it first from the event log
    // (the least important panel, it scrolls) while the charts keep their
    // minimum heights.
    headline_ = boxed(QString(), hero_, this);  // the number needs no title
    headline_->setToolTip(tr("Throughput"));
    headline_->setObjectName("headline");
    headline_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    boxes_[0] = boxed(tr("Window vs the pipe"), window_, this);
    boxes_[1] = boxed(tr("Round-trip time"), rtt_, this);
    boxes_[2] = boxed(tr("Delivery rate"), hero_->rateWidget(), this);
    boxes_[3] = boxed(tr("Event log"), events_, this);
    auto* left = new QVBoxLayout;
    left->setSpacing(3);
    left->addWidget(boxes_[0], 1);
    left->addWidget(boxes_[1], 1);
    auto* right = right_ = new QVBoxLayout;
    right->setSpacing(3);
    right->addWidget(boxes_[2], 3);
    right->addWidget(boxes_[3], 2);
    auto* columns = new QHBoxLayout;
    columns->setSpacing(6);
    columns->addLayout(left, 3);
    columns->addLayout(right, 2);
    auto* top = new QVBoxLayout(this);
    top->setContentsMargins(4, 2, 4, 2);
    top->setSpacing(2);
    top->addWidget(headline_);
    top->addLayout(columns, 1);

    // With several flows the stacked throughput chart takes the delivery
    // rate's place in the same box (the hero shows one or the other).
    fitChartMinimums();
    // The event log is never hidden: squeezed, it keeps its counters whole
    // (its least height) and shows its rows again as soon as there is room
    // for one (EventLogView's compact form); the panel a step sends the
    // student to is always there.
    for (QChartView* v : {window_->view(), rtt_->view(), hero_->view(), hero_->throughputChart()->view()}) {
        auto* c = new ChartCursor(v);
        connect(c, &ChartCursor::scrubbed, this, &Dashboard::scrubbed);
        cursors_.push_back(c);
    }

    // The stacked throughput's columns follow the plot's width: a plot that
    // changed width draws the run on screen again (once the layout has
    // settled), that chart alone: the other panels and the event log's
    // fitted rows stay as they are.
    redraw_timer_.setSingleShot(true);
    redraw_timer_.setInterval(0);
    connect(&redraw_timer_, &QTimer::timeout, this, &Dashboard::redrawThroughput);
    connect(hero_->throughputChart(), &ThroughputChart::columnsChanged, &redraw_timer_, qOverload<>(&QTimer::start));
    frame_timer_.setSingleShot(true);
    connect(&frame_timer_, &QTimer::timeout, this, &Dashboard::drawPending);
    since_frame_end_.start();
}

QWidget* Dashboard::panel(Panel p) const { return boxes_[static_cast<int>(p)]; }
QWidget* Dashboard::headline() const { return headline_; }

void Dashboard::offer(SnapshotPtr snap) {
    // Only the newest frame waits. The finished run is the figure the user
    // waits for: not held for the rest of the interval, only for the paint
    // gap (it is the last frame anyway).
    const bool done = snap && snap->done;
    pending_ = std::move(snap);
    const int gap_ms = done ? std::min(kPaintGapMs, frame_interval_ms_) : frame_interval_ms_;
    const qint64 wait = gap_ms - since_frame_end_.elapsed();
    if (wait <= 0) {
        drawPending();
    } else if (!frame_timer_.isActive() || frame_timer_.remainingTime() > wait) {
        frame_timer_.start(static_cast<int>(wait));
    }
}

void Dashboard::showNow(SnapshotPtr snap) {
    frame_timer_.stop();
    pending_ = std::move(snap);
    drawPending();
}

void Dashboard::drawPending() {
    if (!pending_) return;
    shown_ = std::move(pending_);
    pending_.reset();
    const RunResult& r = shown_->result;
    // The laws of the flow that ran (with several flows the hero leaves them
    // off; a result that lists no flows, the real kernel's, ran the scenario's one).
    std::optional<TheoryLevels> theory;
    if (theory_)
        theory = r.flows.empty() ? theory_levels(r.scenario) : theory_levels(r.scenario, r.flows.front().flow);
    window_->setRun(r, theory);  // with several flows, the per-flow lines too
    rtt_->setRun(r);
    hero_->setSnapshot(*shown_);
    const QString rate_title = hero_->severalFlows() ? tr("Throughput per flow") : tr("Delivery rate");
    if (boxes_[2]->title() != rate_title) {
        boxes_[2]->setTitle(rate_title);
        fitRightColumn();
    }
    events_->setSnapshot(shown_);
    hero_->setTheory(theory);
    since_frame_end_.restart();
    emit frameShown(shown_->generation, shown_->done);
}

void Dashboard::fitRightColumn() {
    // The share bars take room of their own: with several flows the event
    // log keeps an equal part of the column (3 : 2 with one); a step that
    // sends the student to the log gives it all the room the rate box can spare.
    right_->setStretch(0, log_first_ ? 0 : hero_->severalFlows() ? 1 : 3);
    right_->setStretch(1, log_first_ ? 1 : hero_->severalFlows() ? 1 : 2);
}

void Dashboard::setEventLogFirst(bool on) {
    if (on == log_first_) return;
    log_first_ = on;
    events_->setLeastRows(on ? kLogFirstRows : 0);
    fitRightColumn();
}

void Dashboard::showRunError(const QString& message) { hero_->showError(message); }

void Dashboard::setBytes(bool bytes) { window_->setBytes(bytes); }

void Dashboard::setFitWindow(bool fit) {
    window_->setFitWindow(fit);
    rtt_->setFitSteady(fit);
    if (shown_) rtt_->setRun(shown_->result);
}

void Dashboard::redrawNewest() {
    // A frame still waiting for its turn is newer than the one on screen:
    // drawing the old one again in its place would drop it (and with it,
    // perhaps, the run's final frame, leaving a stale hero for good).
    SnapshotPtr newest = pending_ ? pending_ : shown_;
    if (newest) showNow(std::move(newest));
}

void Dashboard::redrawThroughput() {
    if (!shown_ || !hero_->severalFlows()) return;
    hero_->throughputChart()->setRun(shown_->result);
    emit throughputRedrawn();
}

void Dashboard::setTheory(bool on) {
    theory_ = on;
    if (shown_ || pending_) redrawNewest();
    else {
        window_->setTheory(std::nullopt);
        hero_->setTheory(std::nullopt);
    }
}

void Dashboard::setCursorTime(double t_s) {
    for (ChartCursor* c : cursors_) c->setTime(t_s);
    events_->followTime(t_s);
}

void Dashboard::hideCursor() {
    for (ChartCursor* c : cursors_) c->hide();
}

void Dashboard::setPresentation(bool on) {
    style_.presentation = on;
}

void Dashboard::fitChartMinimums() {
    // Each chart keeps a readable plot under its fonts.
    for (QChartView* v : {window_->view(), rtt_->view(), hero_->view(), hero_->throughputChart()->view()})
        v->setMinimumHeight(chart_view_min_height(v, kMinPlotPx));
}

void Dashboard::restyle() {
    for (ChartCursor* c : cursors_) c->restyle(style_);
    window_->restyle(style_);
    rtt_->restyle(style_);
    hero_->restyle(style_);
    fitChartMinimums();
    events_->restyle(style_);
    redrawNewest();
}

}  // namespace inflight::ui
