// One-page blocks given back to huge_blocks are kept, within kKeptBytes,
// and handed out again to the next request of one page, as they were left
// (a newly mapped block is zeroed by the kernel, a kept one is not).
#include <gtest/gtest.h>

#include <cstdint>
#include <algorithm>
#include <vector>

#include "model/core/huge_blocks.h"

namespace inflight {
namespace {

using huge_blocks::kKeptBytes;
using huge_blocks::kPageBytes;

TEST(HugeBlocks, AOnePageBlockGivenBackIsHandedOutAgainAsItWasLeft) {
    huge_blocks::release_kept();  // what other tests' runs in this process left
    EXPECT_EQ(huge_blocks::kept_bytes(), 0u);
    const std::size_t bytes = 3 * kPageBytes / 4;  // a 1.5 MB trace: one page
    auto* first = static_cast<std::uint8_t*>(huge_blocks::map(bytes));
    EXPECT_EQ(first[0] + first[kPageBytes - 1], 0);  // newly mapped: zeroed
    first[0] = 7;
    first[kPageBytes - 1] = 9;
    huge_blocks::unmap(first, bytes);
    EXPECT_EQ(huge_blocks::kept_bytes(), kPageBytes);

    auto* again = static_cast<std::uint8_t*>(huge_blocks::map(kPageBytes));
    EXPECT_EQ(again, first);
    EXPECT_EQ(again[0], 7);
    EXPECT_EQ(again[kPageBytes - 1], 9);
    EXPECT_EQ(huge_blocks::kept_bytes(), 0u);
    huge_blocks::unmap(again, kPageBytes);
    huge_blocks::release_kept();
}

// A block of several pages (a fast path's ring as it doubles) is unmapped:
// the run does not ask for that size again, and keeping it would add to
// its peak memory; mapping one unmaps the kept pages too.
TEST(HugeBlocks, ABlockOfSeveralPagesIsNotKept) {
    huge_blocks::release_kept();
    auto* big = static_cast<std::uint8_t*>(huge_blocks::map(2 * kPageBytes));
    big[0] = 7;
    huge_blocks::unmap(big, 2 * kPageBytes);
    EXPECT_EQ(huge_blocks::kept_bytes(), 0u);
    auto* again = static_cast<std::uint8_t*>(huge_blocks::map(2 * kPageBytes));
    EXPECT_EQ(again[0], 0);  // a new, zeroed mapping
    huge_blocks::unmap(again, 2 * kPageBytes);

    // Mapping one gives the kept pages back first: the run's peak is ahead.
    huge_blocks::unmap(huge_blocks::map(kPageBytes), kPageBytes);
    EXPECT_EQ(huge_blocks::kept_bytes(), kPageBytes);
    void* bigger = huge_blocks::map(4 * kPageBytes);
    EXPECT_EQ(huge_blocks::kept_bytes(), 0u);
    huge_blocks::unmap(bigger, 4 * kPageBytes);
}

TEST(HugeBlocks, NoMoreThanTheBoundIsKept) {
    huge_blocks::release_kept();
    const std::size_t blocks = kKeptBytes / kPageBytes + 8;  // 8 more than fit
    std::vector<void*> mapped;
    for (std::size_t i = 0; i < blocks; ++i) mapped.push_back(huge_blocks::map(kPageBytes));
    for (void* b : mapped) huge_blocks::unmap(b, kPageBytes);
    EXPECT_EQ(huge_blocks::kept_bytes(), kKeptBytes);
    // Each comes back once: as many distinct blocks as were kept.
    std::vector<void*> again;
    for (std::size_t i = 0; i < kKeptBytes / kPageBytes; ++i) again.push_back(huge_blocks::map(kPageBytes));
    EXPECT_EQ(huge_blocks::kept_bytes(), 0u);
    std::sort(again.begin(), again.end());
    EXPECT_EQ(std::adjacent_find(again.begin(), again.end()), again.end());
    for (void* b : again) huge_blocks::unmap(b, kPageBytes);
    huge_blocks::release_kept();
    EXPECT_EQ(huge_blocks::kept_bytes(), 0u);
}

}  // namespace
}  // namespace inflight
