// The window's memory of finished runs (session/result_memory.h): exactly
// the same scenario is found, a copy on the ordinary heap is kept (and handed
// over when taken), the least recently used goes first, the budget is the
// sum of the kept arrays, and a newer request stops the copy.
#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <vector>

#include "ui/session/result_memory.h"

using namespace inflight;
using namespace inflight::ui;

namespace {
// A finished run of `buckets` trace buckets (no model run: only sizes and
// the scenario matter here), told apart by its bandwidth.
RunResult finished_run(double bandwidth_bps, std::size_t buckets) {
    RunResult r;
    r.scenario.bandwidth_bps = bandwidth_bps;
    r.trace.buckets.resize(buckets);
    for (std::size_t i = 0; i < buckets; ++i) r.trace.buckets[i].cwnd_end_bytes = bandwidth_bps + static_cast<double>(i);
    r.flows.resize(1);
    return r;
}
// What bytes_of counts for such a run, by arithmetic.
std::size_t expected_bytes(std::size_t buckets) {
    return sizeof(RunResult) + sizeof(FlowResult) + buckets * sizeof(TraceBucket);
}
}  // namespace

TEST(ResultMemory, TheSameScenarioIsFoundAsACopyAndAnyOtherIsNot) {
    ResultMemory m;
    RunResult run = finished_run(100e6, 5000);
    run.events.resize(3);
    run.events[2].count = 42;
    run.summary.throughput_bps = 99e6;
    run.flows[0].ping_rtt_samples_s = {0.25};
    ASSERT_TRUE(m.keep(run));
    EXPECT_TRUE(m.holds(run.scenario));

    Scenario other_seed = run.scenario;
    other_seed.seed = 2;
    EXPECT_FALSE(m.take(other_seed));
    Scenario longer = run.scenario;
    longer.duration_s = 41;
    EXPECT_FALSE(m.take(longer));
    Scenario two_flows = run.scenario;
    two_flows.flows.assign(2, FlowSpec{});
    EXPECT_FALSE(m.take(two_flows));
    EXPECT_EQ(m.entries(), 1u);

    const std::optional<RunResult> kept = m.take(run.scenario);
    ASSERT_TRUE(kept);
    EXPECT_NE(kept->trace.buckets.data(), run.trace.buckets.data());
    EXPECT_FALSE(kept->trace.buckets.get_allocator().huge());
    ASSERT_EQ(kept->trace.buckets.size(), 5000u);
    EXPECT_EQ(kept->trace.buckets[4999].cwnd_end_bytes, 100e6 + 4999);
    EXPECT_EQ(kept->scenario, run.scenario);
    ASSERT_EQ(kept->events.size(), 3u);
    EXPECT_EQ(kept->events[2].count, 42u);
    EXPECT_EQ(kept->summary.throughput_bps, 99e6);
    ASSERT_EQ(kept->flows.size(), 1u);
    EXPECT_EQ(kept->flows[0].ping_rtt_samples_s, std::vector<double>{0.25});
    // Handed over: no longer kept.
    EXPECT_FALSE(m.holds(run.scenario));
    EXPECT_EQ(m.entries(), 0u);
    EXPECT_EQ(m.bytes(), 0u);
}

// A newer request stops the copy of a run of several flows before its
// second flow; a one-flow run (its path trace and first flow) is kept whole.
TEST(ResultMemory, ANewerRequestStopsTheCopyAndNothingIsKept) {
    ResultMemory m;
    std::atomic<bool> stop{true};
    RunResult two = finished_run(1e6, 100);
    two.flows.resize(2);
    EXPECT_FALSE(m.keep(two, &stop));
    EXPECT_EQ(m.entries(), 0u);
    EXPECT_EQ(m.bytes(), 0u);
    EXPECT_TRUE(m.keep(finished_run(2e6, 100), &stop)) << "one flow: kept whole";
    stop = false;
    EXPECT_TRUE(m.keep(two, &stop));
    EXPECT_EQ(m.entries(), 2u);
}

TEST(ResultMemory, TheBudgetCountsTheKeptArraysAndTheLeastRecentlyUsedGoesFirst) {
    const std::size_t one = expected_bytes(1000);
    EXPECT_EQ(ResultMemory::bytes_of(finished_run(1e6, 1000)), one);
    ResultMemory m(3 * one + one / 2, 16);  // room for three
    for (double bw : {1e6, 2e6, 3e6}) ASSERT_TRUE(m.keep(finished_run(bw, 1000)));
    EXPECT_EQ(m.entries(), 3u);
    EXPECT_EQ(m.bytes(), 3 * one);
    // 1 Mbit/s shown again (taken, then kept again as the window does): 2
    // Mbit/s is now the least recently used.
    const std::optional<RunResult> again = m.take(finished_run(1e6, 0).scenario);
    ASSERT_TRUE(again);
    ASSERT_TRUE(m.keep(*again));
    ASSERT_TRUE(m.keep(finished_run(4e6, 1000)));
    EXPECT_EQ(m.entries(), 3u);
    EXPECT_FALSE(m.holds(finished_run(2e6, 0).scenario));
    for (double bw : {1e6, 3e6, 4e6}) EXPECT_TRUE(m.holds(finished_run(bw, 0).scenario)) << bw;

    // The same scenario again replaces its entry rather than adding one.
    ASSERT_TRUE(m.keep(finished_run(4e6, 1000)));
    EXPECT_EQ(m.entries(), 3u);
    EXPECT_EQ(m.bytes(), 3 * one);
}

TEST(ResultMemory, ARunLargerThanTheBudgetOrCancelledIsNotKept) {
    const std::size_t one = expected_bytes(1000);
    ResultMemory m(2 * one, 16);
    ASSERT_TRUE(m.keep(finished_run(1e6, 1000)));
    EXPECT_FALSE(m.keep(finished_run(2e6, 3000)));  // alone larger than the budget
    EXPECT_EQ(m.entries(), 1u);
    EXPECT_TRUE(m.holds(finished_run(1e6, 0).scenario)) << "what was kept stays";
    RunResult cancelled = finished_run(3e6, 10);
    cancelled.cancelled = true;
    EXPECT_FALSE(m.keep(cancelled));
    EXPECT_FALSE(m.holds(cancelled.scenario));
}

TEST(ResultMemory, NoMoreEntriesThanItsLimit) {
    ResultMemory m(std::size_t{1} << 30, 2);
    for (double bw : {1e6, 2e6, 3e6}) ASSERT_TRUE(m.keep(finished_run(bw, 10)));
    EXPECT_EQ(m.entries(), 2u);
    EXPECT_FALSE(m.holds(finished_run(1e6, 0).scenario));
    EXPECT_TRUE(m.holds(finished_run(3e6, 0).scenario));
}
