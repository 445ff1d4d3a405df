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
#include "model/core/parameters.h"
#include "model/core/units.h"

namespace inflight::ui {

namespace {

// A parameter's label and help, from the parameter table.
QString label(Param p) { return QString::fromUtf8(param_row(p).label); }
QString help(Param p) { return QString::fromUtf8(param_row(p).help); }

// A Choice parameter's combo box: one item per choice in the table, its name
// as the item's data (so an item maps to a value by name, never by position).
QComboBox* choice_combo(Param p, QWidget* parent) {
    auto* c = new QComboBox(parent);
    for (const ParamChoice& choice : param_row(p).choices) {
        c->addItem(QString::fromUtf8(choice.label), QString::fromUtf8(choice.name));
        if (*choice.help) c->setItemData(c->count() - 1, QString::fromUtf8(choice.help), Qt::ToolTipRole);
    }
    c->setToolTip(help(p));
    return c;
}

void show_choice(QComboBox* c, const Scenario& s, Param p) {
    c->setCurrentIndex(c->findData(QString::fromUtf8(choice_name(s, p))));
}

void take_choice(QComboBox* c, Scenario& s, Param p) {
    const std::string name = c->currentData().toString().toStdString();
    for (const ParamChoice& choice : param_row(p).choices)
        if (name == choice.name) set_number(s, p, choice.value);
}

// The MSS choices of the window: an explicit list of sizes (a file may set
// any other, shown as a third item).
struct MssChoice {
    std::uint32_t bytes;
    const char* label;
};
constexpr MssChoice kMssChoices[] = {{1500, "1500 B (Ethernet)"}, {9000, "9000 B (jumbo frames)"}};

// The Linux details with a switch of their own under More, in the table's order.
constexpr Param kDetailParams[] = {Param::BbrPacing, Param::BbrHeadroom, Param::Hystart, Param::DelayedAcks,
                                   Param::Autotuning, Param::Prr, Param::SlowStartRoom};

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
    algorithm_ = choice_combo(Param::Algorithm, this);
    algo_row->addRow(label(Param::Algorithm), algorithm_);
    stack_ = choice_combo(Param::Stack, this);
    algo_row->addRow(label(Param::Stack), stack_);
    layout->addLayout(algo_row);

    // The flows sharing the path: one line until there are several.
    flows_ = new FlowList(this);
    layout->addWidget(flows_);

    layout->addWidget(heading(tr("Path"), this));
    bandwidth_ = new ParamSlider(label(Param::Bandwidth), Quantity::RateBps,
                                 ValueLadder::log(Limits::min_bandwidth_bps, Limits::max_bandwidth_bps_app),
                                 Limits::min_bandwidth_bps, Limits::max_bandwidth_bps_app, help(Param::Bandwidth),
                                 this);
    bandwidth_->setRangeNote(tr("the window stops at %1 to stay interactive (a faster path takes many "
                                "seconds to simulate); the command line, inflight run --bandwidth, goes to %2")
                                 .arg(QString::fromStdString(format_value(Quantity::RateBps, Limits::max_bandwidth_bps_app)),
                                      QString::fromStdString(format_value(Quantity::RateBps, Limits::max_bandwidth_bps_cli))));
    rtt_ = new ParamSlider(label(Param::Rtt), Quantity::TimeMs,
                           ValueLadder::log(Limits::min_rtt_s, Limits::max_rtt_s), Limits::min_rtt_s,
                           Limits::max_rtt_s, help(Param::Rtt), this);
    loss_ = new ParamSlider(label(Param::Loss), Quantity::LossFraction, [] {
                                auto l = ValueLadder::log(Limits::min_loss, Limits::max_loss, {1, 2, 3, 5});
                                l.insert(0.0);
                                return l;
                            }(),
                            Limits::min_loss, Limits::max_loss, help(Param::Loss), this);
    loss_pattern_ = choice_combo(Param::LossPattern, this);
    auto* pattern_row = new QFormLayout;
    pattern_row->setContentsMargins(0, 0, 0, 0);
    pattern_row->addRow(label(Param::LossPattern), loss_pattern_);
    layout->addWidget(bandwidth_);
    layout->addWidget(rtt_);
    layout->addWidget(loss_);
    layout->addLayout(pattern_row);

    layout->addWidget(heading(tr("Windows"), this));
    rwnd_ = new ParamSlider(label(Param::Rwnd), Quantity::Bytes,
                            ValueLadder::binary(Limits::min_window_bytes, Limits::max_window_bytes),
                            Limits::min_window_bytes, Limits::max_window_bytes, help(Param::Rwnd), this);
    // The notch, with its exact figure; "64 KB" typed is 64,000 B and
    // "64 KiB" 65,536 B, either a little off the notch: said under the box.
    rwnd_->addNote(static_cast<double>(Limits::no_wscale_rwnd_bytes), tr("64 KB — no window scaling (65,535 B)"));
    for (double near : {64000.0, 65536.0})
        rwnd_->addHint(near, tr("not the notch: without window scaling rwnd is at most 65,535 B"));
    sndbuf_ = new ParamSlider(label(Param::Sndbuf), Quantity::Bytes,
                              ValueLadder::binary(Limits::min_window_bytes, Limits::max_window_bytes),
                              Limits::min_window_bytes, Limits::max_window_bytes, help(Param::Sndbuf), this);
    layout->addWidget(rwnd_);
    layout->addWidget(sndbuf_);

    layout->addWidget(heading(tr("Bottleneck queue"), this));
    buffer_ = new ParamSlider(label(Param::Buffer), Quantity::TimeMs,
                              ValueLadder::log(Limits::min_buffer_s, Limits::max_buffer_s),
                              Limits::min_buffer_s, Limits::max_buffer_s, help(Param::Buffer), this);
    layout->addWidget(buffer_);
    auto* aqm_row = new QHBoxLayout;
    aqm_ = choice_combo(Param::Aqm, this);
    ecn_ = new QCheckBox(label(Param::Ecn), this);
    ecn_->setToolTip(help(Param::Ecn));
    auto* aqm_label = new QLabel(label(Param::Aqm), this);
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
    more_button_->setToolTip(tr("MSS, pacing, run duration, random seed and Linux's details one by one"));
    layout->addWidget(more_button_);
    more_ = new QWidget(this);
    auto* more_layout = new QVBoxLayout(more_);
    more_layout->setContentsMargins(12, 0, 0, 0);
    auto* form = new QFormLayout;
    mss_ = new QComboBox(more_);
    for (const MssChoice& m : kMssChoices) mss_->addItem(tr(m.label), m.bytes);
    mss_->setToolTip(help(Param::Mss));
    pacing_ = new QCheckBox(tr("spread packets over the RTT"), more_);
    pacing_->setToolTip(help(Param::Pacing));
    seed_ = new QSpinBox(more_);
    seed_->setRange(0, 1'000'000'000);
    seed_->setToolTip(help(Param::Seed));
    form->addRow(label(Param::Mss), mss_);
    form->addRow(label(Param::Pacing), pacing_);
    more_layout->addLayout(form);
    duration_ = new ParamSlider(label(Param::Duration), Quantity::TimeS,
                                ValueLadder::log(Limits::min_duration_s, Limits::max_duration_s),
                                Limits::min_duration_s, Limits::max_duration_s, help(Param::Duration), more_);
    more_layout->addWidget(duration_);
    auto* seed_form = new QFormLayout;
    seed_form->addRow(label(Param::Seed), seed_);
    more_layout->addLayout(seed_form);
    // Linux's details, each its own switch: "as the stack" follows Stack above.
    more_layout->addWidget(heading(tr("Linux details"), more_));
    auto* details_form = new QFormLayout;
    for (Param p : kDetailParams) {
        QComboBox* c = choice_combo(p, more_);
        details_.push_back(c);
        details_form->addRow(label(p), c);
    }
    rcvbuf_ = new QComboBox(more_);
    rcvbuf_->addItem(tr("not set (autotuning)"), QVariant::fromValue<qulonglong>(0));
    for (std::uint64_t kib : {64, 256, 1024, 4096})
        rcvbuf_->addItem(QString::fromStdString(format_size_short(kib * 1024)), QVariant::fromValue<qulonglong>(kib * 1024));
    rcvbuf_->setToolTip(help(Param::Rcvbuf));
    details_form->addRow(label(Param::Rcvbuf), rcvbuf_);
    more_layout->addLayout(details_form);
    more_->setVisible(false);  // opened below, once connected: there is room at 1280×720
    layout->addWidget(more_);
    layout->addStretch(1);
    connect(more_button_, &QToolButton::toggled, this, [this](bool open) {
        more_->setVisible(open);
        more_button_->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        // Its rows may ask for a wider column than the folded controls did
        // (presenting, their type is larger): the fields were cut to
        // "50 Mbit/" and "40 m" until the next run.
        emit widthWanted();
    });

    more_button_->setChecked(true);
    setScenario(Scenario{});

    for (ParamSlider* p : {bandwidth_, rtt_, loss_, rwnd_, sndbuf_, buffer_, duration_})
        connect(p, &ParamSlider::valueChanged, this, &ControlsPanel::changed);
    for (QComboBox* c : {algorithm_, stack_, loss_pattern_, aqm_, mss_, rcvbuf_})
        connect(c, &QComboBox::currentIndexChanged, this, &ControlsPanel::changed);
    for (QComboBox* c : details_) connect(c, &QComboBox::currentIndexChanged, this, &ControlsPanel::changed);
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
    flows_->setDefaultsFolded(!visible);
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
        b7(seed_), b8(stack_), b9(rcvbuf_);
    show_choice(algorithm_, s, Param::Algorithm);
    show_choice(stack_, s, Param::Stack);
    for (std::size_t i = 0; i < details_.size(); ++i) {
        const QSignalBlocker block(details_[i]);
        show_choice(details_[i], s, kDetailParams[i]);
    }
    // A size not in the list (from a file or the command line) gets its own item.
    const int listed = 5;
    const QVariant rcvbuf = QVariant::fromValue<qulonglong>(s.rcvbuf_bytes);
    if (rcvbuf_->findData(rcvbuf) < 0 || rcvbuf_->findData(rcvbuf) == listed) {
        if (rcvbuf_->count() == listed) rcvbuf_->addItem(QString());
        rcvbuf_->setItemText(listed, tr("%1 (from file)").arg(QString::fromStdString(format_size_short(s.rcvbuf_bytes))));
        rcvbuf_->setItemData(listed, rcvbuf);
        rcvbuf_->setCurrentIndex(listed);
    } else {
        rcvbuf_->setCurrentIndex(rcvbuf_->findData(rcvbuf));
    }
    bandwidth_->setValue(s.bandwidth_bps);
    rtt_->setValue(s.rtt_s);
    loss_->setValue(s.loss);
    show_choice(loss_pattern_, s, Param::LossPattern);
    rwnd_->setValue(static_cast<double>(s.rwnd_bytes));
    sndbuf_->setValue(static_cast<double>(s.sndbuf_bytes));
    buffer_->setValue(s.buffer_s);
    show_choice(aqm_, s, Param::Aqm);
    ecn_->setChecked(is_on(s, Param::Ecn));
    const int from_list = static_cast<int>(std::size(kMssChoices));  // the item a file's other size takes
    if (mss_->findData(s.mss_bytes) < 0 || mss_->findData(s.mss_bytes) == from_list) {
        if (mss_->count() == from_list) mss_->addItem(QString());
        mss_->setItemText(from_list, tr("%1 B (from file)").arg(s.mss_bytes));
        mss_->setItemData(from_list, s.mss_bytes);
        mss_->setCurrentIndex(from_list);
    } else {
        mss_->setCurrentIndex(mss_->findData(s.mss_bytes));
    }
    pacing_->setChecked(is_on(s, Param::Pacing));
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
    take_choice(algorithm_, s, Param::Algorithm);
    take_choice(stack_, s, Param::Stack);
    for (std::size_t i = 0; i < details_.size(); ++i) take_choice(details_[i], s, kDetailParams[i]);
    s.rcvbuf_bytes = rcvbuf_->currentData().toULongLong();
    s.bandwidth_bps = bandwidth_->value();
    s.rtt_s = rtt_->value();
    s.loss = loss_->value();
    take_choice(loss_pattern_, s, Param::LossPattern);
    s.rwnd_bytes = static_cast<std::uint64_t>(std::llround(rwnd_->value()));
    s.sndbuf_bytes = static_cast<std::uint64_t>(std::llround(sndbuf_->value()));
    s.buffer_s = buffer_->value();
    take_choice(aqm_, s, Param::Aqm);
    set(s, Param::Ecn, ecn_->isChecked());
    s.mss_bytes = mss_->currentData().toUInt();
    set(s, Param::Pacing, pacing_->isChecked());
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
