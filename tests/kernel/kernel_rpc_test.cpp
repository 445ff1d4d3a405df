// Request/response flows (app=rpc) on this machine's TCP stack through the
// emulator: 100 Mbit/s, 20 ms RTT, an empty path, a request of two 100 B
// writes answered by 100 B, for 6 s. Expected figures:
//   the median transaction latency within 20% of the model's with
//     --stack linux on the same scenario, Nagle on and off;
//   from arithmetic on one transaction (serialisation of a few hundred bytes
//   at 100 Mbit/s is tens of µs, nothing queues):
//     nodelay=on: both writes leave at once, the server answers the whole
//       request at once: 1 RTT (20 ms);
//     Nagle on: the second write waits for the ACK of the first; the server
//       has half a request, nothing to piggyback the ACK on, and once the
//       connection is in Linux's ping-pong mode (after the first exchange)
//       it delays that ACK by its 40 ms minimum (TCP_DELACK_MIN): half an
//       RTT out, 40 ms, half an RTT back, then the second write's RTT with
//       the response: 2 RTT + 40 ms = 80 ms.
//   Neither fills a window of 10 segments with 200 B: both the kernel's
//   binding limit and the model's are the application.
//   The median sits at or above the arithmetic (nothing here is faster than
//   the path) and within a few ms above it: the threads' wake-ups, the
//   emulator's lateness, and for Nagle the delayed-ACK timer's jiffy
//   rounding (at most one tick, 4 ms at HZ=250, 10 ms at HZ=100).
// Skipped unless root.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "app/kernel/kernel_run.h"
#include "kernel_paths.h"
#include "model/engine/run.h"

namespace inflight::kernel {
namespace {

constexpr double kRttS = 0.020;
constexpr double kDelayedAckS = 0.040;  // Linux's TCP_DELACK_MIN
constexpr double kWakeUpSlackS = 0.003;  // threads and the emulator waking late
constexpr double kJiffyS = 0.010;        // one timer tick at HZ=100 (the coarsest)

Scenario rpc_path(bool nodelay) {
    Scenario s;
    s.algorithm = Algorithm::Cubic;
    s.bandwidth_bps = 100e6;
    s.rtt_s = kRttS;
    s.buffer_s = kRttS;
    s.duration_s = 6;
    FlowSpec f;
    f.app = FlowApp::Rpc;
    f.rpc_writes = {100, 100};
    f.rpc_response_bytes = 100;
    f.nodelay = nodelay;
    s.flows = {f};
    return s;
}

void expect_median_as_model_and_arithmetic(bool nodelay, double lower_s, double upper_s) {
    const Scenario s = rpc_path(nodelay);
    const KernelOutcome o = run_on_kernel(s);
    ASSERT_TRUE(o.ok()) << o.error;
    const FlowSummary& kernel = o.result->flows[0].summary;
    Scenario linux_stack = s;
    linux_stack.stack = Stack::Linux;
    const RunResult model = run_scenario(linux_stack);
    const FlowSummary& modelled = model.flows[0].summary;
    std::printf("rpc 100B+100B -> 100B, 100 Mbit/s 20 ms, %s: kernel p50 %.2f ms (mean %.2f, p95 %.2f, max %.2f, "
                "%llu transactions), model linux p50 %.2f ms (%llu transactions), arithmetic %.0f-%.0f ms\n",
                nodelay ? "nodelay=on" : "Nagle on", kernel.transaction_p50_s * 1e3, kernel.transaction_mean_s * 1e3,
                kernel.transaction_p95_s * 1e3, kernel.transaction_max_s * 1e3,
                static_cast<unsigned long long>(kernel.transactions), modelled.transaction_p50_s * 1e3,
                static_cast<unsigned long long>(modelled.transactions), lower_s * 1e3, upper_s * 1e3);
    // Back to back for 6 s: at least a few dozen transactions either way.
    EXPECT_GT(kernel.transactions, 50u);
    EXPECT_EQ(kernel.writes_held_by_nagle, 0u);  // not measurable from user space
    // Nothing ever fills a window here: the kernel's own rate samples say
    // the application left the pipe unfilled, and the model says the same.
    EXPECT_EQ(kernel.binding_limit, Limit::App) << to_string(kernel.binding_limit);
    EXPECT_EQ(modelled.binding_limit, Limit::App) << to_string(modelled.binding_limit);
    EXPECT_NEAR(kernel.transaction_p50_s, modelled.transaction_p50_s, 0.20 * modelled.transaction_p50_s);
    EXPECT_GE(kernel.transaction_p50_s, lower_s);
    EXPECT_LE(kernel.transaction_p50_s, upper_s);
    EXPECT_LE(kernel.transaction_p50_s, kernel.transaction_p95_s);
    EXPECT_LE(kernel.transaction_p95_s, kernel.transaction_max_s);
    bool listed = false;
    for (const std::string& a : o.facts.absent) listed = listed || a.rfind("writes_held_by_nagle", 0) == 0;
    EXPECT_TRUE(listed);
    // Each transaction as a point: as many as counted, in order of
    // completion within the run, each no faster than the path allows and
    // their median the summary's.
    const TransactionSamples& x = o.result->flows[0].transaction_samples;
    ASSERT_EQ(x.size(), kernel.transactions);
    ASSERT_EQ(x.latency_s.size(), x.t_s.size());
    std::vector<double> sorted = x.latency_s;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_DOUBLE_EQ(sorted[(sorted.size() + 1) / 2 - 1], kernel.transaction_p50_s);
    for (std::size_t k = 0; k < x.size(); ++k) {
        EXPECT_GE(x.latency_s[k], kRttS) << k;
        EXPECT_LE(x.t_s[k], s.duration_s + 0.5) << k;
        if (k > 0) {
            EXPECT_GE(x.t_s[k] - x.t_s[k - 1], x.latency_s[k] - 1e-9) << k;  // back to back, one at a time
        }
    }
}

TEST(KernelRpc, NodelayTransactionTakesOneRttAsTheModel) {
    REQUIRE_ROOT();
    expect_median_as_model_and_arithmetic(true, kRttS, kRttS + kWakeUpSlackS);
}

TEST(KernelRpc, NagleWaitsForTheDelayedAckAsTheModel) {
    REQUIRE_ROOT();
    const double arithmetic = 2 * kRttS + kDelayedAckS;
    expect_median_as_model_and_arithmetic(false, arithmetic, arithmetic + kJiffyS + kWakeUpSlackS);
}

}  // namespace
}  // namespace inflight::kernel
