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

// A window-limited round is the base RTT plus one segment's serialization
// at the link rate: 65,535 B over 80 ms is 6.5535 Mbit/s on an infinitely
// fast link; at 10 Mbit/s a 1500 B segment takes 1.2 ms, so 524,280 bits
// per 81.2 ms = 6.456650 Mbit/s.
TEST(ResponseTheory, WindowLawIsWindowOverRttPlusOneSerialization) {
    EXPECT_NEAR(window_limit_bps(65535, 0.080, 1e15, 1500), 6.5535e6, 1e-3);
    EXPECT_NEAR(window_limit_bps(65535, 0.080, 10e6, 1500), 524280 / 0.0812, 1e-6);
    EXPECT_NEAR(window_limit_bps(65535, 0.080, 10e6, 1500), 6.456650e6, 1);
    EXPECT_NEAR(window_limit_bps(65535, 0.080, 100e6, 1500), 524280 / 0.08012, 1e-6);  // 6.5437 Mbit/s

    Scenario s;  // 100 Mbit/s, 80 ms, MSS 1500
    s.rwnd_bytes = 65535;
    TheoryPoint t = theory_throughput(s);
    EXPECT_STREQ(t.law, "rwnd");
    EXPECT_NEAR(t.throughput_bps, 524280 / 0.08012, 1e-6);
    s.bandwidth_bps = 10e6;
    EXPECT_NEAR(theory_throughput(s).throughput_bps, 524280 / 0.0812, 1e-6);
    s.rwnd_bytes = Limits::max_window_bytes;
    s.sndbuf_bytes = 16384;  // the send buffer binds the same way
    t = theory_throughput(s);
    EXPECT_STREQ(t.law, "sndbuf");
    EXPECT_NEAR(t.throughput_bps, 131072 / 0.0812, 1e-6);
}

// Mathis: rate = MSS/RTT · C/√p with C = √(3/2): 1500 B over 80 ms at
// p = 1e-4 is 150 kbit/s · 122.474 = 18.371 Mbit/s.
TEST(ResponseTheory, MathisRateIsMssOverRttTimesRootThreeHalvesOverRootP) {
    EXPECT_NEAR(mathis_throughput_bps(1e-4, 0.080, 1500), 12000 / 0.080 * std::sqrt(1.5) / std::sqrt(1e-4), 1e-6);
    EXPECT_NEAR(mathis_throughput_bps(1e-4, 0.080, 1500), 18.371e6, 1e3);
    EXPECT_NEAR(mathis_throughput_bps(1e-2, 0.020, 9000), 72000 / 0.020 * std::sqrt(150.0), 1e-6);
}

// RFC 9438 §5 at C = 0.4, β = 0.7: ⁴√(0.4·3.7/1.2) = 1.05384; at 80 ms and
// p = 1e-4, W = 1.05384 · 0.08^0.75 / 1e-3 = 158.5 packets, 23.8 Mbit/s.
TEST(ResponseTheory, CubicRateIsItsResponseWindowOverRtt) {
    const double w = std::pow(0.4 * 3.7 / 1.2, 0.25) * std::pow(0.080, 0.75) / std::pow(1e-4, 0.75);
    EXPECT_NEAR(w, 158.5, 0.1);
    EXPECT_NEAR(cubic_throughput_bps(1e-4, 0.080, 1500), w * 12000 / 0.080, 1e-6);
    // Short of its cubic region, the Reno-friendly window.
    EXPECT_NEAR(cubic_throughput_bps(1e-2, 0.080, 1500), std::sqrt(150.0) * 12000 / 0.080, 1e-6);
}

TEST(ResponseTheory, LevelsNameEachLawAndThePathsPipe) {
    Scenario s;  // CUBIC, 100 Mbit/s, 80 ms, buffer 100 ms
    s.loss = 1e-4;
    TheoryLevels t = theory_levels(s);
    EXPECT_EQ(t.loss_law, TheoryLaw::Rfc9438);
    EXPECT_EQ(t.binding, TheoryLaw::Rfc9438);
    EXPECT_DOUBLE_EQ(t.bdp_bytes, 100e6 * 0.080 / 8);        // 1,000,000 B
    EXPECT_DOUBLE_EQ(t.buffer_bytes, 100e6 * s.buffer_s / 8);
    EXPECT_EQ(t.rwnd_bytes, 0);                               // the default is no deliberate limit
    s.algorithm = Algorithm::Reno;
    t = theory_levels(s);
    EXPECT_EQ(t.loss_law, TheoryLaw::Mathis);
    EXPECT_NEAR(t.loss_window_packets, std::sqrt(1.5e4), 1e-9);
    s.algorithm = Algorithm::Bbr;  // BBR v1 has no loss law: only the link
    t = theory_levels(s);
    EXPECT_EQ(t.loss_law, TheoryLaw::None);
    EXPECT_FALSE(t.has_law);
    EXPECT_DOUBLE_EQ(t.throughput_bps, 100e6);
    EXPECT_EQ(t.binding, TheoryLaw::Link);
}

// A flow's own RTT and window set its levels, not the scenario's defaults.
TEST(ResponseTheory, LevelsFollowTheFlow) {
    Scenario s;
    s.bandwidth_bps = 10e6;
    FlowSpec f;
    f.rtt_s = 0.120;  // the scenario's is 80 ms
    f.rwnd_bytes = 65535;
    s.flows = {f};
    const TheoryLevels t = theory_levels(s, resolve_flow(s, 0));
    EXPECT_EQ(t.binding, TheoryLaw::Rwnd);
    EXPECT_NEAR(t.throughput_bps, 524280 / 0.1212, 1e-6);  // 4.33 Mbit/s
    EXPECT_DOUBLE_EQ(t.bdp_bytes, 10e6 * 0.120 / 8);
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

// With Linux's receiver the window law takes the buffer's window: SO_RCVBUF
// n locks a buffer of 2n (n ≤ net.core.rmem_max, 4 MiB) of which 160/256
// holds payload (Linux's scaling_ratio for 1500-byte packets), and
// autotuning opens at most tcp_rmem[2] = 32 MiB × 160/256.
TEST(ResponseTheory, LinuxsReceiveBufferSetsTheWindowLaw) {
    Scenario s;
    s.bandwidth_bps = 1e9;
    s.rtt_s = 0.080;
    s.stack = Stack::Linux;
    s.rcvbuf_bytes = 256 * 1024;
    TheoryLevels t = theory_levels(s);
    EXPECT_EQ(t.binding, TheoryLaw::Rwnd);
    EXPECT_EQ(t.rwnd_source, WindowSource::SoRcvbuf);
    EXPECT_DOUBLE_EQ(t.rwnd_bytes, 2.0 * 262144 * 160 / 256);  // 327,680 B
    EXPECT_NEAR(t.throughput_bps, 327680 * 8 / (0.080 + 1500 * 8 / 1e9), 1.0);  // 32.76 Mbit/s

    // A flow's rwnd below the buffer's window is the flow's.
    FlowSpec f;
    f.rwnd_bytes = 100'000;
    s.flows = {f};
    t = theory_levels(s, resolve_flow(s, 0));
    EXPECT_DOUBLE_EQ(t.rwnd_bytes, 100'000);
    EXPECT_EQ(t.rwnd_source, WindowSource::Rwnd);
    s.flows.clear();

    // Autotuning: 20,971,520 B over 100 ms holds 10 Gbit/s to 1.68 Gbit/s.
    s.rcvbuf_bytes = 0;
    s.bandwidth_bps = 10e9;
    s.rtt_s = 0.100;
    t = theory_levels(s);
    EXPECT_EQ(t.binding, TheoryLaw::Rwnd);
    EXPECT_EQ(t.rwnd_source, WindowSource::Autotuning);
    EXPECT_DOUBLE_EQ(t.rwnd_bytes, 33554432.0 * 160 / 256);
    EXPECT_NEAR(t.throughput_bps, 20971520.0 * 8 / (0.100 + 1500 * 8 / 10e9), 1.0);
    // The textbook's receiver has no buffer: the link.
    s.stack = Stack::Textbook;
    t = theory_levels(s);
    EXPECT_EQ(t.rwnd_bytes, 0);
    EXPECT_EQ(t.binding, TheoryLaw::Link);
}
