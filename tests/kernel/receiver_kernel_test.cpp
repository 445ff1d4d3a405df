// The receiver against this machine's Linux: ACKs per data segment in bulk,
// counted by the emulator (pure ACKs back, data segments delivered), beside
// the model's with Linux's receiver on the same path (CUBIC, 100 Mbit/s,
// 80 ms, a 1-BDP buffer, 10 s). Expected: about one ACK per two segments
// (tcp_input.c's __tcp_ack_snd_check ACKs when more than one full segment is
// unacknowledged), the model within 0.1 of the kernel, the textbook mirror at
// exactly 1. Skipped unless root (CI runs as root).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>

#include "app/kernel/kernel_run.h"
#include "app/kernel/privileges.h"
#include "kernel_paths.h"
#include "model/engine/run.h"

namespace inflight::kernel {
namespace {

Scenario bulk_path() { return test::one_bdp_path_100M_80ms(); }

double acks_per_segment(const Summary& s) {
    return s.segments_received > 0 ? static_cast<double>(s.acks_sent) / static_cast<double>(s.segments_received) : NAN;
}

TEST(KernelReceiver, AcksPerDataSegmentAgreeWithTheModelsLinuxReceiver) {
    REQUIRE_ROOT();
    const Scenario s = bulk_path();
    const KernelOutcome o = run_on_kernel(s);
    ASSERT_TRUE(o.ok()) << o.error;
    const double kernel = acks_per_segment(o.result->summary);
    // A receiver that waits for a CPU finds several segments at once and
    // ACKs them together: beside four busy loops at nice -10 the kernel
    // gave 0.22 ACKs a segment. Such a run measures the machine.
    if (o.facts.machine_busy)
        GTEST_SKIP() << "this computer was busy (" << cpu_wait_words(o.facts) << "): the kernel gave " << kernel
                     << " ACKs a segment, not checked";

    Scenario linux_stack = s;
    linux_stack.stack = Stack::Linux;
    const double model = acks_per_segment(run_scenario(linux_stack).summary);
    const double textbook = acks_per_segment(run_scenario(s).summary);
    std::printf("ACKs per data segment, CUBIC 100 Mbit/s 80 ms, 1 BDP, 10 s: kernel %.3f (%llu ACKs, %llu segments), "
                "model linux %.3f, textbook %.3f\n",
                kernel, static_cast<unsigned long long>(o.result->summary.acks_sent),
                static_cast<unsigned long long>(o.result->summary.segments_received), model, textbook);
    EXPECT_GT(o.result->summary.segments_received, 10'000u);  // 100 Mbit/s for 10 s: ~80,000 segments
    EXPECT_GE(kernel, 0.40);
    EXPECT_LE(kernel, 0.65);
    EXPECT_NEAR(model, kernel, 0.10);
    EXPECT_EQ(textbook, 1.0);
}

}  // namespace
}  // namespace inflight::kernel
