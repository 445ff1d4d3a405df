// CUBIC against RFC 9438's formulas, on a bare state block.
#include <gtest/gtest.h>

#include <cmath>

#include "model/cc/cubic.h"

using namespace inflight;

namespace {
constexpr std::uint32_t kMss = 1500;
constexpr double kC = 0.4, kBeta = 0.7;

CcState state(double cwnd_segments) {
    CcState s;
    s.mss_bytes = kMss;
    s.cwnd_bytes = cwnd_segments * kMss;
    s.srtt_s = 0.1;
    return s;
}
AckInfo ack_at(double t_s) {
    AckInfo a;
    a.now = from_seconds(t_s);
    a.acked_bytes = kMss;
    return a;
}
}  // namespace

TEST(Cubic, CongestionEventMultipliesByBeta) {
    Cubic cubic;
    CcState s = state(100);
    cubic.on_congestion_event(s, 0);
    EXPECT_DOUBLE_EQ(s.cwnd_bytes, 70.0 * kMss);      // §4.6: cwnd·β
    EXPECT_DOUBLE_EQ(s.ssthresh_bytes, 70.0 * kMss);
    EXPECT_DOUBLE_EQ(cubic.w_max_segments(), 100.0);  // W_max = cwnd before the event
}

TEST(Cubic, FastConvergenceLowersWmax) {
    Cubic cubic;
    CcState s = state(100);
    cubic.on_congestion_event(s, 0);  // W_max = 100, cwnd = 70
    s.cwnd_bytes = 90.0 * kMss;       // the next event comes below W_max
    cubic.on_congestion_event(s, 0);
    EXPECT_DOUBLE_EQ(cubic.w_max_segments(), 90.0 * (1.0 + kBeta) / 2.0);  // §4.7
}

TEST(Cubic, KIsTheTimeToReturnToWmax) {
    Cubic cubic;
    CcState s = state(100);
    cubic.on_congestion_event(s, 0);
    cubic.start_epoch(s, 0);
    // §4.2 eq. 2: K = ∛((W_max − cwnd_epoch)/C) = ∛(30/0.4)
    EXPECT_NEAR(cubic.k_s(), std::cbrt(30.0 / kC), 1e-12);
}

TEST(CubicWindow, EqualsWmaxAtK) {
    Cubic cubic;
    CcState s = state(250);
    cubic.on_congestion_event(s, 0);
    cubic.start_epoch(s, 0);
    EXPECT_NEAR(cubic.w_cubic_segments(cubic.k_s()), 250.0, 1e-9);
    // Concave before K, convex after, symmetric about W_max.
    EXPECT_LT(cubic.w_cubic_segments(cubic.k_s() - 1), 250.0);
    EXPECT_NEAR(cubic.w_cubic_segments(cubic.k_s() + 1) - 250.0, 250.0 - cubic.w_cubic_segments(cubic.k_s() - 1), 1e-9);
    // At t = 0 the curve starts from cwnd_epoch = β·W_max.
    EXPECT_NEAR(cubic.w_cubic_segments(0), 175.0, 1e-9);
}

TEST(Cubic, WindowReturnsToWmaxAfterK) {
    // Driven ACK by ACK: once an RTT past K, cwnd has climbed back to W_max.
    Cubic cubic;
    CcState s = state(1000);
    s.srtt_s = 0.1;
    cubic.on_congestion_event(s, 0);
    const double k = std::cbrt(1000 * (1 - kBeta) / kC);
    double t = 0;
    while (t < k) {  // one window of ACKs per RTT
        const int acks = static_cast<int>(s.cwnd_bytes / kMss);
        for (int i = 0; i < acks; ++i) cubic.on_ack(s, ack_at(t + s.srtt_s * i / acks));
        t += s.srtt_s;
    }
    EXPECT_NEAR(s.cwnd_bytes / kMss, 1000.0, 1000.0 * 0.02);
}

TEST(Cubic, RenoFriendlyRegionTakesOverOnShortRtt) {
    // A small window: W_cubic grows slower than the Reno-friendly estimate,
    // which adds α = 3(1−β)/(1+β) segments per RTT (§4.3).
    Cubic cubic;
    CcState s = state(10);
    s.srtt_s = 0.001;
    cubic.on_congestion_event(s, 0);  // cwnd 7, W_max 10
    const double alpha = 3 * (1 - kBeta) / (1 + kBeta);
    double t = 0;
    const double start = s.cwnd_bytes / kMss;
    for (int rtt = 0; rtt < 20; ++rtt) {
        const int acks = static_cast<int>(s.cwnd_bytes / kMss);
        for (int i = 0; i < acks; ++i) cubic.on_ack(s, ack_at(t));
        t += 0.001;
    }
    // 20 ms: W_cubic(0.02) is still ≈ 7.0, while Reno-friendly has grown.
    EXPECT_GT(s.cwnd_bytes / kMss, start + 0.8 * 20 * alpha * 0.9);
}

TEST(Cubic, SlowStartBelowSsthresh) {
    Cubic cubic;
    CcState s = state(10);
    for (int i = 0; i < 10; ++i) cubic.on_ack(s, ack_at(0));
    EXPECT_DOUBLE_EQ(s.cwnd_bytes, 20.0 * kMss);  // RFC 5681 slow start, no HyStart
}
