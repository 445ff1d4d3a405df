#include "ui/real_system/bridge_panel.h"

#include <QApplication>
#include <QClipboard>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSlider>
#include <QTextOption>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "model/analysis/bridge.h"
#include "ui/panels/event_log_view.h"

namespace inflight::ui {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

QString lines(const std::vector<std::string>& v) {
    QStringList out;
    for (const std::string& l : v) out << q(l);
    return out.join(QLatin1Char('\n'));
}

constexpr int kSliderSteps = 1000;  // the slider's resolution over the run

struct BlockInfo {
    const char* title;
    const char* tip;
    int lines;  // text lines to make room for
};

constexpr BlockInfo kBlocks[BridgePanel::kBlockCount] = {
    {QT_TRANSLATE_NOOP("BridgePanel", "ss -ti on the sender"),
     QT_TRANSLATE_NOOP("BridgePanel", "What `ss -ti` would print for this flow at the chosen time, in iproute2's "
                                      "format: cwnd and ssthresh in packets, rtt/rttvar and minrtt in ms, the "
                                      "pacing and delivery rates, retransmissions; for BBR its model of the path"),
     3},
    {QT_TRANSLATE_NOOP("BridgePanel", "Router (IFACE faces the receiver)"),
     QT_TRANSLATE_NOOP("BridgePanel", "tc on a Linux box between sender and receiver: netem sets the base RTT "
                                      "(all on the data direction), the loss and the rate, with the buffer as "
                                      "its limit; with CoDel, tbf sets the rate and codel manages its queue"),
     4},
    {QT_TRANSLATE_NOOP("BridgePanel", "Sender (IFACE toward the router)"),
     QT_TRANSLATE_NOOP("BridgePanel", "The congestion control, the send buffer (tcp_wmem), ECN, and fq when "
                                      "pacing is on"),
     4},
    {QT_TRANSLATE_NOOP("BridgePanel", "Receiver"),
     QT_TRANSLATE_NOOP("BridgePanel", "The receive window: tcp_window_scaling=0 for 65,535 B, else tcp_rmem; "
                                      "then the iperf3 server"),
     4},
    {QT_TRANSLATE_NOOP("BridgePanel", "Measure (on the sender)"),
     QT_TRANSLATE_NOOP("BridgePanel", "The iperf3 client; compare its intervals in the second half with the "
                                      "model's steady-state figure (expect ~4% less: real packets carry headers)"),
     4},
};

}  // namespace

QString bridge_block_text(BridgePanel::Block b, const RunResult& r, double t_s) {
    const Scenario& s = r.scenario;
    switch (b) {
        case BridgePanel::Block::Ss: return lines(ss_lines(r, t_s));  // one line per TCP flow
        case BridgePanel::Block::Router: return lines(router_commands(s));
        case BridgePanel::Block::Sender: {
            std::vector<std::string> v = sender_commands(s);
            const ResolvedFlow first = resolve_flow(s, 0);
            if (first.kind == FlowKind::Tcp && first.algorithm == Algorithm::Bbr && !first.pacing)
                v.insert(v.begin(), "# Linux BBR always paces: this unpaced BBR has no real counterpart");
            return lines(v);
        }
        case BridgePanel::Block::Receiver: {
            std::vector<std::string> v = receiver_commands(s);
            for (const std::string& l : iperf3_server_commands(s)) v.push_back(l);
            return lines(v);
        }
        case BridgePanel::Block::Iperf3: return lines(iperf3_commands(s));  // iperf3 -P N, or one client per flow
    }
    return {};
}

BridgePanel::BridgePanel(QWidget* parent) : QWidget(parent) {
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    const int line = QFontMetrics(mono).lineSpacing();
    QWidget* heads[kBlockCount];
    for (int i = 0; i < kBlockCount; ++i) {
        auto* t = new QPlainTextEdit;
        t->setReadOnly(true);
        t->setFont(mono);
        // A command wraps between its words, never inside one (a word split
        // across lines reads as two); a word longer than the box scrolls.
        t->setLineWrapMode(QPlainTextEdit::WidgetWidth);
        t->setWordWrapMode(QTextOption::WordWrap);
        t->setToolTip(tr(kBlocks[i].tip));
        t->setFixedHeight(kBlocks[i].lines * line + 2 * t->frameWidth() + 2 * static_cast<int>(t->document()->documentMargin()) + 6);
        text_[i] = t;
        auto* c = new QToolButton;
        c->setText(tr("Copy"));
        c->setToolTip(tr("Copy this block to the clipboard"));
        c->setAutoRaise(true);
        connect(c, &QToolButton::clicked, this, [this, i] {
            QApplication::clipboard()->setText(text_[i]->toPlainText());
        });
        copy_[i] = c;
        // A block's head: its title, then its Copy button at the right.
        auto* head = new QWidget;
        auto* h = new QHBoxLayout(head);
        h->setContentsMargins(0, 0, 0, 0);
        auto* title = new QLabel(QStringLiteral("<b>%1</b>").arg(tr(kBlocks[i].title)));
        title->setToolTip(tr(kBlocks[i].tip));
        if (i == static_cast<int>(Block::Ss)) {  // the time goes between (below)
            h->addWidget(title);
            h->addStretch();
        } else {
            // Four heads side by side outgrow a 1280 px screen in the
            // presentation type: a title takes its column's width and wraps
            // between its words when that is too narrow.
            title->setWordWrap(true);
            h->addWidget(title, 1);
        }
        h->addWidget(c);
        heads[i] = head;
    }

    time_box_ = new QDoubleSpinBox;
    time_box_->setSuffix(tr(" s"));
    time_box_->setDecimals(2);
    time_box_->setSingleStep(0.1);
    time_box_->setKeyboardTracking(false);
    time_box_->setToolTip(tr("The time of the ss line; follows the playhead, and moves it"));
    slider_ = new QSlider(Qt::Horizontal);
    slider_->setRange(0, kSliderSteps);
    slider_->setToolTip(time_box_->toolTip());
    // The ss head carries the time: "ss -ti on the sender  at t = [  ] ——o——  Copy".
    auto* ss_head = qobject_cast<QHBoxLayout*>(heads[0]->layout());
    ss_head->insertWidget(1, new QLabel(tr("at t =")));
    ss_head->insertWidget(2, time_box_);
    ss_head->insertWidget(3, slider_, 1);
    delete ss_head->takeAt(4);  // the stretch: the slider takes the room

    // The kernel run: [Run on this computer's kernel] for [20 s] [Cancel]  progress.
    kernel_run_ = new QToolButton;
    kernel_run_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    kernel_cancel_ = new QToolButton;
    kernel_cancel_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    kernel_duration_ = new QDoubleSpinBox;
    kernel_duration_->setRange(1, 600);
    kernel_duration_->setDecimals(0);
    kernel_duration_->setSuffix(tr(" s"));
    kernel_duration_->setValue(20);
    kernel_duration_->setToolTip(tr("How long the kernel run lasts, in wall time (the scenario's duration "
                                    "unless you change it; 20 s is plenty for most paths)"));
    kernel_status_ = new QLabel;
    kernel_status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* kernel_row = new QWidget;
    auto* k = new QHBoxLayout(kernel_row);
    k->setContentsMargins(0, 2, 0, 2);
    k->addWidget(kernel_run_);
    k->addWidget(new QLabel(tr("for")));
    k->addWidget(kernel_duration_);
    k->addWidget(kernel_cancel_);
    k->addWidget(kernel_status_, 1);

    // The kernel run's event log: congestion events (where the kernel
    // retransmits) and the emulator's drops, as the model's log shows them.
    kernel_events_ = new EventLogView;
    kernel_log_box_ = new QWidget;
    auto* log = new QVBoxLayout(kernel_log_box_);
    log->setContentsMargins(0, 0, 0, 0);
    log->setSpacing(0);
    auto* log_title = new QLabel(tr("<b>Events measured on the kernel</b>"));
    log_title->setToolTip(tr("The kernel run's congestion events (entries into loss recovery, where the kernel "
                             "retransmits; Linux does not report each retransmission, so the count is "
                             "tcpi_total_retrans) and the path emulator's drops"));
    log->addWidget(log_title);
    log->addWidget(kernel_events_, 1);
    kernel_log_box_->setMinimumWidth(320);
    kernel_log_box_->hide();

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(4, 0, 4, 2);
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(0);
    grid->addWidget(kernel_row, 0, 0, 1, 4);
    const int ss = static_cast<int>(Block::Ss);
    grid->addWidget(heads[ss], 1, 0, 1, 4);
    grid->addWidget(text_[ss], 2, 0, 1, 4);
    // Router and sender lines are long; the receiver's and iperf3's short.
    const Block commands[] = {Block::Router, Block::Sender, Block::Receiver, Block::Iperf3};
    const int stretch[] = {3, 3, 2, 2};
    for (int c = 0; c < 4; ++c) {
        const int i = static_cast<int>(commands[c]);
        grid->addWidget(heads[i], 3, c);
        grid->addWidget(text_[i], 4, c);
        grid->setColumnStretch(c, stretch[c]);
    }
    grid->addWidget(kernel_log_box_, 0, 4, 6, 1);
    grid->setColumnStretch(4, 0);  // the log's column takes room only while it shows (setKernelRun)
    grid->setRowStretch(5, 1);

    connect(time_box_, &QDoubleSpinBox::valueChanged, this, [this](double t) {
        if (updating_) return;
        setTime(t);
        emit timeRequested(t_s_);
    });
    connect(slider_, &QSlider::valueChanged, this, [this](int v) {
        if (updating_ || !run_) return;
        setTime(run_->result.scenario.duration_s * v / kSliderSteps);
        emit timeRequested(t_s_);
    });
    setRun(nullptr);
}

void BridgePanel::setKernelActions(QAction* run, QAction* cancel) {
    kernel_run_->setDefaultAction(run);
    kernel_cancel_->setDefaultAction(cancel);
}

void BridgePanel::setKernelStatus(const QString& text) { kernel_status_->setText(text); }
QString BridgePanel::kernelStatus() const { return kernel_status_->text(); }

void BridgePanel::setKernelRun(SnapshotPtr run) {
    kernel_log_box_->setVisible(run != nullptr);
    // Hidden, its column would still keep its share of the width, empty.
    if (auto* grid = qobject_cast<QGridLayout*>(layout())) grid->setColumnStretch(4, run ? 3 : 0);
    kernel_events_->setSnapshot(std::move(run));
}

void BridgePanel::setBlock(Block b, const QString& text) {
    QPlainTextEdit* t = text_[static_cast<int>(b)];
    if (t->toPlainText() != text) t->setPlainText(text);
}

QString BridgePanel::blockText(Block b) const { return text_[static_cast<int>(b)]->toPlainText(); }
QToolButton* BridgePanel::copyButton(Block b) const { return copy_[static_cast<int>(b)]; }

void BridgePanel::setRun(SnapshotPtr run) {
    run_ = std::move(run);
    const bool on = run_ != nullptr;
    time_box_->setEnabled(on);
    slider_->setEnabled(on);
    for (QToolButton* c : copy_) c->setEnabled(on);
    if (!on) {
        for (int i = 0; i < kBlockCount; ++i) setBlock(static_cast<Block>(i), QString());
        text_[0]->setPlaceholderText(tr("The run is still going; the ss line appears when it finishes."));
        return;
    }
    updating_ = true;
    time_box_->setRange(0, run_->result.scenario.duration_s);
    updating_ = false;
    showCommands();
    setTime(run_->result.scenario.duration_s);
}

void BridgePanel::setTime(double t_s) {
    if (!run_) return;
    const double duration = run_->result.scenario.duration_s;
    t_s_ = std::clamp(t_s, 0.0, duration);
    updating_ = true;
    time_box_->setValue(t_s_);
    slider_->setValue(static_cast<int>(std::lround(kSliderSteps * t_s_ / std::max(duration, 1e-9))));
    updating_ = false;
    showSsLine();
}

void BridgePanel::showSsLine() { setBlock(Block::Ss, bridge_block_text(Block::Ss, run_->result, t_s_)); }

void BridgePanel::showCommands() {
    for (Block b : {Block::Router, Block::Sender, Block::Receiver, Block::Iperf3})
        setBlock(b, bridge_block_text(b, run_->result, t_s_));
}

}  // namespace inflight::ui
