// The event loop: one flow, one bottleneck. Four kinds of moment, taken in
// time order with ties broken as listed: a trace bucket ends, an ACK reaches
// the sender, the retransmission timer fires, the pacing clock opens. The
// bottleneck's dequeues between those moments are processed lazily
// (Bottleneck::advance_to); after each moment the sender sends what it may.
#include "run.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "bottleneck.h"
#include "recorder.h"
#include "sender.h"

namespace inflight {

namespace {
constexpr std::int64_t kTraceBuckets = 5000;   // two points (min, max) each: 10k per series
constexpr std::int64_t kProgressEveryBuckets = 50;
}  // namespace

RunResult run_scenario(const Scenario& sc, const RunControl& control) {
    if (auto error = validate(sc)) throw std::invalid_argument(*error);
    const auto wall_start = std::chrono::steady_clock::now();

    RunResult result;
    result.scenario = sc;
    const TimePs duration = from_seconds(sc.duration_s);
    const TimePs base_rtt = from_seconds(sc.rtt_s);
    const auto buffer = static_cast<std::uint64_t>(buffer_bytes(sc));

    Trace& trace = result.trace;
    trace.bdp_bytes = bdp_bytes(sc);
    trace.buffer_bytes = static_cast<double>(buffer);
    trace.base_rtt_s = sc.rtt_s;
    trace.mss_bytes = sc.mss_bytes;
    trace.bucket_s = sc.duration_s / kTraceBuckets;

    std::optional<CodelParams> codel;
    if (sc.aqm == Aqm::Codel) {
        CodelParams p;
        p.mtu_bytes = sc.mss_bytes;
        p.ecn = sc.ecn;
        codel = p;
    }
    Bottleneck path(Bottleneck::Config{sc.bandwidth_bps, base_rtt, buffer, sc.loss, sc.loss_pattern, sc.seed, codel});
    auto cc = make_congestion_control(sc.algorithm, sc.seed, sc.pacing);

    Recorder::Config rc;
    rc.duration = duration;
    rc.bucket_count = kTraceBuckets;
    rc.window_start = duration * (kTraceBuckets / 2) / kTraceBuckets;
    rc.max_rtt_expected = base_rtt + from_seconds(sc.buffer_s) + from_ms(50);
    rc.mss_bytes = sc.mss_bytes;
    rc.link_rate_bps = sc.bandwidth_bps;
    rc.window_limit_bytes = std::min(sc.rwnd_bytes, sc.sndbuf_bytes);
    rc.drop_group_span = std::max(base_rtt, from_ms(100));
    rc.limit_log_period = std::max(2 * base_rtt, from_ms(500));
    rc.random_loss = sc.loss > 0 && sc.loss_pattern == LossPattern::Random;
    Recorder recorder(rc, trace, result.events);

    Sender::Config scfg;
    scfg.mss_bytes = sc.mss_bytes;
    scfg.rwnd_bytes = sc.rwnd_bytes;
    scfg.sndbuf_bytes = sc.sndbuf_bytes;
    scfg.pacing = sc.pacing;
    scfg.handshake_rtt = base_rtt;
    Sender sender(scfg, *cc, path, recorder);

    auto limit_now = [&] { return path.queue_bytes() > 0 ? Limit::Link : sender.blocked_by(); };
    sender.try_send(0);
    recorder.observe(0, sender, path, limit_now());

    for (;;) {
        const TimePs t = std::min({recorder.next_bucket_end(), path.next_ack_time(), sender.rto_deadline(),
                                   sender.pacing_wakeup()});
        path.advance_to(t);
        if (t == recorder.next_bucket_end()) {
            recorder.close_bucket(t, sender, path, *cc);
            if (t >= duration) break;
            if (control.cancel && control.cancel->load(std::memory_order_relaxed)) {
                result.cancelled = true;
                break;
            }
            if (control.on_progress && trace.buckets.size() % kProgressEveryBuckets == 0)
                control.on_progress(Progress{trace, result.events, to_seconds(t), sc.duration_s});
        }
        if (path.ack_ready_by(t)) {
            const AckInFlight ack = path.pop_ack();
            recorder.ack_sample(t, sender.on_ack(t, ack));
        } else if (sender.rto_deadline() <= t) {
            sender.on_rto_timer(t);
        }
        sender.try_send(t);
        recorder.observe(t, sender, path, limit_now());
    }

    Summary& sum = result.summary;
    recorder.finish(duration, sender, path, sum);
    sum.bdp_packets = trace.bdp_bytes / sc.mss_bytes;
    sum.buffer_packets = trace.buffer_bytes / sc.mss_bytes;
    sum.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    return result;
}

}  // namespace inflight
