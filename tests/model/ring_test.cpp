// The ring: first in, first out across its growth and its wrap-around, and
// a large ring held in whole huge pages (aligned to 2 MiB).
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
    // from 4 slots past the size held in huge pages (256 KiB: 16,384 items
    // of 16 bytes) to 4 MiB.
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

TEST(Ring, ALargeRingStartsOnAHugePageLine) {
    Ring<Item> r(1024);
    constexpr std::size_t kItems = kRingHugeFromBytes / sizeof(Item);
    // One more than 256 KiB of items: the ring has just doubled to 512 KiB,
    // and after a growth its front is the block's first slot. (From the
    // heap, a block that large is mapped for itself behind malloc's 16-byte
    // header: never on a 2 MiB line.)
    for (std::uint64_t i = 0; i <= kItems; ++i) r.push_back(Item{i, 0});
    const auto start = reinterpret_cast<std::uintptr_t>(&r[0]);
    EXPECT_EQ(start % huge_blocks::kPageBytes, 0u);
    EXPECT_EQ(r[kItems].number, kItems);
}

}  // namespace
}  // namespace inflight
