#include <gtest/gtest.h>

#include <memory>

#include "ui/session/run_mailbox.h"

namespace {

using inflight::ui::RunMailbox;
using inflight::ui::RunSnapshot;

std::shared_ptr<const RunSnapshot> snapshot_of(quint64 generation) {
    auto s = std::make_shared<RunSnapshot>();
    s->generation = generation;
    return s;
}

// Snapshots and failures come out in the order they were posted, none
// dropped, and a take empties the box.
TEST(RunMailbox, HandsOverEveryPostInOrderOnce) {
    RunMailbox box;
    EXPECT_TRUE(box.takeAll().empty());
    box.postSnapshot(snapshot_of(1));
    box.postFailure({1, "bad value"});
    box.postSnapshot(snapshot_of(2));
    const auto posts = box.takeAll();
    ASSERT_EQ(posts.size(), 3u);
    ASSERT_NE(posts[0].snapshot, nullptr);
    EXPECT_EQ(posts[0].snapshot->generation, 1u);
    EXPECT_EQ(posts[1].snapshot, nullptr);
    EXPECT_EQ(posts[1].failure.generation, 1u);
    EXPECT_EQ(posts[1].failure.message, "bad value");
    ASSERT_NE(posts[2].snapshot, nullptr);
    EXPECT_EQ(posts[2].snapshot->generation, 2u);
    EXPECT_TRUE(box.takeAll().empty());
}

}  // namespace
