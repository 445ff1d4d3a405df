// Fast recovery on this machine's TCP stack against the model's PRR
// (model/tcp/prr.h): Reno at 1e-4 loss, 100 Mbit/s, 80 ms, 20 s. Linux cuts
// by PRR, so in its trace the window comes down from cwnd to ssthresh over
// about one round trip, not in one step; the model with the prr detail does
// the same, and its goodput over the last 10 s agrees with the kernel's;
// the textbook sender steps.
// Expected figures are the law (a glide lasting about one RTT, samples
// strictly between the two windows) and the stated 5% agreement. Skipped
// unless root (CI runs as root).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "app/kernel/kernel_run.h"
#include "app/kernel/privileges.h"
#include "kernel_paths.h"
#include "model/engine/run.h"

namespace inflight::kernel {
namespace {

struct Reduction {
    double duration_s = 0;
    bool glides = false;  // some sample strictly between ssthresh and the window before
};

// Recoveries entered from congestion avoidance (a lone loss, not slow
// start's overshoot), as the trace's buckets show them.
std::vector<Reduction> reductions(const Trace& t) {
    std::vector<Reduction> out;
    const double mss = t.mss_bytes;
    for (std::size_t i = 1; i < t.buckets.size(); ++i) {
        if (t.buckets[i].phase != CcPhase::Recovery || t.buckets[i - 1].phase != CcPhase::CongestionAvoidance)
            continue;
        const double before = t.buckets[i - 1].cwnd_end_bytes;
        std::size_t j = i;
        Reduction r;
        for (; j < t.buckets.size() && t.buckets[j].phase == CcPhase::Recovery; ++j) {
            const double ssthresh = t.buckets[j].ssthresh_bytes;
            const double w = t.buckets[j].cwnd_end_bytes;
            if (w > ssthresh + 2 * mss && w < before - 2 * mss) r.glides = true;
        }
        if (j == t.buckets.size()) break;  // still in recovery at the end
        r.duration_s = t.buckets[j].t_start_s - t.buckets[i].t_start_s;
        out.push_back(r);
        i = j;
    }
    return out;
}

double mean_duration(const std::vector<Reduction>& v) {
    double sum = 0;
    for (const Reduction& r : v) sum += r.duration_s;
    return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

TEST(KernelPrr, RecoveryGlidesOverARoundTripInTheKernelAndInTheModelWithPrr) {
    REQUIRE_ROOT();
    Scenario s;
    s.algorithm = Algorithm::Reno;
    s.bandwidth_bps = 100e6;
    s.rtt_s = 0.080;
    s.loss = 1e-4;
    s.duration_s = 20;
    const KernelOutcome o = run_on_kernel(s);
    ASSERT_TRUE(o.ok()) << o.error;
    const RunResult k = o.result.value_or(RunResult{});

    Scenario m = s;
    m.mss_bytes = o.facts.mss_bytes;  // the kernel's payload per segment
    m.prr = Detail::On;
    const RunResult model = run_scenario(m);
    m.prr = Detail::Off;
    const RunResult textbook = run_scenario(m);

    const std::vector<Reduction> kr = reductions(k.trace), mr = reductions(model.trace), tr = reductions(textbook.trace);
    std::printf("Reno 1e-4, 100 Mbit/s, 80 ms: goodput 10-20 s kernel %.2f, model PRR %.2f, textbook %.2f Mbit/s; "
                "recoveries from CA: kernel %zu (mean %.0f ms), model PRR %zu (mean %.0f ms), textbook %zu\n",
                k.summary.throughput_bps / 1e6, model.summary.throughput_bps / 1e6,
                textbook.summary.throughput_bps / 1e6, kr.size(), mean_duration(kr) * 1e3, mr.size(),
                mean_duration(mr) * 1e3, tr.size());
    ASSERT_GE(kr.size(), 2u);
    ASSERT_GE(mr.size(), 2u);
    // Every kernel recovery glides and lasts at least half a round trip (a
    // step would end within one bucket). Most end within two round trips; a
    // second random loss inside the same window, or a lost retransmission,
    // lengthens one recovery legitimately (a CI run saw 240 ms among five
    // of about 80 ms), so the bound is on most of them and on the mean.
    std::size_t within_two_rtts = 0;
    for (const Reduction& r : kr) {
        EXPECT_TRUE(r.glides);
        EXPECT_GE(r.duration_s, 0.5 * s.rtt_s);
        if (r.duration_s <= 2.0 * s.rtt_s) ++within_two_rtts;
    }
    EXPECT_GE(3 * within_two_rtts, 2 * kr.size()) << within_two_rtts << " of " << kr.size() << " within 2 RTTs";
    EXPECT_LE(mean_duration(kr), 2.0 * s.rtt_s);
    for (const Reduction& r : mr) EXPECT_TRUE(r.glides);
    for (const Reduction& r : tr) EXPECT_FALSE(r.glides);  // the textbook sender steps
    // Within one RTT: the kernel's recovery lasts a round trip as the
    // emulator and both stacks see it, which the shared host stretches (a
    // loaded 2-core machine measured 80 ms in one run and 124 ms in another).
    EXPECT_NEAR(mean_duration(mr), mean_duration(kr), s.rtt_s);
    EXPECT_NEAR(model.summary.throughput_bps, k.summary.throughput_bps, 0.05 * k.summary.throughput_bps);
}

}  // namespace
}  // namespace inflight::kernel
