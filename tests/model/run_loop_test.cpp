// The run loop handles every moment at exactly its time, and time never runs
// backwards.
// The path's dequeues are processed lazily; a dequeue skipped over must never
// hand a flow an ACK due before the time the loop has reached. These runs put
// a short-RTT flow's packets where that happens: behind another flow's packet
// while nothing else is due for longer than its RTT, and one flow whose RTT
// is shorter than a trace bucket (duration / 5000) with link losses that
// empty its ACK path while packets wait. Expected figures are arithmetic:
// base RTT + serialization + the most the buffer can hold.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "model/engine/run.h"

using namespace inflight;

namespace {
constexpr double kMbps = 1e6;
double serialization_s(double bytes, double bw) { return bytes * 8 / bw; }

FlowSpec ping(double rtt_s, double interval_s) {
    FlowSpec f;
    f.kind = FlowKind::Ping;
    f.rtt_s = rtt_s;
    f.ping_interval_s = interval_s;
    return f;
}
FlowSpec bulk(double rtt_s) {
    FlowSpec f;
    f.rtt_s = rtt_s;
    return f;
}

// Smallest and largest RTT sample over the run's buckets (the path's trace
// with one flow, the flow's own with several).
std::pair<double, double> rtt_range(const Trace& t) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const TraceBucket& b : t.buckets) {
        if (!(b.rtt_s.min <= b.rtt_s.max)) continue;  // no sample in the bucket
        lo = std::min(lo, b.rtt_s.min);
        hi = std::max(hi, b.rtt_s.max);
    }
    return {lo, hi};
}
}  // namespace

// t = 0: flow 0 (bulk, 100 ms) sends its SYN first (ties go by flow index),
// flow 1's first ping (1 ms) waits behind it. Nothing else is due until the
// first bucket closes at 40 s / 5000 = 8 ms, far beyond the ping's reply at
// 64·8/C + 64·8/C + 1 ms. The reply must be taken then, not at 8 ms.
TEST(RunLoop, APingQueuedBehindAnotherFlowsSynIsAnsweredOneBaseRttAfterItsService) {
    Scenario s;
    s.bandwidth_bps = 100 * kMbps;
    s.rtt_s = 0.100;
    s.duration_s = 40;
    s.flows = {bulk(0.100), ping(0.001, 0.100)};
    const RunResult r = run_scenario(s);
    const auto& rtts = r.flows[1].ping_rtt_samples_s;
    ASSERT_FALSE(rtts.empty());
    const double expected = serialization_s(64, s.bandwidth_bps) * 2 + 0.001;  // 1.01024 ms
    EXPECT_NEAR(rtts[0], expected, 1e-12);
    // Its reply arrives at that time after the ping left (at 0).
    EXPECT_NEAR(r.flows[1].ping_rtt_samples_t_s[0], expected, 1e-12);
}

// One ping every 10 ms with a 1 ms RTT beside a bulk CUBIC flow of 80 ms on
// a 20 ms buffer: each ping waits for at most the buffer and one packet in
// service, so its RTT is at most 1 ms + 20 ms + 1500·8/C + its own 64·8/C,
// and at least 1 ms + 64·8/C. A reply taken late shows as more.
TEST(RunLoop, PingRepliesBesideABulkFlowAreNeverLaterThanTheBufferExplains) {
    Scenario s;
    s.bandwidth_bps = 100 * kMbps;
    s.rtt_s = 0.080;
    s.buffer_s = 0.020;
    s.duration_s = 40;
    s.flows = {bulk(0.080), ping(0.001, 0.010)};
    const RunResult r = run_scenario(s);
    const auto& rtts = r.flows[1].ping_rtt_samples_s;
    ASSERT_GT(rtts.size(), 3000u);
    const double lo = 0.001 + serialization_s(64, s.bandwidth_bps);
    const double hi = 0.001 + s.buffer_s + serialization_s(1500, s.bandwidth_bps) + serialization_s(64, s.bandwidth_bps);
    for (std::size_t i = 0; i < rtts.size(); ++i) {
        ASSERT_GE(rtts[i], lo - 1e-12) << "ping " << i;
        ASSERT_LE(rtts[i], hi + 1e-12) << "ping " << i;
    }
}

// One CUBIC flow with a 1 ms RTT in a 60 s run (buckets of 12 ms) at
// 10 Mbit/s (1.2 ms per packet) with 1% random link loss and a 5 ms buffer:
// a lost packet leaves the ACK path empty while packets wait. Every RTT
// sample lies between the SYN's (1 ms + 64·8/C, the smallest possible) and
// 1 ms + 5 ms of buffer + one packet in service + its own service.
TEST(RunLoop, RttSamplesOfAFlowWithAnRttShorterThanABucketAreExplainedByTheQueue) {
    Scenario s;
    s.bandwidth_bps = 10 * kMbps;
    s.rtt_s = 0.001;
    s.buffer_s = 0.005;
    s.loss = 0.01;
    s.loss_pattern = LossPattern::Random;
    s.duration_s = 60;
    const RunResult r = run_scenario(s);
    const auto [lo, hi] = rtt_range(r.trace);
    EXPECT_NEAR(lo, 0.001 + serialization_s(64, s.bandwidth_bps), 1e-12);
    EXPECT_LE(hi, 0.001 + s.buffer_s + 2 * serialization_s(1500, s.bandwidth_bps) + 1e-12);
}

// Two CUBIC flows, 1 ms and 100 ms, on a 50 ms buffer at 100 Mbit/s: the
// short flow's samples stay within 1 ms + 50 ms + two packets' service.
TEST(RunLoop, AShortRttFlowBehindALongOnesPacketsSeesOnlyTheQueue) {
    Scenario s;
    s.bandwidth_bps = 100 * kMbps;
    s.rtt_s = 0.100;
    s.buffer_s = 0.050;
    s.duration_s = 40;
    s.flows = {bulk(0.100), bulk(0.001)};
    const RunResult r = run_scenario(s);
    const auto [lo, hi] = rtt_range(r.flows[1].trace);
    EXPECT_NEAR(lo, 0.001 + serialization_s(64, s.bandwidth_bps) * 2, 1e-12);  // its SYN behind flow 0's
    EXPECT_LE(hi, 0.001 + s.buffer_s + 2 * serialization_s(1500, s.bandwidth_bps) + 1e-12);
}

// Random short paths (RTT 1–3 ms, 1–100 Mbit/s, buffers 1–50 ms, runs of
// 5–20 s so a bucket spans 1–4 ms, loss, CoDel, one to three flows of
// mixed RTTs including a ping): on a FIFO every RTT sample of every flow
// lies within base RTT + buffer + two packets' service. In a build with
// assertions the loop also checks that time never runs backwards (the
// worker stress test's random 1 ms paths tripped that before the fix).
TEST(RunLoop, RandomShortPathsExplainEveryRttSampleByTheQueue) {
    std::uint64_t x = 11;
    auto uniform = [&x] {  // splitmix64 → [0, 1): the same draws on every platform
        x += 0x9E3779B97F4A7C15ull;
        std::uint64_t z = x;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return static_cast<double>((z ^ (z >> 31)) >> 11) * 0x1p-53;
    };
    auto log_range = [&](double lo, double hi) { return lo * std::pow(hi / lo, uniform()); };
    for (int run = 0; run < 24; ++run) {
        Scenario s;
        s.algorithm = run % 3 == 0 ? Algorithm::Reno : run % 3 == 1 ? Algorithm::Cubic : Algorithm::Bbr;
        s.bandwidth_bps = std::round(log_range(1e6, 100e6));
        s.rtt_s = std::round(log_range(0.001, 0.003) * 1e6) / 1e6;
        s.buffer_s = std::round(log_range(0.001, 0.050) * 1e4) / 1e4;
        s.duration_s = std::round(5 + 15 * uniform());
        if (uniform() < 0.5) {
            s.loss = 0.01;
            s.loss_pattern = uniform() < 0.5 ? LossPattern::Random : LossPattern::Even;
        }
        if (uniform() < 0.3) s.aqm = Aqm::Codel;
        const int n = 1 + run % 3;
        if (n > 1) {
            s.flows = {bulk(s.rtt_s), bulk(0.050)};
            if (n == 3) s.flows.push_back(ping(0.001, 0.010));
        }
        SCOPED_TRACE(testing::Message() << "run " << run << ": " << s.bandwidth_bps / 1e6 << " Mbit/s, rtt "
                                        << s.rtt_s * 1e3 << " ms, buffer " << s.buffer_s * 1e3 << " ms, "
                                        << s.duration_s << " s, loss " << s.loss << ", flows " << n);
        const RunResult r = run_scenario(s);
        const double slack = 2 * serialization_s(1500, s.bandwidth_bps) + 1e-12;
        for (std::size_t i = 0; i < r.flows.size(); ++i) {
            const double base = i == 0 ? s.rtt_s : i == 1 ? 0.050 : 0.001;
            const Trace& t = n > 1 ? r.flows[i].trace : r.trace;
            EXPECT_LE(rtt_range(t).second, base + s.buffer_s + slack) << "flow " << i;
            for (double rtt : r.flows[i].ping_rtt_samples_s) ASSERT_LE(rtt, base + s.buffer_s + slack) << "ping";
        }
    }
}

// A paced sender that runs out of data (a finite transfer sent, a bulk flow
// past its stop, BBR pacing itself) must not keep waking at a pacing time
// already past: each run ends (that is the point here). The transfer on
// 100 Mbit/s, 20 ms: 100 KB is 67 segments of 1500 B, sent as IW 10, then
// 20, then 37 (slow start): the handshake and 3 rounds take at least
// 4 × 20 ms, pacing spreads each round, and nothing is lost: well under
// 10 rounds.
TEST(RunLoop, APacedSenderOutOfDataLetsTheRunEnd) {
    Scenario s;
    s.rtt_s = 0.020;
    s.duration_s = 3;
    FlowSpec web;
    web.size_bytes = 100000;
    web.pacing = true;
    FlowSpec stopped;
    stopped.pacing = true;
    stopped.stop_s = 1.0;
    FlowSpec bbr;
    bbr.algorithm = Algorithm::Bbr;
    bbr.size_bytes = 100000;
    s.flows = {web, stopped};
    const RunResult r = run_scenario(s);
    ASSERT_EQ(r.flows[0].summary.fct_s.size(), 1u);
    EXPECT_GE(r.flows[0].summary.fct_s[0], 4 * 0.020);
    EXPECT_LT(r.flows[0].summary.fct_s[0], 10 * 0.020);
    s.stack = Stack::Linux;  // BBR paces itself
    s.flows = {bbr};
    EXPECT_EQ(run_scenario(s).flows[0].summary.fct_s.size(), 1u);
}
