#include "app/cli/summary_text.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "model/core/parameters.h"
#include "app/formats/limit_words.h"
#include "app/formats/stack_words.h"
#include "model/core/units.h"

namespace inflight {
namespace {

std::string percent(double fraction) { return format_number(fraction * 100, 3) + "%"; }

// "cwnd 62%, link 38%": every limit that bound at all, longest first.
std::string limit_shares(const Summary& s) {
    std::vector<std::pair<double, Limit>> shares;
    for (int i = 0; i < kLimitCount; ++i) {
        const double f = s.binding_fractions[static_cast<std::size_t>(i)];
        if (f > 0) shares.emplace_back(f, static_cast<Limit>(i));
    }
    std::stable_sort(shares.begin(), shares.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::string out;
    for (const auto& [f, limit] : shares) {
        if (!out.empty()) out += ", ";
        out += std::string(to_string(limit)) + " " + percent(f);
    }
    return out.empty() ? "none recorded" : out;
}

std::string count(std::uint64_t n) { return format_grouped(n); }

// "1 event", "2 events".
std::string count(std::uint64_t n, const std::string& noun) {
    return format_grouped(n) + " " + noun + (n == 1 ? "" : "s");
}

}  // namespace

std::string flow_line(const RunResult& r, std::size_t i, Engine engine) {
    const FlowSummary& f = r.flows[i].summary;
    const ResolvedFlow& spec = r.flows[i].flow;
    std::string out = spec.label + ": ";
    if (spec.kind == FlowKind::Ping) {
        out += "ping RTT mean " + format_time(f.ping_mean_rtt_s) + ", p95 " + format_time(f.ping_p95_rtt_s) +
               ", max " + format_time(f.ping_max_rtt_s) + " (base " + format_time(spec.rtt_s) + "); " +
               count(f.pings_lost) + " of " + count(f.pings_sent, "ping") + " lost";
        return out;
    }
    if (std::isfinite(f.mean_rtt_s)) {
        out += format_rate(f.throughput_bps) + ", share " + percent(f.share) + ", RTT mean " + format_time(f.mean_rtt_s);
        // A request/response flow waits for its application, not for a window.
        if (!spec.rpc) out += ", " + limit_words(f.binding_limit, &spec);
    } else {  // it sent nothing in the steady-state window (e.g. one transfer done before it)
        out += "nothing sent in the steady-state window (" + format_time(r.summary.window_start_s) + " – " +
               format_time(r.summary.window_end_s) + ")";
    }
    if (spec.size_bytes) {
        out += "; " + format_size_short(*spec.size_bytes) + " transfer";
        if (f.fct_s.empty()) {
            out += ": not completed in the run";
        } else if (f.fct_s.size() == 1) {
            out += ": FCT " + format_time(f.fct_s.front());
        } else {
            out += "s: " + count(f.fct_s.size()) + " completed, FCT mean " + format_time(f.fct_mean_s) + ", p95 " +
                   format_time(f.fct_p95_s) + ", max " + format_time(f.fct_max_s);
        }
    }
    if (spec.rpc) {
        out += "; requests of " + rpc_writes_text(spec.rpc->writes) + ", responses of " +
               format_size(spec.rpc->response_bytes) + (spec.rpc->nodelay ? ", TCP_NODELAY" : ", Nagle on") + ": ";
        if (f.transactions == 0) {
            out += "no transaction completed in the run";
        } else {
            out += count(f.transactions, "transaction") + ", latency mean " + format_time(f.transaction_mean_s) +
                   ", p50 " + format_time(f.transaction_p50_s) + ", p95 " + format_time(f.transaction_p95_s) +
                   ", max " + format_time(f.transaction_max_s);
        }
        // The kernel does not say when Nagle held a write (its run lists it as absent).
        if (engine == Engine::Model) out += "; " + count(f.writes_held_by_nagle, "write") + " held by Nagle";
    }
    if (!f.settled) out += " (still changing)";
    return out;
}

std::string flow_lines(const RunResult& r, Engine engine) {
    if (r.flows.empty() || (r.scenario.flows.empty() && r.flows.size() == 1)) return {};
    const Summary& s = r.summary;
    // Jain's index compares the bulk TCP flows: said only when there are two to compare.
    const auto bulk = std::count_if(r.flows.begin(), r.flows.end(), [](const FlowResult& f) { return f.flow.is_bulk(); });
    std::string out = "Flows      " + count(r.flows.size(), "flow") + " sharing the path; " +
                      (bulk >= 2 ? "Jain's fairness index " + format_number(s.jain_index, 3) + " (1 = equal shares); "
                                 : std::string()) +
                      "queueing delay mean " + format_time(s.mean_queue_delay_s) + ", p95 " +
                      format_time(s.p95_queue_delay_s) + "\n";
    for (std::size_t i = 0; i < r.flows.size(); ++i) out += "  " + flow_line(r, i, engine) + "\n";
    return out;
}

std::string settled_warning(const RunResult& r) {
    if (r.summary.settled) return {};
    return "Warning: still changing at the end of the run: run longer. Between the two halves of the steady "
           "state, throughput climbed by more than 10% (one bulk flow) or a flow's share moved by more than "
           "0.05 (several); try a longer --duration.\n";
}

std::string hero_line(const RunResult& r) {
    const Summary& s = r.summary;
    return "Throughput " + format_rate(s.throughput_bps) + " (" + percent(s.utilisation) + " of " +
           format_rate(r.scenario.bandwidth_bps) + "), " + binding_limit_words(r);
}

std::string scenario_line(const Scenario& s, Engine engine) {
    std::string out = std::string(to_string(s.algorithm)) + ", " + format_rate(s.bandwidth_bps) +
                      ", RTT " + format_time(s.rtt_s) + ", loss ";
    out += s.loss == 0 ? std::string("none")
                       : format_loss(s.loss) + " (" + to_string(s.loss_pattern) + ")";
    out += ", rwnd " + format_size_short(s.rwnd_bytes) + ", sndbuf " + format_size_short(s.sndbuf_bytes);
    out += ", buffer " + format_time(s.buffer_s) + ", AQM " + to_string(s.aqm);
    out += ", ECN " + param_exact_text(s, Param::Ecn);
    out += ", MSS " + format_size(s.mss_bytes);
    out += ", pacing " + param_exact_text(s, Param::Pacing);
    if (engine == Engine::Model) out += ", stack " + stack_words(s);
    out += ", " + format_time(s.duration_s) + ", seed " + std::to_string(s.seed);
    return out;
}

namespace {

// The base RTT the RTT line compares with: the TCP flows' own (a flow's
// rtt= replaces the scenario's), their range when they differ.
std::string base_rtt_words(const RunResult& r) {
    double lo = 0, hi = 0;
    bool any = false;
    for (const FlowResult& f : r.flows) {
        if (f.flow.kind != FlowKind::Tcp) continue;
        lo = any ? std::min(lo, f.flow.rtt_s) : f.flow.rtt_s;
        hi = any ? std::max(hi, f.flow.rtt_s) : f.flow.rtt_s;
        any = true;
    }
    if (!any) return format_time(r.scenario.rtt_s);
    return lo == hi ? format_time(lo) : format_time(lo) + " – " + format_time(hi);
}

}  // namespace

std::string summary_figures(const RunResult& r, Engine engine) {
    const Summary& s = r.summary;
    std::string out;
    if (r.cancelled) out += "Cancelled: the figures below cover only the part that ran.\n";
    out += hero_line(r) + "\n";
    // Pings alone: no window, no limit (the kernel's result has no flow list: its one TCP flow).
    const bool tcp = r.flows.empty() || std::any_of(r.flows.begin(), r.flows.end(), [](const FlowResult& f) {
                         return f.flow.kind == FlowKind::Tcp;
                     });
    // With several flows the shares are each flow's own limits, pooled.
    if (tcp)
        out += std::string(r.flows.size() > 1 ? "  the flows' own limits over " : "  limits over ") +
               format_time(s.window_start_s) + " – " + format_time(s.window_end_s) + " (steady state): " +
               limit_shares(s) + "\n";
    // No figure is written "nan": a run without a TCP sample says so.
    out += std::isnan(s.mean_rtt_s)
               ? "RTT        no TCP sample in the steady state (base " + base_rtt_words(r) + ")\n"
               : "RTT        mean " + format_time(s.mean_rtt_s) + ", p95 " + format_time(s.p95_rtt_s) + ", min " +
                     format_time(s.min_rtt_s) + ", max " + format_time(s.max_rtt_s) + " (base " +
                     base_rtt_words(r) + ")\n";
    const std::string cwnd = tcp ? "mean cwnd " + format_number(s.mean_cwnd_packets) + " packets" : "no TCP flow";
    out += "Window     " + cwnd + "; BDP " + format_number(s.bdp_packets) + " packets, buffer " + format_number(s.buffer_packets) +
           " packets\n";
    out += "Congestion " + count(s.window_congestion_events, "event") + " in the steady state, " +
           count(s.congestion_events) + " in the run; " + count(s.rtos, "RTO") + "\n";
    out += "Drops      tail " + count(s.drops_tail) + ", AQM " + count(s.drops_aqm) + ", link loss " +
           count(s.drops_random) + "; ECN marks " + count(s.ecn_marks) + "; retransmits " +
           count(s.retransmits) + "\n";
    out += flow_lines(r, engine);
    out += "Scenario   " + scenario_line(r.scenario, engine) + "\n";
    return out;
}

std::string few_events_warning(const RunResult& r) {
    const Summary& s = r.summary;
    if (!s.few_events) return {};
    return "Warning: only " + count(s.window_congestion_events, "congestion event") +
           " in the steady state; with random loss this figure varies by "
           "15–25% from seed to seed. Try a longer --duration, other --seed values, or "
           "--loss-pattern even.\n";
}

std::string unpaced_note(const RunResult& r) {
    std::vector<ResolvedFlow> flows;
    for (const FlowResult& f : r.flows) flows.push_back(f.flow);
    if (flows.empty()) flows = resolve_flows(r.scenario);
    const std::string note = unpaced_bbr_note(flows, Audience::CommandLine);
    return note.empty() ? note : note + "\n";
}

std::string summary_text(const RunResult& r) {
    const Summary& s = r.summary;
    return summary_figures(r) + "Simulated  " + count(s.packets_simulated) + " packets in " +
           format_time(s.wall_seconds) + " of wall time\n" + few_events_warning(r) + settled_warning(r) +
           unpaced_note(r);
}

}  // namespace inflight
