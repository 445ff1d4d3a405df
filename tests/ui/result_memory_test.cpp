// The window's memory of finished runs (session/result_memory.h): exactly
// the same scenario is found, a copy on the ordinary heap is kept, the least
// recently used goes first, and the budget is the sum of the kept arrays.
#include <gtest/gtest.h>

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
    const RunResult run = finished_run(100e6, 5000);
    ASSERT_TRUE(m.keep(run));
    const auto kept = m.find(run.scenario);
    ASSERT_NE(kept, nullptr);
    EXPECT_NE(kept.get(), &run);
    EXPECT_NE(kept->trace.buckets.data(), run.trace.buckets.data());
    EXPECT_FALSE(kept->trace.buckets.get_allocator().huge());
    ASSERT_EQ(kept->trace.buckets.size(), 5000u);
    EXPECT_EQ(kept->trace.buckets[4999].cwnd_end_bytes, 100e6 + 4999);

    Scenario other_seed = run.scenario;
    other_seed.seed = 2;
    EXPECT_EQ(m.find(other_seed), nullptr);
    Scenario longer = run.scenario;
    longer.duration_s = 41;
    EXPECT_EQ(m.find(longer), nullptr);
    Scenario two_flows = run.scenario;
    two_flows.flows.assign(2, FlowSpec{});
    EXPECT_EQ(m.find(two_flows), nullptr);
}

TEST(ResultMemory, TheBudgetCountsTheKeptArraysAndTheLeastRecentlyUsedGoesFirst) {
    const std::size_t one = expected_bytes(1000);
    EXPECT_EQ(ResultMemory::bytes_of(finished_run(1e6, 1000)), one);
    ResultMemory m(3 * one + one / 2, 16);  // room for three
    for (double bw : {1e6, 2e6, 3e6}) ASSERT_TRUE(m.keep(finished_run(bw, 1000)));
    EXPECT_EQ(m.entries(), 3u);
    EXPECT_EQ(m.bytes(), 3 * one);
    // 1 Mbit/s used again: 2 Mbit/s is now the least recently used.
    ASSERT_NE(m.find(finished_run(1e6, 0).scenario), nullptr);
    ASSERT_TRUE(m.keep(finished_run(4e6, 1000)));
    EXPECT_EQ(m.entries(), 3u);
    EXPECT_EQ(m.find(finished_run(2e6, 0).scenario), nullptr);
    for (double bw : {1e6, 3e6, 4e6}) EXPECT_NE(m.find(finished_run(bw, 0).scenario), nullptr) << bw;

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
    EXPECT_NE(m.find(finished_run(1e6, 0).scenario), nullptr) << "what was kept stays";
    RunResult cancelled = finished_run(3e6, 10);
    cancelled.cancelled = true;
    EXPECT_FALSE(m.keep(cancelled));
    EXPECT_EQ(m.find(cancelled.scenario), nullptr);
}

TEST(ResultMemory, NoMoreEntriesThanItsLimit) {
    ResultMemory m(std::size_t{1} << 30, 2);
    for (double bw : {1e6, 2e6, 3e6}) ASSERT_TRUE(m.keep(finished_run(bw, 10)));
    EXPECT_EQ(m.entries(), 2u);
    EXPECT_EQ(m.find(finished_run(1e6, 0).scenario), nullptr);
    EXPECT_NE(m.find(finished_run(3e6, 0).scenario), nullptr);
}
