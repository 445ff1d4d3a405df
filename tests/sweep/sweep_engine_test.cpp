// The sweep engine: spacing, validation, the Reno exponent, the thread
// pool, cancellation, and independence from the thread count.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <set>
#include <thread>

#include "model/analysis/sweep.h"
#include "model/analysis/sweep_fit.h"

using namespace inflight;

namespace {

SweepSpec loss_spec(double from, double to, int points, std::vector<Algorithm> algos, double duration_s) {
    SweepSpec spec;
    spec.param = SweepParam::Loss;
    spec.from = from;
    spec.to = to;
    spec.points = points;
    spec.algorithms = std::move(algos);
    spec.base.duration_s = duration_s;
    return spec;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST(SweepValues, AreLogSpacedWithExactEnds) {
    const SweepSpec spec = loss_spec(1e-5, 1e-2, 13, {Algorithm::Reno}, 40);
    const std::vector<double> v = sweep_values(spec);
    ASSERT_EQ(v.size(), 13u);
    EXPECT_EQ(v.front(), 1e-5);
    EXPECT_EQ(v.back(), 1e-2);
    // 3 decades in 12 steps: each step is a factor 10^(1/4).
    for (std::size_t i = 1; i < v.size(); ++i) EXPECT_NEAR(v[i] / v[i - 1], std::pow(10.0, 0.25), 1e-12);
}

TEST(SweepValues, RwndValuesAreWholeBytes) {
    SweepSpec spec;
    spec.param = SweepParam::Rwnd;
    spec.from = 16384;
    spec.to = 1 << 20;
    spec.points = 7;  // a factor 2 per step: 16 KiB, 32 KiB, … 1 MiB
    const std::vector<double> v = sweep_values(spec);
    for (std::size_t i = 0; i < v.size(); ++i) EXPECT_EQ(v[i], 16384.0 * (1 << i));
}

TEST(SweepValidation, NamesTheProblem) {
    SweepSpec spec = loss_spec(1e-2, 1e-5, 13, {Algorithm::Reno}, 40);
    auto err = validate_sweep(spec);
    ASSERT_TRUE(err);
    EXPECT_TRUE(contains(*err, "--to")) << *err;
    EXPECT_TRUE(contains(*err, "from < to")) << *err;

    spec = loss_spec(1e-5, 1e-2, 1, {Algorithm::Reno}, 40);
    err = validate_sweep(spec);
    ASSERT_TRUE(err);
    EXPECT_TRUE(contains(*err, "--points: 1 is out of range; allowed 2 – 40")) << *err;
    spec.points = 41;
    EXPECT_TRUE(validate_sweep(spec));

    spec = loss_spec(1e-5, 0.2, 13, {Algorithm::Reno}, 40);  // loss allows up to 10%
    err = validate_sweep(spec);
    ASSERT_TRUE(err);
    EXPECT_TRUE(contains(*err, "--to: 20%")) << *err;

    spec = loss_spec(0, 1e-2, 13, {Algorithm::Reno}, 40);  // log spacing needs > 0
    err = validate_sweep(spec);
    ASSERT_TRUE(err);
    EXPECT_TRUE(contains(*err, "--from")) << *err;

    spec = loss_spec(1e-5, 1e-2, 13, {Algorithm::Reno, Algorithm::Reno}, 40);
    EXPECT_TRUE(validate_sweep(spec));
    spec = loss_spec(1e-5, 1e-2, 13, {}, 40);
    EXPECT_TRUE(validate_sweep(spec));
    spec = loss_spec(1e-5, 1e-2, 13, {Algorithm::Reno}, 0.5);  // the base must be valid too
    err = validate_sweep(spec);
    ASSERT_TRUE(err);
    EXPECT_TRUE(contains(*err, "--duration")) << *err;

    EXPECT_FALSE(validate_sweep(loss_spec(1e-5, 1e-2, 13, {Algorithm::Reno}, 40)));
    EXPECT_THROW(run_sweep(loss_spec(1e-2, 1e-5, 13, {Algorithm::Reno}, 40)), std::invalid_argument);
}

TEST(SweepParamNames, RoundTrip) {
    for (SweepParam p : kAllSweepParams) EXPECT_EQ(sweep_param_from_string(to_string(p)), p);
    EXPECT_FALSE(sweep_param_from_string("jitter"));
}

// Mathis et al.: Reno's throughput ∝ p^-1/2. Over 1e-4 … 1e-2 at 100 Mbit/s ×
// 80 ms the flow is loss-limited everywhere (√(1.5e4)·1500·8/0.08 = 18 Mbit/s
// at the low end), so every point enters the fit.
TEST(SweepFit, RenoLossSweepExponentIsMinusOneHalf) {
    const SweepResult r = run_sweep(loss_spec(1e-4, 1e-2, 8, {Algorithm::Reno}, 40));
    ASSERT_FALSE(r.cancelled);
    const LossSweepFit fit = fit_loss_sweep(r, 0);
    ASSERT_TRUE(fit.loss_limited);
    EXPECT_EQ(fit.loss_limited->points, 8u);
    EXPECT_NEAR(fit.loss_limited->exponent, -0.5, 0.1);
    EXPECT_GT(fit.loss_limited->r_squared, 0.99);
    EXPECT_FALSE(fit.cubic_region);  // Reno has no cubic region
}

TEST(SweepFit, OnlyLossSweepsAreFitted) {
    SweepSpec spec;
    spec.param = SweepParam::Rtt;
    spec.from = 0.01;
    spec.to = 0.1;
    spec.points = 2;
    spec.algorithms = {Algorithm::Reno};
    spec.base.duration_s = 2;
    const SweepResult r = run_sweep(spec);
    EXPECT_FALSE(fit_loss_sweep(r, 0).loss_limited);
}

TEST(SweepEngine, UsesOneWorkerPerCoreOnDistinctThreads) {
    // 3 × 3 runs of 10 s: a few ms each, so every worker gets some.
    const SweepSpec spec = loss_spec(1e-4, 1e-2, 3, {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr}, 10);
    std::mutex m;
    std::set<std::thread::id> ids;
    std::set<unsigned> workers;
    std::vector<std::size_t> done;
    SweepControl control;
    control.on_progress = [&](const SweepProgress& p) {
        std::lock_guard lock(m);
        ids.insert(std::this_thread::get_id());
        workers.insert(p.worker);
        done.push_back(p.runs_done);
        EXPECT_EQ(p.runs_total, 9u);
    };
    const SweepResult r = run_sweep(spec, control);
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    EXPECT_EQ(r.threads_used, std::min(cores, 9u));
    EXPECT_EQ(r.runs_done, 9u);
    ASSERT_EQ(done.size(), 9u);
    for (std::size_t i = 0; i < done.size(); ++i) EXPECT_EQ(done[i], i + 1);  // serialised, counted once
    if (cores >= 2) {
        EXPECT_GE(ids.size(), 2u) << "the sweep ran on one thread";
        EXPECT_EQ(ids.count(std::this_thread::get_id()), 0u);  // workers, not the caller
        EXPECT_EQ(ids.size(), workers.size());
    }
}

TEST(SweepEngine, ForcedTwoWorkersRunOnTwoThreads) {
    // The same on a one-core machine: two workers are two threads.
    const SweepSpec spec = loss_spec(1e-4, 1e-2, 4, {Algorithm::Reno, Algorithm::Cubic}, 10);
    std::mutex m;
    std::set<std::thread::id> ids;
    SweepControl control;
    control.threads = 2;
    control.on_progress = [&](const SweepProgress&) {
        std::lock_guard lock(m);
        ids.insert(std::this_thread::get_id());
    };
    const SweepResult r = run_sweep(spec, control);
    EXPECT_EQ(r.threads_used, 2u);
    EXPECT_EQ(ids.size(), 2u);
}

TEST(SweepEngine, ResultsDoNotDependOnTheThreadCount) {
    const SweepSpec spec = loss_spec(1e-4, 1e-2, 4, {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr}, 10);
    SweepControl one, many;
    one.threads = 1;
    many.threads = 3;
    const SweepResult a = run_sweep(spec, one);
    const SweepResult b = run_sweep(spec, many);
    EXPECT_EQ(a.threads_used, 1u);
    EXPECT_EQ(b.threads_used, 3u);
    ASSERT_EQ(a.series.size(), b.series.size());
    EXPECT_EQ(a.values, b.values);
    for (std::size_t s = 0; s < a.series.size(); ++s)
        for (std::size_t i = 0; i < a.values.size(); ++i) {
            const SweepSample& x = a.series[s].samples[i];
            const SweepSample& y = b.series[s].samples[i];
            // Bit-identical (same scenario and seed); wall time aside.
            EXPECT_EQ(x.throughput_bps, y.throughput_bps) << s << "," << i;
            EXPECT_EQ(x.mean_rtt_s, y.mean_rtt_s);
            EXPECT_EQ(x.utilisation, y.utilisation);
            EXPECT_EQ(x.mean_cwnd_packets, y.mean_cwnd_packets);
            EXPECT_EQ(x.window_congestion_events, y.window_congestion_events);
            EXPECT_EQ(x.congestion_events, y.congestion_events);
            EXPECT_GT(x.throughput_bps, 0);
        }
}

TEST(SweepEngine, CancelMidwayReturnsPromptly) {
    // 10 Gbit/s for 600 s: each run is seconds of work (tests/model
    // run_control_test), far longer than the wait before cancelling.
    SweepSpec spec;
    spec.param = SweepParam::Bandwidth;
    spec.from = 1e9;
    spec.to = 10e9;
    spec.points = 4;
    spec.algorithms = {Algorithm::Cubic, Algorithm::Bbr};
    spec.base.duration_s = 600;
    std::atomic<bool> cancel{false};
    SweepControl control;
    control.cancel = &cancel;
    std::chrono::steady_clock::time_point cancelled_at;
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancelled_at = std::chrono::steady_clock::now();
        cancel = true;
    });
    const SweepResult r = run_sweep(spec, control);
    const auto returned_at = std::chrono::steady_clock::now();
    canceller.join();
    EXPECT_TRUE(r.cancelled);
    EXPECT_LT(r.runs_done, 8u);
    EXPECT_LT(std::chrono::duration<double>(returned_at - cancelled_at).count(), 0.5);
}

TEST(SweepEngine, TheoryCurveFollowsTheAlgorithm) {
    const SweepResult r = run_sweep(loss_spec(1e-3, 1e-2, 2, {Algorithm::Reno, Algorithm::Bbr}, 2));
    // Reno at p = 1e-2: √150 · 1500 · 8 / 0.08 = 1.837 Mbit/s.
    EXPECT_NEAR(r.series[0].theory_bps[1], std::sqrt(150.0) * 1500 * 8 / 0.08, 1e-6);
    EXPECT_STREQ(r.series[0].theory_law[1], "mathis");
    EXPECT_TRUE(std::isnan(r.series[1].theory_bps[1]));  // BBR: no loss law
    EXPECT_EQ(r.link_bps, (std::vector<double>{100e6, 100e6}));
}
