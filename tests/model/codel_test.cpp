// CoDel against RFC 8289's control law, packet by packet.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "model/path/aqm/codel.h"

using namespace inflight;

namespace {
constexpr std::uint64_t kBacklog = 100'000;  // well above one MTU

// Dequeues one packet every `spacing` with a fixed sojourn; returns the drop times.
std::vector<TimePs> drops_over(Codel& c, TimePs sojourn, TimePs spacing, TimePs until) {
    std::vector<TimePs> drops;
    for (TimePs t = spacing; t <= until; t += spacing)
        if (c.on_dequeue(t, sojourn, kBacklog) != Codel::Verdict::Deliver) drops.push_back(t);
    return drops;
}
}  // namespace

TEST(Codel, NeverDropsBelowTarget) {
    Codel c(CodelParams{});
    EXPECT_TRUE(drops_over(c, from_ms(4), from_ms(1), 10 * kPsPerSecond).empty());
}

TEST(Codel, NeverDropsWithOnlyOneMtuQueued) {
    Codel c(CodelParams{});
    for (TimePs t = from_ms(1); t < 2 * kPsPerSecond; t += from_ms(1))
        EXPECT_EQ(c.on_dequeue(t, from_ms(50), 1500), Codel::Verdict::Deliver);
}

TEST(Codel, FirstDropOneIntervalAfterSojournExceedsTarget) {
    Codel c(CodelParams{});
    const auto drops = drops_over(c, from_ms(20), from_ms(1), from_ms(150));
    ASSERT_FALSE(drops.empty());
    // Above target from t = 1 ms: ok_to_drop at 1 ms + 100 ms.
    EXPECT_EQ(drops.front(), from_ms(101));
}

TEST(Codel, DropSpacingShrinksAsIntervalOverSqrtCount) {
    Codel c(CodelParams{});
    const TimePs step = 100'000;  // 0.1 ms between dequeues
    const auto drops = drops_over(c, from_ms(20), step, from_ms(700));
    ASSERT_GE(drops.size(), 5u);
    for (std::size_t i = 1; i < 5; ++i) {
        // Gap i follows the drop that set count = i: interval/√i.
        const double expected_ms = 100.0 / std::sqrt(static_cast<double>(i));
        EXPECT_NEAR(to_seconds(drops[i] - drops[i - 1]) * 1e3, expected_ms, 0.11) << "gap " << i;
    }
}

TEST(Codel, LeavesDroppingStateWhenSojournFallsBelowTarget) {
    Codel c(CodelParams{});
    drops_over(c, from_ms(20), from_ms(1), from_ms(300));
    EXPECT_TRUE(c.vars().dropping);
    EXPECT_EQ(c.on_dequeue(from_ms(301), from_ms(1), kBacklog), Codel::Verdict::Deliver);
    EXPECT_FALSE(c.vars().dropping);
}

TEST(Codel, MarksInsteadOfDroppingWithEcn) {
    CodelParams p;
    p.ecn = true;
    Codel c(p);
    std::size_t marks = 0;
    for (TimePs t = from_ms(1); t < 2 * kPsPerSecond; t += from_ms(1)) {
        const auto v = c.on_dequeue(t, from_ms(20), kBacklog);
        EXPECT_NE(v, Codel::Verdict::Drop);
        marks += v == Codel::Verdict::Mark;
    }
    EXPECT_GT(marks, 5u);
    EXPECT_EQ(c.stats().drops, 0u);
    EXPECT_EQ(c.stats().ecn_marks, marks);
}
