// Slow start's room against the real kernel: one CUBIC stream held back by
// a 65,535 B receive window (no window scaling) over 100 Mbit/s and 80 ms,
// 6 s. The window lets 65,535 / 1,448 ≈ 45 segments be in flight, and the
// stream never fills the path, so it stays in slow start (no loss, HyStart
// sees no queue). Linux grows cwnd there while it is under twice what was
// in flight (tcp_is_cwnd_limited), so its mean cwnd is well above the
// window's 45 segments and at most twice it; a cwnd that grows only while it
// binds stops near 45. Expected figures are that arithmetic and the kernel
// measured in the same test:
//   - the kernel's mean cwnd (second half) lies in (1.25, 2.05] × 45;
//   - the model with the linux stack is within 25% of the kernel's;
//   - the model without slow start's room is more than 25% below it.
// Skipped unless root (CI runs as root).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "app/kernel/kernel_run.h"
#include "kernel_paths.h"
#include "model/engine/run.h"

namespace inflight::kernel {
namespace {

TEST(KernelSlowStartRoom, AStreamHeldByItsReceiveWindowGrowsCwndPastItAsTheLinuxModelDoes) {
    REQUIRE_ROOT();
    Scenario s = test::one_bdp_path_100M_80ms();
    s.rwnd_bytes = 65535;
    s.duration_s = 6;
    const KernelOutcome o = run_on_kernel(s);
    ASSERT_TRUE(o.ok()) << o.error;
    const double window_segments = 65535.0 / 1448;
    const double kernel_cwnd = o.result->summary.mean_cwnd_packets;

    Scenario linux_model = s;
    linux_model.stack = Stack::Linux;
    const double with_room = run_scenario(linux_model).summary.mean_cwnd_packets;
    linux_model.slow_start_room = Detail::Off;
    const double without_room = run_scenario(linux_model).summary.mean_cwnd_packets;
    std::printf("mean cwnd, packets: kernel %.1f, linux model %.1f, without slow start's room %.1f (the window: %.1f "
                "segments)\n",
                kernel_cwnd, with_room, without_room, window_segments);

    EXPECT_GT(kernel_cwnd, 1.25 * window_segments);
    EXPECT_LE(kernel_cwnd, 2.05 * window_segments);
    EXPECT_NEAR(with_room, kernel_cwnd, 0.25 * kernel_cwnd);
    EXPECT_LT(without_room, 0.75 * kernel_cwnd);
}

}  // namespace
}  // namespace inflight::kernel
