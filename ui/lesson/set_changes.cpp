// The values "Set it" changes (set_changes.h).
#include "ui/lesson/set_changes.h"

#include <QCoreApplication>
#include <algorithm>

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
QString algo(Algorithm a) {
    switch (a) {
        case Algorithm::Reno: return QStringLiteral("Reno");
        case Algorithm::Cubic: return QStringLiteral("CUBIC");
        case Algorithm::Bbr: return QStringLiteral("BBR");
    }
    return QString::fromLatin1(to_string(a));
}
QString aqm(Aqm a) {
    switch (a) {
        case Aqm::None: return Words::tr("tail drop");
        case Aqm::Codel: return QStringLiteral("CoDel");
        case Aqm::FqCodel: return QStringLiteral("fq_codel");
    }
    return QString::fromLatin1(to_string(a));
}

}  // namespace

QStringList set_changes(const Scenario& now, const Scenario& step) {
    QStringList out;
    const auto add = [&](const QString& name, const QString& from, const QString& to) {
        if (from != to) out << Words::tr("%1 %2 → %3").arg(name, from, to);
    };
    add(Words::tr("algorithm"), algo(now.algorithm), algo(step.algorithm));
    add(Words::tr("bandwidth"), value(Quantity::RateBps, now.bandwidth_bps), value(Quantity::RateBps, step.bandwidth_bps));
    add(Words::tr("RTT"), value(Quantity::TimeMs, now.rtt_s), value(Quantity::TimeMs, step.rtt_s));
    add(Words::tr("loss"), value(Quantity::LossFraction, now.loss), value(Quantity::LossFraction, step.loss));
    if (now.loss > 0 || step.loss > 0)  // the pattern matters only with loss
        add(Words::tr("loss pattern"), QString::fromLatin1(to_string(now.loss_pattern)),
            QString::fromLatin1(to_string(step.loss_pattern)));
    add(Words::tr("rwnd"), value(Quantity::Bytes, static_cast<double>(now.rwnd_bytes)),
        value(Quantity::Bytes, static_cast<double>(step.rwnd_bytes)));
    add(Words::tr("send buffer"), value(Quantity::Bytes, static_cast<double>(now.sndbuf_bytes)),
        value(Quantity::Bytes, static_cast<double>(step.sndbuf_bytes)));
    add(Words::tr("buffer"), value(Quantity::TimeMs, now.buffer_s), value(Quantity::TimeMs, step.buffer_s));
    add(Words::tr("AQM"), aqm(now.aqm), aqm(step.aqm));
    add(Words::tr("ECN"), on_off(is_on(now, Param::Ecn)), on_off(is_on(step, Param::Ecn)));
    add(Words::tr("MSS"), value(Quantity::Bytes, now.mss_bytes), value(Quantity::Bytes, step.mss_bytes));
    add(Words::tr("pacing"), on_off(now.pacing), on_off(step.pacing));
    add(Words::tr("duration"), value(Quantity::TimeS, now.duration_s), value(Quantity::TimeS, step.duration_s));
    add(Words::tr("seed"), QString::number(now.seed), QString::number(step.seed));
    if (now.flows != step.flows) {
        const auto count = [](const Scenario& s) { return QString::number(std::max<std::size_t>(1, s.flows.size())); };
        out << (count(now) == count(step) ? Words::tr("the flows' settings")
                                          : Words::tr("flows %1 → %2").arg(count(now), count(step)));
    }
    return out;
}

}  // namespace inflight::ui
