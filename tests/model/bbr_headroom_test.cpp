// Linux BBR's headroom beyond gain × BDP (tcp_bbr.c): the TSO quantization
// budget and the ACK-aggregation allowance, each on hand-built inputs, then
// BBR with and without them on one path. Expected figures come from
// tcp_bbr.c's constants (sk_pacing_shift 10, bbr_min_tso_rate 1.2 Mbit/s,
// bbr_extra_acked_win_rtts 5, bbr_extra_acked_max_us 100 ms) and arithmetic.
#include <gtest/gtest.h>

#include "model/cc/bbr.h"
#include "model/cc/bbr_headroom.h"
#include "model/engine/run.h"

using namespace inflight;

namespace {

constexpr std::uint32_t kMss = 1500;
constexpr TimePs kMs = kPsPerMs;

double packets(double bytes) { return bytes / kMss; }

}  // namespace

TEST(BbrQuantization, AddsThreeTsoBurstsOfTheRatesMillisecondAndRoundsToEvenSegments) {
    // 50 Mbit/s paced = 6.25e6 B/s; a 1/1024 s burst is 6,103.5 B = 4 full
    // segments, so 3 × 4 = 12 segments more: 100 → 112 (already even).
    EXPECT_EQ(packets(bbr_quantization_budget(100 * kMss, 6.25e6, kMss, false)), 112);
    // 101 + 12 = 113 rounds up to 114; probing adds 2 more.
    EXPECT_EQ(packets(bbr_quantization_budget(101 * kMss, 6.25e6, kMss, false)), 114);
    EXPECT_EQ(packets(bbr_quantization_budget(101 * kMss, 6.25e6, kMss, true)), 116);
    // A part of a segment counts as a whole one: 10.2 → 11, + 12 = 23 → 24.
    EXPECT_EQ(packets(bbr_quantization_budget(10.2 * kMss, 6.25e6, kMss, false)), 24);
}

TEST(BbrQuantization, TheBurstIsAtLeastTwoSegmentsOrOneBelowOnePointTwoMegabits) {
    // 1 Mbit/s = 125,000 B/s: a 1/1024 s burst is 122 B, under one segment.
    // At or above 1.2 Mbit/s the goal is 2 segments (+6), below it 1 (+3).
    EXPECT_EQ(packets(bbr_quantization_budget(10 * kMss, 125000, kMss, false)), 14);  // 10 + 3 → 14
    EXPECT_EQ(packets(bbr_quantization_budget(10 * kMss, 150000, kMss, false)), 16);  // 10 + 6
}

TEST(BbrQuantization, TheBurstStopsAtSixtyFourKilobytesLessHeaders) {
    // 10 Gbit/s: 1.25e9 / 1024 = 1.22 MB, capped at 65,536 − 1 − 320 B =
    // 43 segments of 1,500 B; 3 × 43 = 129 more, 100 + 129 = 229 → 230.
    EXPECT_EQ(packets(bbr_quantization_budget(100 * kMss, 1.25e9, kMss, false)), 230);
}

TEST(BbrAckAggregation, AnEvenAckStreamAtBtlBwLeavesOneAcksWorth) {
    // ACKs of 2 segments every 1.2 ms at BtlBw = 2 × 1500 B / 1.2 ms: each
    // epoch restarts (ACKed ≤ predicted), so the excess is one ACK's bytes.
    BbrAckAggregation a;
    const double bw = 2.0 * kMss / 1.2e-3;
    for (int i = 1; i <= 200; ++i) a.on_ack(i * 1200 * (kPsPerMs / 1000), 2 * kMss, i % 20 == 0, bw, 100 * kMss, kMss);
    EXPECT_NEAR(a.extra_acked_bytes(), 2 * kMss, 1e-3);
}

TEST(BbrAckAggregation, AClumpAfterASilenceCountsWhatBtlBwDidNotPredictUpToCwnd) {
    // 10 ms of silence, then 10 ACKs of 2 segments at one instant: the first
    // opens an epoch, the other nine arrive after no time at all, so all 20
    // segments are beyond the prediction — unless cwnd is smaller.
    for (double cwnd_packets : {100.0, 8.0}) {
        BbrAckAggregation a;
        a.on_ack(1 * kMs, 2 * kMss, false, 1e6, cwnd_packets * kMss, kMss);
        for (int i = 0; i < 10; ++i) a.on_ack(11 * kMs, 2 * kMss, false, 1e6, cwnd_packets * kMss, kMss);
        EXPECT_NEAR(packets(a.extra_acked_bytes()), std::min(20.0, cwnd_packets), 1e-9);
    }
}

TEST(BbrAckAggregation, TheMaximumLastsFiveToTenRoundsAndCountsOnlyOnceThePipeIsFull) {
    BbrAckAggregation a;
    const double bw = 1e6;  // B/s
    a.on_ack(1 * kMs, 2 * kMss, false, bw, 100 * kMss, kMss);
    for (int i = 0; i < 5; ++i) a.on_ack(11 * kMs, 2 * kMss, false, bw, 100 * kMss, kMss);
    const double clump = a.extra_acked_bytes();
    EXPECT_NEAR(packets(clump), 10, 1e-9);
    EXPECT_EQ(a.cwnd_bytes(bw, false), 0);                // Startup: no allowance
    EXPECT_NEAR(a.cwnd_bytes(bw, true), clump, 1e-9);     // 15 kB < 100 ms × 1 MB/s
    EXPECT_NEAR(a.cwnd_bytes(1e5, true), 1e4, 1e-9);      // capped at 100 ms of BtlBw
    // Round starts with ACKs slower than BtlBw (1 kB each 20 ms): each
    // restarts its epoch, so the excess is 1 kB.
    TimePs t = 11 * kMs;
    auto round = [&] {
        t += 20 * kMs;
        a.on_ack(t, 1000, true, bw, 100 * kMss, kMss);
    };
    for (int i = 0; i < 4; ++i) round();
    EXPECT_EQ(a.extra_acked_bytes(), clump);  // 4 rounds: the same window
    round();                                  // the 5th opens the other window...
    EXPECT_EQ(a.extra_acked_bytes(), clump);  // ...and the clump's is still the older one
    for (int i = 0; i < 4; ++i) round();
    EXPECT_EQ(a.extra_acked_bytes(), clump);
    round();  // 10 rounds: the clump's window is reopened, empty
    EXPECT_LT(a.extra_acked_bytes(), 2000);
}

TEST(BbrHeadroom, KeepsMoreInFlightThanTwoBdpWhereTheTextbookBbrKeepsExactlyThat) {
    // One paced BBR flow alone, 50 Mbit/s, 40 ms, a deep buffer, Linux's
    // receiver: BDP = 166.7 packets. ProbeBW's cwnd target is 2 BDP = 334
    // packets without the headroom; with it at least the 3 TSO bursts (4
    // segments each at 50 Mbit/s) more.
    Scenario s;
    s.algorithm = Algorithm::Bbr;
    s.bandwidth_bps = 50e6;
    s.rtt_s = 0.040;
    s.buffer_s = 0.200;
    s.duration_s = 10;
    s.stack = Stack::Linux;
    auto steady_cwnd_max = [](const RunResult& r) {
        double m = 0;
        for (const TraceBucket& b : r.trace.buckets)
            if (b.t_start_s >= 5 && b.phase == CcPhase::ProbeBw) m = std::max(m, b.cwnd_bytes.max);
        return m / 1500;
    };
    s.bbr_headroom = Detail::Off;
    const double plain = steady_cwnd_max(run_scenario(s));
    s.bbr_headroom = Detail::Auto;  // on with linux
    const double linux = steady_cwnd_max(run_scenario(s));
    EXPECT_NEAR(plain, 334, 4) << "2 × BtlBw × min_rtt, whole packets";
    EXPECT_GE(linux, plain + 12);
}
