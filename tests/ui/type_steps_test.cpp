// The presentation type's rule (type_steps.h): the largest size of the
// ladder at which the parts fit the screen, never below the normal type.
#include <gtest/gtest.h>

#include "ui/shell/type_steps.h"

namespace ts = inflight::ui::type_steps;

namespace {
const QSize kScreen(1280, 720);
// Parts whose height grows with the type: `at_normal` px at the normal type.
auto growing(int at_normal, std::vector<double>* tried = nullptr) {
    return [=](double scale) {
        if (tried) tried->push_back(scale);
        return QSize(1000, static_cast<int>(at_normal * scale));
    };
}
}  // namespace

TEST(TypeSteps, TheLadderRunsFromHalfAsLargeAgainDownToTheNormalType) {
    const std::vector<double> l = ts::ladder();
    ASSERT_EQ(l.size(), 6u);
    EXPECT_DOUBLE_EQ(l.front(), 1.5);
    EXPECT_DOUBLE_EQ(l[1], 1.4);
    EXPECT_DOUBLE_EQ(l.back(), 1.0);
    EXPECT_DOUBLE_EQ(ts::ladder(9).front(), 1.5) << "never above half as large again";
}

TEST(TypeSteps, BelowASizeIsTheRestOfTheLadderAndNothingBelowTheNormalType) {
    const std::vector<double> b = ts::below(1.3);
    ASSERT_EQ(b.size(), 3u);
    EXPECT_DOUBLE_EQ(b.front(), 1.2);
    EXPECT_DOUBLE_EQ(b.back(), 1.0);
    EXPECT_TRUE(ts::below(1.0).empty());
}

TEST(TypeSteps, TheLargestSizeThatFitsIsChosen) {
    // 500 px at the normal type: 1.4 needs 700 (fits 720), 1.5 needs 750.
    std::vector<double> tried;
    EXPECT_DOUBLE_EQ(ts::fitting_scale(ts::ladder(), kScreen, growing(500, &tried)), 1.4);
    EXPECT_EQ(tried.size(), 2u) << "stops at the first that fits";
}

TEST(TypeSteps, ALayoutThatFitsNowhereGetsTheNormalType) {
    EXPECT_DOUBLE_EQ(ts::fitting_scale(ts::ladder(), kScreen, growing(900)), 1.0);
}

TEST(TypeSteps, TooWideStepsDownToo) {
    const auto wide = [](double scale) { return QSize(static_cast<int>(1000 * scale), 400); };
    EXPECT_DOUBLE_EQ(ts::fitting_scale(ts::ladder(), kScreen, wide), 1.2);
}

TEST(TypeSteps, TheSameContentGivesTheSameSizeWhereverTheSearchStarts) {
    // From the top, or stepping down from a size that stopped fitting: the
    // same answer for the same parts.
    EXPECT_DOUBLE_EQ(ts::fitting_scale(ts::ladder(), kScreen, growing(560)),
                     ts::fitting_scale(ts::below(1.4), kScreen, growing(560)));
}
