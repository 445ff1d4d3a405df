#include "model/engine/flow_results.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace inflight {

namespace {
// The flows together used at least this share of the link over the steady
// window: the link binds the aggregate.
constexpr double kFullLinkUtilisation = 0.99;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kSettledThroughput = 0.10;  // the second half 10% above the first → not settled
constexpr double kSettledShare = 0.05;       // ... or by more than 0.05 of share

double mean(const std::vector<double>& v) {
    return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

}  // namespace

void fill_flow_summary(const Summary& s, FlowSummary& f) {
    f.throughput_bps = s.throughput_bps;
    f.mean_cwnd_packets = s.mean_cwnd_packets;
    f.mean_rtt_s = s.mean_rtt_s;
    f.p95_rtt_s = s.p95_rtt_s;
    f.min_rtt_s = s.min_rtt_s;
    f.max_rtt_s = s.max_rtt_s;
    f.binding_fractions = s.binding_fractions;
    f.binding_limit = s.binding_limit;
    f.congestion_events = s.congestion_events;
    f.drops_tail = s.drops_tail;
    f.drops_aqm = s.drops_aqm;
    f.drops_random = s.drops_random;
    f.ecn_marks = s.ecn_marks;
    f.retransmits = s.retransmits;
    f.rtos = s.rtos;
}
void fill_ping_summary(FlowResult& f, double window_start_s, std::uint64_t sent, std::uint64_t lost) {
    FlowSummary& fs = f.summary;
    // The steady window's replies (pings sent in it), else every reply.
    std::vector<double> rtts;
    for (std::size_t k = 0; k < f.ping_rtt_samples_s.size(); ++k)
        if (f.ping_rtt_samples_t_s[k] - f.ping_rtt_samples_s[k] >= window_start_s) rtts.push_back(f.ping_rtt_samples_s[k]);
    if (rtts.empty()) rtts = f.ping_rtt_samples_s;
    if (!rtts.empty()) {
        fs.ping_mean_rtt_s = mean(rtts);
        fs.ping_p50_rtt_s = quantile(rtts, 0.50);
        fs.ping_p95_rtt_s = quantile(rtts, 0.95);
        fs.ping_max_rtt_s = *std::max_element(rtts.begin(), rtts.end());
    }
    fs.pings_sent = sent;
    fs.pings_lost = lost;
    fs.throughput_bps = 0;  // probes, not a transfer
}

void add_counts(Summary& path, const Summary& flow) {
    path.congestion_events += flow.congestion_events;
    path.window_congestion_events += flow.window_congestion_events;
    path.retransmits += flow.retransmits;
    path.rtos += flow.rtos;
    path.drops_tail += flow.drops_tail;
    path.drops_aqm += flow.drops_aqm;
    path.drops_random += flow.drops_random;
    path.ecn_marks += flow.ecn_marks;
    path.packets_simulated += flow.packets_simulated;
}

double jain_index(const std::vector<double>& x) {
    if (x.empty()) return 1;
    double sum = 0, squares = 0;
    for (double v : x) {
        sum += v;
        squares += v * v;
    }
    return squares > 0 ? sum * sum / (static_cast<double>(x.size()) * squares) : 1.0;
}

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
    return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
}

// One flow: still climbing? The warning is for the ramp (if cwnd is still
// climbing when the run ends, the figure measured the ramp), so the second
// half must not exceed the first by more than 10% of their mean. A second
// half *below* the first is not flagged: a loss-bound sawtooth's phase (a
// Reno cycle of 6.6 s at 25 Mbit/s, 80 ms, 1e-4 spans 1.5 halves) and
// CUBIC's last cycles of convergence after the slow-start overshoot (at 1e-4
// over 80 ms its peaks fall 204, 174, 174, 158 packets between 20 and 40 s,
// then repeat at 158) both put more in the first half, and both hold the
// lesson's figure within its tolerance; the guided experiments' one-flow
// scenarios (evenly spaced loss, steady figures) must not warn.
bool throughput_settled(const HalfBytes& h) {
    const double m = (h.first + h.second) / 2;
    return m <= 0 || h.second - h.first <= kSettledThroughput * m;
}

std::vector<bool> shares_settled(const std::vector<HalfBytes>& flows) {
    double first = 0, second = 0;
    for (const HalfBytes& h : flows) {
        first += h.first;
        second += h.second;
    }
    std::vector<bool> out;
    out.reserve(flows.size());
    for (const HalfBytes& h : flows) {
        const double s1 = first > 0 ? h.first / first : 0, s2 = second > 0 ? h.second / second : 0;
        out.push_back(std::abs(s1 - s2) <= kSettledShare);
    }
    return out;
}

void fill_fct_summary(const std::vector<double>& fct_s, FlowSummary& f) {
    f.fct_s = fct_s;
    if (fct_s.empty()) return;
    f.fct_mean_s = mean(fct_s);
    f.fct_p50_s = quantile(fct_s, 0.50);
    f.fct_p95_s = quantile(fct_s, 0.95);
    f.fct_max_s = *std::max_element(fct_s.begin(), fct_s.end());
}

void fill_transaction_summary(const std::vector<double>& latencies_s, FlowSummary& f) {
    f.transactions = latencies_s.size();
    if (latencies_s.empty()) return;
    f.transaction_mean_s = mean(latencies_s);
    f.transaction_p50_s = quantile(latencies_s, 0.50);
    f.transaction_p95_s = quantile(latencies_s, 0.95);
    f.transaction_max_s = *std::max_element(latencies_s.begin(), latencies_s.end());
}

void summarize(const Scenario& sc, const std::vector<Flow>& flows, std::vector<Recorder>& recorders,
               const Bottleneck& path, RunResult& result) {
    const std::size_t n = flows.size();
    const TimePs duration = from_seconds(sc.duration_s);
    std::vector<Summary> each(n);
    std::vector<FlowTotals> totals(n);
    std::vector<std::uint64_t> window_bytes(n);
    std::vector<HalfBytes> halves(n);
    std::uint64_t all_window_bytes = 0;
    for (std::size_t i = 0; i < n; ++i) {
        totals[i] = flows[i].totals();
        recorders[i].finish(totals[i], each[i]);
        window_bytes[i] = recorders[i].window_bytes(totals[i].acked_bytes);
        all_window_bytes += window_bytes[i];
        halves[i] = HalfBytes{static_cast<double>(recorders[i].first_half_bytes()),
                              static_cast<double>(recorders[i].second_half_bytes(totals[i].acked_bytes))};
    }
    const double window_s = to_seconds(duration) - each[0].window_start_s;

    // Which flows the fairness and settled figures speak for: TCP bulk flows
    // active through the whole window.
    // The settled figure looks at every TCP bulk flow that sent in the
    // window: one that starts or stops inside it moves the others' shares.
    std::vector<std::size_t> steady, sharing;
    for (std::size_t i = 0; i < n; ++i) {
        const ResolvedFlow& f = result.flows[i].flow;
        const bool through = f.start_s <= each[i].window_start_s && f.stop_s >= sc.duration_s;
        const bool within = f.start_s < sc.duration_s && f.stop_s > each[i].window_start_s;
        if (flows[i].is_bulk() && through) steady.push_back(i);
        if (flows[i].is_bulk() && within) sharing.push_back(i);
    }
    std::vector<bool> settled(n, true);
    if (sharing.size() == 1) {
        settled[sharing[0]] = throughput_settled(halves[sharing[0]]);
    } else if (sharing.size() > 1) {
        std::vector<HalfBytes> h;
        for (std::size_t i : sharing) h.push_back(halves[i]);
        const std::vector<bool> ok = shares_settled(h);
        for (std::size_t k = 0; k < sharing.size(); ++k) settled[sharing[k]] = ok[k];
    }
    const bool all_settled = std::all_of(settled.begin(), settled.end(), [](bool b) { return b; });
    std::vector<double> rates;
    for (std::size_t i : steady) rates.push_back(each[i].throughput_bps);

    for (std::size_t i = 0; i < n; ++i) {
        FlowResult& out = result.flows[i];
        FlowSummary& fs = out.summary;
        fill_flow_summary(each[i], fs);
        fs.share = all_window_bytes > 0 ? static_cast<double>(window_bytes[i]) / static_cast<double>(all_window_bytes) : 0;
        fs.settled = settled[i];
        fs.segments_received = totals[i].segments_received;
        fs.acks_sent = totals[i].acks_sent;
        fill_fct_summary(flows[i].fct_s(), fs);
        if (const RpcApp* rpc = flows[i].rpc()) {
            fill_transaction_summary(rpc->latencies_s(), fs);
            fs.writes_held_by_nagle = rpc->writes_held();
            out.transaction_samples = rpc->samples();
        }
        if (flows[i].is_ping()) {
            out.ping_rtt_samples_t_s = flows[i].ping_reply_t_s();
            out.ping_rtt_samples_s = flows[i].ping_rtt_s();
            fill_ping_summary(out, each[i].window_start_s, flows[i].pings_sent(), totals[i].path.drops());
        }
    }

    Summary& sum = result.summary;
    const QueueDelayStats& qd = path.queue_delay();
    if (n == 1) {
        sum = each[0];  // flows[0]'s trace is result.trace itself (RunResult::flow_trace)
    } else {
        sum = Summary{};
        sum.window_start_s = each[0].window_start_s;
        sum.window_end_s = each[0].window_end_s;
        sum.throughput_bps = static_cast<double>(all_window_bytes) * 8.0 / window_s;
        sum.utilisation = sum.throughput_bps / sc.bandwidth_bps;
        double rtt_weighted = 0;
        std::uint64_t rtt_samples = 0;
        sum.min_rtt_s = kNaN;
        sum.max_rtt_s = kNaN;
        sum.p95_rtt_s = kNaN;
        std::array<double, kLimitCount> limit_time{};
        for (std::size_t i = 0; i < n; ++i) {
            const Summary& s = each[i];
            add_counts(sum, s);
            if (flows[i].is_ping()) continue;
            sum.mean_cwnd_packets += s.mean_cwnd_packets;
            sum.few_events = sum.few_events || s.few_events;
            // Time-weighted: the flows' limit times pooled, so the shares are of
            // time and sum to 1 even when a flow was not active in the window.
            for (int k = 0; k < kLimitCount; ++k) limit_time[k] += static_cast<double>(recorders[i].window_limit_time()[k]);
            const std::uint64_t c = recorders[i].rtt_samples();
            if (c == 0) continue;
            rtt_weighted += s.mean_rtt_s * static_cast<double>(c);
            rtt_samples += c;
            // fmin/fmax skip the NaN of "none yet"; the aggregate p95 is the
            // worst flow's (a bound, not a pooled percentile).
            sum.min_rtt_s = std::fmin(sum.min_rtt_s, s.min_rtt_s);
            sum.max_rtt_s = std::fmax(sum.max_rtt_s, s.max_rtt_s);
            sum.p95_rtt_s = std::fmax(sum.p95_rtt_s, s.p95_rtt_s);
        }
        sum.mean_rtt_s = rtt_samples > 0 ? rtt_weighted / static_cast<double>(rtt_samples) : kNaN;
        double pooled = 0;
        for (double x : limit_time) pooled += x;
        if (pooled > 0)
            for (int k = 0; k < kLimitCount; ++k) sum.binding_fractions[k] = limit_time[k] / pooled;
        sum.binding_limit = static_cast<Limit>(std::max_element(sum.binding_fractions.begin(), sum.binding_fractions.end()) -
                                               sum.binding_fractions.begin());
        // Each flow's time is what held it back once the queue ahead of it
        // had drained. Window-bound flows in one FIFO each wait behind the
        // others' packets, so pooled they name their windows even when
        // together they keep the link full (20 streams of 64 KB over 80 ms
        // ask for 131 Mbit/s of a 100 Mbit/s link: rwnd 71% of the pooled
        // time). Then the aggregate's limit is the link.
        if (sum.utilisation >= kFullLinkUtilisation) sum.binding_limit = Limit::Link;
    }
    sum.segments_received = sum.acks_sent = 0;
    for (const FlowTotals& t : totals) {
        sum.segments_received += t.segments_received;
        sum.acks_sent += t.acks_sent;
    }
    sum.bdp_packets = result.trace.bdp_bytes / sc.mss_bytes;
    sum.buffer_packets = result.trace.buffer_bytes / sc.mss_bytes;
    sum.jain_index = jain_index(rates);
    sum.mean_queue_delay_s = qd.mean_s();
    sum.p95_queue_delay_s = qd.quantile_s(0.95);
    sum.settled = all_settled;
}

}  // namespace inflight
