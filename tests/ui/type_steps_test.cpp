// The presentation type's steps (type_steps.h): down while the window's
// parts need more than the screen, a step up worth trying while they fit,
// never a size found too large for the same content.
#include <gtest/gtest.h>

#include "ui/shell/type_steps.h"

using inflight::ui::TypeScale;

namespace {
const QSize kScreen(1280, 720);
}

TEST(TypeSteps, TooTallStepsDownAndRemembersTheSizeThatFailed) {
    const TypeScale t = TypeScale{1.5, TypeScale::kNoCeiling}.next(QSize(1200, 885), kScreen);
    EXPECT_DOUBLE_EQ(t.scale, 1.4);
    EXPECT_DOUBLE_EQ(t.ceiling, 1.5);
    EXPECT_FALSE(t.larger().has_value());
}

TEST(TypeSteps, NeverBelowTheNormalType) {
    const TypeScale t = TypeScale{1.0, TypeScale::kNoCeiling}.next(QSize(1200, 900), kScreen);
    EXPECT_DOUBLE_EQ(t.scale, 1.0);
}

TEST(TypeSteps, FittingStaysAndOffersOneStepUp) {
    const TypeScale t = TypeScale{1.2, TypeScale::kNoCeiling}.next(QSize(1000, 500), kScreen);
    EXPECT_DOUBLE_EQ(t.scale, 1.2);
    ASSERT_TRUE(t.larger().has_value());
    EXPECT_DOUBLE_EQ(*t.larger(), 1.3);
}

TEST(TypeSteps, NeverAboveHalfAsLargeAgain) {
    EXPECT_FALSE((TypeScale{1.5, TypeScale::kNoCeiling}.larger().has_value()));
    EXPECT_DOUBLE_EQ(*(TypeScale{1.45, TypeScale::kNoCeiling}.larger()), 1.5);
}

TEST(TypeSteps, ASizeRefusedForTheSameContentIsNotOfferedAgain) {
    const TypeScale t = TypeScale{1.3, TypeScale::kNoCeiling}.refused(1.4);
    EXPECT_DOUBLE_EQ(t.scale, 1.3);
    EXPECT_FALSE(t.larger().has_value());
    // New content (the window clears the ceiling): offered again.
    EXPECT_DOUBLE_EQ(*(TypeScale{t.scale, TypeScale::kNoCeiling}.larger()), 1.4);
}
