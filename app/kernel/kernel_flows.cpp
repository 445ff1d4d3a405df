// The aggregate of a kernel run's flows (see kernel_flows.h).
#include "app/kernel/kernel_flows.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace inflight::kernel {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void widen(MinMax& m, double v) {
    if (std::isnan(m.min) || v < m.min) m.min = v;
    if (std::isnan(m.max) || v > m.max) m.max = v;
}

TraceBucket empty_bucket() {
    TraceBucket b;
    b.cwnd_bytes = b.window_bytes = b.inflight_bytes = b.queue_bytes = b.rtt_s = b.delivery_rate_bps = {kNaN, kNaN};
    b.ssthresh_bytes = std::numeric_limits<double>::infinity();
    b.srtt_s = b.min_rtt_s = b.rttvar_s = b.cwnd_end_bytes = b.pacing_rate_bps = kNaN;
    return b;
}
}  // namespace

void summarize_kernel_flows(const Scenario& s, const std::vector<Summary>& each,
                            const std::vector<FlowWindowBytes>& window, const std::vector<PingCounts>& ping_counts,
                            const std::vector<double>& queue_delays_s, RunResult& result) {
    const std::size_t n = each.size();
    std::uint64_t all_bytes = 0;
    for (const FlowWindowBytes& w : window) all_bytes += w.bytes;
    const double window_start_s = each[0].window_start_s;

    // Which flows the fairness and settled figures speak for (the model's rule).
    std::vector<std::size_t> steady, sharing;
    for (std::size_t i = 0; i < n; ++i) {
        const ResolvedFlow& f = result.flows[i].flow;
        if (!f.is_bulk()) continue;
        if (f.start_s <= window_start_s && f.stop_s >= s.duration_s) steady.push_back(i);
        if (f.start_s < s.duration_s && f.stop_s > window_start_s) sharing.push_back(i);
    }
    std::vector<bool> settled(n, true);
    if (sharing.size() == 1) {
        settled[sharing[0]] = throughput_settled(window[sharing[0]].halves);
    } else if (sharing.size() > 1) {
        std::vector<HalfBytes> h;
        for (std::size_t i : sharing) h.push_back(window[i].halves);
        const std::vector<bool> ok = shares_settled(h);
        for (std::size_t k = 0; k < sharing.size(); ++k) settled[sharing[k]] = ok[k];
    }
    std::vector<double> rates;
    for (std::size_t i : steady) rates.push_back(each[i].throughput_bps);

    for (std::size_t i = 0; i < n; ++i) {
        FlowSummary& fs = result.flows[i].summary;
        fill_flow_summary(each[i], fs);
        fs.share = all_bytes > 0 ? static_cast<double>(window[i].bytes) / static_cast<double>(all_bytes) : 0;
        fs.settled = settled[i];
        fs.segments_received = each[i].segments_received;
        fs.acks_sent = each[i].acks_sent;
        if (result.flows[i].flow.kind == FlowKind::Ping)
            fill_ping_summary(result.flows[i], window_start_s, ping_counts[i].sent, ping_counts[i].lost);
    }

    Summary& sum = result.summary;
    if (n == 1) {
        sum = each[0];
    } else {
        sum = Summary{};
        sum.window_start_s = window_start_s;
        sum.window_end_s = each[0].window_end_s;
        for (const Summary& e : each) sum.window_end_s = std::max(sum.window_end_s, e.window_end_s);
        const double span = sum.window_end_s - sum.window_start_s;
        sum.throughput_bps = span > 0 ? static_cast<double>(all_bytes) * 8.0 / span : kNaN;
        sum.utilisation = sum.throughput_bps / s.bandwidth_bps;
        sum.min_rtt_s = sum.max_rtt_s = sum.p95_rtt_s = kNaN;
        double rtt_sum = 0;
        int rtt_flows = 0;
        std::array<double, kLimitCount> limit_share{};
        for (const Summary& e : each) {
            add_counts(sum, e);
            sum.few_events = sum.few_events || e.few_events;
            if (!std::isnan(e.mean_cwnd_packets)) sum.mean_cwnd_packets += e.mean_cwnd_packets;
            for (int k = 0; k < kLimitCount; ++k) limit_share[k] += e.binding_fractions[k];
            if (std::isnan(e.mean_rtt_s)) continue;
            // The kernel's RTT figures are over srtt readings, the same
            // number for each flow: a plain mean over flows; the worst p95.
            rtt_sum += e.mean_rtt_s;
            ++rtt_flows;
            sum.min_rtt_s = std::fmin(sum.min_rtt_s, e.min_rtt_s);
            sum.max_rtt_s = std::fmax(sum.max_rtt_s, e.max_rtt_s);
            sum.p95_rtt_s = std::fmax(sum.p95_rtt_s, e.p95_rtt_s);
        }
        sum.mean_rtt_s = rtt_flows > 0 ? rtt_sum / rtt_flows : kNaN;
        double pooled = 0;
        for (double x : limit_share) pooled += x;
        if (pooled > 0)
            for (int k = 0; k < kLimitCount; ++k) sum.binding_fractions[k] = limit_share[k] / pooled;
        sum.binding_limit = static_cast<Limit>(std::max_element(sum.binding_fractions.begin(),
                                                                sum.binding_fractions.end()) -
                                               sum.binding_fractions.begin());
        sum.bdp_packets = s.bandwidth_bps / 8.0 * s.rtt_s / s.mss_bytes;
        sum.buffer_packets = each[0].buffer_packets;
        for (const Summary& e : each) {
            sum.segments_received += e.segments_received;
            sum.acks_sent += e.acks_sent;
        }
    }
    sum.jain_index = jain_index(rates);
    if (!queue_delays_s.empty()) {
        double total = 0;
        for (double d : queue_delays_s) total += d;
        sum.mean_queue_delay_s = total / static_cast<double>(queue_delays_s.size());
        sum.p95_queue_delay_s = quantile(queue_delays_s, 0.95);
    } else {
        sum.mean_queue_delay_s = sum.p95_queue_delay_s = kNaN;
    }
    sum.settled = std::all_of(settled.begin(), settled.end(), [](bool b) { return b; });
}

void ping_trace(FlowResult& f, const Scenario& s, int bucket_count) {
    Trace& t = f.trace;
    t.bdp_bytes = s.bandwidth_bps / 8.0 * f.flow.rtt_s;
    t.buffer_bytes = buffer_bytes(s);
    t.base_rtt_s = f.flow.rtt_s;
    t.mss_bytes = s.mss_bytes;
    t.bucket_s = s.duration_s / bucket_count;
    t.buckets.assign(static_cast<std::size_t>(bucket_count), empty_bucket());
    for (int b = 0; b < bucket_count; ++b) {
        t.buckets[static_cast<std::size_t>(b)].t_start_s = b * t.bucket_s;
        t.buckets[static_cast<std::size_t>(b)].t_end_s = (b + 1) * t.bucket_s;
    }
    double last = kNaN;
    std::size_t k = 0;
    for (int b = 0; b < bucket_count; ++b) {
        TraceBucket& bucket = t.buckets[static_cast<std::size_t>(b)];
        for (; k < f.ping_rtt_samples_t_s.size() && f.ping_rtt_samples_t_s[k] < bucket.t_end_s; ++k) {
            widen(bucket.rtt_s, f.ping_rtt_samples_s[k]);
            last = f.ping_rtt_samples_s[k];
        }
        bucket.srtt_s = last;
    }
}

Summary ping_flow_summary(const FlowResult& f, double window_start_s) {
    Summary out;
    out.window_start_s = window_start_s;
    out.window_end_s = f.trace.buckets.empty() ? window_start_s : f.trace.buckets.back().t_end_s;
    out.throughput_bps = 0;
    out.mean_cwnd_packets = out.mean_rtt_s = out.min_rtt_s = out.max_rtt_s = out.p95_rtt_s = kNaN;
    // The path's, with or without a TCP flow: bandwidth × the ping's RTT, and the buffer.
    out.bdp_packets = f.trace.bdp_bytes / f.trace.mss_bytes;
    out.buffer_packets = f.trace.buffer_bytes / f.trace.mss_bytes;
    return out;
}

PathTraceBuilder::PathTraceBuilder(Trace& trace, const Scenario& s, int bucket_count)
    : trace_(trace), bucket_count_(bucket_count), bucket_s_(s.duration_s / bucket_count), open_(empty_bucket()),
      window_start_s_(s.duration_s / 2), rate_bps_(s.bandwidth_bps) {
    trace_.bdp_bytes = bdp_bytes(s);
    trace_.buffer_bytes = buffer_bytes(s);
    trace_.base_rtt_s = s.rtt_s;
    trace_.mss_bytes = s.mss_bytes;
    trace_.bucket_s = bucket_s_;
    trace_.buckets.reserve(static_cast<std::size_t>(bucket_count));
}

void PathTraceBuilder::close_before(double t_s) {
    while (bucket_ < bucket_count_ && t_s >= (bucket_ + 1) * bucket_s_) {
        TraceBucket b = open_;
        b.t_start_s = bucket_ * bucket_s_;
        b.t_end_s = (bucket_ + 1) * bucket_s_;
        if (any_) {
            const double rate = static_cast<double>(received_last_ - received_at_bucket_start_) * 8.0 / bucket_s_;
            b.delivery_rate_bps = {rate, rate};
        } else if (!trace_.buckets.empty()) {
            b = trace_.buckets.back();  // no reading in it: hold the last values
            b.t_start_s = bucket_ * bucket_s_;
            b.t_end_s = (bucket_ + 1) * bucket_s_;
        }
        trace_.buckets.push_back(b);
        ++bucket_;
        open_ = empty_bucket();
        any_ = false;
        received_at_bucket_start_ = received_last_;
    }
}

void PathTraceBuilder::add(double t_s, const QueueRange& queue, std::uint64_t received_bytes, const Sums& sums) {
    close_before(t_s);
    if (bucket_ >= bucket_count_) return;
    any_ = true;
    widen(open_.queue_bytes, static_cast<double>(queue.min_bytes));
    widen(open_.queue_bytes, static_cast<double>(queue.max_bytes));
    widen(open_.cwnd_bytes, sums.cwnd_bytes);
    widen(open_.window_bytes, sums.window_bytes);
    widen(open_.inflight_bytes, sums.inflight_bytes);
    open_.cwnd_end_bytes = sums.cwnd_bytes;
    open_.rwnd_bytes = sums.rwnd_bytes;
    if (t_s >= window_start_s_) window_delays_s_.push_back(static_cast<double>(queue.now_bytes) * 8.0 / rate_bps_);
    received_last_ = received_bytes;
}

void PathTraceBuilder::finish(double end_s) { close_before(std::min(end_s, bucket_count_ * bucket_s_) + bucket_s_ * 1e-9); }

}  // namespace inflight::kernel
