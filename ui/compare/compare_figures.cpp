#include "compare/compare_figures.h"

#include <QObject>
#include <cmath>

#include "scenario_text.h"
#include "units.h"

namespace inflight::ui {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
double drops(const Summary& s) { return static_cast<double>(s.drops_tail + s.drops_aqm + s.drops_random); }
}  // namespace

std::vector<CompareFigure> compare_figures(const Summary& a, const Summary& b) {
    using K = CompareFigure::Kind;
    return {
        {QObject::tr("Throughput"), K::Rate, a.throughput_bps, b.throughput_bps},
        {QObject::tr("Utilisation"), K::Fraction, a.utilisation, b.utilisation},
        {QObject::tr("Mean RTT"), K::Time, a.mean_rtt_s, b.mean_rtt_s},
        {QObject::tr("Drops"), K::Count, drops(a), drops(b)},
        {QObject::tr("Congestion events"), K::Count, static_cast<double>(a.congestion_events),
         static_cast<double>(b.congestion_events)},
    };
}

std::vector<CompareFigure> run_figures(const Summary& s) { return compare_figures(s, s); }

QString figure_text(CompareFigure::Kind kind, double v) {
    switch (kind) {
        case CompareFigure::Kind::Rate: return q(format_rate(v));
        case CompareFigure::Kind::Fraction: return q(format_number(v * 100, v < 0.01 ? 2 : 3)) + " %";
        case CompareFigure::Kind::Time: return q(format_time(v));
        case CompareFigure::Kind::Count: return q(format_grouped(static_cast<std::uint64_t>(std::llround(v))));
    }
    return {};
}

QString ratio_text(double a, double b) {
    if (a == 0) return b == 0 ? QStringLiteral("=") : QStringLiteral("—");
    return q(format_number(b / a, 3)) + QStringLiteral("×");
}

QStringList scenario_differences(const Scenario& a, const Scenario& b) {
    QStringList out;
    for (Param p : kAllParams)
        if (param_exact_text(a, p) != param_exact_text(b, p))
            out << QStringLiteral("%1: %2 → %3").arg(key(p), q(param_human_text(a, p)), q(param_human_text(b, p)));
    return out;
}

}  // namespace inflight::ui
