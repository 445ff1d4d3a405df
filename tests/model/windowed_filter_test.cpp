// The windowed max (and min) filter against Kathleen Nichols' algorithm as
// Linux lib/win_minmax.c implements it: a sample counts while
// now − its time ≤ window; a sample at least as good as the best replaces
// all three choices at once; when the best expires the second and third
// choices (kept from later quarters and halves of the window) move up.
// The expected figures are traced by hand through the Linux rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <random>

#include "model/cc/windowed_filter.h"

using namespace inflight;

namespace {
constexpr std::int64_t kWindow = 100;
using WindowedMin = WindowedFilter<std::less_equal<double>>;
}  // namespace

TEST(WindowedFilter, WindowedMaxTakesANewMaximumAtOnce) {
    WindowedMax f;
    f.reset(0, 10);
    EXPECT_EQ(f.update(kWindow, 5, 30), 30);
    EXPECT_EQ(f.update(kWindow, 6, 31), 31);
    EXPECT_EQ(f.best(), 31);
}

TEST(WindowedFilter, WindowedMaxKeepsItsMaximumWhileItIsInTheWindow) {
    WindowedMax f;
    f.reset(0, 100);
    for (std::int64_t t = 10; t <= kWindow; t += 10) EXPECT_EQ(f.update(kWindow, t, 50), 100) << "at t=" << t;
    // now − 0 == window: still inside (Linux expires only when the age exceeds the window).
    EXPECT_EQ(f.best(), 100);
}

TEST(WindowedFilter, ASampleExactlyOneWindowOldStillCounts) {
    // The best and its stand-ins all date from t=0; at t = window they are
    // exactly one window old and still count; one tick later they do not.
    WindowedMax f;
    f.reset(0, 100);
    EXPECT_EQ(f.update(kWindow, kWindow, 50), 100);
    EXPECT_EQ(f.update(kWindow, kWindow + 1, 50), 50);
}

TEST(WindowedFilter, WindowedMaxForgetsASampleOlderThanItsWindow) {
    WindowedMax f;
    f.reset(0, 100);
    EXPECT_EQ(f.update(kWindow, 60, 50), 100);
    // One tick past the window the 100 from t=0 is gone; 50 (t=60) and 40 (now) remain.
    EXPECT_EQ(f.update(kWindow, kWindow + 1, 40), 50);
}

TEST(WindowedFilter, WindowedMaxFallsBackToTheNextBestAsEachExpires) {
    // Samples 100@0, 80@30, 60@60, then 10s: the answer is the true max of
    // each window (age ≤ 100): 80 at t=101, 60 at t=131, 10 at t=161.
    WindowedMax f;
    f.reset(0, 100);
    EXPECT_EQ(f.update(kWindow, 30, 80), 100);  // a quarter passed without a second choice: 80 becomes it
    EXPECT_EQ(f.update(kWindow, 60, 60), 100);  // half passed without a third choice: 60 becomes it
    EXPECT_EQ(f.update(kWindow, 101, 10), 80);
    EXPECT_EQ(f.update(kWindow, 131, 10), 60);
    EXPECT_EQ(f.update(kWindow, 161, 10), 10);
}

TEST(WindowedFilter, WindowedMaxRestartsFromTheNewSampleWhenEverythingIsOlderThanTheWindow) {
    WindowedMax f;
    f.reset(0, 100);
    f.update(kWindow, 40, 90);
    f.update(kWindow, 70, 80);
    EXPECT_EQ(f.update(kWindow, 500, 5), 5);
    // The filter now holds only that sample: a lower one does not replace it.
    EXPECT_EQ(f.update(kWindow, 510, 4), 5);
}

TEST(WindowedFilter, AnEqualSampleRenewsTheMaximumsTime) {
    // Linux compares with >=: a repeat of the maximum restarts its window.
    WindowedMax f;
    f.reset(0, 100);
    EXPECT_EQ(f.update(kWindow, 90, 100), 100);
    EXPECT_EQ(f.update(kWindow, 150, 1), 100);  // 150 − 90 ≤ 100: the repeat at 90 still counts
    EXPECT_EQ(f.update(kWindow, 191, 1), 1);    // and it too expires
}

TEST(WindowedFilter, ASampleFromTheFirstQuarterIsNotKeptAsASecondChoiceAsInLinux) {
    // The filter is an approximation: with 100@0, a lower 50@10 is not kept
    // (before a quarter of the window has passed the best has no second
    // choice), 40@30 is. When the 100 expires the answer is 40, though 50
    // is younger than the window. Traced through lib/win_minmax.c.
    WindowedMax f;
    f.reset(0, 100);
    EXPECT_EQ(f.update(kWindow, 10, 50), 100);
    EXPECT_EQ(f.update(kWindow, 30, 40), 100);
    EXPECT_EQ(f.update(kWindow, 101, 1), 40);
}

TEST(WindowedFilter, AWindowOfRoundsHoldsTheMaxOfTheLastTenRounds) {
    // BBR's BtlBw: the max delivery rate over the last 10 round trips, with
    // the round count as the time (Linux bbr_update_bw: window bbr_bw_rtts = 10).
    constexpr std::int64_t kRounds = 10;
    WindowedMax f;
    f.reset(0, 1000);
    for (std::int64_t round = 1; round <= kRounds; ++round) EXPECT_EQ(f.update(kRounds, round, 700), 1000) << round;
    EXPECT_EQ(f.update(kRounds, kRounds + 1, 700), 700);
}

TEST(WindowedFilter, WindowedMinTracksTheLowestSampleOverItsWindow) {
    // The same filter with the comparison reversed (win_minmax.c's running min).
    WindowedMin f;
    f.reset(0, 50);
    EXPECT_EQ(f.update(kWindow, 10, 40), 40);   // a new minimum at once
    EXPECT_EQ(f.update(kWindow, 40, 60), 40);   // higher samples do not displace it
    EXPECT_EQ(f.update(kWindow, 80, 70), 40);
    EXPECT_EQ(f.update(kWindow, 111, 90), 60);  // the 40 from t=10 expired; 60 (t=40) is the lowest left
}

TEST(WindowedFilter, WindowedMaxAlwaysAnswersWithASampleStillInTheWindow) {
    // On random samples at random times, the answer is never above the true
    // max of the window, never below the newest sample, and is the value of
    // a sample the window still holds (the approximation may miss the
    // window's max, never invent a value or keep an expired one).
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<int> step(0, 30), value(0, 1000);
    struct S { std::int64_t t; double v; };
    std::deque<S> window;
    WindowedMax f;
    std::int64_t t = 0;
    f.reset(t, 500);
    window.push_back({t, 500});
    for (int i = 0; i < 20000; ++i) {
        t += step(rng);
        const double v = value(rng);
        const double best = f.update(kWindow, t, v);
        window.push_back({t, v});
        while (t - window.front().t > kWindow) window.pop_front();
        double true_max = 0;
        bool held = false;
        for (const S& s : window) {
            true_max = std::max(true_max, s.v);
            held = held || s.v == best;
        }
        ASSERT_LE(best, true_max) << "at t=" << t;
        ASSERT_GE(best, v) << "at t=" << t;
        ASSERT_TRUE(held) << "at t=" << t << " the answer " << best << " is no sample of the window";
    }
}
