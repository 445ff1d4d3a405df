// The guided experiments' one-flow lessons as acceptance tests: every figure
// they state, measured from the model at the stated tolerance. Expected
// values come from those statements or from arithmetic (the response
// functions, window/RTT), never from the model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "test_scenarios.h"

using namespace inflight;
using test::with;

namespace {
constexpr double kMbps = 1e6;

double mean(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0) / v.size(); }
double spread(const std::vector<double>& v) {
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    return (*hi - *lo) / mean(v);
}
}  // namespace

// ---- 1. More link does nothing when loss binds ----

TEST(Experiment1, WithoutLossThroughputFollowsTheLink) {
    for (double bw : {100e6, 1e9, 10e9}) {
        const RunResult r = run_scenario(with(Algorithm::Cubic, bw));
        EXPECT_GE(r.summary.utilisation, 0.90) << "at " << bw / kMbps << " Mbit/s";
    }
}

TEST(Experiment1, CubicAtOneInTenThousandStaysNear24MbpsAtEveryBandwidth) {
    // RFC 9438 §5: W = (C(3+β)/(4(1−β)))^¼ · RTT^¾ / p^¾ ≈ 158.5 packets at
    // 80 ms, p = 1e-4; the lesson states ≈ 161 packets and ≈ 24 Mbit/s (±10%).
    std::vector<double> throughputs;
    for (double bw : {25e6, 100e6, 1e9, 10e9}) {
        const RunResult r = run_scenario(with(Algorithm::Cubic, bw, 1e-4));
        EXPECT_NEAR(r.summary.throughput_bps / kMbps, 24.0, 2.4) << "at " << bw / kMbps << " Mbit/s";
        EXPECT_NEAR(r.summary.mean_cwnd_packets, 161.0, 16.1) << "at " << bw / kMbps << " Mbit/s";
        throughputs.push_back(r.summary.throughput_bps);
        if (bw == 100e6) {
            EXPECT_NEAR(r.summary.utilisation, 0.24, 0.024);
        }
        if (bw == 10e9) {
            EXPECT_NEAR(r.summary.utilisation, 0.0024, 0.00024);
        }
    }
    EXPECT_LT(spread(throughputs), 0.10);
}

TEST(Experiment1, RenoLandsOnTheMathisResponseFunction) {
    // √(3/2)/√p = 122.5 packets at p = 1e-4; ×1500 B×8 / 80 ms ≈ 18.4 Mbit/s.
    const double w = std::sqrt(1.5) / std::sqrt(1e-4);
    for (double bw : {100e6, 1e9, 10e9}) {
        const RunResult r = run_scenario(with(Algorithm::Reno, bw, 1e-4));
        EXPECT_NEAR(r.summary.mean_cwnd_packets, w, 0.10 * w) << "at " << bw / kMbps << " Mbit/s";
        EXPECT_NEAR(r.summary.throughput_bps / kMbps, w * 1500 * 8 / 0.080 / kMbps, 0.10 * 18.4);
        EXPECT_EQ(r.summary.binding_limit, Limit::Cwnd);
    }
}

TEST(Experiment1, CubicBeatsRenoOnTheSamePath) {
    const RunResult reno = run_scenario(with(Algorithm::Reno, 1e9, 1e-4));
    const RunResult cubic = run_scenario(with(Algorithm::Cubic, 1e9, 1e-4));
    EXPECT_GT(cubic.summary.throughput_bps, 1.15 * reno.summary.throughput_bps);
}

TEST(Experiment1, AtOneInAThousandBothAreOnTheFloor) {
    // √(3/2)/√1e-3 = 38.7 packets ≈ 5.8 Mbit/s at 80 ms, on any link.
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic}) {
        for (double bw : {100e6, 10e9}) {
            const RunResult r = run_scenario(with(a, bw, 1e-3));
            EXPECT_LT(r.summary.throughput_bps / kMbps, 8.0) << to_string(a) << " at " << bw / kMbps;
            EXPECT_GT(r.summary.throughput_bps / kMbps, 3.5) << to_string(a) << " at " << bw / kMbps;
        }
    }
}

TEST(Experiment1, RandomLossGivesTheSamePictureOnAverageButWanders) {
    std::vector<double> throughputs;
    bool every_run_warned = true;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        Scenario s = with(Algorithm::Cubic, 1e9, 1e-4);
        s.loss_pattern = LossPattern::Random;
        s.seed = seed;
        const RunResult r = run_scenario(s);
        throughputs.push_back(r.summary.throughput_bps);
        every_run_warned = every_run_warned && r.summary.few_events;
    }
    EXPECT_NEAR(mean(throughputs) / kMbps, 24.0, 2.4 * 1.5);  // mean of 10 seeds
    EXPECT_GT(spread(throughputs), 0.10);  // one run proves nothing
    EXPECT_TRUE(every_run_warned);         // and the summary says so
}

// ---- 2. The receiver's promise ----

TEST(Experiment2, RwndOf65535BytesGives6_55MbpsAtEveryBandwidth) {
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic}) {
        for (double bw : {100e6, 1e9, 10e9}) {
            Scenario s = with(a, bw);
            s.rwnd_bytes = 65535;
            const RunResult r = run_scenario(s);
            // window / RTT, where the RTT includes one packet's serialization
            const double expected = 65535 * 8 / (0.080 + 1500 * 8 / bw);
            EXPECT_NEAR(r.summary.throughput_bps, expected, 0.01 * expected) << to_string(a) << " at " << bw;
            EXPECT_NEAR(r.summary.throughput_bps / kMbps, 6.55, 0.01 * 6.55);
            EXPECT_EQ(r.summary.binding_limit, Limit::Rwnd);
            const bool logged = std::any_of(r.events.begin(), r.events.end(), [](const Event& e) {
                return e.kind == EventKind::LimitChange && e.limit == Limit::Rwnd;
            });
            EXPECT_TRUE(logged);
        }
    }
}

TEST(Experiment2, OnASlowLinkSerializationAddsToTheRtt) {
    Scenario s = with(Algorithm::Cubic, 10e6);
    s.rwnd_bytes = 65535;
    const RunResult r = run_scenario(s);
    // 1.2 ms per packet at 10 Mbit/s: 65,535 B × 8 / 81.2 ms = 6.46 Mbit/s.
    EXPECT_NEAR(r.summary.throughput_bps / kMbps, 6.46, 0.01 * 6.46);
}

TEST(Experiment2, BbrIsBoundByTheSameArithmetic) {
    for (double bw : {100e6, 1e9}) {
        Scenario s = with(Algorithm::Bbr, bw);
        s.rwnd_bytes = 65535;
        const RunResult r = run_scenario(s);
        EXPECT_LE(r.summary.throughput_bps, 65535 * 8 / 0.080 * 1.001);
        EXPECT_GT(r.summary.throughput_bps / kMbps, 0.9 * 6.55);  // a little less: ProbeRTT
    }
}

TEST(Experiment2, SendBufferBindsTheSameWay) {
    Scenario s = with(Algorithm::Cubic, 1e9);
    s.sndbuf_bytes = 65535;
    const RunResult r = run_scenario(s);
    EXPECT_NEAR(r.summary.throughput_bps / kMbps, 6.55, 0.01 * 6.55);
    EXPECT_EQ(r.summary.binding_limit, Limit::Sndbuf);
}

// ---- 3. Bufferbloat: the buffer is the operating point ----

namespace {
Scenario bloat(double buffer_s, Aqm aqm = Aqm::None, bool ecn = false) {
    Scenario s = with(Algorithm::Cubic, 100e6);
    s.rtt_s = 0.020;
    s.buffer_s = buffer_s;
    s.aqm = aqm;
    s.ecn = ecn;
    return s;
}
const double kBuffers[] = {0.020, 0.050, 0.100, 0.200, 0.500};
}  // namespace

TEST(Experiment3, TailDropRttClimbsWithTheBufferAtFullThroughput) {
    double previous_rtt = 0;
    for (double b : kBuffers) {
        const RunResult r = run_scenario(bloat(b));
        EXPECT_GE(r.summary.utilisation, 0.99) << "buffer " << b;
        EXPECT_GT(r.summary.mean_rtt_s, previous_rtt) << "buffer " << b;
        previous_rtt = r.summary.mean_rtt_s;
        // The calm band is the BDP and does not move; the warm band is the buffer.
        EXPECT_DOUBLE_EQ(r.trace.bdp_bytes, 100e6 * 0.020 / 8);
        EXPECT_DOUBLE_EQ(r.trace.buffer_bytes, std::floor(100e6 * b / 8));
    }
    EXPECT_GT(previous_rtt, 0.250);  // past 250 ms at 500 ms
}

TEST(Experiment3, CodelKeepsTheRttNearBaseWhateverTheBuffer) {
    for (double b : kBuffers) {
        const RunResult r = run_scenario(bloat(b, Aqm::Codel));
        EXPECT_LT(r.summary.mean_rtt_s, 0.020 + 4 * 0.005) << "buffer " << b;  // within a few targets
        EXPECT_GE(r.summary.utilisation, 0.95) << "buffer " << b;
    }
}

TEST(Experiment3, CodelWithEcnSignalsWithoutDropping) {
    const RunResult r = run_scenario(bloat(0.5, Aqm::Codel, true));
    EXPECT_GT(r.summary.congestion_events, 0u);
    EXPECT_GT(r.summary.ecn_marks, 0u);
    EXPECT_EQ(r.summary.drops_tail + r.summary.drops_aqm + r.summary.drops_random, 0u);
    EXPECT_EQ(r.summary.retransmits, 0u);
}

// ---- BBR, the model-based sender ----

TEST(ExperimentBbr, CwndSitsNearTwiceTheBdpWhateverTheBuffer) {
    for (double b : {0.1, 0.2, 0.5}) {
        Scenario s = with(Algorithm::Bbr, 100e6);
        s.buffer_s = b;
        const RunResult r = run_scenario(s);
        const double two_bdp_packets = 2 * 100e6 * 0.080 / 8 / 1500;
        EXPECT_NEAR(r.summary.mean_cwnd_packets, two_bdp_packets, 0.15 * two_bdp_packets) << "buffer " << b;
    }
}

TEST(ExperimentBbr, UnpacedItProbesRttEveryTenSecondsWithAVisibleNotch) {
    const RunResult r = run_scenario(with(Algorithm::Bbr, 100e6));
    const auto& b = r.trace.buckets;
    const double mss = 1500;
    // Find the ProbeRTT episodes in the trace.
    std::vector<std::pair<double, double>> episodes;  // start, end (s)
    for (std::size_t i = 0; i < b.size(); ++i) {
        const bool in = b[i].phase == CcPhase::ProbeRtt || b[i].cwnd_bytes.min <= 4 * mss;
        if (!in) continue;
        if (episodes.empty() || b[i].t_start_s > episodes.back().second + 1e-9)
            episodes.push_back({b[i].t_start_s, b[i].t_end_s});
        else
            episodes.back().second = b[i].t_end_s;
    }
    ASSERT_GE(episodes.size(), 3u);
    for (std::size_t i = 0; i < episodes.size(); ++i) {
        EXPECT_GE(episodes[i].second - episodes[i].first, 0.200) << "episode " << i;
        if (i > 0) {
            EXPECT_NEAR(episodes[i].first - episodes[i - 1].first, 10.0, 1.0) << "episode " << i;
        }
    }
    // In the notch cwnd is 4 packets and the RTT falls to the base RTT.
    double notch_cwnd = 1e18, notch_rtt = 1e18;
    for (const auto& x : b) {
        if (x.t_start_s < episodes[1].first || x.t_end_s > episodes[1].second) continue;
        notch_cwnd = std::min(notch_cwnd, x.cwnd_bytes.min);
        if (!std::isnan(x.rtt_s.min)) notch_rtt = std::min(notch_rtt, x.rtt_s.min);
    }
    EXPECT_DOUBLE_EQ(notch_cwnd, 4 * mss);
    EXPECT_LT(notch_rtt, 0.080 + 0.002);
    // Outside the notches it holds a standing queue: about one BDP, 80 ms more RTT.
    EXPECT_GT(r.summary.mean_rtt_s, 0.080 + 0.5 * 0.080);
}

TEST(ExperimentBbr, RandomLossBarelyMovesItWhereItCollapsesLossBasedSenders) {
    auto at = [](Algorithm a) {
        Scenario s = with(a, 100e6, 0.01);
        s.loss_pattern = LossPattern::Random;
        return run_scenario(s).summary.utilisation;
    };
    EXPECT_GT(at(Algorithm::Bbr), 0.85);
    EXPECT_LT(at(Algorithm::Cubic), 0.10);
    EXPECT_LT(at(Algorithm::Reno), 0.10);
}

TEST(ExperimentBbr, PacedItsStandingQueueDisappears) {
    Scenario unpaced = with(Algorithm::Bbr, 100e6);
    Scenario paced = unpaced;
    paced.pacing = true;
    const RunResult u = run_scenario(unpaced), p = run_scenario(paced);
    // Unpaced: ~1 BDP queued on top of the 80 ms base; paced: close to base.
    EXPECT_GT(u.summary.mean_rtt_s, 0.080 * 1.5);
    EXPECT_LT(p.summary.mean_rtt_s, 0.080 * 1.15);
    EXPECT_GT(p.summary.utilisation, 0.90);
}

// ---- Reference points from real systems (shapes, not numbers) ----

TEST(ReferencePoints, LossyLongPathCubicCollapsesBbrStays) {
    Scenario s = with(Algorithm::Cubic, 100e6, 0.02);
    s.rtt_s = 0.100;
    const double cubic = run_scenario(s).summary.utilisation;
    s.algorithm = Algorithm::Bbr;
    const double bbr = run_scenario(s).summary.utilisation;
    EXPECT_LT(cubic, 0.05);
    EXPECT_GT(bbr, 0.80);
}

TEST(ReferencePoints, OnACleanPathCubicIsMarginallyAhead) {
    const double cubic = run_scenario(with(Algorithm::Cubic, 100e6)).summary.throughput_bps;
    const double bbr = run_scenario(with(Algorithm::Bbr, 100e6)).summary.throughput_bps;
    EXPECT_GE(cubic, bbr);
    EXPECT_LT(cubic, 1.10 * bbr);
}
