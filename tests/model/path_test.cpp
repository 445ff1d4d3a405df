// The path's laws, checked on whole runs: the buffer bound, full use of the
// link when nothing else limits, and packet conservation at every sample.
#include <gtest/gtest.h>

#include <cmath>

#include "test_scenarios.h"

using namespace inflight;

namespace {
Scenario short_run(Algorithm a, double bw, double rtt_s, double buffer_s) {
    Scenario s;
    s.algorithm = a;
    s.bandwidth_bps = bw;
    s.rtt_s = rtt_s;
    s.buffer_s = buffer_s;
    s.duration_s = 10;
    return s;
}
}  // namespace

TEST(Path, QueueNeverHoldsMoreThanTheBuffer) {
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr}) {
        for (double buffer_s : {0.002, 0.02, 0.2}) {
            const Scenario s = short_run(a, 50e6, 0.03, buffer_s);
            const RunResult r = run_scenario(s);
            const double buffer_bytes = 50e6 * buffer_s / 8;
            double peak = 0;
            for (const auto& b : r.trace.buckets)
                if (!std::isnan(b.queue_bytes.max)) peak = std::max(peak, b.queue_bytes.max);
            EXPECT_LE(peak, buffer_bytes) << to_string(a) << " buffer " << buffer_s;
            if (a != Algorithm::Bbr) {  // loss-based flows fill the buffer until it drops
                EXPECT_GT(peak, 0.5 * buffer_bytes) << to_string(a) << " buffer " << buffer_s;
                EXPECT_GT(r.summary.drops_tail, 0u) << to_string(a) << " buffer " << buffer_s;
            }
        }
    }
}

TEST(Path, LosslessUnboundedFlowUsesAtLeast99PercentOfTheLink) {
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr}) {
        for (double bw : {10e6, 100e6, 1e9}) {
            Scenario s = short_run(a, bw, 0.02, 0.1);
            s.duration_s = 20;
            const RunResult r = run_scenario(s);
            const double floor = a == Algorithm::Bbr ? 0.95 : 0.99;  // BBR gives up ~2% to ProbeRTT and its 0.99 pacing margin
            EXPECT_GE(r.summary.utilisation, floor) << to_string(a) << " at " << bw;
            // Never faster than the link: at most one packet more than C × window
            // (the window's ACKs stand for receptions one RTT earlier).
            const double one_packet = 1500.0 * 8 / (bw * s.duration_s / 2);
            EXPECT_LE(r.summary.utilisation, 1.0 + one_packet) << "never faster than the link";
        }
    }
}

TEST(Path, PacketConservationAtEverySample) {
    // sent = delivered + dropped + in the network, for every trace sample,
    // under tail drop, random loss, CoDel drops and RTOs.
    Scenario lossy = short_run(Algorithm::Cubic, 20e6, 0.05, 0.01);
    lossy.loss = 0.02;
    lossy.loss_pattern = LossPattern::Random;
    Scenario codel = short_run(Algorithm::Reno, 100e6, 0.02, 0.5);
    codel.aqm = Aqm::Codel;
    Scenario bbr = short_run(Algorithm::Bbr, 200e6, 0.04, 0.005);
    for (const Scenario& s : {lossy, codel, bbr}) {
        const RunResult r = run_scenario(s);
        ASSERT_EQ(r.trace.buckets.size(), 5000u);
        for (const auto& b : r.trace.buckets)
            ASSERT_EQ(b.pkts_sent, b.pkts_delivered + b.pkts_dropped + b.pkts_in_network) << "at t=" << b.t_end_s;
        EXPECT_EQ(r.summary.packets_simulated, r.trace.buckets.back().pkts_sent);
        EXPECT_GT(r.trace.buckets.back().pkts_dropped, 0u);
        // Every drop was retransmitted or is still awaiting it.
        EXPECT_GE(r.summary.retransmits + 2000, r.summary.drops_tail + r.summary.drops_aqm + r.summary.drops_random);
    }
}

TEST(Path, RttNeverBelowBaseRttPlusSerialization) {
    Scenario s = short_run(Algorithm::Cubic, 10e6, 0.05, 0.1);
    const RunResult r = run_scenario(s);
    const double floor_s = 0.05 + 1500 * 8 / 10e6;
    EXPECT_GE(r.summary.min_rtt_s, floor_s - 1e-9);
    // And never above base + buffer + the packet in service and its own (the queue bound).
    EXPECT_LE(r.summary.max_rtt_s, 0.05 + 0.1 + 2 * 1500 * 8 / 10e6 + 1e-9);
}

TEST(Path, TraceKeepsAtMostTenThousandPointsPerSeries) {
    Scenario s = short_run(Algorithm::Cubic, 10e6, 0.02, 0.02);
    s.duration_s = 600;
    const RunResult r = run_scenario(s);
    EXPECT_LE(r.trace.buckets.size() * 2, 10'000u);  // min and max per bucket
    EXPECT_NEAR(r.trace.buckets.back().t_end_s, 600.0, 1e-9);
}

TEST(Path, ShortRunsNeverReportMoreThanTheLink) {
    // A 2 s run's steady window still holds slow start's losses: holes filled
    // in the window must not count bytes that arrived before it.
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr}) {
        for (double d : {1.0, 2.0, 3.0}) {
            Scenario s;
            s.algorithm = a;
            s.duration_s = d;
            const RunResult r = run_scenario(s);
            const double one_packet = 1500.0 * 8 / (100e6 * d / 2);
            EXPECT_LE(r.summary.utilisation, 1.0 + one_packet) << to_string(a) << " over " << d << " s";
        }
    }
}
