// The kernel's 10 ms readings into trace buckets (kernel_recorder.h), no
// privileges needed: readings made up by hand. A transfer's connection
// closes when it is done, and a finite flow then has no window, RTT or
// rate to draw: its lines stop there (NaN buckets), while its cumulative
// counts hold. A bucket the sampler skipped (it woke late) holds the last
// values, as before.
#include <cmath>
#include <gtest/gtest.h>

#include "app/kernel/kernel_recorder.h"

namespace inflight::kernel {
namespace {

KernelSample reading(double t_s, bool connected, std::uint64_t acked_bytes) {
    KernelSample s;
    s.t_s = t_s;
    s.tcp.ok = connected;
    s.tcp.bytes_acked = acked_bytes;
    if (connected) {
        s.tcp.mss_bytes = 1448;
        s.tcp.cwnd_bytes = 100 * 1448.0;
        s.tcp.inflight_bytes = 90 * 1448.0;
        s.tcp.srtt_s = 0.041;
        s.tcp.min_rtt_s = 0.040;
        s.tcp.ssthresh_bytes = INFINITY;
        s.tcp.peer_window_bytes = 1 << 20;
    }
    s.received_bytes = acked_bytes;
    return s;
}

TEST(KernelRecorder, AFiniteFlowsLinesStopWhenItsConnectionClosesAndItsCountsHold) {
    KernelRecorder::Config c;
    c.duration_s = 2.0;
    c.bucket_count = 20;  // 100 ms buckets
    c.window_start_s = 1.0;
    c.link_rate_bps = 50e6;
    c.bdp_bytes = 250'000;
    c.buffer_bytes = 250'000;
    Trace trace;
    std::vector<Event> events;
    KernelRecorder rec(c, trace, events);
    // Open until 0.5 s (acked bytes growing), none readable over 0.2–0.3 s
    // (the sampler late), then closed: the transfer done, 1 MB acknowledged.
    const std::uint64_t done_bytes = 1'000'000;
    // Readings half-way between 10 ms ticks, so none falls on a bucket's
    // boundary; those of 0.2–0.3 s (bucket 2) are left out.
    for (int k = 0; k < 200; ++k) {
        const double t = (k + 0.5) * 0.01;
        if (k >= 20 && k < 30) continue;
        const bool open = k < 50;
        rec.add(reading(t, open, open ? static_cast<std::uint64_t>(t * 2e6) : done_bytes));
    }
    Summary summary;
    rec.finish(2.0, summary);
    ASSERT_EQ(trace.buckets.size(), 20u);
    // 0.2–0.3 s: no reading at all, the last values held.
    EXPECT_DOUBLE_EQ(trace.buckets[2].cwnd_end_bytes, 100 * 1448.0);
    EXPECT_DOUBLE_EQ(trace.buckets[2].srtt_s, 0.041);
    EXPECT_FALSE(std::isnan(trace.buckets[2].cwnd_bytes.max));
    // The counts never fall.
    for (std::size_t i = 1; i < 20; ++i)
        EXPECT_GE(trace.buckets[i].delivered_bytes, trace.buckets[i - 1].delivered_bytes) << "bucket " << i;
    // From 0.5 s on: no connection, no lines, and the counts of what was done.
    for (std::size_t i = 5; i < 20; ++i) {
        const TraceBucket& b = trace.buckets[i];
        EXPECT_TRUE(std::isnan(b.cwnd_bytes.max)) << "bucket " << i << " cwnd " << b.cwnd_bytes.max;
        EXPECT_TRUE(std::isnan(b.inflight_bytes.max)) << "bucket " << i;
        EXPECT_TRUE(std::isnan(b.rtt_s.max)) << "bucket " << i;
        EXPECT_TRUE(std::isnan(b.srtt_s)) << "bucket " << i;
        EXPECT_EQ(b.delivered_bytes, done_bytes) << "bucket " << i;
    }
}

}  // namespace
}  // namespace inflight::kernel
