// A kernel run of several flows as the model reports one: the path's own
// trace (the queue, the flows' sums, the aggregate delivery rate) and the
// aggregate Summary over the flows' own. The rules are the model's
// (model/engine/flow_results.h), applied to what the kernel measured:
//   share_i  = bytes_i / Σ bytes received in the steady window
//   Jain     = (Σx)² / (n·Σx²) over the TCP bulk flows active through the window
//   settled  = one flow: the window's halves within 10%; several: each
//              flow's share of the halves within 0.05
//   queueing delay = the buffer's bytes at each 10 ms reading of the steady
//              window over the link rate: what a packet arriving then
//              waits (a sample of the delay, not every packet's sojourn);
//              under fq_codel, the whole backlog's
// With one flow the run's Summary is that flow's, with the last two added.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "app/kernel/emulator.h"
#include "model/core/result.h"
#include "model/engine/flow_results.h"

namespace inflight::kernel {

// What one flow's receiver took in the steady window, whole and by halves.
struct FlowWindowBytes {
    std::uint64_t bytes = 0;
    HalfBytes halves;
};

// A ping flow's probes: sent, and those without a reply by the end.
struct PingCounts {
    std::uint64_t sent = 0, lost = 0;
};

// A ping flow's trace from its replies (result.flows[i].ping_rtt_samples_*),
// on the run's buckets: each bucket's RTT range and its last RTT as srtt;
// the TCP series are NaN.
void ping_trace(FlowResult& f, const Scenario& s, int bucket_count);
// A ping flow's own Summary (its window, the path's BDP and buffer from its
// trace, no throughput), for the aggregate; after ping_trace.
Summary ping_flow_summary(const FlowResult& f, double window_start_s);

// Fills result.summary and each result.flows[i].summary from the flows'
// own summaries (each[i], as KernelRecorder gave it for flow i alone, with
// segments_received and acks_sent set); result.flows[i].flow is what ran.
// queue_delays_s: the queueing delay at each reading of the steady window.
// ping_counts[i]: flow i's probes when it is a ping flow.
void summarize_kernel_flows(const Scenario& s, const std::vector<Summary>& each,
                            const std::vector<FlowWindowBytes>& window, const std::vector<PingCounts>& ping_counts,
                            const std::vector<double>& queue_delays_s, RunResult& result);

// The path's trace of a run of several flows, reading by reading: the
// queue's range, the flows' summed cwnd, window and bytes in flight at
// each reading (min and max over the bucket), their advertised windows
// summed at the bucket's last reading, and the aggregate delivery rate
// (bytes the receivers took over the bucket). Other series are NaN.
class PathTraceBuilder {
public:
    PathTraceBuilder(Trace& trace, const Scenario& s, int bucket_count);
    struct Sums {
        double cwnd_bytes = 0, window_bytes = 0, inflight_bytes = 0;
        // The flows' advertised windows summed (the model's aggregate rule);
        // NaN while no flow has one.
        double rwnd_bytes = std::numeric_limits<double>::quiet_NaN();
    };
    void add(double t_s, const QueueRange& queue, std::uint64_t received_bytes, const Sums& sums);
    // Closes the buckets up to end_s.
    void finish(double end_s);
    // The queueing delay at each reading from window_start_s on.
    const std::vector<double>& window_queue_delays_s() const { return window_delays_s_; }

private:
    void close_before(double t_s);
    Trace& trace_;
    int bucket_count_;
    double bucket_s_;
    int bucket_ = 0;
    bool any_ = false;
    TraceBucket open_;
    std::uint64_t received_at_bucket_start_ = 0, received_last_ = 0;
    double window_start_s_, rate_bps_;
    std::vector<double> window_delays_s_;
};

}  // namespace inflight::kernel
