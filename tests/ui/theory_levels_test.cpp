// The theory overlay's arithmetic, against the response functions written
// out here (RFC 9438 §5, Mathis) and the loss-wall lesson's figures.
#include <cmath>
#include <gtest/gtest.h>

#include "ui/lesson/theory_levels.h"

using namespace inflight;
using namespace inflight::ui;

TEST(TheoryLevels, RenoMeanWindowIsRootThreeHalvesOverRootP) {
    Scenario s;
    s.algorithm = Algorithm::Reno;
    s.loss = 1e-4;
    const TheoryLevels t = theory_levels(s);
    EXPECT_NEAR(t.loss_window_packets, std::sqrt(1.5) / std::sqrt(1e-4), 1e-9);  // 122.5
    EXPECT_NEAR(t.throughput_bps, 122.47 * 1500 * 8 / 0.080, 0.01e6);            // ≈ 18.4 Mbit/s
    EXPECT_EQ(t.binding, "loss law");
}

TEST(TheoryLevels, CubicUsesTheLargerOfItsCubicTermAndTheRenoFriendlyWindow) {
    Scenario s;  // CUBIC, 80 ms
    s.loss = 1e-4;
    const double C = 0.4, beta = 0.7;
    const double cubic = std::pow(C * (3 + beta) / (4 * (1 - beta)), 0.25) * std::pow(0.080, 0.75) /
                         std::pow(1e-4, 0.75);  // ≈ 158.5 packets
    EXPECT_NEAR(theory_levels(s).loss_window_packets, cubic, 1e-6);
    EXPECT_NEAR(theory_levels(s).throughput_bps, 24e6, 0.05 * 24e6);  // the loss wall: ≈ 24 Mbit/s
    s.loss = 1e-2;  // short of its cubic region: the Reno-friendly window wins
    EXPECT_NEAR(theory_levels(s).loss_window_packets, std::sqrt(1.5 / 1e-2), 1e-9);
}

TEST(TheoryLevels, SixtyFourKilobytesOverEightyMillisecondsIsSixPointFiveFive) {
    Scenario s;
    s.rwnd_bytes = 65535;
    EXPECT_NEAR(theory_levels(s).throughput_bps, 6.55e6, 0.01 * 6.55e6);
    EXPECT_EQ(theory_levels(s).binding, "rwnd");
    s.bandwidth_bps = 10e6;  // + one packet's 1.2 ms serialization: 6.46 Mbit/s
    EXPECT_NEAR(theory_levels(s).throughput_bps, 65535 * 8 / 0.0812, 1e3);
}

TEST(TheoryLevels, NoLossAndDefaultWindowsLeaveOnlyTheLink) {
    Scenario s;
    const TheoryLevels t = theory_levels(s);
    EXPECT_EQ(t.loss_window_packets, 0);
    EXPECT_EQ(t.rwnd_bytes, 0);
    EXPECT_DOUBLE_EQ(t.throughput_bps, 100e6);
    s.algorithm = Algorithm::Bbr;  // BBR v1 has no loss law
    s.loss = 1e-2;
    EXPECT_EQ(theory_levels(s).loss_window_packets, 0);
}
