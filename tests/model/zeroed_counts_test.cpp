// Counters that start at zero unwritten: every one reads 0, counts where it
// is told, and a copy is equal until one of them counts again.
#include <gtest/gtest.h>

#include "model/core/zeroed_counts.h"

namespace inflight {
namespace {

TEST(ZeroedCounts, StartAtZeroCountAndCopyByValue) {
    const std::size_t n = 64 * 1024;  // 256 KB: a block the C library maps straight from the kernel
    ZeroedCounts c(n);
    ASSERT_EQ(c.size(), n);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += c[i];
    EXPECT_EQ(sum, 0u);
    ++c[7];
    ++c[n - 1];
    ++c[n - 1];
    ZeroedCounts copy = c;
    EXPECT_TRUE(copy == c);
    EXPECT_EQ(copy[n - 1], 2u);
    ++copy[7];
    EXPECT_FALSE(copy == c);
    EXPECT_EQ(c[7], 1u);
    EXPECT_FALSE(ZeroedCounts(3) == ZeroedCounts(4));
    EXPECT_TRUE(ZeroedCounts() == ZeroedCounts());
}

}  // namespace
}  // namespace inflight
