// BBR beside CUBIC on one bottleneck, the real kernel against the model with
// the linux stack: 50 Mbit/s, 40 ms (BDP 250 kB), buffers of ½, 1 and 4 BDP,
// 20 s each (the share over the second half). The expected figure is the
// kernel's own share, measured in the same test: the model's BBR share must
// be within 0.10 of it at each buffer. A shallow buffer gives BBR most of the
// link (CUBIC's losses hit it, BBR ignores them); a deep one gives most to
// CUBIC, whose queue BBR's 2 × BDP window cannot outgrow.
// Skipped unless root (CI runs as root).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "app/kernel/kernel_run.h"
#include "kernel_paths.h"
#include "model/engine/run.h"

namespace inflight::kernel {
namespace {

Scenario cubic_and_bbr(double buffer_s) {
    Scenario s;
    s.bandwidth_bps = 50e6;
    s.rtt_s = 0.040;
    s.buffer_s = buffer_s;
    s.duration_s = 20;
    FlowSpec cubic, bbr;
    cubic.algorithm = Algorithm::Cubic;
    bbr.algorithm = Algorithm::Bbr;
    s.flows = {cubic, bbr};
    return s;
}

class BbrShareOnTheKernel : public ::testing::TestWithParam<double> {};

TEST_P(BbrShareOnTheKernel, TheLinuxModelGivesBbrTheKernelsShareWithinATenth) {
    REQUIRE_ROOT();
    const double bdp = GetParam();
    Scenario s = cubic_and_bbr(0.040 * bdp);
    KernelOutcome k = run_on_kernel(s);
    ASSERT_TRUE(k.ok()) << k.error;
    ASSERT_EQ(k.result->flows.size(), 2u);
    s.stack = Stack::Linux;
    const RunResult m = run_scenario(s);
    const double kernel_share = k.result->flows[1].summary.share, model_share = m.flows[1].summary.share;
    std::printf("BBR's share beside CUBIC at %.1f BDP: kernel %.2f, model (linux) %.2f\n", bdp, kernel_share,
                model_share);
    EXPECT_NEAR(model_share, kernel_share, 0.10);
}

INSTANTIATE_TEST_SUITE_P(Buffers, BbrShareOnTheKernel, ::testing::Values(0.5, 1.0, 4.0));

}  // namespace
}  // namespace inflight::kernel
