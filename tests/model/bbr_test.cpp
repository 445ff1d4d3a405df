// BBR v1 against tcp_bbr.c's state machine, on hand-built ACK streams: a
// fluid path that delivers one MSS per ACK at a set rate and RTT.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "fluid_path.h"

using namespace inflight;
using namespace inflight::test;

TEST(Bbr, StartupUsesHighGain) {
    FluidPath p(12.5e6, from_ms(40));
    p.ack();
    EXPECT_EQ(p.bbr.mode(), Bbr::Mode::Startup);
    EXPECT_NEAR(p.bbr.pacing_gain(), 2.0 / std::log(2.0), 0.001);
    EXPECT_NEAR(p.bbr.cwnd_gain(), 2.0 / std::log(2.0), 0.001);
}

TEST(Bbr, LeavesStartupAfterThreeRoundsWithoutGrowth) {
    // Constant bandwidth: round 1 sets full_bw; rounds 2, 3, 4 show < 25%
    // growth; the third flat round ends Startup.
    FluidPath p(12.5e6, from_ms(40));
    std::int64_t exit_round = -1;
    while (p.now < 5 * kPsPerSecond) {
        p.ack();
        if (p.bbr.full_bw_reached()) {
            exit_round = p.bbr.round_count();
            break;
        }
        EXPECT_EQ(p.bbr.mode(), Bbr::Mode::Startup);
    }
    EXPECT_EQ(exit_round, 4);
    EXPECT_NE(p.bbr.mode(), Bbr::Mode::Startup);
}

TEST(Bbr, StaysInStartupWhileBandwidthGrows) {
    FluidPath p(1e6, from_ms(40));
    for (int round = 0; round < 8; ++round) {
        p.run_for(from_ms(40));
        p.bw_Bps *= 1.5;  // more than 25% per round
    }
    EXPECT_EQ(p.bbr.mode(), Bbr::Mode::Startup);
    EXPECT_FALSE(p.bbr.full_bw_reached());
}

TEST(Bbr, ProbeBwCyclesThroughTheEightGains) {
    FluidPath p(12.5e6, from_ms(40));
    while (p.bbr.mode() != Bbr::Mode::ProbeBw) p.ack();
    std::vector<double> gains{p.bbr.pacing_gain()};
    int last = p.bbr.cycle_index();
    while (gains.size() < 17) {
        p.ack();
        if (p.bbr.cycle_index() != last) {
            EXPECT_EQ(p.bbr.cycle_index(), (last + 1) % 8);  // phases advance one at a time
            last = p.bbr.cycle_index();
            gains.push_back(p.bbr.pacing_gain());
        }
    }
    // The sequence is the cycle 1.25, 0.75, 1 ×6, entered somewhere.
    const std::vector<double> cycle{1.25, 0.75, 1, 1, 1, 1, 1, 1};
    const auto first = std::find(gains.begin(), gains.end(), 1.25) - gains.begin();
    ASSERT_LT(first, 8);
    for (std::size_t i = 0; i < 9; ++i) EXPECT_DOUBLE_EQ(gains[first + i], cycle[i % 8]);
}

TEST(Bbr, ProbeBwNeverStartsInTheDrainingPhase) {
    std::set<int> starts;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        FluidPath p(12.5e6, from_ms(10), seed);
        while (p.bbr.mode() != Bbr::Mode::ProbeBw) p.ack();
        starts.insert(p.bbr.cycle_index());
    }
    EXPECT_EQ(starts.count(1), 0u);   // 0.75 is never the first phase
    EXPECT_EQ(starts.size(), 7u);     // every other phase is
}

TEST(Bbr, CwndIsTwiceTheEstimatedBdpInProbeBw) {
    FluidPath p(12.5e6, from_ms(40));
    p.run_for(3 * kPsPerSecond);
    ASSERT_EQ(p.bbr.mode(), Bbr::Mode::ProbeBw);
    const double bdp = 12.5e6 * 0.040;
    EXPECT_NEAR(p.s.cwnd_bytes, 2 * bdp, kMss);
}

TEST(Bbr, ProbeRttAfterTenSecondsAtFourPacketsForAtLeast200ms) {
    // The RTT never drops below its first sample, so min_rtt expires after
    // 10 s and BBR must dip to 4 packets.
    FluidPath p(12.5e6, from_ms(40));
    TimePs entered = -1, left = -1;
    double max_cwnd_in_probe_rtt = 0;
    while (p.now < 25 * kPsPerSecond && left < 0) {
        p.ack();
        const bool in = p.bbr.mode() == Bbr::Mode::ProbeRtt;
        if (in && entered < 0) entered = p.now;
        if (in) max_cwnd_in_probe_rtt = std::max(max_cwnd_in_probe_rtt, p.s.cwnd_bytes);
        if (!in && entered >= 0) left = p.now;
    }
    ASSERT_GE(entered, 0);
    ASSERT_GE(left, 0);
    EXPECT_NEAR(to_seconds(entered), 10.0, 0.1);  // min_rtt stamped at the first ACK
    EXPECT_GE(left - entered, from_ms(200));
    EXPECT_LT(left - entered, from_ms(200) + 3 * from_ms(40));
    EXPECT_DOUBLE_EQ(max_cwnd_in_probe_rtt, 4.0 * kMss);
    // Afterwards the saved cwnd is restored.
    EXPECT_GT(p.s.cwnd_bytes, 100.0 * kMss);
}

TEST(Bbr, LowerRttRefreshesMinRttAndPostponesProbeRtt) {
    FluidPath p(12.5e6, from_ms(40));
    p.run_for(8 * kPsPerSecond);
    p.rtt = from_ms(39);  // a strictly lower sample restarts the 10 s window
    p.ack();
    p.rtt = from_ms(40);
    p.run_for(5 * kPsPerSecond);  // t ≈ 13 s: past 10 s from the start, not from 8 s
    EXPECT_NE(p.bbr.mode(), Bbr::Mode::ProbeRtt);
    EXPECT_EQ(p.bbr.min_rtt(), from_ms(39));
}

TEST(Bbr, LossDoesNotReduceTheWindow) {
    FluidPath p(12.5e6, from_ms(40));
    p.run_for(3 * kPsPerSecond);
    const double before = p.s.cwnd_bytes;
    p.bbr.on_congestion_event(p.s, p.now);
    EXPECT_DOUBLE_EQ(p.s.cwnd_bytes, before);
    EXPECT_FALSE(p.bbr.responds_to_ecn());
}
