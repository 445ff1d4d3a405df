#include "ui/lesson/flow_words.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <algorithm>

#include "app/formats/limit_words.h"
#include "ui/lesson/empty_path.h"
#include "model/core/units.h"

namespace inflight::ui {

namespace {
QString tr(const char* s) { return QCoreApplication::translate("FlowWords", s); }
QString q(const std::string& s) { return QString::fromStdString(s); }

QString algorithm_name(Algorithm a) {
    switch (a) {
    case Algorithm::Reno: return QStringLiteral("Reno");
    case Algorithm::Cubic: return QStringLiteral("CUBIC");
    case Algorithm::Bbr: return QStringLiteral("BBR");
    }
    return QStringLiteral("?");
}

// The label the user gave, or "" (the resolved label is "flow N (algo)" otherwise).
QString user_label(const ResolvedFlow& f) { return f.label_given ? q(f.label) : QString(); }
}  // namespace

std::vector<ResolvedFlow> flows_of(const RunResult& r) {
    std::vector<ResolvedFlow> out;
    out.reserve(r.flows.size());
    for (const FlowResult& f : r.flows) out.push_back(f.flow);
    return out;
}

QString flow_display_name(const std::vector<ResolvedFlow>& flows, std::size_t i) {
    if (i >= flows.size()) return tr("flow %1").arg(i + 1);
    const ResolvedFlow& f = flows[i];
    if (const QString l = user_label(f); !l.isEmpty()) return l;
    int same = 0;
    for (const ResolvedFlow& g : flows)
        if (g.kind == f.kind && (f.kind == FlowKind::Ping || g.algorithm == f.algorithm)) ++same;
    if (f.kind == FlowKind::Ping)
        return same > 1 ? tr("ping %1").arg(i + 1) : tr("ping");
    if (same > 1) return tr("flow %1 (%2)").arg(i + 1).arg(algorithm_name(f.algorithm));
    return algorithm_name(f.algorithm);
}

QString flow_display_name(const RunResult& r, std::size_t i) { return flow_display_name(flows_of(r), i); }

QString flow_display_name(const Scenario& sc, std::size_t i) { return flow_display_name(resolve_flows(sc), i); }

int bulk_flow_count(const std::vector<ResolvedFlow>& flows) {
    int n = 0;
    for (const ResolvedFlow& f : flows) n += f.is_bulk() ? 1 : 0;
    return n;
}

double fair_share(const std::vector<ResolvedFlow>& flows) {
    const int n = bulk_flow_count(flows);
    return n > 0 ? 1.0 / n : 0.0;
}

double fair_share(const Scenario& sc) { return fair_share(resolve_flows(sc)); }

int largest_bulk_flow(const RunResult& r) {
    int best = -1;
    for (std::size_t i = 0; i < r.flows.size(); ++i)
        if (r.flows[i].flow.is_bulk() &&
            (best < 0 || r.flows[i].summary.share > r.flows[static_cast<std::size_t>(best)].summary.share))
            best = static_cast<int>(i);
    return best;
}

QString jain_words(const RunResult& r) {
    const std::vector<ResolvedFlow> flows = flows_of(r);
    if (bulk_flow_count(flows) < 2) return {};
    const QString jain = q(format_number(r.summary.jain_index, 2));
    const int i = largest_bulk_flow(r);
    if (i < 0) return {};
    const double multiple = r.flows[static_cast<std::size_t>(i)].summary.share / fair_share(flows);
    // Jain's index forgives two flows much: 60/40 is 0.96. Fair is also
    // no flow above kFairMultiple of its fair share.
    if (r.summary.jain_index >= kFairJain && multiple <= kFairMultiple)
        return tr("the flows share fairly (Jain %1)").arg(jain);
    return tr("%1 takes %2× its fair share (Jain %3)")
        .arg(flow_display_name(flows, static_cast<std::size_t>(i)), q(format_number(multiple, 2)), jain);
}

double empty_path_fct_s(const Scenario& path, const ResolvedFlow& f) {
    if (f.kind != FlowKind::Tcp || !f.size_bytes) return 0;
    EmptyPath p;
    p.bandwidth_bps = path.bandwidth_bps;
    p.rtt_s = f.rtt_s;
    p.mss_bytes = path.mss_bytes;
    p.window_cap_bytes = std::min(f.rwnd_bytes, f.sndbuf_bytes);
    return empty_path_fct(*f.size_bytes, p).fct_s;
}

QString fct_words(const RunResult& r, std::size_t i) {
    if (i >= r.flows.size()) return {};
    const ResolvedFlow& f = r.flows[i].flow;
    if (f.kind != FlowKind::Tcp || !f.size_bytes) return {};
    const FlowSummary& s = r.flows[i].summary;
    const QString who = user_label(f);
    const QString size = q(format_size_short(*f.size_bytes));
    const QString empty = q(format_time(empty_path_fct_s(r.scenario, f)));
    // A flow labelled by its size ("10 KB", as the ramp's lesson names
    // them) is not told twice: "10 KB takes 81.6 ms; …".
    if (!who.isEmpty() && who == size) {
        if (s.fct_s.empty()) return tr("%1: none finished in the run; %2 on an empty path").arg(size, empty);
        if (s.fct_s.size() == 1)
            return tr("%1 takes %2; %3 on an empty path").arg(size, q(format_time(s.fct_s.front())), empty);
        return tr("%1 takes %2 (mean of %3); %4 on an empty path")
            .arg(size, q(format_time(s.fct_mean_s)))
            .arg(s.fct_s.size())
            .arg(empty);
    }
    QString what;
    if (s.fct_s.empty())
        what = tr("no %1 transfer finished in the run; %2 on an empty path").arg(size, empty);
    else if (s.fct_s.size() == 1)
        what = tr("a %1 transfer takes %2; %3 on an empty path").arg(size, q(format_time(s.fct_s.front())), empty);
    else
        what = tr("a %1 transfer takes %2 (mean of %3); %4 on an empty path")
                   .arg(size, q(format_time(s.fct_mean_s)))
                   .arg(s.fct_s.size())
                   .arg(empty);
    return who.isEmpty() ? what : tr("%1: %2").arg(who, what);
}

QString unbroken(QString value) {
    static const QRegularExpression slash(QStringLiteral("/(?=\\p{L})"));
    value.replace(QLatin1Char(' '), QChar(0x00A0));
    return value.replace(slash, QStringLiteral("/\u2060"));
}

QString values_unbroken(const QString& text) {
    // A number (not the tail of a word or of another number: "Ctrl+1", "4.13")
    // or ½, one space, and a unit that ends there ("10 s", not "10 streams").
    static const QRegularExpression value(QStringLiteral(
        "(?<![\\p{L}\\p{N}_.,])(?:\\d+(?:[.,]\\d+)*|½) "
        "(?:[kMG]?bit/s|[kMG]?bps|ms|µs|us|ns|s|[KMG]i?B|kB|B|packets?|segments?|BDP|RTTs?|%)"
        "(?![\\p{L}\\p{N}_])"));
    static const QRegularExpression lone_unit(QStringLiteral("(?<=bit)/(?=s(?![\\p{L}\\p{N}_]))"));
    QString out;
    qsizetype from = 0;
    for (auto it = value.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += text.mid(from, m.capturedStart() - from) + unbroken(m.captured());
        from = m.capturedEnd();
    }
    out += text.mid(from);
    // "per 80 ms" too: the rate's time stays with its "per" ("65,536 B per"
    // then "80 ms" alone on the next line read as two figures).
    static const QRegularExpression per_value(QStringLiteral("(?<![\\p{L}])per (?=\\d)"));
    out.replace(per_value, QStringLiteral("per\u00a0"));
    return out.replace(lone_unit, QStringLiteral("/\u2060"));
}

EndedTransfers ended_transfers(const RunResult& r) {
    const std::vector<ResolvedFlow> flows = flows_of(r);
    if (flows.empty() || bulk_flow_count(flows) > 0 || !nothing_sent_in_window(r.summary)) return {};
    // Transfers only, each finished: a transfer still running (or stopped
    // unfinished) leaves the steady state's figures to say so.
    const auto finished_transfer = [](const FlowResult& f) {
        return f.flow.kind == FlowKind::Tcp && f.flow.size_bytes && !f.flow.is_rpc() && !f.summary.fct_s.empty();
    };
    if (!std::all_of(r.flows.begin(), r.flows.end(), finished_transfer)) return {};
    const auto whole = [](const std::string& s) { return unbroken(q(s)); };
    const FlowSummary& first = r.flows.front().summary;
    if (flows.size() == 1 && first.fct_s.size() == 1 && first.fct_s.front() > 0) {
        const double fct_s = first.fct_s.front();
        const double rate_bps = static_cast<double>(*flows.front().size_bytes) * 8 / fct_s;
        return {tr("%1 in %2: %3 on average, %4\u00a0% of %5")
                    .arg(whole(format_size_short(*flows.front().size_bytes)), whole(format_time(fct_s)),
                         whole(format_rate(rate_bps)), q(format_number(100 * rate_bps / r.scenario.bandwidth_bps, 3)),
                         whole(format_rate(r.scenario.bandwidth_bps))),
                tr("The transfer had ended before the steady state, where utilisation and queue are measured "
                   "(both 0 there). Its own mean rate: its size over its completion time, handshake included.")};
    }
    const QString span = tr("%1–%2").arg(q(format_number(r.summary.window_start_s)), whole(format_time(r.summary.window_end_s)));
    return {tr("the transfers had ended before the steady state (%1)").arg(span),
            tr("Every transfer had ended before the steady state, where utilisation and queue are measured "
               "(both 0 there); each transfer's time is in the rows under Throughput per flow.")};
}

QString ping_words(const RunResult& r, std::size_t i) {
    if (i >= r.flows.size()) return {};
    const ResolvedFlow& f = r.flows[i].flow;
    if (f.kind != FlowKind::Ping) return {};
    const FlowSummary& s = r.flows[i].summary;
    const QString who = user_label(f);
    const QString base = q(format_time(f.rtt_s));
    if (s.pings_sent == 0 || s.pings_sent == s.pings_lost) {
        const QString what = tr("no ping came back; the path's base RTT is %1").arg(base);
        return who.isEmpty() ? what : tr("%1: %2").arg(who, what);
    }
    // Its round trip, not its wait: the wait is what lies above the base RTT.
    const QString rtt = tr("RTT %1, 95th percentile %2; base RTT %3")
                            .arg(q(format_time(s.ping_mean_rtt_s)), q(format_time(s.ping_p95_rtt_s)), base);
    if (who.isEmpty()) return tr("ping %1").arg(rtt);
    return tr("%1: %2").arg(who, rtt);
}

QString rpc_words(const RunResult& r, std::size_t i) {
    if (i >= r.flows.size()) return {};
    const ResolvedFlow& f = r.flows[i].flow;
    if (!f.is_rpc()) return {};
    const FlowSummary& s = r.flows[i].summary;
    const QString who = user_label(f);
    const QString what = s.transactions == 0
                             ? tr("no transaction finished in the run")
                             : s.transactions == 1
                                 ? tr("1 transaction, %1").arg(q(format_time(s.transaction_p50_s)))
                                 : tr("%1 transactions, median %2")
                                       .arg(q(format_grouped(s.transactions)), q(format_time(s.transaction_p50_s)));
    return who.isEmpty() ? what : tr("%1: %2").arg(who, what);
}

FlowFigure flow_figure(const RunResult& r, std::size_t i) {
    if (i >= r.flows.size()) return {};
    const ResolvedFlow& f = r.flows[i].flow;
    const FlowSummary& s = r.flows[i].summary;
    const auto in_rtts = [&f](double t_s) {
        return tr("%1 = %2 RTT").arg(q(format_time(t_s)), q(format_number(t_s / f.rtt_s, 2)));
    };
    if (f.is_rpc()) {
        if (s.transactions == 0) return {QStringLiteral("…"), {}};
        const QString t = in_rtts(s.transaction_p50_s);
        return {tr("%1 a transaction").arg(t), t, s.transaction_p50_s};
    }
    if (f.kind != FlowKind::Tcp || !f.size_bytes) return {};
    if (s.fct_s.empty()) return {QStringLiteral("…"), {}};
    const QString t = in_rtts(s.fct_mean_s);
    return {tr("%1 (%2 on an empty path)").arg(t, q(format_time(empty_path_fct_s(r.scenario, f)))), t, s.fct_mean_s};
}

QString queue_delay_words(double delay_s, const Scenario& sc) {
    const double packet_s = 8.0 * sc.mss_bytes / sc.bandwidth_bps;
    if (delay_s < packet_s) return tr("< 1 packet");
    return QString::fromStdString(format_time(delay_s));
}

QString unsettled_warning(const Scenario& sc) {
    const QString length = QString::fromStdString(format_time(sc.duration_s));
    // No longer than the plain warning: the hero's note keeps its lines.
    if (sc.duration_s >= Limits::max_duration_s) return tr("still changing at %1, the longest run").arg(length);
    return tr("still changing at %1: run longer").arg(length);
}

}  // namespace inflight::ui
