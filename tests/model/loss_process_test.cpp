// Loss unrelated to congestion: evenly spaced (exactly one in 1/p) or random.
#include <gtest/gtest.h>

#include <vector>

#include "model/path/loss_process.h"

using namespace inflight;

namespace {
std::vector<int> lost_indexes(LossProcess& lp, int packets) {
    std::vector<int> lost;
    for (int i = 1; i <= packets; ++i)
        if (lp.lose_next()) lost.push_back(i);
    return lost;
}
}  // namespace

TEST(LossProcess, EvenLosesExactlyOneInEveryInverseP) {
    LossProcess lp(1e-4, LossPattern::Even, 1);
    const auto lost = lost_indexes(lp, 100'000);
    ASSERT_EQ(lost.size(), 10u);
    for (std::size_t i = 0; i < lost.size(); ++i) EXPECT_EQ(lost[i], static_cast<int>((i + 1) * 10'000));
}

TEST(LossProcess, EvenCarriesTheFractionOver) {
    // p = 0.03%: 1/p = 3333.3 packets, so losses fall at 3334, 6667, 10000.
    LossProcess lp(0.0003, LossPattern::Even, 1);
    const auto lost = lost_indexes(lp, 10'000);
    ASSERT_EQ(lost.size(), 3u);
    EXPECT_EQ(lost[0], 3334);
    EXPECT_EQ(lost[1], 6667);
    EXPECT_EQ(lost[2], 10000);
}

TEST(LossProcess, RandomHitsTheRateAndDependsOnTheSeed) {
    LossProcess a(0.01, LossPattern::Random, 1), b(0.01, LossPattern::Random, 2);
    const auto la = lost_indexes(a, 1'000'000), lb = lost_indexes(b, 1'000'000);
    // Binomial(1e6, 0.01): mean 10,000, sd ≈ 99.5; 5 sd either side.
    EXPECT_NEAR(static_cast<double>(la.size()), 10'000.0, 500.0);
    EXPECT_NEAR(static_cast<double>(lb.size()), 10'000.0, 500.0);
    EXPECT_NE(la, lb);
    LossProcess a2(0.01, LossPattern::Random, 1);
    EXPECT_EQ(lost_indexes(a2, 1'000'000), la);  // same seed, same losses
}

TEST(LossProcess, ZeroLosesNothing) {
    LossProcess lp(0.0, LossPattern::Random, 1);
    EXPECT_TRUE(lost_indexes(lp, 100'000).empty());
}
