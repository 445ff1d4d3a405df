// The values "Set it" changes (set_changes.h).
#include "ui/lesson/set_changes.h"

#include <QCoreApplication>
#include <algorithm>
#include <vector>

#include "model/core/parameters.h"
#include "ui/lesson/value_text.h"

namespace inflight::ui {

namespace {

struct Words {
    Q_DECLARE_TR_FUNCTIONS(SetChanges)
};

QString q(const std::string& s) { return QString::fromStdString(s); }
QString value(Quantity k, double v) { return q(format_value(k, v)); }
QString on_off(bool on) { return on ? Words::tr("on") : Words::tr("off"); }
// The short name a change line gives a parameter ("send buffer 64 KiB →
// 1 GiB"). A switch over every Param: a parameter added to the table without
// a name here is a compiler warning, not a change "Set it" makes silently.
QString change_name(Param p) {
    switch (p) {
        case Param::Algorithm: return Words::tr("algorithm");
        case Param::Bandwidth: return Words::tr("bandwidth");
        case Param::Rtt: return Words::tr("RTT");
        case Param::Loss: return Words::tr("loss");
        case Param::LossPattern: return Words::tr("loss pattern");
        case Param::Rwnd: return Words::tr("rwnd");
        case Param::Sndbuf: return Words::tr("send buffer");
        case Param::Buffer: return Words::tr("buffer");
        case Param::Aqm: return Words::tr("AQM");
        case Param::Ecn: return Words::tr("ECN");
        case Param::Mss: return Words::tr("MSS");
        case Param::Pacing: return Words::tr("pacing");
        case Param::Duration: return Words::tr("duration");
        case Param::Seed: return Words::tr("seed");
        case Param::Stack: return Words::tr("stack");
        case Param::BbrPacing: return Words::tr("BBR paces itself");
        case Param::BbrHeadroom: return Words::tr("BBR's headroom");
        case Param::Hystart: return Words::tr("HyStart");
        case Param::DelayedAcks: return Words::tr("delayed ACKs");
        case Param::Autotuning: return Words::tr("receive autotuning");
        case Param::Prr: return Words::tr("PRR");
        case Param::SlowStartRoom: return Words::tr("slow start's room");
        case Param::Rcvbuf: return QStringLiteral("SO_RCVBUF");
    }
    return q(key(p));
}

// A value as the controls show it: a choice by its label ("tail drop",
// "as the stack"), SO_RCVBUF unset as "not set".
QString change_value(const Scenario& s, Param p) {
    const ParamRow& row = param_row(p);
    if (row.type == ParamType::Choice) {
        const int v = static_cast<int>(number(s, p));
        for (const ParamChoice& c : row.choices)
            if (c.value == v) return QString::fromUtf8(c.label);
    }
    switch (p) {
        case Param::Bandwidth: return value(Quantity::RateBps, s.bandwidth_bps);
        case Param::Rtt: return value(Quantity::TimeMs, s.rtt_s);
        case Param::Buffer: return value(Quantity::TimeMs, s.buffer_s);
        case Param::Loss: return value(Quantity::LossFraction, s.loss);
        case Param::Duration: return value(Quantity::TimeS, s.duration_s);
        case Param::Rwnd: return value(Quantity::Bytes, static_cast<double>(s.rwnd_bytes));
        case Param::Sndbuf: return value(Quantity::Bytes, static_cast<double>(s.sndbuf_bytes));
        case Param::Mss: return value(Quantity::Bytes, s.mss_bytes);
        case Param::Rcvbuf:
            return s.rcvbuf_bytes == 0 ? Words::tr("not set") : q(param_human_text(s, p));  // as its list: "256 KiB"
        case Param::Ecn:
        case Param::Pacing: return on_off(is_on(s, p));
        default: return q(param_human_text(s, p));  // the seed
    }
}

// The controls' order: the stack beside the algorithm, then the path, the
// windows, the queue and More (the Linux details and SO_RCVBUF last).
std::vector<Param> controls_order() {
    std::vector<Param> out{Param::Algorithm, Param::Stack};
    for (Param p : kAllParams)
        if (p != Param::Algorithm && p != Param::Stack) out.push_back(p);
    return out;
}

}  // namespace

QStringList set_changes(const Scenario& now, const Scenario& step) {
    QStringList out;
    const auto add = [&](const QString& name, const QString& from, const QString& to) {
        if (from != to) out << Words::tr("%1 %2 → %3").arg(name, from, to);
    };
    for (Param p : controls_order()) {
        // The pattern matters only with loss.
        if (p == Param::LossPattern && !(now.loss > 0 || step.loss > 0)) continue;
        add(change_name(p), change_value(now, p), change_value(step, p));
    }
    if (now.flows != step.flows) {
        const auto count = [](const Scenario& s) { return QString::number(std::max<std::size_t>(1, s.flows.size())); };
        out << (count(now) == count(step) ? Words::tr("the flows' settings")
                                          : Words::tr("flows %1 → %2").arg(count(now), count(step)));
    }
    return out;
}

}  // namespace inflight::ui
