// Reno against RFC 5681 §3.1, on a bare state block.
#include <gtest/gtest.h>

#include "model/cc/reno.h"

using namespace inflight;

namespace {
constexpr std::uint32_t kMss = 1000;

CcState state(double cwnd_segments, double ssthresh_segments = 1e9) {
    CcState s;
    s.mss_bytes = kMss;
    s.cwnd_bytes = cwnd_segments * kMss;
    s.ssthresh_bytes = ssthresh_segments * kMss;
    return s;
}
AckInfo ack_of(std::uint32_t bytes) {
    AckInfo a;
    a.acked_bytes = bytes;
    return a;
}
}  // namespace

TEST(Reno, SlowStartAddsOneSegmentPerAck) {
    Reno reno;
    CcState s = state(10);
    for (int i = 0; i < 10; ++i) reno.on_ack(s, ack_of(kMss));
    EXPECT_DOUBLE_EQ(s.cwnd_bytes, 20.0 * kMss);  // doubles in one window's worth of ACKs
}

TEST(Reno, CongestionAvoidanceGrowsOneSegmentPerWindow) {
    Reno reno;
    CcState s = state(100, 50);
    // One window of ACKs (100) adds about one segment: SMSS·SMSS/cwnd each.
    for (int i = 0; i < 100; ++i) reno.on_ack(s, ack_of(kMss));
    EXPECT_NEAR(s.cwnd_bytes / kMss, 101.0, 0.01);
    // Linear: ten more windows add ten more segments.
    for (int w = 0; w < 10; ++w)
        for (int i = 0; i < 101 + w; ++i) reno.on_ack(s, ack_of(kMss));
    EXPECT_NEAR(s.cwnd_bytes / kMss, 111.0, 0.1);
}

TEST(Reno, CongestionEventHalvesFlightSize) {
    Reno reno;
    CcState s = state(80);
    s.flight_size_bytes = 80 * kMss;
    reno.on_congestion_event(s, 0);
    EXPECT_DOUBLE_EQ(s.ssthresh_bytes, 40.0 * kMss);
    EXPECT_DOUBLE_EQ(s.cwnd_bytes, 40.0 * kMss);
}

TEST(Reno, SsthreshNeverBelowTwoSegments) {
    Reno reno;
    CcState s = state(3);
    s.flight_size_bytes = 3 * kMss;
    reno.on_congestion_event(s, 0);
    EXPECT_DOUBLE_EQ(s.ssthresh_bytes, 2.0 * kMss);
}

TEST(Reno, NoGrowthInRecoveryOrWhenNotCwndLimited) {
    Reno reno;
    CcState s = state(10);
    AckInfo a = ack_of(kMss);
    a.recovery = RecoveryState::Recovery;
    reno.on_ack(s, a);
    EXPECT_DOUBLE_EQ(s.cwnd_bytes, 10.0 * kMss);
    a.recovery = RecoveryState::Open;
    a.cwnd_limited = false;
    reno.on_ack(s, a);
    EXPECT_DOUBLE_EQ(s.cwnd_bytes, 10.0 * kMss);
}

TEST(Reno, TimeoutSetsSsthreshFromFlightSize) {
    Reno reno;
    CcState s = state(64);
    s.flight_size_bytes = 64 * kMss;
    reno.on_rto(s, 0);
    EXPECT_DOUBLE_EQ(s.ssthresh_bytes, 32.0 * kMss);
}
