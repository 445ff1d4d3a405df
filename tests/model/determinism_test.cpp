// The same scenario and seed give bit-identical results, on any thread.
#include <gtest/gtest.h>

#include <cstring>
#include <thread>

#include "model/engine/run.h"

using namespace inflight;

namespace {
// Field by field (memcmp would also compare padding bytes, which copies need
// not preserve). Doubles compare bit for bit: NaN == NaN here.
bool same(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool same(const MinMax& a, const MinMax& b) { return same(a.min, b.min) && same(a.max, b.max); }
// An event's numbers (the words are built from them outside the model).
bool same(const Event& a, const Event& b) {
    return same(a.t_s, b.t_s) && a.kind == b.kind && a.cause == b.cause &&
           same(a.cwnd_before_bytes, b.cwnd_before_bytes) && same(a.cwnd_after_bytes, b.cwnd_after_bytes) &&
           a.drops_tail == b.drops_tail && a.drops_aqm == b.drops_aqm && a.drops_random == b.drops_random &&
           a.ecn_marks == b.ecn_marks && a.phase == b.phase && a.limit == b.limit && a.count == b.count &&
           a.start_end == b.start_end && a.grouped == b.grouped && same(a.next_rto_s, b.next_rto_s) &&
           a.rto_backoff == b.rto_backoff;
}

void expect_identical(const RunResult& a, const RunResult& b) {
    const Summary &x = a.summary, &y = b.summary;
    EXPECT_TRUE(same(x.throughput_bps, y.throughput_bps));
    EXPECT_TRUE(same(x.mean_cwnd_packets, y.mean_cwnd_packets));
    EXPECT_TRUE(same(x.mean_rtt_s, y.mean_rtt_s));
    EXPECT_TRUE(same(x.p95_rtt_s, y.p95_rtt_s));
    for (int i = 0; i < kLimitCount; ++i) EXPECT_TRUE(same(x.binding_fractions[i], y.binding_fractions[i]));
    EXPECT_EQ(x.congestion_events, y.congestion_events);
    EXPECT_EQ(x.drops_tail + x.drops_aqm + x.drops_random, y.drops_tail + y.drops_aqm + y.drops_random);
    EXPECT_EQ(x.retransmits, y.retransmits);
    EXPECT_EQ(x.packets_simulated, y.packets_simulated);
    ASSERT_EQ(a.trace.buckets.size(), b.trace.buckets.size());
    for (std::size_t i = 0; i < a.trace.buckets.size(); ++i) {
        const TraceBucket &p = a.trace.buckets[i], &q = b.trace.buckets[i];
        const bool equal = same(p.cwnd_bytes, q.cwnd_bytes) && same(p.inflight_bytes, q.inflight_bytes) &&
                           same(p.queue_bytes, q.queue_bytes) && same(p.rtt_s, q.rtt_s) &&
                           same(p.delivery_rate_bps, q.delivery_rate_bps) && same(p.srtt_s, q.srtt_s) &&
                           same(p.pacing_rate_bps, q.pacing_rate_bps) && same(p.cc.bw_bps, q.cc.bw_bps) &&
                           same(p.cc.min_rtt_s, q.cc.min_rtt_s) && same(p.cc.pacing_gain, q.cc.pacing_gain) &&
                           p.phase == q.phase && p.limit == q.limit && p.pkts_sent == q.pkts_sent &&
                           p.pkts_dropped == q.pkts_dropped && p.retransmits == q.retransmits;
        ASSERT_TRUE(equal) << "bucket " << i;
    }
    ASSERT_EQ(a.events.size(), b.events.size());
    for (std::size_t i = 0; i < a.events.size(); ++i) {
        EXPECT_TRUE(same(a.events[i], b.events[i])) << "event " << i;
    }
}
}  // namespace

TEST(Determinism, SameSeedSameResultAcrossThreads) {
    Scenario s;
    s.algorithm = Algorithm::Bbr;
    s.loss = 0.001;
    s.loss_pattern = LossPattern::Random;
    s.duration_s = 15;
    const RunResult here = run_scenario(s);
    RunResult there;
    std::thread t([&] { there = run_scenario(s); });
    t.join();
    expect_identical(here, there);
    expect_identical(here, run_scenario(s));
}

TEST(Determinism, DifferentSeedsDifferUnderRandomLoss) {
    Scenario s;
    s.loss = 0.001;
    s.loss_pattern = LossPattern::Random;
    s.duration_s = 15;
    const RunResult a = run_scenario(s);
    s.seed = 2;
    const RunResult b = run_scenario(s);
    EXPECT_NE(a.summary.drops_random, b.summary.drops_random);
}
