// The least-squares power law on exact synthetic data and on bad input.
#include <gtest/gtest.h>

#include <cmath>

#include "model/analysis/power_fit.h"

using namespace inflight;

TEST(PowerFit, RecoversExponentAndConstantOfExactPowerLaw) {
    // y = 3.2 · x^-0.75 at x = 1e-5 … 1e-2: the line in log space is exact.
    std::vector<double> x, y;
    for (int i = 0; i <= 12; ++i) {
        const double p = 1e-5 * std::pow(10.0, i / 4.0);
        x.push_back(p);
        y.push_back(3.2 * std::pow(p, -0.75));
    }
    const auto fit = fit_power_law(x, y);
    ASSERT_TRUE(fit);
    EXPECT_NEAR(fit->exponent, -0.75, 1e-12);
    EXPECT_NEAR(fit->constant, 3.2, 3.2 * 1e-10);
    EXPECT_NEAR(fit->r_squared, 1.0, 1e-12);
    EXPECT_EQ(fit->points, 13u);
}

TEST(PowerFit, TwoPointsGiveTheSlopeBetweenThem) {
    // ln(50/200) / ln(4/1) = -1.
    const auto fit = fit_power_law({1.0, 4.0}, {200.0, 50.0});
    ASSERT_TRUE(fit);
    EXPECT_NEAR(fit->exponent, -1.0, 1e-12);
    EXPECT_NEAR(fit->constant, 200.0, 1e-9);
}

TEST(PowerFit, ScatterLowersRSquared) {
    // y = x^-0.5 with alternate points scaled by 1.1 and 1/1.1.
    std::vector<double> x, y;
    for (int i = 0; i < 8; ++i) {
        const double p = std::pow(10.0, -4 + i * 2.0 / 7);
        x.push_back(p);
        y.push_back(std::pow(p, -0.5) * (i % 2 ? 1.1 : 1 / 1.1));
    }
    const auto fit = fit_power_law(x, y);
    ASSERT_TRUE(fit);
    EXPECT_LT(fit->r_squared, 1.0);
    EXPECT_GT(fit->r_squared, 0.9);
    EXPECT_NEAR(fit->exponent, -0.5, 0.05);
}

TEST(PowerFit, RefusesTooFewOrInvalidPoints) {
    EXPECT_FALSE(fit_power_law({1.0}, {1.0}));
    EXPECT_FALSE(fit_power_law({1.0, 1.0}, {1.0, 2.0}));    // one distinct x
    EXPECT_FALSE(fit_power_law({1.0, 2.0}, {1.0, 0.0}));    // log of 0
    EXPECT_FALSE(fit_power_law({-1.0, 2.0}, {1.0, 1.0}));   // negative x
    EXPECT_FALSE(fit_power_law({1.0, 2.0}, {1.0, NAN}));
    EXPECT_FALSE(fit_power_law({1.0, 2.0}, {1.0}));          // sizes differ
}
