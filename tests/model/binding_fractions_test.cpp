// The binding fractions are shares of time (the binding limit is the one
// that bound longest in the steady-state window): each one between
// 0 and 1 and together exactly 1, for one flow and for the aggregate of
// several. A negative link share once made "rwnd 540%" (the queue ahead
// counted as draining after it had drained).
#include <gtest/gtest.h>

#include <numeric>

#include "model/engine/run.h"

namespace inflight {
namespace {

void expect_time_shares(const std::array<double, kLimitCount>& f, const char* what) {
    for (double x : f) {
        EXPECT_GE(x, 0.0) << what;
        EXPECT_LE(x, 1.0) << what;
    }
    EXPECT_NEAR(std::accumulate(f.begin(), f.end(), 0.0), 1.0, 1e-9) << what;
}

Scenario short_run() {
    Scenario s;
    s.duration_s = 10;
    return s;
}

TEST(BindingFractions, OneFlowSharesOfTimeSumToOne) {
    Scenario lossy = short_run();
    lossy.algorithm = Algorithm::Reno;
    lossy.loss = 1e-4;
    Scenario rwnd = short_run();
    rwnd.rwnd_bytes = Limits::no_wscale_rwnd_bytes;
    Scenario codel = short_run();
    codel.aqm = Aqm::Codel;
    codel.rtt_s = 0.020;
    for (const Scenario& s : {lossy, rwnd, codel}) {
        const RunResult r = run_scenario(s);
        expect_time_shares(r.summary.binding_fractions, to_string(s.algorithm));
        ASSERT_EQ(r.flows.size(), 1u);
        expect_time_shares(r.flows[0].summary.binding_fractions, "flows[0]");
    }
}

TEST(BindingFractions, RwndBindsAlmostAllTheTimeWithA64KBWindow) {
    // 65,535 B per 80 ms is 6.55 Mbit/s on a 100 Mbit/s link: no queue
    // stands, so the receive window binds all the steady state.
    Scenario s = short_run();
    s.rwnd_bytes = Limits::no_wscale_rwnd_bytes;
    const RunResult r = run_scenario(s);
    EXPECT_EQ(r.summary.binding_limit, Limit::Rwnd);
    EXPECT_GT(r.summary.binding_fractions[static_cast<int>(Limit::Rwnd)], 0.99);
}

TEST(BindingFractions, TheAggregateOfSeveralFlowsSumsToOne) {
    Scenario parallel = short_run();
    parallel.rwnd_bytes = Limits::no_wscale_rwnd_bytes;
    parallel.flows.resize(10);
    Scenario mixed = short_run();
    mixed.bandwidth_bps = 50e6;
    mixed.rtt_s = 0.040;
    mixed.buffer_s = 0.160;
    mixed.flows.resize(2);
    mixed.flows[1].algorithm = Algorithm::Bbr;
    for (const Scenario& s : {parallel, mixed}) {
        const RunResult r = run_scenario(s);
        expect_time_shares(r.summary.binding_fractions, "aggregate");
        for (const FlowResult& f : r.flows) expect_time_shares(f.summary.binding_fractions, f.flow.label.c_str());
    }
}

TEST(BindingFractions, TheAggregateIsTimeWeightedOverTheFlowsActiveInTheWindow) {
    // A 100 KB transfer is done long before the steady window (the last
    // half): only the bulk flow's time counts, so the aggregate is the bulk
    // flow's shares, and still sums to 1 (a plain mean over flows gave 0.5).
    Scenario s = short_run();
    s.flows.resize(2);
    s.flows[1].size_bytes = 100'000;
    const RunResult r = run_scenario(s);
    expect_time_shares(r.summary.binding_fractions, "aggregate");
    expect_time_shares(r.flows[0].summary.binding_fractions, "bulk");
    for (int k = 0; k < kLimitCount; ++k)
        EXPECT_NEAR(r.summary.binding_fractions[k], r.flows[0].summary.binding_fractions[k], 1e-12) << k;
}

}  // namespace
}  // namespace inflight
