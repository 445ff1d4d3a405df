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

namespace inflight {
namespace {

double app_share(const std::array<double, kLimitCount>& f) { return f[static_cast<int>(Limit::App)]; }

bool logged_limit(const RunResult& r, Limit l) {
    for (const Event& e : r.events)
        if (e.kind == EventKind::LimitChange && e.limit == l) return true;
    return false;
}

TEST(BindingFractions, ARequestResponseFlowIsHeldByItsApplicationNeverByItsWindow) {
    // Two 100 B writes and a 100 B response on an empty 100 Mbit/s, 20 ms
    // path: at most 200 B are ever in flight against an initial window of
    // 10 segments, and no queue stands, so no window and no link holds the
    // sender: between requests, and while Nagle holds the second write, it
    // has nothing it may send. So all of the steady state is the application's.
    for (const Stack stack : {Stack::Textbook, Stack::Linux}) {
        Scenario s = short_run();
        s.rtt_s = 0.020;
        s.stack = stack;
        FlowSpec f;
        f.app = FlowApp::Rpc;
        f.rpc_writes = {100, 100};
        f.rpc_response_bytes = 100;
        s.flows = {f};
        const RunResult r = run_scenario(s);
        ASSERT_EQ(r.flows.size(), 1u);
        EXPECT_EQ(r.flows[0].summary.binding_limit, Limit::App) << to_string(stack);
        EXPECT_GT(app_share(r.flows[0].summary.binding_fractions), 0.999) << to_string(stack);
        expect_time_shares(r.flows[0].summary.binding_fractions, "rpc");
        EXPECT_FALSE(logged_limit(r, Limit::Cwnd)) << "an event says cwnd held a flow that never filled it";
        EXPECT_TRUE(logged_limit(r, Limit::App));
    }
}

TEST(BindingFractions, ATransferEverySecondIsHeldByItsApplicationBetweenTransfers) {
    // 100 KB (69 segments of 1,448 B) from an initial window of 10 segments
    // takes the handshake and 3 rounds of slow start (10 + 20 + 40): about
    // 4 × 20 ms of each second on an empty 100 Mbit/s path. The rest of the
    // second the flow has nothing to send: at least 85% of the steady state.
    Scenario s = short_run();
    s.rtt_s = 0.020;
    FlowSpec f;
    f.size_bytes = 100'000;
    f.every_s = 1.0;
    s.flows = {f};
    const RunResult r = run_scenario(s);
    EXPECT_GT(app_share(r.flows.at(0).summary.binding_fractions), 0.85);
    EXPECT_LT(app_share(r.flows.at(0).summary.binding_fractions), 1.0);  // while a transfer runs, its window holds it
    expect_time_shares(r.flows[0].summary.binding_fractions, "transfers");
}

TEST(BindingFractions, ABulkFlowAlwaysHasDataToSend) {
    Scenario s = short_run();
    s.loss = 1e-4;
    const RunResult r = run_scenario(s);
    EXPECT_EQ(app_share(r.summary.binding_fractions), 0.0);
    EXPECT_FALSE(logged_limit(r, Limit::App));
}

}  // namespace
}  // namespace inflight
