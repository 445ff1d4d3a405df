// Blocks given back to huge_blocks are kept, within kKeptBytes, and handed
// out again to the next request of the same size, as they were left
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

TEST(HugeBlocks, ABlockGivenBackIsHandedOutAgainAsItWasLeft) {
    const std::size_t bytes = 3 * kPageBytes / 2;  // rounds to two pages
    huge_blocks::release_kept();  // what other tests' runs in this process left
    const std::size_t kept_before = huge_blocks::kept_bytes();
    EXPECT_EQ(kept_before, 0u);
    auto* first = static_cast<std::uint8_t*>(huge_blocks::map(bytes));
    EXPECT_EQ(first[0] + first[2 * kPageBytes - 1], 0);  // newly mapped: zeroed
    first[0] = 7;
    first[2 * kPageBytes - 1] = 9;
    huge_blocks::unmap(first, bytes);
    EXPECT_EQ(huge_blocks::kept_bytes(), kept_before + 2 * kPageBytes);

    // Another size is a new mapping; the kept block waits.
    auto* other = static_cast<std::uint8_t*>(huge_blocks::map(kPageBytes));
    EXPECT_NE(other, first);
    EXPECT_EQ(other[0], 0);
    EXPECT_EQ(huge_blocks::kept_bytes(), kept_before + 2 * kPageBytes);

    auto* again = static_cast<std::uint8_t*>(huge_blocks::map(2 * kPageBytes));  // the same whole-page size
    EXPECT_EQ(again, first);
    EXPECT_EQ(again[0], 7);
    EXPECT_EQ(again[2 * kPageBytes - 1], 9);
    EXPECT_EQ(huge_blocks::kept_bytes(), kept_before);
    huge_blocks::unmap(again, 2 * kPageBytes);
    huge_blocks::unmap(other, kPageBytes);
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
