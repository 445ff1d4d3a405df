// Each algorithm reports its own state through CcInfo (Linux's get_info):
// nothing from Reno and CUBIC, BtlBw, min_rtt and the gains from BBR.
#include <gtest/gtest.h>

#include <cmath>

#include "model/cc/congestion_control.h"
#include "fluid_path.h"
#include "model/engine/run.h"

using namespace inflight;
using namespace inflight::test;

TEST(CcInfo, RenoAndCubicReportNothing) {
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic}) {
        const auto cc = make_congestion_control(a, 1, false);
        CcState s;
        s.mss_bytes = kMss;
        s.cwnd_bytes = 10.0 * kMss;
        cc->init(s);
        AckInfo ack;
        ack.now = ack.rtt = from_ms(40);
        ack.acked_bytes = kMss;
        cc->on_ack(s, ack);
        EXPECT_TRUE(cc->info().empty()) << to_string(a);
        EXPECT_TRUE(std::isnan(cc->info().bw_bps)) << to_string(a);
    }
}

TEST(CcInfo, BbrReportsItsBandwidthMinRttAndGains) {
    // 100 Mbit/s (12.5 MB/s) with a 40 ms RTT.
    FluidPath p(12.5e6, from_ms(40));
    p.bbr.init(p.s);
    EXPECT_TRUE(std::isnan(p.bbr.info().min_rtt_s));  // no RTT sample yet
    for (int i = 0; i < 100; ++i) p.ack();
    const CcInfo info = p.bbr.info();
    EXPECT_FALSE(info.empty());
    EXPECT_NEAR(info.bw_bps, 100e6, 100e6 * 1e-3);  // bits/s, not bytes/s
    EXPECT_DOUBLE_EQ(info.min_rtt_s, 0.040);
    EXPECT_NEAR(info.pacing_gain, 2 / std::log(2.0), 1e-3);  // still in Startup: 2/ln 2
    EXPECT_NEAR(info.cwnd_gain, 2 / std::log(2.0), 1e-3);
    // In ProbeBW the gains cycle and cwnd_gain is 2.
    p.run_for(3 * kPsPerSecond);
    ASSERT_EQ(p.bbr.mode(), Bbr::Mode::ProbeBw);
    EXPECT_DOUBLE_EQ(p.bbr.info().cwnd_gain, 2.0);
    EXPECT_EQ(p.bbr.info().pacing_gain, p.bbr.pacing_gain());
}

TEST(CcInfo, TraceBucketsCarryItOnlyForBbr) {
    Scenario s;
    s.duration_s = 2;
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr}) {
        s.algorithm = a;
        const RunResult r = run_scenario(s);
        ASSERT_FALSE(r.trace.buckets.empty());
        const CcInfo& last = r.trace.buckets.back().cc;
        if (a == Algorithm::Bbr) {
            // BBR's BtlBw is at most the link (the default 100 Mbit/s) and its
            // min_rtt at least the base RTT.
            EXPECT_GT(last.bw_bps, 0.5 * s.bandwidth_bps);
            EXPECT_LE(last.bw_bps, s.bandwidth_bps * 1.001);
            EXPECT_GE(last.min_rtt_s, s.rtt_s);
        } else {
            EXPECT_TRUE(last.empty()) << to_string(a);
        }
    }
}
