#include "ui/compare/compare_figures.h"

#include "ui/lesson/binding_words.h"

#include <QObject>
#include <cmath>

#include "ui/lesson/flow_words.h"
#include "app/formats/flow_text.h"
#include "app/formats/stack_words.h"
#include "app/formats/scenario_text.h"
#include "model/core/units.h"

#include <algorithm>

namespace inflight::ui {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
double drops(const Summary& s) { return static_cast<double>(s.drops_tail + s.drops_aqm + s.drops_random); }
QString pct(double fraction) { return q(format_number(std::abs(fraction) * 100, 2)) + QStringLiteral("%"); }
QString count(std::uint64_t n) { return q(format_grouped(n)); }

// The first slow-start exit of a run, or null.
const Event* slow_start_exit(const RunResult& r) {
    const auto it = std::find_if(r.events.begin(), r.events.end(),
                                 [](const Event& e) { return e.kind == EventKind::SlowStartExit; });
    return it == r.events.end() ? nullptr : &*it;
}

// The goodput sentence: how much the kernel's differs, and why when the
// figures say so (headers on a link-bound path; none on a window-bound one).
QString goodput_sentence(const RunResult& model, const RunResult& kernel, const kernel::KernelFacts& f) {
    const double m = model.summary.throughput_bps, k = kernel.summary.throughput_bps;
    if (!(std::isfinite(m) && std::isfinite(k) && m > 0)) return {};
    const double d = k / m - 1;
    const QString both = QObject::tr("%1 vs %2").arg(q(format_rate(k)), q(format_rate(m)));
    QString head = std::abs(d) < 0.005
                       ? QObject::tr("the kernel's goodput is the model's (%1)").arg(both)
                       : QObject::tr("the kernel's goodput is %1 %2 (%3)")
                             .arg(pct(d), d < 0 ? QObject::tr("lower") : QObject::tr("higher"), both);
    if (f.mss_bytes == 0 || f.mtu_bytes <= f.mss_bytes) return head;
    const std::uint32_t headers = f.mtu_bytes - f.mss_bytes;
    const double share = static_cast<double>(headers) / f.mtu_bytes;
    const QString packet = QObject::tr("%1 B of headers (%2 B of payload in %3 B packets: %4 less)")
                               .arg(headers)
                               .arg(count(f.mss_bytes), count(f.mtu_bytes), pct(share));
    if (model.summary.binding_limit == Limit::Rwnd && kernel.summary.binding_limit == Limit::Rwnd)
        return head + QObject::tr(": both are held by the receive window, which counts payload bytes, so the "
                                  "%1 B of headers per packet cost no goodput").arg(headers);
    if (model.summary.utilisation < 0.9) return head;
    constexpr double kNear = 0.015;  // within 1.5 points of the header share: headers explain it
    if (std::abs(-d - share) <= kNear) return head + QObject::tr(": real packets carry %1").arg(packet);
    return head + (-d > share ? QObject::tr(", more than real packets' %1 explain")
                              : QObject::tr(", less than real packets' %1 would cost"))
                      .arg(packet);
}

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

namespace {

bool has_transfers(const FlowResult& f) { return f.flow.kind == FlowKind::Tcp && !f.summary.fct_s.empty(); }
bool is_ping(const FlowResult& f) { return f.flow.kind == FlowKind::Ping; }

}  // namespace

std::vector<FlowCompareGroup> flow_compare_groups(const RunResult& a, const RunResult& b) {
    std::vector<FlowCompareGroup> out;
    if (a.flows.size() < 2 || a.flows.size() != b.flows.size()) return out;
    using K = CompareFigure::Kind;
    for (std::size_t i = 0; i < a.flows.size(); ++i) {
        const FlowSummary& x = a.flows[i].summary;
        const FlowSummary& y = b.flows[i].summary;
        FlowCompareGroup g;
        g.index = static_cast<int>(i);
        g.label_a = flow_display_name(a, i);
        g.label_b = flow_display_name(b, i);
        // A figure only one side has is NaN on the other ("—" in the table).
        const auto either = [&](bool in_a, bool in_b, const QString& name, K kind, double va, double vb) {
            if (in_a || in_b) g.figures.push_back({name, kind, in_a ? va : NAN, in_b ? vb : NAN});
        };
        g.figures.push_back({QObject::tr("Throughput"), K::Rate, x.throughput_bps, y.throughput_bps});
        g.figures.push_back({QObject::tr("Share"), K::Fraction, x.share, y.share});
        either(!is_ping(a.flows[i]), !is_ping(b.flows[i]), QObject::tr("Mean RTT"), K::Time, x.mean_rtt_s, y.mean_rtt_s);
        const bool ta = has_transfers(a.flows[i]), tb = has_transfers(b.flows[i]);
        either(ta, tb, QObject::tr("FCT mean"), K::Time, x.fct_mean_s, y.fct_mean_s);
        either(ta, tb, QObject::tr("FCT p95"), K::Time, x.fct_p95_s, y.fct_p95_s);
        either(ta, tb, QObject::tr("Transfers done"), K::Count, static_cast<double>(x.fct_s.size()),
               static_cast<double>(y.fct_s.size()));
        const bool pa = is_ping(a.flows[i]), pb = is_ping(b.flows[i]);
        either(pa, pb, QObject::tr("Ping mean RTT"), K::Time, x.ping_mean_rtt_s, y.ping_mean_rtt_s);
        either(pa, pb, QObject::tr("Ping p95 RTT"), K::Time, x.ping_p95_rtt_s, y.ping_p95_rtt_s);
        either(pa, pb, QObject::tr("Pings lost"), K::Count, static_cast<double>(x.pings_lost),
               static_cast<double>(y.pings_lost));
        out.push_back(std::move(g));
    }
    return out;
}

QString flow_count_note(const RunResult& a, const RunResult& b) {
    const std::size_t na = std::max<std::size_t>(1, a.flows.size()), nb = std::max<std::size_t>(1, b.flows.size());
    if (na == nb) return {};
    const auto flows = [](std::size_t n) {
        return n == 1 ? QObject::tr("1 flow") : QObject::tr("%1 flows").arg(n);
    };
    return QObject::tr("A has %1, B has %2: the table compares the aggregate only.").arg(flows(na), flows(nb));
}

QString delta_text(CompareFigure::Kind kind, double a, double b) {
    if (!std::isfinite(a) || !std::isfinite(b)) return {};
    const double d = b - a;
    if (d == 0) return QStringLiteral("0");
    const QString sign = d > 0 ? QStringLiteral("+") : QString(QChar(0x2212));
    const double m = std::abs(d);
    switch (kind) {
        case CompareFigure::Kind::Rate: return sign + q(format_rate(m));
        case CompareFigure::Kind::Fraction: return sign + q(format_number(m * 100, 3)) + QStringLiteral(" pp");
        case CompareFigure::Kind::Time: return sign + q(format_time(m));
        case CompareFigure::Kind::Count:
            return sign + q(format_grouped(static_cast<std::uint64_t>(std::llround(m))));
    }
    return {};
}

QStringList scenario_differences(const Scenario& a, const Scenario& b) {
    QStringList out;
    for (Param p : kAllParams)
        if (param_exact_text(a, p) != param_exact_text(b, p))
            out << QStringLiteral("%1: %2 → %3").arg(key(p), q(param_human_text(a, p)), q(param_human_text(b, p)));
    // The flows, as --flow specs ("cubic + bbr"); a scenario without a list is one flow.
    if (a.flows != b.flows) {
        const auto flows = [](const Scenario& s) {
            if (s.flows.empty()) return QObject::tr("one flow");
            QStringList specs;
            for (const FlowSpec& f : s.flows) specs << q(flow_spec_text(f));
            return specs.join(QStringLiteral(" + "));
        };
        out << QStringLiteral("flows: %1 → %2").arg(flows(a), flows(b));
    }
    return out;
}

}  // namespace inflight::ui

namespace inflight::ui {

std::vector<CompareFigure> kernel_figures(const Summary& m, const Summary& k) {
    using K = CompareFigure::Kind;
    return {
        {QObject::tr("Throughput"), K::Rate, m.throughput_bps, k.throughput_bps},
        {QObject::tr("Utilisation"), K::Fraction, m.utilisation, k.utilisation},
        {QObject::tr("Mean RTT"), K::Time, m.mean_rtt_s, k.mean_rtt_s},
        {QObject::tr("Drops"), K::Count, drops(m), drops(k)},
        {QObject::tr("Retransmits"), K::Count, static_cast<double>(m.retransmits), static_cast<double>(k.retransmits)},
    };
}

QString kernel_figure_note(std::size_t index, const RunResult& kernel, const kernel::KernelFacts& facts) {
    const Summary& s = kernel.summary;
    switch (index) {
        case 0:
        case 1:
            if (!std::isfinite(s.throughput_bps))
                return QObject::tr("No steady-state goodput: the run ended before its second half began");
            return QObject::tr("Bytes the receiving application read over the second half, ×8 / time "
                               "(payload only: real packets carry headers)");
        case 2: {
            if (!std::isfinite(s.mean_rtt_s))
                return QObject::tr("No mean RTT: TCP_INFO gave no srtt reading in the second half");
            for (const std::string& a : facts.absent)
                if (a.starts_with("summary RTT")) return q(a);
            return {};
        }
        case 3: return QObject::tr("Packets the path emulator dropped (tail drop, AQM, loss on the link), whole run");
        case 4: return QObject::tr("tcpi_total_retrans at the last reading: segments the kernel sent again, whole run");
        default: return {};
    }
}

// Each flow's own time beside the model's, where the flow has one: a
// transfer's completion (its mean when it ran several) and a request/response
// flow's median transaction: the figures the steps about short transfers and
// small writes are about, which the table's steady-state rows do not give.
QStringList flow_time_sentences(const RunResult& model, const RunResult& kernel) {
    QStringList out;
    if (model.flows.size() != kernel.flows.size()) return out;
    for (std::size_t i = 0; i < model.flows.size(); ++i) {
        const FlowResult& m = model.flows[i];
        const FlowSummary& ms = m.summary;
        const FlowSummary& ks = kernel.flows[i].summary;
        const QString name = flow_display_name(model, i);
        if (m.flow.is_rpc()) {
            if (ms.transactions > 0 && ks.transactions > 0)
                out << QObject::tr("%1: median transaction %2 on the kernel, %3 in the model")
                           .arg(name, q(format_time(ks.transaction_p50_s)), q(format_time(ms.transaction_p50_s)));
        } else if (m.flow.kind == FlowKind::Tcp && m.flow.size_bytes && !ms.fct_s.empty() && !ks.fct_s.empty()) {
            const bool several = ms.fct_s.size() > 1 || ks.fct_s.size() > 1;
            out << (several ? QObject::tr("%1: completes in %2 on the kernel, %3 in the model (means)")
                            : QObject::tr("%1: completes in %2 on the kernel, %3 in the model"))
                       .arg(name, q(format_time(ks.fct_mean_s)), q(format_time(ms.fct_mean_s)));
        }
    }
    return out;
}

QStringList kernel_differences(const RunResult& model, const RunResult& kernel, const kernel::KernelFacts& f) {
    QStringList out;
    // First what qualifies every figure below: the runs' differences.
    const QStringList diff = scenario_differences(model.scenario, kernel.scenario);
    if (!diff.isEmpty())
        out << QObject::tr("the runs differ (model → kernel): %1").arg(diff.join(QStringLiteral(", ")));
    if (!f.honest)
        out << QObject::tr("the emulator fell behind (its writes were %1 late at the 99th percentile): "
                           "read the kernel's figures with care")
                   .arg(q(format_time(f.data_direction.p99_late_s)));
    if (f.machine_busy)
        out << QObject::tr("this computer was busy (%1): the kernel's round trips stretch while its senders and "
                           "receivers wait to run")
                   .arg(q(kernel::cpu_wait_words(f)));
    out << flow_time_sentences(model, kernel);
    if (const QString g = goodput_sentence(model, kernel, f); !g.isEmpty()) out << g;
    const double mr = model.summary.mean_rtt_s, kr = kernel.summary.mean_rtt_s;
    if (std::isfinite(mr) && std::isfinite(kr) && mr > 0) {
        const double d = kr - mr;
        out << (std::abs(d) < 0.01 * mr
                    ? QObject::tr("the same mean RTT within 1% (%1 vs %2)").arg(q(format_time(kr)), q(format_time(mr)))
                    : QObject::tr("the kernel's mean RTT is %1 %2 (%3 vs %4)")
                          .arg(q(format_time(std::abs(d))), d < 0 ? QObject::tr("lower") : QObject::tr("higher"),
                               q(format_time(kr)), q(format_time(mr))));
    }
    if (model.summary.binding_limit != kernel.summary.binding_limit)
        out << QObject::tr("what held the flow most of the steady state: %1 on the kernel, %2 in the model")
                   .arg(QString::fromUtf8(limit_name(kernel.summary.binding_limit)),
                        QString::fromUtf8(limit_name(model.summary.binding_limit)));
    const auto md = static_cast<std::uint64_t>(drops(model.summary)), kd = static_cast<std::uint64_t>(drops(kernel.summary));
    if (md != kd)
        out << QObject::tr("the emulator dropped %1 packets, the model %2").arg(count(kd), count(md));
    if (model.summary.retransmits != kernel.summary.retransmits)
        out << QObject::tr("the kernel retransmitted %1 segments, the model %2")
                   .arg(count(kernel.summary.retransmits), count(model.summary.retransmits));
    // Which of Linux's details the model has; the kernel has every one.
    const TcpDetails model_tcp = resolve_flow(model.scenario, 0).tcp;
    const auto names = [](const std::vector<std::string>& v) {
        QStringList l;
        for (const std::string& n : v) l << q(n);
        return l.join(QStringLiteral(", "));
    };
    if (const auto missing = detail_names(model_tcp, false); !missing.empty())
        out << QObject::tr("Linux details the model leaves out (Stack Linux adds them): %1").arg(names(missing));
    else
        out << QObject::tr("the model runs Linux's details: %1").arg(names(detail_names(model_tcp)));
    // HyStart: Linux CUBIC leaving slow start before any loss (initial
    // ssthresh is unbounded, so only HyStart sets it without a loss).
    const Event* ke = slow_start_exit(kernel);
    const Event* me = slow_start_exit(model);
    if (kernel.scenario.algorithm == Algorithm::Cubic && ke && ke->start_end == StartEnd::ReachedSsthresh) {
        QString s = model_tcp.hystart
                        ? QObject::tr("Linux CUBIC left slow start at %1 before any loss (HyStart")
                              .arg(q(format_time(ke->t_s)))
                        : QObject::tr("Linux CUBIC left slow start at %1 before any loss (HyStart; the model's "
                                      "CUBIC has none here")
                              .arg(q(format_time(ke->t_s)));
        if (me) s += QObject::tr("; the model left it at %1").arg(q(format_time(me->t_s)));
        out << s + QStringLiteral(")");
    }
    if (!f.window_scaling)
        out << QObject::tr("window scaling off in the receiver's namespace: the 65,535 B window of the lesson");
    if (kernel.scenario.algorithm == Algorithm::Bbr || kernel.scenario.pacing)
        out << QObject::tr("pacing: %1").arg(q(f.pacing));
    return out;
}

}  // namespace inflight::ui
