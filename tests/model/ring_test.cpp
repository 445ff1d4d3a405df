// The ring: first in, first out across its growth and its wrap-around, and
// a ring of 2 MiB or more held in whole huge pages (aligned to 2 MiB).
#include <gtest/gtest.h>

#include <cstdint>

#include "model/core/huge_blocks.h"
#include "model/core/ring.h"

namespace inflight {
namespace {

struct Item {  // 16 bytes, as a packet is
    std::uint64_t number;
    std::uint64_t check;
};

TEST(Ring, KeepsOrderWhileItGrowsAndWrapsAround) {
    Ring<Item> r(4);
    std::uint64_t pushed = 0, popped = 0;
    // Two pushes for one pop: the front walks around the ring while it grows
    // from 4 slots past 2 MiB (131,072 items of 16 bytes).
    while (pushed < 400'000) {
        r.push_back(Item{pushed, pushed * 7 + 1});
        ++pushed;
        if (pushed % 2 == 0) {
            ASSERT_EQ(r.front().number, popped);
            ASSERT_EQ(r.front().check, popped * 7 + 1);
            r.pop_front();
            ++popped;
        }
    }
    ASSERT_EQ(r.size(), pushed - popped);
    for (std::size_t i = 0; i < r.size(); ++i) ASSERT_EQ(r[i].number, popped + i);
}

TEST(Ring, ARingOfTwoMebibytesOrMoreStartsOnAHugePageLine) {
    Ring<Item> r(1024);
    constexpr std::size_t kItemsIn2MiB = huge_blocks::kPageBytes / sizeof(Item);
    // One more than 2 MiB of items: the ring has just doubled to 4 MiB, and
    // after a growth its front is the block's first slot.
    for (std::uint64_t i = 0; i <= kItemsIn2MiB; ++i) r.push_back(Item{i, 0});
    const auto start = reinterpret_cast<std::uintptr_t>(&r[0]);
    EXPECT_EQ(start % huge_blocks::kPageBytes, 0u);
    EXPECT_EQ(r[kItemsIn2MiB].number, kItemsIn2MiB);
}

}  // namespace
}  // namespace inflight
