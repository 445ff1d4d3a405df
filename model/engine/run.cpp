// The event loop: flows on one bottleneck. Each flow names its next moment
// (an ACK reaching its sender, a retransmission timer, its pacing clock, its
// own schedule); a heap keyed by (time, kind, flow) gives the earliest in
// O(log N), ties broken by kind of moment and then by flow index. A trace
// bucket's end comes before any moment at the same time. The bottleneck's
// dequeues between moments are processed lazily (Bottleneck::advance_to);
// after each moment its flow sends what it may.
//   loop: t = min(next bucket end, earliest flow moment)   (time never goes back)
//         path horizon h < t → advance the path to h only; flows whose ACK
//                         path just filled get their next moment again; loop
//         advance the path to t
//         bucket end → close every flow's bucket (and the path's)
//         else       → that flow handles its moment, then is observed
//         flows whose ACK path just filled get their next moment again
// Cancellation (RunControl::cancel) is read at every bucket end and after
// every kMomentsPerCancelCheck loop steps without one: a run at 10 Gbit/s
// with long buckets still stops within about a millisecond.
// The horizon (Bottleneck::horizon) is how far the path may run in one go:
// a dequeue up to it hands over only ACKs due after it. Advancing further
// could hand a flow an ACK due before t — in the past — when t lies more
// than a return delay beyond a waiting packet's service (a flow with a short
// RTT behind another flow's packets, or an RTT shorter than a bucket). So
// every moment is handled at exactly its time.
#include "model/engine/run.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "model/path/bottleneck.h"
#include "model/engine/event_queue.h"
#include "model/engine/flow.h"
#include "model/engine/flow_results.h"
#include "model/engine/recorder.h"
#include "model/tcp/receive_buffer.h"

namespace inflight {

namespace {
constexpr std::int64_t kTraceBuckets = 5000;   // two points (min, max) each: 10k per series
constexpr std::int64_t kProgressEveryBuckets = 50;

// Flow 0 keeps the scenario's seed (one flow is today's flow); the others
// get their own, reproducibly.
std::uint64_t flow_seed(std::uint64_t seed, std::size_t i) {
    return i == 0 ? seed : seed ^ (0x9E3779B97F4A7C15ull * (i + 1));
}

void fill_trace_header(Trace& t, const Scenario& sc, double rtt_s) {
    t.bdp_bytes = bdp_bytes(sc.bandwidth_bps, rtt_s);
    t.buffer_bytes = std::floor(buffer_bytes(sc));
    t.base_rtt_s = rtt_s;
    t.mss_bytes = sc.mss_bytes;
    t.bucket_s = sc.duration_s / kTraceBuckets;
}

// The event loop (see the opening comment), compiled twice: for one flow,
// where no heap of moments is consulted and the path's sums are not kept,
// and for several. Only which code runs differs, never the order of steps.
struct LoopParts {
    const Scenario& sc;
    const RunControl& control;
    TimePs duration;
    std::vector<Flow>& flows;
    std::vector<Recorder>& recorders;
    Bottleneck& path;
    RunResult& result;
    PathRecorder* path_recorder;  // with several flows
};

template <bool kSeveral>
void run_moments(const LoopParts& loop) {
    const Scenario& sc = loop.sc;
    const RunControl& control = loop.control;
    const TimePs duration = loop.duration;
    std::vector<Flow>& flows = loop.flows;
    std::vector<Recorder>& recorders = loop.recorders;
    Bottleneck& path = loop.path;
    RunResult& result = loop.result;
    [[maybe_unused]] PathRecorder* path_recorder = loop.path_recorder;
    const std::size_t n = flows.size();
    EventQueue moments(n);
    for (std::size_t i = 0; i < n; ++i) moments.update(static_cast<std::uint32_t>(i), flows[i].next_moment());
    auto wake = [&] {
        for (std::uint16_t w : path.woken()) {
            flows[w].refresh();
            moments.update(w, flows[w].next_moment());
        }
        path.woken().clear();
    };
    // The flows' sums, kept as each flow changes (the path's series).
    double cwnd_sum = 0, window_sum = 0, inflight_sum = 0;
    std::vector<const TraceBucket*> closed(kSeveral ? n : 0);

    TimePs bucket_end = recorders[0].next_bucket_end();
    [[maybe_unused]] TimePs last_t = 0;
    const auto cancelled = [&] { return control.cancel && control.cancel->load(std::memory_order_relaxed); };
    std::uint32_t steps_to_check = RunControl::kMomentsPerCancelCheck;
    for (;;) {
        if (--steps_to_check == 0) {  // a long bucket: look in between
            steps_to_check = RunControl::kMomentsPerCancelCheck;
            if (cancelled()) {
                result.cancelled = true;
                break;
            }
        }
        const Moment m = kSeveral ? moments.top() : flows[0].next_moment();
        // One flow whose next moment is an ACK needs no look: the ACK at the
        // line's head was handed over by a service that ended by busy_until,
        // so it is due by busy_until + the flow's return delay = the horizon.
        // (An Ack moment at kNever — an empty line, no timer — means nothing
        // is outstanding, so nothing waits and the horizon is kNever too.)
        if ((kSeveral || m.kind != MomentKind::Ack) && path.horizon() < std::min(m.t, bucket_end)) {
            const TimePs h = path.horizon();
            assert(h >= last_t);  // the path was advanced to last_t: its link is busy past it
            last_t = h;
            path.advance_to(h);
            wake();
            continue;
        }
        if (bucket_end <= m.t) {
            const TimePs t = bucket_end;
            assert(t >= last_t);  // time never runs backwards
            last_t = t;
            path.advance_to(t);
            wake();
            std::uint64_t delivered = 0;
            for (std::size_t i = 0; i < n; ++i) {
                const FlowBucketState s = flows[i].bucket_state();
                recorders[i].close_bucket(t, s);
                if (kSeveral) {
                    closed[i] = &result.flows[i].trace.buckets.back();
                    delivered += s.delivered_bytes;
                }
            }
            if (kSeveral) path_recorder->close_bucket(t, closed, delivered);
            bucket_end = recorders[0].next_bucket_end();
            if (t >= duration) break;
            steps_to_check = RunControl::kMomentsPerCancelCheck;
            if (cancelled()) {
                result.cancelled = true;
                break;
            }
            if (control.on_progress && result.trace.buckets.size() % kProgressEveryBuckets == 0)
                control.on_progress(Progress{result.trace, result.events, result.flows, to_seconds(t), sc.duration_s});
            continue;
        }
        const TimePs t = m.t;
        assert(t >= last_t);  // time never runs backwards
        last_t = t;
        const std::uint32_t f = kSeveral ? moments.top_flow() : 0;
        Flow& flow = flows[f];
        path.advance_to(t);
        flow.step(t);
        const double cwnd_was = flow.cwnd_bytes(), window_was = flow.window_bytes(), inflight_was = flow.inflight_bytes();
        flow.observe(t);
        if (kSeveral) {
            cwnd_sum += flow.cwnd_bytes() - cwnd_was;
            window_sum += flow.window_bytes() - window_was;
            inflight_sum += flow.inflight_bytes() - inflight_was;
            path_recorder->observe(cwnd_sum, window_sum, inflight_sum, path.queue_bytes());
        }
        if (kSeveral) moments.replace_top(flow.next_moment());  // f is still the earliest
        if (!path.woken().empty()) wake();
    }
}
}  // namespace

RunResult run_scenario(const Scenario& sc, const RunControl& control) {
    if (auto error = validate(sc)) throw std::invalid_argument(*error);
    const auto wall_start = std::chrono::steady_clock::now();

    RunResult result;
    result.scenario = sc;
    const std::size_t n = flow_count(sc);
    const bool several = n > 1;
    const TimePs duration = from_seconds(sc.duration_s);
    const auto buffer = static_cast<std::uint64_t>(buffer_bytes(sc));
    const TimePs window_start = duration * (kTraceBuckets / 2) / kTraceBuckets;
    const TimePs window_mid = duration * (3 * kTraceBuckets / 4) / kTraceBuckets;

    const std::vector<ResolvedFlow> specs = resolve_flows(sc);
    double shortest_rtt_s = sc.rtt_s;
    for (std::size_t i = 0; i < n; ++i)
        if (i == 0 || specs[i].rtt_s < shortest_rtt_s) shortest_rtt_s = specs[i].rtt_s;

    // The path's trace: with one flow, that flow's own (today's meaning);
    // with several, the aggregate, its bands at the shortest flow RTT.
    fill_trace_header(result.trace, sc, several ? shortest_rtt_s : specs[0].rtt_s);
    // The result carries what ran, resolved once here: every reader of the
    // result (summaries, words, exports) takes the flows from it.
    result.flows.resize(n);
    for (std::size_t i = 0; i < n; ++i) result.flows[i].flow = specs[i];

    std::vector<AckPath> returns;
    returns.reserve(n);
    for (const ResolvedFlow& f : specs) returns.emplace_back(from_seconds(f.rtt_s));

    std::optional<CodelParams> codel;  // single CoDel, or each fq_codel queue's
    if (sc.aqm == Aqm::Codel || sc.aqm == Aqm::FqCodel) codel = codel_params(sc);
    Bottleneck path(Bottleneck::Config{sc.bandwidth_bps, buffer, sc.loss, sc.loss_pattern, sc.seed, codel,
                                       sc.aqm == Aqm::FqCodel, sc.mss_bytes, window_start},
                    returns);

    std::vector<Recorder> recorders;
    recorders.reserve(n);
    std::vector<Flow> flows;
    flows.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const ResolvedFlow& f = specs[i];
        const TimePs rtt = from_seconds(f.rtt_s);
        Trace& trace = several ? result.flows[i].trace : result.trace;
        if (several) fill_trace_header(trace, sc, f.rtt_s);
        Recorder::Config rc;
        rc.flow = static_cast<int>(i);
        rc.tcp = f.kind == FlowKind::Tcp;
        rc.duration = duration;
        rc.bucket_count = kTraceBuckets;
        rc.window_start = window_start;
        rc.window_mid = window_mid;
        rc.active_from = from_seconds(f.start_s);
        rc.active_until = std::min(duration, from_seconds(f.stop_s));
        rc.max_rtt_expected = rtt + from_seconds(sc.buffer_s) + from_ms(50);
        rc.mss_bytes = sc.mss_bytes;
        rc.link_rate_bps = sc.bandwidth_bps;
        rc.window_limit_bytes = std::min(f.rwnd_bytes, f.sndbuf_bytes);
        if (f.tcp.rcvbuf_bytes != 0)  // SO_RCVBUF: the locked buffer's window
            rc.window_limit_bytes = std::min(rc.window_limit_bytes, ReceiveBuffer::locked_window(f.tcp.rcvbuf_bytes));
        rc.drop_group_span = std::max(rtt, from_ms(100));
        rc.limit_log_period = std::max(2 * rtt, from_ms(500));
        rc.random_loss = sc.loss > 0 && sc.loss_pattern == LossPattern::Random;
        recorders.emplace_back(rc, trace, result.events);
        flows.emplace_back(Flow::Config{f, static_cast<std::uint16_t>(i), sc.mss_bytes, flow_seed(sc.seed, i), duration, control.tap,
                                        sc.bandwidth_bps},
                           path, returns[i], recorders.back());
    }
    std::optional<PathRecorder> path_recorder;
    if (several) path_recorder.emplace(result.trace, kTraceBuckets);

    if (several) run_moments<true>(LoopParts{sc, control, duration, flows, recorders, path, result, &*path_recorder});
    else run_moments<false>(LoopParts{sc, control, duration, flows, recorders, path, result, nullptr});

    summarize(sc, flows, recorders, path, result);
    result.summary.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    return result;
}

}  // namespace inflight
