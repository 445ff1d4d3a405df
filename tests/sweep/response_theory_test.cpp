// Theory curves against the published numbers: RFC 9438 Tables 1 and 2
// (average windows in MSS-sized segments, C = 0.4) and the Mathis law.
#include <gtest/gtest.h>

#include <cmath>

#include "model/analysis/response_theory.h"

using namespace inflight;

TEST(ResponseTheory, RenoWindowIsSqrtThreeHalvesOverP) {
    EXPECT_NEAR(mathis_window_packets(1e-4), 122.474, 0.001);  // √(1.5e4)
    EXPECT_NEAR(mathis_window_packets(1e-2), 12.2474, 0.0001);
}

// The tables' Reno-friendly entries are Reno's window as RFC 3649 rounds
// it, 1.2/√p, so those match √(3/2)/√p within 2.1%; the cubic entries are
// RFC 9438's Eq. with C = 0.4, rounded to whole segments.
constexpr double kRenoRounding = 0.021;

TEST(ResponseTheory, CubicMatchesRfc9438Table1AtRtt100ms) {
    // RFC 9438 Table 1, CUBIC (C=0.4) column, RTT = 0.1 s.
    const struct { double p, w; bool reno_friendly; } rows[] = {
        {1e-2, 12, true}, {1e-3, 38, true}, {1e-4, 187, false}, {1e-5, 1054, false},
        {1e-6, 5926, false}, {1e-7, 33325, false}, {1e-8, 187400, false}};
    for (const auto& row : rows) {
        const double tolerance = row.reno_friendly ? row.w * kRenoRounding : 0.5 + row.w * 1e-4;
        EXPECT_NEAR(cubic_response_window_packets(row.p, 0.1), row.w, tolerance) << row.p;
    }
}

TEST(ResponseTheory, CubicMatchesRfc9438Table2AtRtt10ms) {
    // RFC 9438 Table 2, CUBIC (C=0.4) column, RTT = 0.01 s: Reno-friendly
    // down to p = 1e-6, cubic below.
    const struct { double p, w; bool reno_friendly; } rows[] = {
        {1e-2, 12, true}, {1e-4, 120, true}, {1e-6, 1200, true}, {1e-7, 5926, false}, {1e-8, 33325, false}};
    for (const auto& row : rows) {
        const double tolerance = row.reno_friendly ? row.w * kRenoRounding : 0.5 + row.w * 1e-4;
        EXPECT_NEAR(cubic_response_window_packets(row.p, 0.01), row.w, tolerance) << row.p;
    }
}

TEST(ResponseTheory, ThroughputIsWindowTimesMssOverRttCappedByTheLink) {
    Scenario s;  // 100 Mbit/s, 80 ms, MSS 1500
    s.algorithm = Algorithm::Reno;
    s.loss = 1e-4;
    TheoryPoint t = theory_throughput(s);
    EXPECT_STREQ(t.law, "mathis");
    EXPECT_NEAR(t.throughput_bps, std::sqrt(1.5e4) * 1500 * 8 / 0.080, 1e-6);  // 18.37 Mbit/s

    s.loss = 1e-7;  // √(1.5e7)·1500·8/0.08 = 581 Mbit/s: the link holds it
    t = theory_throughput(s);
    EXPECT_STREQ(t.law, "link");
    EXPECT_DOUBLE_EQ(t.throughput_bps, 100e6);
}

TEST(ResponseTheory, WindowLawIsRwndOverRtt) {
    Scenario s;
    s.rwnd_bytes = 65535;
    const TheoryPoint t = theory_throughput(s);
    EXPECT_STREQ(t.law, "rwnd");
    EXPECT_NEAR(t.throughput_bps, 65535 * 8 / 0.080, 1e-6);  // 6.55 Mbit/s: 65,535 B per 80 ms
}

TEST(ResponseTheory, NoLawForBbrLossOrAnUnlimitedPath) {
    Scenario s;
    s.algorithm = Algorithm::Bbr;
    s.loss = 1e-3;
    EXPECT_TRUE(std::isnan(theory_throughput(s).throughput_bps));
    s.algorithm = Algorithm::Cubic;
    s.loss = 0;
    EXPECT_TRUE(std::isnan(theory_throughput(s).throughput_bps));
}
