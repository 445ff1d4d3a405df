// The CPU pressure a kernel run reads (cpu_pressure.h): the text of
// /proc/pressure/cpu as Documentation/accounting/psi.rst gives it, and, as
// root, a run beside more busy threads than this machine has cores, which
// must be called busy.
#include "app/kernel/cpu_pressure.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <thread>
#include <vector>

#include "app/kernel/kernel_run.h"
#include "model/core/scenario.h"

namespace inflight::kernel {
namespace {

TEST(CpuPressure, TheSomeLinesTotalIsMicrosecondsOfWaiting) {
    // psi.rst's format: "some" first, "full" after it (CPU's full line
    // exists since Linux 5.13).
    const char* text =
        "some avg10=0.00 avg60=1.50 avg300=0.20 total=2500000\n"
        "full avg10=0.00 avg60=0.00 avg300=0.00 total=700\n";
    ASSERT_TRUE(cpu_some_total_s(text).has_value());
    EXPECT_DOUBLE_EQ(*cpu_some_total_s(text), 2.5);
    // The full line is not the some line, wherever it stands.
    EXPECT_DOUBLE_EQ(*cpu_some_total_s("full avg10=0 total=9\nsome avg10=0 total=1000\n"), 0.001);
}

TEST(CpuPressure, TextWithoutASomeTotalGivesNothing) {
    EXPECT_FALSE(cpu_some_total_s("").has_value());
    EXPECT_FALSE(cpu_some_total_s("full avg10=0.00 total=5\n").has_value());
    EXPECT_FALSE(cpu_some_total_s("some avg10=0.00 avg60=0.00\n").has_value());
    EXPECT_FALSE(cpu_some_total_s("some avg10=0.00 total=x12\n").has_value());
}

// As root: a kernel run while twice as many threads as cores spin. Some
// task is always waiting for a CPU, so the share is far above the quarter
// that makes a machine busy; the facts must say so.
TEST(CpuPressure, ARunBesideMoreBusyThreadsThanCoresIsCalledBusy) {
    Scenario s;
    s.bandwidth_bps = 10e6;
    s.rtt_s = 0.02;
    s.duration_s = 2;
    if (const auto why = kernel_run_refusal(s)) GTEST_SKIP() << "the kernel cannot run here: " << *why;
    if (!cpu_waited_s()) GTEST_SKIP() << "this kernel has no /proc/pressure/cpu";
    std::atomic<bool> stop{false};
    std::vector<std::thread> spinners;
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    for (long i = 0; i < 2 * cores; ++i)
        spinners.emplace_back([&stop] {
            volatile unsigned long n = 0;
            while (!stop.load(std::memory_order_relaxed)) n = n + 1;
        });
    const KernelOutcome o = run_on_kernel(s);
    stop = true;
    for (std::thread& t : spinners) t.join();
    ASSERT_TRUE(o.ok()) << o.error;
    ASSERT_TRUE(o.facts.cpu_wait_s.has_value());
    EXPECT_GT(o.facts.cpu_wait_share, kBusyCpuWaitShare) << *o.facts.cpu_wait_s << " s waited";
    EXPECT_TRUE(o.facts.machine_busy);
}

}  // namespace
}  // namespace inflight::kernel
