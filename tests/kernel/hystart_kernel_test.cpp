// HyStart against the real kernel: Linux CUBIC on 100 Mbit/s, 80 ms, a
// 1-BDP buffer (667 packets), 10 s, beside the model with the linux stack.
// Expected figures are arithmetic on the path, not either engine's output:
//  - Linux leaves slow start before any loss. Its rounds open at the start of
//    a slow-start burst; a burst's ACKs come 0.12 ms apart (one 1500-byte
//    packet at 100 Mbit/s), so the ACK train passes (delay_min + 1 ms)/2 =
//    40.5 ms after 338 ACKs of the round that starts at 640 packets:
//    ssthresh ≈ 640 + 338 = 978 packets, about 0.7 s in (checked within 25%).
//  - The model with the linux stack leaves slow start the same way: within
//    one RTT (80 ms) of the kernel and at an ssthresh within 25% of its
//    own, and its packets delivered over the first 2 s agree within 15%.
// Linux's ACK train is broken by one gap over 2 ms between ACKs
// (tcp_cubic.c's hystart_ack_delta_us) in the 40 ms that matter; a host
// that stops this virtual CPU for a moment makes one, and the kernel then
// leaves slow start by loss (seen once in CI: 0.770 s, after a drop at
// 0.740 s; never in 12 runs here, quiet or beside three busy loops at
// nice -10). So a kernel that leaves by loss is run again, up to three
// runs in all, each miss printed with the emulator's latest ACK; three
// misses fail.
// Skipped unless root (CI runs as root).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>

#include "app/kernel/kernel_run.h"
#include "app/kernel/privileges.h"
#include "kernel_paths.h"
#include "model/engine/run.h"

namespace inflight::kernel {
namespace {

Scenario hystart_path() { return test::one_bdp_path_100M_80ms(); }

struct SlowStartEnd {
    double t_s = -1;
    StartEnd how = StartEnd::FirstCongestion;
    double first_drop_t_s = 1e9;
    double ssthresh_packets = 0;      // the first finite ssthresh in the trace, in MSS
    double delivered_by_2s = 0;       // packets
};

SlowStartEnd slow_start_end(const RunResult& r) {
    SlowStartEnd f;
    std::uint32_t mss = r.trace.mss_bytes;  // the kernel's trace says the MTU; its events carry the MSS
    for (const Event& e : r.events) {
        if (e.kind == EventKind::SlowStartExit && f.t_s < 0) {
            f.t_s = e.t_s;
            f.how = e.start_end;
            if (e.mss_bytes > 0) mss = e.mss_bytes;
        }
        if (e.kind == EventKind::Drops && e.t_s < f.first_drop_t_s) f.first_drop_t_s = e.t_s;
    }
    for (const TraceBucket& b : r.trace.buckets) {
        if (f.ssthresh_packets == 0 && std::isfinite(b.ssthresh_bytes) && b.ssthresh_bytes > 0)
            f.ssthresh_packets = b.ssthresh_bytes / mss;
        if (b.t_end_s <= 2.0 + 1e-9) f.delivered_by_2s = static_cast<double>(b.pkts_delivered);
    }
    return f;
}

TEST(KernelHystart, LinuxCubicLeavesSlowStartBeforeLossAsTheModelWithHystart) {
    REQUIRE_ROOT();
    const Scenario s = hystart_path();
    SlowStartEnd kernel;
    for (int run = 1; run <= 3; ++run) {
        const KernelOutcome o = run_on_kernel(s);
        ASSERT_TRUE(o.ok()) << o.error;
        kernel = slow_start_end(*o.result);
        if (kernel.t_s > 0 && kernel.t_s < kernel.first_drop_t_s) break;
        std::printf("kernel run %d left slow start at %.3f s, the first drop at %.3f s; the emulator's latest ACK "
                    "was %.2f ms late%s%s\n",
                    run, kernel.t_s, kernel.first_drop_t_s, 1e3 * o.facts.ack_direction.max_late_s,
                    o.facts.machine_busy ? "; " : "", o.facts.machine_busy ? cpu_wait_words(o.facts).c_str() : "");
    }

    Scenario m = s;
    m.stack = Stack::Linux;
    const SlowStartEnd model = slow_start_end(run_scenario(m));

    // Linux: before any loss, at about 978 packets, about 0.7 s in.
    ASSERT_GT(kernel.t_s, 0);
    EXPECT_EQ(kernel.how, StartEnd::ReachedSsthresh);  // the kernel recorder's word for "no loss"
    EXPECT_LT(kernel.t_s, kernel.first_drop_t_s);
    EXPECT_NEAR(kernel.ssthresh_packets, 978, 0.25 * 978);
    EXPECT_NEAR(kernel.t_s, 0.7, 0.08);

    // The model (linux stack): before any loss too, when and where the kernel leaves.
    ASSERT_GT(model.t_s, 0);
    EXPECT_TRUE(model.how == StartEnd::HystartAckTrain || model.how == StartEnd::HystartDelay);
    EXPECT_LT(model.t_s, model.first_drop_t_s);
    EXPECT_NEAR(model.t_s, kernel.t_s, 0.080);
    EXPECT_NEAR(model.ssthresh_packets / kernel.ssthresh_packets, 1.0, 0.25);
    // Packets delivered over the first 2 s: within 15%.
    ASSERT_GT(kernel.delivered_by_2s, 0);
    EXPECT_NEAR(model.delivered_by_2s / kernel.delivered_by_2s, 1.0, 0.15);
    std::printf("slow start ends: kernel %.3f s at ssthresh %.0f packets; model (linux) %.3f s at %.0f packets; "
                "delivered by 2 s: kernel %.0f, model %.0f packets\n",
                kernel.t_s, kernel.ssthresh_packets, model.t_s, model.ssthresh_packets, kernel.delivered_by_2s,
                model.delivered_by_2s);
}

}  // namespace
}  // namespace inflight::kernel
