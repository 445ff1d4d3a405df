// Linux's receive buffer (model/tcp/receive_buffer.h): SO_RCVBUF's doubling
// and rmem_max cap, autotuning's growth to twice what was read per RTT up to
// tcp_rmem[2], the lock; and a run whose SO_RCVBUF window sets the goodput.
// Expected figures from net/core/sock.c and tcp_input.c's arithmetic.
#include <gtest/gtest.h>

#include "model/core/flow_spec.h"
#include "model/engine/run.h"
#include "model/tcp/receive_buffer.h"

namespace inflight {
namespace {

constexpr TimePs kRtt = from_ms(80);

// The 6.16–6.18.0 law (rcvwin = 2 × space): growth to twice what was read.
ReceiveBuffer::Config autotuned() {
    ReceiveBuffer::Config c;
    c.enabled = true;
    c.autotuning = true;
    c.grow_for_slow_start = false;
    c.mss_bytes = 1448;
    return c;
}

ReceiveBuffer::Config so_rcvbuf(std::uint64_t n) {
    ReceiveBuffer::Config c;
    c.enabled = true;
    c.so_rcvbuf = n;
    c.mss_bytes = 1448;
    return c;
}

TEST(ReceiveBuffer, SoRcvbufDoublesTheRequestCappedByRmemMax) {
    const ReceiveBuffer::Sysctls s;  // rmem_max 4 MiB
    EXPECT_EQ(ReceiveBuffer::so_rcvbuf_buffer(262144, s), 524288u);
    EXPECT_EQ(ReceiveBuffer::so_rcvbuf_buffer(16 * 1024 * 1024, s), 2u * 4194304u);  // min(n, rmem_max) × 2
    EXPECT_EQ(ReceiveBuffer::so_rcvbuf_buffer(1000, s), 2304u);  // at least SOCK_MIN_RCVBUF
}

TEST(ReceiveBuffer, SoRcvbufWindowIsTheBufferTimesTheScalingRatio) {
    const ReceiveBuffer b(so_rcvbuf(256 * 1024));
    EXPECT_TRUE(b.locked());
    EXPECT_EQ(b.buffer_bytes(), 524288u);
    EXPECT_EQ(b.window_bytes(), 524288u * 160 / 256);  // 327,680 B
}

TEST(ReceiveBuffer, LockedWindowOfTheRunsSysctls) {
    EXPECT_EQ(ReceiveBuffer::locked_window(256 * 1024), 327680u);
    EXPECT_EQ(ReceiveBuffer::locked_window(64ull << 20), 2u * 4194304u * 160 / 256);  // rmem_max caps the request
}

TEST(ReceiveBuffer, StartsAtTcpRmemDefaultWithTenSegmentsOfSpace) {
    const ReceiveBuffer b(autotuned());
    EXPECT_FALSE(b.locked());
    EXPECT_EQ(b.buffer_bytes(), 131072u);
    EXPECT_EQ(b.window_bytes(), 131072u * 160 / 256);  // 81,920 B
    EXPECT_EQ(b.space_bytes(), 14480u);                // TCP_INIT_CWND × advmss
}

TEST(ReceiveBuffer, GrowsToTwiceWhatWasReadInOneRtt) {
    ReceiveBuffer b(autotuned());
    b.on_read(0, 0, kRtt);  // the first data: the measure starts
    // 100,000 B read in one RTT: rcvwin = 200,000; buffer = 200,000 × 256 / 160
    // = 320,000; window = 320,000 × 160 / 256 = 200,000.
    EXPECT_TRUE(b.on_read(kRtt, 100000, kRtt));
    EXPECT_EQ(b.space_bytes(), 100000u);
    EXPECT_EQ(b.buffer_bytes(), 320000u);
    EXPECT_EQ(b.window_bytes(), 200000u);
    // Twice as much in the next RTT: the window doubles again.
    EXPECT_TRUE(b.on_read(2 * kRtt, 300000, kRtt));
    EXPECT_EQ(b.window_bytes(), 400000u);
}

TEST(ReceiveBuffer, MeasuresAtMostOncePerRtt) {
    ReceiveBuffer b(autotuned());
    b.on_read(0, 0, kRtt);
    EXPECT_FALSE(b.on_read(kRtt - 1, 1'000'000, kRtt));  // not yet an RTT
    EXPECT_EQ(b.buffer_bytes(), 131072u);
    EXPECT_TRUE(b.on_read(kRtt, 1'000'000, kRtt));
}

TEST(ReceiveBuffer, NoGrowthWhenReadingNoMoreThanTheSpace) {
    ReceiveBuffer b(autotuned());
    b.on_read(0, 0, kRtt);
    EXPECT_FALSE(b.on_read(kRtt, 14480, kRtt));  // exactly rcvq_space.space
    EXPECT_EQ(b.buffer_bytes(), 131072u);
    // Twice the window's worth read, but 2 × read needs less buffer than it has: no change.
    EXPECT_FALSE(b.on_read(2 * kRtt, 14480 + 40000, kRtt));
    EXPECT_EQ(b.buffer_bytes(), 131072u);
    EXPECT_EQ(b.space_bytes(), 40000u);
}

TEST(ReceiveBuffer, GrowthIsCappedByTcpRmemMax) {
    ReceiveBuffer b(autotuned());
    b.on_read(0, 0, kRtt);
    EXPECT_TRUE(b.on_read(kRtt, 100'000'000, kRtt));
    EXPECT_EQ(b.buffer_bytes(), 33554432u);                 // tcp_rmem[2], not rmem_max
    EXPECT_EQ(b.window_bytes(), 33554432u / 256 * 160);     // 20,971,520 B
}

TEST(ReceiveBuffer, LockedBufferNeverGrows) {
    ReceiveBuffer b(so_rcvbuf(256 * 1024));
    b.on_read(0, 0, kRtt);
    for (int i = 1; i <= 10; ++i) EXPECT_FALSE(b.on_read(i * kRtt, i * 10'000'000ull, kRtt));
    EXPECT_EQ(b.buffer_bytes(), 524288u);
    EXPECT_EQ(b.window_bytes(), 327680u);
}

TEST(ReceiveBuffer, SlowStartTermAddsTwiceTheRelativeIncrease) {
    ReceiveBuffer::Config c = autotuned();
    c.grow_for_slow_start = true;
    ReceiveBuffer b(c);
    b.on_read(0, 0, kRtt);
    // space 14,480 → 28,960 (doubled): rcvwin = 57,920 + 2 × 57,920 × 1 = 173,760;
    // buffer 173,760 × 256 / 160 = 278,016; window 173,760.
    EXPECT_TRUE(b.on_read(kRtt, 28960, kRtt));
    EXPECT_EQ(b.buffer_bytes(), 278016u);
    EXPECT_EQ(b.window_bytes(), 173760u);
}

TEST(ReceiveBuffer, TcpDetailsSwitchIt) {
    TcpDetails textbook;
    EXPECT_FALSE(ReceiveBuffer::config_for(textbook, 1500).enabled);
    TcpDetails linux_stack;
    linux_stack.autotuning = true;
    EXPECT_TRUE(ReceiveBuffer::config_for(linux_stack, 1500).enabled);
    EXPECT_TRUE(ReceiveBuffer::config_for(linux_stack, 1500).autotuning);
    TcpDetails locked;
    locked.rcvbuf_bytes = 262144;
    const ReceiveBuffer::Config c = ReceiveBuffer::config_for(locked, 1500);
    EXPECT_TRUE(c.enabled);
    EXPECT_FALSE(c.autotuning);
}

// SO_RCVBUF 256 KiB at 100 Mbit/s, 80 ms: the window is 2 × 262,144 × 160 /
// 256 = 327,680 B, so the goodput is 327,680 × 8 / 0.080 s = 32.8 Mbit/s (a
// third of the link: no queue builds, the RTT stays the base RTT) — not the
// 26.2 Mbit/s of 256 KiB per RTT the lesson's arithmetic says.
TEST(ReceiveBuffer, SoRcvbufCapsTheGoodputAtItsWindowPerRtt) {
    Scenario s;
    s.duration_s = 20;
    s.rcvbuf_bytes = 256 * 1024;
    const RunResult r = run_scenario(s);
    const double expected_bps = 327680.0 * 8 / 0.080;
    EXPECT_NEAR(r.summary.throughput_bps, expected_bps, 0.01 * expected_bps);
    EXPECT_EQ(r.summary.binding_limit, Limit::Rwnd);
}

// Textbook: the same scenario without rcvbuf fills the link (rwnd 1 GiB).
TEST(ReceiveBuffer, TextbookIgnoresTheReceiveBuffer) {
    Scenario s;
    s.duration_s = 20;
    const RunResult r = run_scenario(s);
    EXPECT_GT(r.summary.throughput_bps, 0.9 * s.bandwidth_bps);
}

// Autotuning on a long fat path: the window grows past the BDP, so the
// receiver never binds in the steady state.
TEST(ReceiveBuffer, AutotuningGrowsPastTheBdp) {
    Scenario s;
    s.duration_s = 20;
    s.autotuning = Detail::On;
    const RunResult r = run_scenario(s);
    EXPECT_GT(r.summary.throughput_bps, 0.9 * s.bandwidth_bps);
    EXPECT_LT(r.summary.binding_fractions[static_cast<int>(Limit::Rwnd)], 0.05);
}

}  // namespace
}  // namespace inflight
