// Counters that start at zero unwritten: every one reads 0, counts where it
// is told, and a copy is equal until one of them counts again.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

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

// How many of the pages holding [p, p + bytes) are mapped in.
std::size_t resident_pages(const void* p, std::size_t bytes) {
    const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    const auto from = reinterpret_cast<std::uintptr_t>(p) / page * page;
    const auto to = (reinterpret_cast<std::uintptr_t>(p) + bytes + page - 1) / page * page;
    std::vector<unsigned char> in((to - from) / page);
    if (mincore(reinterpret_cast<void*>(from), to - from, in.data()) != 0) return ~std::size_t{0};
    std::size_t n = 0;
    for (unsigned char v : in) n += v & 1;
    return n;
}

// An RTT histogram on a 270 ms path: 27,000 bins, 108 KB, under the C
// library's 128 KiB mmap threshold, where calloc hands over a recycled
// block cleared with memset (every page touched). The row's pages are
// mapped only as they are counted in.
TEST(ZeroedCounts, AHistogramRowMapsOnlyThePagesCountedIn) {
    const std::size_t n = 27'000;
    {  // a block of that size freed first, as a run's earlier histograms are
        auto earlier = std::make_unique<std::uint32_t[]>(n);
        earlier[n - 1] = 1;
    }
    ZeroedCounts c(n);
    const std::size_t bytes = n * sizeof(std::uint32_t);
    EXPECT_EQ(resident_pages(&c[0], bytes), 0u);
    ++c[5000];
    EXPECT_EQ(resident_pages(&c[0], bytes), 1u);
    EXPECT_EQ(c[5000], 1u);
}

}  // namespace
}  // namespace inflight
