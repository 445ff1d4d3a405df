// The window's heap keeps what it frees (heap_reuse.h). While a run streams
// in, the worker copies every flow's trace into each provisional frame and
// the UI thread frees the frame before; a frame's copy should then write
// onto pages the last frame already wrote, and trap only for the buckets
// it adds. Counted in minor page faults of the copying thread: a copy onto
// fresh memory takes one per 4 KiB page it writes.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cstddef>
#include <future>
#include <thread>
#include <vector>

#include "model/core/result.h"
#include "ui/session/heap_reuse.h"

// Under a sanitizer its allocator stands in for glibc's heap (GCC says so
// with __SANITIZE_*__, clang with __has_feature).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define INFLIGHT_HEAP_IS_A_SANITIZERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define INFLIGHT_HEAP_IS_A_SANITIZERS 1
#endif
#endif

namespace inflight::ui {
namespace {

constexpr std::size_t kFlows = 16;  // the most the window draws
constexpr std::size_t kPageBytes = 4096;

long minor_faults_of_this_thread() {
    rusage use{};
    getrusage(RUSAGE_THREAD, &use);
    return use.ru_minflt;
}

// A run's flows as they stand after `buckets` trace buckets.
std::vector<FlowResult> flows_after(std::size_t buckets) {
    std::vector<FlowResult> flows(kFlows);
    for (std::size_t f = 0; f < flows.size(); ++f) {
        flows[f].trace.buckets.resize(buckets);
        for (std::size_t b = 0; b < buckets; ++b) flows[f].trace.buckets[b].cwnd_end_bytes = double(f * buckets + b);
    }
    return flows;
}

std::size_t pages_of(std::size_t buckets) { return kFlows * buckets * sizeof(TraceBucket) / kPageBytes; }

TEST(HeapReuse, AFramesCopyTrapsOnlyForTheBucketsItAdds) {
#if defined(INFLIGHT_HEAP_IS_A_SANITIZERS)
    GTEST_SKIP() << "a sanitizer's allocator stands in for glibc's heap";
#endif
    ASSERT_TRUE(keep_freed_memory_for_reuse()) << "glibc refused the thresholds";
    // The run so far, at two frames 30 ms apart: 3,000 then 4,000 buckets a
    // flow (16 flows: 12 MB, then 16 MB).
    const std::size_t before = 3000, now = 4000;
    const std::vector<FlowResult> run_before = flows_after(before);
    const std::vector<FlowResult> run_now = flows_after(now);

    // The worker copies; the UI thread frees the frame it replaces.
    std::promise<std::vector<FlowResult>> first_frame;
    std::promise<void> first_frame_freed;
    long second_copy_faults = -1;
    bool second_copy_right = false;
    std::thread worker([&] {
        first_frame.set_value(std::vector<FlowResult>(run_before));
        first_frame_freed.get_future().wait();
        const long faults_before = minor_faults_of_this_thread();
        const std::vector<FlowResult> frame(run_now);
        second_copy_faults = minor_faults_of_this_thread() - faults_before;
        second_copy_right = frame.size() == kFlows && frame.back().trace.buckets.size() == now &&
                            frame.back().trace.buckets.back().cwnd_end_bytes == double(kFlows * now - 1);
    });
    {
        const std::vector<FlowResult> shown = first_frame.get_future().get();
        ASSERT_EQ(shown.size(), kFlows);
    }  // replaced by the next frame: freed on this thread
    first_frame_freed.set_value();
    worker.join();

    EXPECT_TRUE(second_copy_right);
    // Onto fresh memory the copy traps once a page: 4,000 pages. Onto the
    // memory the first frame freed, only the 1,000 buckets a flow it adds
    // are new: 1,000 pages, and a little for the heap's own bookkeeping.
    const auto added_pages = static_cast<long>(pages_of(now - before));
    const auto all_pages = static_cast<long>(pages_of(now));
    EXPECT_LT(second_copy_faults, added_pages + all_pages / 10)
        << "the copy trapped on " << second_copy_faults << " pages of " << all_pages << "; it adds " << added_pages;
}

}  // namespace
}  // namespace inflight::ui
