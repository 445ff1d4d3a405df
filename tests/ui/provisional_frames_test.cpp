// Which partial results are worth a provisional frame (session/provisional_frames.h).
#include <gtest/gtest.h>

#include "ui/session/provisional_frames.h"

using namespace inflight::ui;

TEST(ProvisionalFrames, TheRemainingTimeIsTheRestAtTheSpeedSoFar) {
    // 20 of 40 simulated seconds took 100 ms: the other 20 take another 100.
    EXPECT_DOUBLE_EQ(remaining_wall_ms(100, 20, 40), 100);
    // 30 of 40 took 120 ms (4 ms a simulated second): 10 more take 40.
    EXPECT_DOUBLE_EQ(remaining_wall_ms(120, 30, 40), 40);
    EXPECT_DOUBLE_EQ(remaining_wall_ms(160, 40, 40), 0);
}

TEST(ProvisionalFrames, AFrameIsPostedOnlyWhileTheFinishedRunIsFurtherThanAFramesDraw) {
    EXPECT_TRUE(worth_a_provisional_frame(100, 20, 40));    // 100 ms to go
    EXPECT_FALSE(worth_a_provisional_frame(120, 30, 40));   // 40 ms to go: not more than kFinalSoonMs
    EXPECT_FALSE(worth_a_provisional_frame(150, 35, 40));   // 21 ms to go
    EXPECT_TRUE(worth_a_provisional_frame(30, 1, 600));     // a long run streams to near its end
    EXPECT_FALSE(worth_a_provisional_frame(6000, 599, 600));
    // Nothing simulated yet after some wall time: no estimate, and a frame is worth it.
    EXPECT_TRUE(worth_a_provisional_frame(30, 0, 40));
}
