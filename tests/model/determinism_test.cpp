// The same scenario and seed give bit-identical results, on any thread.
#include <gtest/gtest.h>

#include <cstring>
#include <thread>

#include "run.h"

using namespace inflight;

namespace {
void expect_identical(const RunResult& a, const RunResult& b) {
    Summary sa = a.summary, sb = b.summary;
    sa.wall_seconds = sb.wall_seconds = 0;
    EXPECT_EQ(0, std::memcmp(&sa, &sb, sizeof sa));
    ASSERT_EQ(a.trace.buckets.size(), b.trace.buckets.size());
    EXPECT_EQ(0, std::memcmp(a.trace.buckets.data(), b.trace.buckets.data(),
                             a.trace.buckets.size() * sizeof(TraceBucket)));
    ASSERT_EQ(a.events.size(), b.events.size());
    for (std::size_t i = 0; i < a.events.size(); ++i) {
        EXPECT_EQ(a.events[i].t_s, b.events[i].t_s);
        EXPECT_EQ(a.events[i].text, b.events[i].text);
    }
}
}  // namespace

TEST(Determinism, SameSeedSameResultAcrossThreads) {
    Scenario s;
    s.algorithm = Algorithm::Bbr;
    s.loss = 0.001;
    s.loss_pattern = LossPattern::Random;
    s.duration_s = 15;
    const RunResult here = run_scenario(s);
    RunResult there;
    std::thread t([&] { there = run_scenario(s); });
    t.join();
    expect_identical(here, there);
    expect_identical(here, run_scenario(s));
}

TEST(Determinism, DifferentSeedsDifferUnderRandomLoss) {
    Scenario s;
    s.loss = 0.001;
    s.loss_pattern = LossPattern::Random;
    s.duration_s = 15;
    const RunResult a = run_scenario(s);
    s.seed = 2;
    const RunResult b = run_scenario(s);
    EXPECT_NE(a.summary.drops_random, b.summary.drops_random);
}
