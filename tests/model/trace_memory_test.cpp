// The trace's allocator: the trace a run writes sits in whole, aligned
// 2 MiB blocks; copies of it are ordinary heap memory; the values are the
// same either way.
#include <gtest/gtest.h>

#include <cstdint>

#include "model/core/trace_memory.h"
#include "model/engine/run.h"

namespace inflight {
namespace {

bool on_a_huge_page_line(const void* p) {
    return reinterpret_cast<std::uintptr_t>(p) % huge_blocks::kPageBytes == 0;
}

TEST(TraceMemory, ARunsTraceStartsOnAHugePageAndItsCopyOnTheHeap) {
    Scenario s;
    s.duration_s = 2;
    const RunResult r = run_scenario(s);
    ASSERT_FALSE(r.trace.buckets.empty());
    EXPECT_TRUE(r.trace.buckets.get_allocator().huge());
    EXPECT_TRUE(on_a_huge_page_line(r.trace.buckets.data()));

    const RunResult copy = r;  // what the window keeps of a finished run
    EXPECT_FALSE(copy.trace.buckets.get_allocator().huge());
    ASSERT_EQ(copy.trace.buckets.size(), r.trace.buckets.size());
    for (std::size_t i = 0; i < r.trace.buckets.size(); ++i) {
        EXPECT_EQ(copy.trace.buckets[i].t_end_s, r.trace.buckets[i].t_end_s);
        EXPECT_EQ(copy.trace.buckets[i].cwnd_end_bytes, r.trace.buckets[i].cwnd_end_bytes);
    }

    RunResult moved = r;
    moved = RunResult(r);  // a copy moved in keeps the heap
    EXPECT_FALSE(moved.trace.buckets.get_allocator().huge());
}

TEST(TraceMemory, SeveralFlowsEachGetTheirOwnBlocks) {
    Scenario s;
    s.duration_s = 2;
    s.flows = {FlowSpec{}, FlowSpec{}, FlowSpec{}};
    const RunResult r = run_scenario(s);
    ASSERT_EQ(r.flows.size(), 3u);
    EXPECT_TRUE(on_a_huge_page_line(r.trace.buckets.data()));  // the path's trace
    for (const FlowResult& f : r.flows) {
        EXPECT_TRUE(on_a_huge_page_line(f.trace.buckets.data()));
        EXPECT_NE(f.trace.buckets.data(), r.trace.buckets.data());
    }
}

TEST(TraceMemory, ABlockIsWholePagesAndCanBeWrittenToItsEnd) {
    TraceAllocator<std::uint8_t> a = TraceAllocator<std::uint8_t>::for_a_run();
    const std::size_t bytes = huge_blocks::kPageBytes + 1;  // two pages' worth
    std::uint8_t* p = a.allocate(bytes);
    ASSERT_TRUE(on_a_huge_page_line(p));
    p[0] = 1;
    p[2 * huge_blocks::kPageBytes - 1] = 2;  // the rounded-up block is mapped to its end
    EXPECT_EQ(p[0] + p[2 * huge_blocks::kPageBytes - 1], 3);
    a.deallocate(p, bytes);
    EXPECT_FALSE(TraceAllocator<int>() == TraceAllocator<int>::for_a_run());
}

}  // namespace
}  // namespace inflight
