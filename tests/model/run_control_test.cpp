// Streaming partial results and prompt cancellation.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "model/engine/run.h"

using namespace inflight;

TEST(RunControl, StreamsGrowingPartialResults) {
    Scenario s;
    s.duration_s = 10;
    std::vector<std::size_t> sizes;
    std::vector<double> times;
    RunControl c;
    c.on_progress = [&](const Progress& p) {
        sizes.push_back(p.trace.buckets.size());
        times.push_back(p.sim_time_s);
        EXPECT_DOUBLE_EQ(p.duration_s, 10.0);
        EXPECT_NEAR(p.trace.buckets.back().t_end_s, p.sim_time_s, 1e-9);
    };
    const RunResult r = run_scenario(s, c);
    ASSERT_GE(sizes.size(), 20u);
    for (std::size_t i = 1; i < sizes.size(); ++i) {
        EXPECT_GT(sizes[i], sizes[i - 1]);
        EXPECT_GT(times[i], times[i - 1]);
    }
    EXPECT_FALSE(r.cancelled);
}

TEST(RunControl, CancelFromTheConsumerStopsAtOnce) {
    Scenario s;
    s.duration_s = 600;
    std::atomic<bool> cancel{false};
    RunControl c;
    c.cancel = &cancel;
    double cancelled_at_s = -1;
    c.on_progress = [&](const Progress& p) {
        if (p.sim_time_s > 30 && cancelled_at_s < 0) {
            cancel = true;
            cancelled_at_s = p.sim_time_s;
        }
    };
    const RunResult r = run_scenario(s, c);
    EXPECT_TRUE(r.cancelled);
    // It stops at the next bucket boundary (600 s / 5000 = 120 ms).
    EXPECT_NEAR(r.trace.buckets.back().t_end_s, cancelled_at_s + 0.120, 1e-6);
}

TEST(RunControl, CancelFromAnotherThreadIsPrompt) {
    // A 10 Gbit/s path: tens of millions of packets, seconds of work.
    Scenario s;
    s.bandwidth_bps = 10e9;
    s.duration_s = 600;
    std::atomic<bool> cancel{false};
    std::atomic<bool> started{false};
    RunControl c;
    c.cancel = &cancel;
    c.on_progress = [&](const Progress&) { started = true; };
    RunResult r;
    std::chrono::steady_clock::time_point cancelled_at;
    std::thread worker([&] { r = run_scenario(s, c); });
    while (!started) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    cancelled_at = std::chrono::steady_clock::now();
    cancel = true;
    worker.join();
    const double stop_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - cancelled_at).count();
    EXPECT_TRUE(r.cancelled);
    // One trace bucket (120 ms simulated here) is the checking grain; the
    // bound is loose so a loaded CI machine does not fail it.
    EXPECT_LT(stop_ms, 250.0);
}

TEST(RunControl, CancelIsReadWithinALongBucket) {
    // 10 Gbit/s, 1 ms RTT, 600 s: the first 120 ms bucket alone is ~90,000
    // packets. Cancelled before the start, the run must stop at its first
    // look, kMomentsPerCancelCheck loop steps in; each step sends at most two
    // packets (slow start), after the SYN and the initial window of 10.
    Scenario s;
    s.bandwidth_bps = 10e9;
    s.rtt_s = 0.001;
    s.duration_s = 600;
    std::atomic<bool> cancel{true};
    RunControl c;
    c.cancel = &cancel;
    const RunResult r = run_scenario(s, c);
    EXPECT_TRUE(r.cancelled);
    EXPECT_TRUE(r.trace.buckets.empty());
    EXPECT_LE(r.summary.packets_simulated, 2 * RunControl::kMomentsPerCancelCheck + 11);
}

TEST(RunControl, InvalidScenarioIsRejected) {
    Scenario s;
    s.rtt_s = 5;
    EXPECT_THROW(run_scenario(s), std::invalid_argument);
}
