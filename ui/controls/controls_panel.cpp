#include "ui/controls/controls_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include "ui/controls/flow_list.h"
#include "ui/controls/param_slider.h"

namespace inflight::ui {

namespace {

QComboBox* combo(const QStringList& items, const QString& tip, QWidget* parent) {
    auto* c = new QComboBox(parent);
    c->addItems(items);
    c->setToolTip(tip);
    return c;
}

QLabel* heading(const QString& text, QWidget* parent) {
    auto* l = new QLabel(text, parent);
    QFont f = l->font();
    f.setBold(true);
    l->setFont(f);
    return l;
}

}  // namespace

ControlsPanel::ControlsPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(4);

    // Sender.
    auto* algo_row = new QFormLayout;
    algo_row->setContentsMargins(0, 0, 0, 0);
    algorithm_ = combo({tr("Reno"), tr("CUBIC"), tr("BBR")}, {}, this);
    algorithm_->setItemData(0, tr("Reno (RFC 5681): +1 segment per RTT, halve on a congestion event."),
                            Qt::ToolTipRole);
    algorithm_->setItemData(1, tr("CUBIC (RFC 9438): cubic growth back to the last maximum, β = 0.7. "
                                  "No HyStart: slow start runs until the first loss."),
                            Qt::ToolTipRole);
    algorithm_->setItemData(2, tr("BBR v1 (Linux tcp_bbr.c): paces to its own estimate of the bottleneck "
                                  "bandwidth and min RTT; loss does not enter its window law."),
                            Qt::ToolTipRole);
    algorithm_->setToolTip(tr("Congestion control. Reno: loss halves the window. CUBIC (RFC 9438, "
                              "modelled without HyStart): cubic regrowth, β = 0.7. BBR v1: a model of "
                              "the path (BtlBw × min_rtt), not a reaction to loss."));
    algo_row->addRow(tr("&Algorithm"), algorithm_);
    layout->addLayout(algo_row);

    // The flows sharing the path: one line until there are several.
    flows_ = new FlowList(this);
    layout->addWidget(flows_);

    layout->addWidget(heading(tr("Path"), this));
    bandwidth_ = new ParamSlider(tr("&Bandwidth"), Quantity::RateBps,
                                 ValueLadder::log(Limits::min_bandwidth_bps, Limits::max_bandwidth_bps_app),
                                 Limits::min_bandwidth_bps, Limits::max_bandwidth_bps_app,
                                 tr("Bottleneck link rate C. Sets the ceiling, not the speed: "
                                    "throughput = window / RTT, at most C."),
                                 this);
    bandwidth_->setRangeNote(tr("the window stops at %1 to stay interactive (a faster path takes many "
                                "seconds to simulate); the command line, inflight run --bandwidth, goes to %2")
                                 .arg(QString::fromStdString(format_value(Quantity::RateBps, Limits::max_bandwidth_bps_app)),
                                      QString::fromStdString(format_value(Quantity::RateBps, Limits::max_bandwidth_bps_cli))));
    rtt_ = new ParamSlider(tr("Base &RTT"), Quantity::TimeMs,
                           ValueLadder::log(Limits::min_rtt_s, Limits::max_rtt_s), Limits::min_rtt_s,
                           Limits::max_rtt_s,
                           tr("Propagation round-trip time with an empty queue (distance, not load)."), this);
    loss_ = new ParamSlider(tr("&Loss"), Quantity::LossFraction, [] {
                                auto l = ValueLadder::log(Limits::min_loss, Limits::max_loss, {1, 2, 3, 5});
                                l.insert(0.0);
                                return l;
                            }(),
                            Limits::min_loss, Limits::max_loss,
                            tr("Loss unrelated to congestion (a noisy radio link, a bad cable): "
                               "the fraction of data packets lost after the bottleneck. "
                               "Type “none” for a clean path."),
                            this);
    loss_pattern_ = combo({tr("evenly spaced"), tr("random")},
                          tr("Evenly spaced: exactly one packet in every 1/p is lost (the textbook "
                             "assumption). Random: each packet is lost with probability p; one run then "
                             "rests on few loss events and its figure wanders 15–25% with the seed."),
                          this);
    auto* pattern_row = new QFormLayout;
    pattern_row->setContentsMargins(0, 0, 0, 0);
    pattern_row->addRow(tr("Loss &pattern"), loss_pattern_);
    layout->addWidget(bandwidth_);
    layout->addWidget(rtt_);
    layout->addWidget(loss_);
    layout->addLayout(pattern_row);

    layout->addWidget(heading(tr("Windows"), this));
    rwnd_ = new ParamSlider(tr("Receive &window (rwnd)"), Quantity::Bytes,
                            ValueLadder::binary(Limits::min_window_bytes, Limits::max_window_bytes),
                            Limits::min_window_bytes, Limits::max_window_bytes,
                            tr("The receiver's advertised window: the most data it promises to take "
                               "unacknowledged. 65,535 B is the ceiling without the window-scaling "
                               "option (RFC 7323)."),
                            this);
    // The notch, with its exact figure; "64 KB" typed is 64,000 B and
    // "64 KiB" 65,536 B, either a little off the notch: said under the box.
    rwnd_->addNote(static_cast<double>(Limits::no_wscale_rwnd_bytes), tr("64 KB — no window scaling (65,535 B)"));
    for (double near : {64000.0, 65536.0})
        rwnd_->addHint(near, tr("not the notch: without window scaling rwnd is at most 65,535 B"));
    sndbuf_ = new ParamSlider(tr("&Send buffer"), Quantity::Bytes,
                              ValueLadder::binary(Limits::min_window_bytes, Limits::max_window_bytes),
                              Limits::min_window_bytes, Limits::max_window_bytes,
                              tr("The sender's socket buffer: unacknowledged data cannot exceed it "
                                 "(like SO_SNDBUF / tcp_wmem)."),
                              this);
    layout->addWidget(rwnd_);
    layout->addWidget(sndbuf_);

    layout->addWidget(heading(tr("Bottleneck queue"), this));
    buffer_ = new ParamSlider(tr("B&uffer"), Quantity::TimeMs,
                              ValueLadder::log(Limits::min_buffer_s, Limits::max_buffer_s),
                              Limits::min_buffer_s, Limits::max_buffer_s,
                              tr("Bottleneck buffer, in milliseconds of the link rate (B = C × time). "
                                 "The warm band in the window panel."),
                              this);
    layout->addWidget(buffer_);
    auto* aqm_row = new QHBoxLayout;
    aqm_ = combo({tr("tail drop"), tr("CoDel"), tr("fq_codel")},
                 tr("Queue discipline. Tail drop: drop when the buffer is full. CoDel (RFC 8289): drop "
                    "when packets have queued over 5 ms for 100 ms, whatever the buffer size. fq_codel "
                    "(RFC 8290): one CoDel queue per flow, served in turn, so a ping or a short transfer "
                    "does not wait behind a bulk flow's queue."),
                 this);
    ecn_ = new QCheckBox(tr("&ECN"), this);
    ecn_->setToolTip(tr("Explicit Congestion Notification (RFC 3168): CoDel marks packets instead of "
                        "dropping them; the sender reduces as for a loss but nothing is lost. "
                        "Tail drop still drops; BBR v1 ignores marks."));
    auto* aqm_label = new QLabel(tr("A&QM"), this);
    aqm_label->setBuddy(aqm_);
    aqm_row->addWidget(aqm_label);
    aqm_row->addWidget(aqm_, 1);
    aqm_row->addWidget(ecn_);
    layout->addLayout(aqm_row);

    // More, folded.
    more_button_ = new QToolButton(this);
    more_button_->setText(tr("&More"));
    more_button_->setCheckable(true);
    more_button_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    more_button_->setArrowType(Qt::RightArrow);
    more_button_->setAutoRaise(true);
    more_button_->setToolTip(tr("MSS, pacing, run duration and random seed"));
    layout->addWidget(more_button_);
    more_ = new QWidget(this);
    auto* more_layout = new QVBoxLayout(more_);
    more_layout->setContentsMargins(12, 0, 0, 0);
    auto* form = new QFormLayout;
    mss_ = combo({tr("1500 B (Ethernet)"), tr("9000 B (jumbo frames)")},
                 tr("Maximum segment size: the packet size. No header overhead is modelled."), more_);
    pacing_ = new QCheckBox(tr("spread packets over the RTT"), more_);
    pacing_->setToolTip(tr("Pacing (as Linux fq): packets leave no faster than the algorithm's pacing "
                           "rate instead of in ACK-clocked bursts. For BBR it removes the standing queue."));
    seed_ = new QSpinBox(more_);
    seed_->setRange(0, 1'000'000'000);
    seed_->setToolTip(tr("Seed of the random loss pattern and BBR's random start phase. Same settings, "
                         "same seed: the same picture."));
    form->addRow(tr("MSS"), mss_);
    form->addRow(tr("Pacin&g"), pacing_);
    more_layout->addLayout(form);
    duration_ = new ParamSlider(tr("&Duration"), Quantity::TimeS,
                                ValueLadder::log(Limits::min_duration_s, Limits::max_duration_s),
                                Limits::min_duration_s, Limits::max_duration_s,
                                tr("Simulated time. Averages are taken over the second half."), more_);
    more_layout->addWidget(duration_);
    auto* seed_form = new QFormLayout;
    seed_form->addRow(tr("S&eed"), seed_);
    more_layout->addLayout(seed_form);
    more_->setVisible(false);  // opened below, once connected: there is room at 1280×720
    layout->addWidget(more_);
    layout->addStretch(1);
    connect(more_button_, &QToolButton::toggled, this, [this](bool open) {
        more_->setVisible(open);
        more_button_->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    });

    more_button_->setChecked(true);
    setScenario(Scenario{});

    for (ParamSlider* p : {bandwidth_, rtt_, loss_, rwnd_, sndbuf_, buffer_, duration_})
        connect(p, &ParamSlider::valueChanged, this, &ControlsPanel::changed);
    for (QComboBox* c : {algorithm_, loss_pattern_, aqm_, mss_})
        connect(c, &QComboBox::currentIndexChanged, this, &ControlsPanel::changed);
    for (QCheckBox* c : {ecn_, pacing_}) connect(c, &QCheckBox::toggled, this, &ControlsPanel::changed);
    connect(seed_, &QSpinBox::valueChanged, this, &ControlsPanel::changed);
    connect(flows_, &FlowList::flowsEdited, this, &ControlsPanel::changed);
    connect(flows_, &FlowList::tableShownChanged, this, &ControlsPanel::widthWanted);
    connect(flows_, &FlowList::widthChanged, this, &ControlsPanel::widthWanted);
    connect(flows_, &FlowList::presetChosen, this, [this](FlowPreset p) {
        const Scenario s = apply_preset(p, scenario_);
        if (s == scenario_) return;
        setScenario(s);
        emit scenarioChanged(scenario_);
    });
}

void ControlsPanel::setSecondaryVisible(bool visible) {
    // Folded, not gone: a guided step may still ask for Pacing (presentation
    // mode folds More; leaving it opens More again if it was open).
    if (visible == secondary_visible_) return;
    secondary_visible_ = visible;
    if (!visible) {
        more_was_open_ = more_button_->isChecked();
        more_button_->setChecked(false);
    } else {
        more_button_->setChecked(more_was_open_);
    }
}

void ControlsPanel::setScenario(const Scenario& s) {
    updating_ = true;
    scenario_ = s;
    const QSignalBlocker b1(algorithm_), b2(loss_pattern_), b3(aqm_), b4(ecn_), b5(mss_), b6(pacing_),
        b7(seed_);
    algorithm_->setCurrentIndex(static_cast<int>(s.algorithm));
    bandwidth_->setValue(s.bandwidth_bps);
    rtt_->setValue(s.rtt_s);
    loss_->setValue(s.loss);
    loss_pattern_->setCurrentIndex(static_cast<int>(s.loss_pattern));
    rwnd_->setValue(static_cast<double>(s.rwnd_bytes));
    sndbuf_->setValue(static_cast<double>(s.sndbuf_bytes));
    buffer_->setValue(s.buffer_s);
    aqm_->setCurrentIndex(static_cast<int>(s.aqm));
    ecn_->setChecked(s.ecn);
    if (s.mss_bytes != 1500 && s.mss_bytes != 9000) {
        if (mss_->count() < 3) mss_->addItem(QString());
        mss_->setItemText(2, tr("%1 B (from file)").arg(s.mss_bytes));
        mss_->setCurrentIndex(2);
    } else {
        mss_->setCurrentIndex(s.mss_bytes == 9000 ? 1 : 0);
    }
    pacing_->setChecked(s.pacing);
    duration_->setValue(s.duration_s);
    seed_->setValue(static_cast<int>(std::min<std::uint64_t>(s.seed, 1'000'000'000)));
    flows_->setScenario(s);
    updating_ = false;
}

ParamSlider* ControlsPanel::slider(Param p) const {
    switch (p) {
    case Param::Bandwidth: return bandwidth_;
    case Param::Rtt: return rtt_;
    case Param::Loss: return loss_;
    case Param::Rwnd: return rwnd_;
    case Param::Sndbuf: return sndbuf_;
    case Param::Buffer: return buffer_;
    default: return nullptr;
    }
}

void ControlsPanel::changed() {
    if (updating_) return;
    Scenario s = scenario_;
    s.algorithm = static_cast<Algorithm>(algorithm_->currentIndex());
    s.bandwidth_bps = bandwidth_->value();
    s.rtt_s = rtt_->value();
    s.loss = loss_->value();
    s.loss_pattern = static_cast<LossPattern>(loss_pattern_->currentIndex());
    s.rwnd_bytes = static_cast<std::uint64_t>(std::llround(rwnd_->value()));
    s.sndbuf_bytes = static_cast<std::uint64_t>(std::llround(sndbuf_->value()));
    s.buffer_s = buffer_->value();
    s.aqm = static_cast<Aqm>(aqm_->currentIndex());
    s.ecn = ecn_->isChecked();
    if (mss_->currentIndex() < 2) s.mss_bytes = mss_->currentIndex() == 1 ? 9000 : 1500;
    s.pacing = pacing_->isChecked();
    s.duration_s = duration_->value();
    s.seed = static_cast<std::uint64_t>(seed_->value());
    s.flows = flows_->flows();
    // What the flows' unset keys show follows the path (RTT, algorithm).
    flows_->setDefaults(s);
    if (s == scenario_) return;
    scenario_ = s;
    emit scenarioChanged(scenario_);
}

}  // namespace inflight::ui
