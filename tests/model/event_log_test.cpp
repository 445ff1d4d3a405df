// The event log: typed, in time order, drops grouped so a run with tens of
// thousands of drops stays readable.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/engine/run.h"
#include "test_scenarios.h"

using namespace inflight;

namespace {
std::uint64_t count(const RunResult& r, EventKind k) {
    return static_cast<std::uint64_t>(
        std::count_if(r.events.begin(), r.events.end(), [k](const Event& e) { return e.kind == k; }));
}
}  // namespace

TEST(EventLog, ThirtyThousandDropsMakeAReadableLog) {
    Scenario s;
    s.loss = 0.01;
    s.loss_pattern = LossPattern::Random;
    s.bandwidth_bps = 1e9;
    s.rtt_s = 0.005;
    s.algorithm = Algorithm::Bbr;  // keeps sending into the loss
    s.duration_s = 60;
    const RunResult r = run_scenario(s);
    const std::uint64_t drops = r.summary.drops_tail + r.summary.drops_aqm + r.summary.drops_random;
    ASSERT_GT(drops, 30'000u);
    EXPECT_LT(r.events.size(), 2'000u);
    // The grouped counts add up to every drop and every congestion event.
    std::uint64_t logged = 0, congestion = 0;
    for (const Event& e : r.events) {
        logged += e.drops_tail + e.drops_aqm + e.drops_random;
        if (e.kind == EventKind::CongestionEvent) congestion += e.count;
        if (e.kind == EventKind::Rto) ++congestion;
    }
    EXPECT_EQ(logged, drops);
    EXPECT_EQ(congestion, r.summary.congestion_events);
}

TEST(EventLog, IsInTimeOrder) {
    Scenario s;
    s.loss = 1e-4;
    const RunResult r = run_scenario(s);
    for (std::size_t i = 1; i < r.events.size(); ++i) EXPECT_LE(r.events[i - 1].t_s, r.events[i].t_s);
}

TEST(EventLog, CongestionEventsCarryCwndBeforeAndAfter) {
    Scenario s;
    s.algorithm = Algorithm::Reno;
    s.loss = 1e-4;
    const RunResult r = run_scenario(s);
    ASSERT_EQ(count(r, EventKind::CongestionEvent), r.summary.congestion_events);  // seconds apart: one line each
    for (const Event& e : r.events) {
        if (e.kind != EventKind::CongestionEvent) continue;
        EXPECT_EQ(e.cause, CongestionCause::Loss);
        // Reno halves the flight size, which is about cwnd when cwnd-limited.
        EXPECT_NEAR(e.cwnd_after_bytes / e.cwnd_before_bytes, 0.5, 0.05) << "at " << e.t_s << " s";
    }
    EXPECT_EQ(count(r, EventKind::SlowStartExit), 1u);
}

TEST(EventLog, RwndLimitIsNamed) {
    Scenario s;
    s.rwnd_bytes = 65535;
    const RunResult r = run_scenario(s);
    // The first 500 ms are mostly the handshake and slow start (cwnd binds
    // until 10 + 20 + 40 packets exceed 65,535 B, 4 RTTs in); the next
    // period's judgement names rwnd, and nothing else is named after it.
    const auto it = std::find_if(r.events.begin(), r.events.end(), [](const Event& e) {
        return e.kind == EventKind::LimitChange && e.limit == Limit::Rwnd;
    });
    ASSERT_NE(it, r.events.end());
    EXPECT_LE(it->t_s, 1.01);
    EXPECT_EQ(it->limit_bytes, 65535u);  // the log's "65,535 B per RTT"
    EXPECT_TRUE(std::none_of(it + 1, r.events.end(), [](const Event& e) { return e.kind == EventKind::LimitChange; }));
}

TEST(EventLog, EcnMarksAreToldFromDrops) {
    Scenario s;
    s.rtt_s = 0.02;
    s.buffer_s = 0.5;
    s.aqm = Aqm::Codel;
    s.ecn = true;
    const RunResult r = run_scenario(s);
    EXPECT_GT(count(r, EventKind::EcnMarks), 0u);
    EXPECT_EQ(count(r, EventKind::Drops), 0u);
    EXPECT_EQ(r.summary.drops_tail + r.summary.drops_aqm, 0u);
    EXPECT_GT(r.summary.congestion_events, 0u);
    for (const Event& e : r.events) {
        if (e.kind == EventKind::CongestionEvent) {
            EXPECT_EQ(e.cause, CongestionCause::Ecn);
        }
    }
}

TEST(EventLog, AFlowThatIsOverIsHeldBackByNothing) {
    // A 10 KB transfer on an empty 100 Mbit/s, 80 ms path is done at
    // 2 × 80 ms (handshake, then 7 segments in the first window of 10): no
    // limit is judged after it, where the first period's judgement (at
    // 500 ms) named the application.
    Scenario s = test::short_transfer_alone();
    const RunResult r = run_scenario(s);
    EXPECT_EQ(count(r, EventKind::TransferDone), 1u);
    EXPECT_EQ(count(r, EventKind::LimitChange), 0u);
    // A bulk flow stopped at 5 s: its limits are named up to its stop, none after.
    s.flows[0] = FlowSpec{};
    s.flows[0].stop_s = 5;
    const RunResult stopped = run_scenario(s);
    EXPECT_GE(count(stopped, EventKind::LimitChange), 1u);
    for (const Event& e : stopped.events)
        if (e.kind == EventKind::LimitChange) EXPECT_LE(e.t_s, 5.0) << to_string(e.limit);
}
