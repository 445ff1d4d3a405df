// The empty-path completion time (ui/lesson/empty_path.h), against
// the short-transfer figure (handshake + 3 rounds ≈ 4 × 80 ms) and hand
// arithmetic; no model run.
#include <gtest/gtest.h>

#include "ui/lesson/empty_path.h"

using namespace inflight::ui;

TEST(EmptyPath, HundredKilobytesOnA100MbitEightyMsPathIsHandshakePlusThreeRounds) {
    // 100,000 B = 67 packets; 10 + 20 + 40 >= 67, so three
    // rounds of slow start after the handshake: about 4 × 80 ms (within 5%).
    EmptyPath p;
    p.bandwidth_bps = 100e6;
    p.rtt_s = 0.080;
    const EmptyPathFct f = empty_path_fct(100'000, p);
    EXPECT_EQ(f.packets, 67u);
    EXPECT_EQ(f.rounds, 3);
    EXPECT_FALSE(f.link_bound);
    EXPECT_NEAR(f.fct_s, 4 * 0.080, 0.05 * 4 * 0.080);
    // And exactly, by hand: SYN 64 B at 100 Mbit/s (5.12 µs) + 80 ms; two
    // rounds of 80 ms + one packet time (120 µs); the last round's 36 full
    // packets (4.32 ms) and the last one's 1,000 B (80 µs) + 80 ms.
    EXPECT_NEAR(f.fct_s, 5.12e-6 + 0.080 + 2 * (0.080 + 120e-6) + 36 * 120e-6 + 80e-6 + 0.080, 1e-9);
}

TEST(EmptyPath, ATransferThatFitsTheInitialWindowTakesTwoRoundTrips) {
    EmptyPath p;
    p.bandwidth_bps = 50e6;
    p.rtt_s = 0.020;
    const EmptyPathFct f = empty_path_fct(10 * 1500, p);  // exactly IW 10
    EXPECT_EQ(f.rounds, 1);
    // The SYN (10.24 µs) + 20 ms, the ten packets back to back (10 × 240 µs)
    // + 20 ms: two round trips and the serialisation.
    EXPECT_NEAR(f.fct_s, 10.24e-6 + 0.020 + 10 * 240e-6 + 0.020, 1e-9);
}

TEST(EmptyPath, ABigTransferOnASlowLinkTakesItsSizeOverTheRate) {
    // 10 MB at 10 Mbit/s, 10 ms: IW 10 already takes 12 ms to serialise
    // (more than an RTT), so the link is busy from the first round:
    // 8 s of serialisation (6,667 packets of 1500 B) + the handshake + the
    // last ACK's RTT.
    EmptyPath p;
    p.bandwidth_bps = 10e6;
    p.rtt_s = 0.010;
    const EmptyPathFct f = empty_path_fct(10'000'000, p);
    EXPECT_TRUE(f.link_bound);
    EXPECT_NEAR(f.fct_s, 6667 * 1500 * 8 / 10e6 + 2 * 0.010, 0.001);
}

TEST(EmptyPath, AWindowCapStopsTheDoublingAtRwndPerRtt) {
    // 1 MB (667 packets) at 1 Gbit/s, 80 ms, rwnd 65,535 B (43 packets):
    // 10 + 20 + 40 = 70 in three rounds, then 43 a round: 597 / 43 → 14
    // more rounds; 17 rounds + the handshake ≈ 18 RTTs.
    EmptyPath p;
    p.bandwidth_bps = 1e9;
    p.rtt_s = 0.080;
    p.window_cap_bytes = 65535;
    const EmptyPathFct f = empty_path_fct(1'000'000, p);
    EXPECT_EQ(f.rounds, 17);
    EXPECT_NEAR(f.fct_s, 18 * 0.080, 0.01 * 18 * 0.080);
}

TEST(EmptyPath, TheLastShortPacketSerialisesOnlyItsBytes) {
    // 10 KB at 50 Mbit/s, 40 ms: six packets of 1500 B (240 µs each) and one
    // of 1,000 B (160 µs), all in IW 10: the SYN (10.24 µs) + 40 ms, the
    // flight (1.6 ms) + 40 ms = 81.61 ms. Counting the last packet as a full
    // one made it 81.69 ms, above the model's measured 81.6 ms.
    EmptyPath p;
    p.bandwidth_bps = 50e6;
    p.rtt_s = 0.040;
    const EmptyPathFct f = empty_path_fct(10'000, p);
    EXPECT_EQ(f.packets, 7u);
    EXPECT_NEAR(f.fct_s, 10.24e-6 + 0.040 + 6 * 240e-6 + 160e-6 + 0.040, 1e-9);
}
