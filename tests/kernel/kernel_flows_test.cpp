// Several flows on this machine's TCP stack through the emulator. Expected
// figures are the stated bounds and arithmetic on the path:
//   two CUBIC flows on one path share it: Jain's index ≥ 0.9
//   ten streams behind 64 KB windows over 80 ms each move 65,535 B per
//     round trip, so together ten times one stream (within 5%), measured
//     here against one stream on the same path
//   fq_codel keeps the queue near CoDel's 5 ms target where a 200 ms
//     tail-drop buffer fills (the mean queueing delay under 20 ms against
//     over 100 ms), and still shares fairly
// Each run is short (10–20 s, the Summary's window its second half).
// Skipped unless root (CI runs as root).
#include <gtest/gtest.h>

#include <cstdio>
#include <set>

#include "app/kernel/kernel_run.h"
#include "kernel_paths.h"

namespace inflight::kernel {
namespace {

RunResult run_ok(const Scenario& s) {
    KernelOutcome o = run_on_kernel(s);
    EXPECT_TRUE(o.ok()) << o.error;
    return o.result.value_or(RunResult{});
}

Scenario shared_path(double bandwidth_bps, double rtt_s, double buffer_s, double duration_s) {
    Scenario s;
    s.algorithm = Algorithm::Cubic;
    s.bandwidth_bps = bandwidth_bps;
    s.rtt_s = rtt_s;
    s.buffer_s = buffer_s;
    s.duration_s = duration_s;
    return s;
}

TEST(KernelFlows, TwoCubicFlowsShareFairlyAndEachHasItsOwnTraceAndEvents) {
    REQUIRE_ROOT();
    Scenario s = shared_path(50e6, 0.040, 0.040, 20);  // 12 s left CUBIC unconverged once (Jain 0.89)
    s.flows = {FlowSpec{}, FlowSpec{}};
    const RunResult r = run_ok(s);
    ASSERT_EQ(r.flows.size(), 2u);
    std::printf("2 CUBIC, 50 Mbit/s, 40 ms: %.2f + %.2f Mbit/s, Jain %.3f, utilisation %.3f\n",
                r.flows[0].summary.throughput_bps / 1e6, r.flows[1].summary.throughput_bps / 1e6, r.summary.jain_index,
                r.summary.utilisation);
    EXPECT_GE(r.summary.jain_index, 0.9);
    EXPECT_GE(r.summary.utilisation, 0.85);
    EXPECT_NEAR(r.flows[0].summary.share + r.flows[1].summary.share, 1.0, 1e-9);
    EXPECT_NEAR(r.summary.throughput_bps, r.flows[0].summary.throughput_bps + r.flows[1].summary.throughput_bps,
                0.02 * r.summary.throughput_bps);
    std::set<int> flows_in_log;
    for (const Event& e : r.events) flows_in_log.insert(e.flow);
    EXPECT_EQ(flows_in_log, (std::set<int>{0, 1}));  // each flow's own slow-start exit at least
    for (const FlowResult& f : r.flows) {
        EXPECT_FALSE(f.trace.buckets.empty());
        EXPECT_GT(f.summary.segments_received, 0u);
        EXPECT_GT(f.summary.acks_sent, 0u);
    }
    // The path's trace: the queue and the flows' summed windows.
    ASSERT_FALSE(r.trace.buckets.empty());
    const TraceBucket& late = r.trace.buckets[r.trace.buckets.size() * 3 / 4];
    const TraceBucket& f0 = r.flows[0].trace.buckets[r.trace.buckets.size() * 3 / 4];
    EXPECT_GE(late.cwnd_bytes.max, f0.cwnd_bytes.min);
}

TEST(KernelFlows, TenStreamsBehind64KBWindowsMoveTenTimesOneStream) {
    REQUIRE_ROOT();
    Scenario one = shared_path(100e6, 0.080, 0.080, 10);
    one.rwnd_bytes = 65535;
    const RunResult single = run_ok(one);
    Scenario ten = one;
    ten.flows.assign(10, FlowSpec{});
    const RunResult parallel = run_ok(ten);
    ASSERT_EQ(parallel.flows.size(), 10u);
    const double law_bps = 65535.0 * 8 / 0.080;
    std::printf("64 KB over 80 ms: one stream %.2f Mbit/s (law %.2f), ten %.2f Mbit/s, Jain %.3f\n",
                single.summary.throughput_bps / 1e6, law_bps / 1e6, parallel.summary.throughput_bps / 1e6,
                parallel.summary.jain_index);
    EXPECT_NEAR(parallel.summary.throughput_bps, 10 * single.summary.throughput_bps,
                0.05 * 10 * single.summary.throughput_bps);
    EXPECT_GE(parallel.summary.jain_index, 0.99);
    for (const FlowResult& f : parallel.flows)
        EXPECT_EQ(f.summary.binding_limit, Limit::Rwnd) << f.flow.label;
}

TEST(KernelFlows, FqCodelKeepsTheQueueShortWhereTailDropFillsItAndStillShares) {
    REQUIRE_ROOT();
    Scenario s = shared_path(50e6, 0.040, 0.200, 12);
    s.flows = {FlowSpec{}, FlowSpec{}};
    const RunResult fifo = run_ok(s);
    s.aqm = Aqm::FqCodel;
    const RunResult fq = run_ok(s);
    std::printf("2 CUBIC, 50 Mbit/s, 40 ms, 200 ms buffer: queueing delay mean tail drop %.1f ms, fq_codel %.1f ms; "
                "Jain %.3f / %.3f; AQM drops per flow %llu, %llu\n",
                fifo.summary.mean_queue_delay_s * 1e3, fq.summary.mean_queue_delay_s * 1e3, fifo.summary.jain_index,
                fq.summary.jain_index, static_cast<unsigned long long>(fq.flows[0].summary.drops_aqm),
                static_cast<unsigned long long>(fq.flows[1].summary.drops_aqm));
    EXPECT_GT(fifo.summary.mean_queue_delay_s, 0.100);
    EXPECT_LT(fq.summary.mean_queue_delay_s, 0.020);
    EXPECT_GE(fq.summary.jain_index, 0.9);
    EXPECT_GE(fq.summary.utilisation, 0.85);
    for (const FlowResult& f : fq.flows) EXPECT_GT(f.summary.drops_aqm, 0u) << f.flow.label;
}

}  // namespace
}  // namespace inflight::kernel
