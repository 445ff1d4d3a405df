// Request/response flows (app=rpc): transaction latencies and counts from
// arithmetic on an empty 100 Mbit/s path with a 20 ms RTT, never from the
// model's output. R = 20 ms; a 100 B write serializes in 8 µs.
//   both writes go at once (TCP_NODELAY, or Nagle with one write or with a
//     full segment first): the server has the request after R/2, its
//     response is back after R: one RTT a transaction;
//   Nagle with 100B+100B and immediate ACKs (the textbook receiver): the
//     second write waits for the first's ACK (R), then travels (R): 2R;
//   Nagle with Linux's delayed ACKs: the first transaction is quick-ACKed
//     (2R); from the second on the server is in ping-pong mode and holds
//     the lone short segment until its 40 ms delayed-ACK timer: the held
//     write waits R + 40 ms, the transaction costs 2R + 40 ms.
// The connection opens with one handshake (R), so over a run of D seconds
// about (D − R) / per-transaction transactions complete.
#include <gtest/gtest.h>

#include <cmath>

#include "model/engine/run.h"
#include "model/tcp/nagle.h"

using namespace inflight;

namespace {
constexpr double kR = 0.020;
constexpr double kDelayedAck = 0.040;  // TCP_DELACK_MIN, the delayed-ACK timer in ping-pong mode
constexpr double kSer100 = 100 * 8 / 100e6;  // 8 µs

Scenario path(Stack stack, double duration_s = 10) {
    Scenario s;
    s.bandwidth_bps = 100e6;
    s.rtt_s = kR;
    s.duration_s = duration_s;
    s.stack = stack;
    return s;
}

FlowSpec rpc(std::vector<std::uint64_t> writes, std::uint64_t response, bool nodelay = false) {
    FlowSpec f;
    f.algorithm = Algorithm::Cubic;
    f.app = FlowApp::Rpc;
    f.rpc_writes = std::move(writes);
    f.rpc_response_bytes = response;
    f.nodelay = nodelay;
    return f;
}

// A copy: the callers pass a run that ends with the statement.
FlowSummary only_flow(const RunResult& r) { return r.flows.at(0).summary; }

void expect_count(const FlowSummary& f, double duration_s, double first_s, double per_s) {
    const double expected = 1 + (duration_s - kR - first_s) / per_s;
    EXPECT_NEAR(static_cast<double>(f.transactions), expected, 1.0);
}
}  // namespace

namespace {
// The request leaves at once (TCP_NODELAY, or one write): one RTT plus the
// serialization of its 200 B and of the 100 B response, whatever the stack.
void expect_one_rtt_each(Stack stack, std::vector<std::uint64_t> writes, bool nodelay) {
    Scenario s = path(stack);
    s.flows = {rpc(std::move(writes), 100, nodelay)};
    const FlowSummary& f = only_flow(run_scenario(s));
    const double per = kR + 3 * kSer100;
    EXPECT_NEAR(f.transaction_mean_s, per, 1e-4);
    EXPECT_NEAR(f.transaction_max_s, per, 1e-4);
    EXPECT_EQ(f.writes_held_by_nagle, 0u);
    expect_count(f, s.duration_s, per, per);
}
}  // namespace

TEST(Rpc, TextbookNoDelayCostsOneRtt) { expect_one_rtt_each(Stack::Textbook, {100, 100}, true); }
TEST(Rpc, LinuxNoDelayCostsOneRtt) { expect_one_rtt_each(Stack::Linux, {100, 100}, true); }
TEST(Rpc, LinuxOneWriteIsNeverHeld) { expect_one_rtt_each(Stack::Linux, {200}, false); }

TEST(Rpc, TextbookNagleWaitsOneRttForTheFirstWritesAck) {
    Scenario s = path(Stack::Textbook);
    s.flows = {rpc({100, 100}, 100)};
    const RunResult r = run_scenario(s);
    const FlowSummary& f = only_flow(r);
    EXPECT_NEAR(f.transaction_p50_s, 2 * kR, 2e-4);
    EXPECT_NEAR(f.transaction_max_s, 2 * kR, 2e-4);
    expect_count(f, s.duration_s, 2 * kR, 2 * kR);
    // One held write a request (the last request may still be waiting).
    EXPECT_NEAR(static_cast<double>(f.writes_held_by_nagle), static_cast<double>(f.transactions), 1.0);
    int stalls = 0;
    for (const Event& e : r.events) {
        if (e.kind != EventKind::NagleStall) continue;
        ++stalls;
        EXPECT_NEAR(e.wait_s, kR, 2e-4);
        EXPECT_FALSE(e.delayed_ack);
    }
    EXPECT_NEAR(stalls, static_cast<double>(f.transactions), 1.0);
}

TEST(Rpc, LinuxNagleWithDelayedAckStallsFortyMsAfterQuickAcks) {
    Scenario s = path(Stack::Linux);
    s.flows = {rpc({100, 100}, 100)};
    const RunResult r = run_scenario(s);
    const FlowSummary& f = only_flow(r);
    // The median and the worst: every transaction after the first; the
    // mean counts the first, quick-ACKed one (2R).
    EXPECT_NEAR(f.transaction_p50_s, 2 * kR + kDelayedAck, 2e-3);
    EXPECT_NEAR(f.transaction_max_s, 2 * kR + kDelayedAck, 2e-3);
    const double n = static_cast<double>(f.transactions);
    EXPECT_NEAR(f.transaction_mean_s, (2 * kR + (n - 1) * (2 * kR + kDelayedAck)) / n, 2e-3);
    expect_count(f, s.duration_s, 2 * kR, 2 * kR + kDelayedAck);
    // The stalls: the first request's ACK came at once (quick-ACK mode), the
    // later ones' from the delayed-ACK timer.
    std::vector<const Event*> stalls;
    for (const Event& e : r.events)
        if (e.kind == EventKind::NagleStall) stalls.push_back(&e);
    ASSERT_GE(stalls.size(), 3u);
    EXPECT_EQ(stalls[0]->transfer, 1u);
    EXPECT_NEAR(stalls[0]->wait_s, kR, 2e-3);
    EXPECT_FALSE(stalls[0]->delayed_ack);
    for (std::size_t k = 1; k < stalls.size(); ++k) {
        EXPECT_EQ(stalls[k]->transfer, k + 1);
        EXPECT_NEAR(stalls[k]->wait_s, kR + kDelayedAck, 2e-3) << k;
        EXPECT_TRUE(stalls[k]->delayed_ack) << k;
    }
}

// Minshall: a full segment does not count as a short one outstanding, so a
// short write after it goes at once.
TEST(Rpc, AShortWriteAfterAFullSegmentIsNotHeld) {
    Scenario s = path(Stack::Linux);
    s.flows = {rpc({1500, 100}, 100)};
    const FlowSummary& f = only_flow(run_scenario(s));
    EXPECT_NEAR(f.transaction_max_s, kR + (1600 + 100) * 8 / 100e6, 2e-4);
    EXPECT_EQ(f.writes_held_by_nagle, 0u);
}

TEST(Rpc, ThinkTimeSpacesTheTransactions) {
    Scenario s = path(Stack::Textbook);
    FlowSpec f = rpc({100}, 100);
    f.rpc_think_s = 0.030;
    s.flows = {f};
    const FlowSummary& out = only_flow(run_scenario(s));
    EXPECT_NEAR(out.transaction_max_s, kR, 2e-4);  // think time is not part of a transaction
    expect_count(out, s.duration_s, kR, kR + 0.030);
}

TEST(Rpc, NoRequestStartsAfterTheFlowsStop) {
    Scenario s = path(Stack::Textbook, 5);
    FlowSpec f = rpc({100}, 100);
    f.stop_s = 2.0;
    s.flows = {f};
    const FlowSummary& out = only_flow(run_scenario(s));
    EXPECT_NEAR(static_cast<double>(out.transactions), (2.0 - kR) / kR, 1.0);
}

TEST(Rpc, BesideABulkFlowItIsNotCountedAsBulk) {
    Scenario s = path(Stack::Linux, 5);
    FlowSpec bulk;
    bulk.algorithm = Algorithm::Cubic;
    s.flows = {bulk, rpc({100}, 100, true)};
    const RunResult r = run_scenario(s);
    EXPECT_TRUE(r.flows[0].flow.is_bulk());
    EXPECT_FALSE(r.flows[1].flow.is_bulk());
    EXPECT_TRUE(r.flows[1].flow.is_rpc());
    EXPECT_GT(r.flows[1].summary.transactions, 0u);
    // The queue the bulk flow builds makes each transaction longer than the base RTT.
    EXPECT_GT(r.flows[1].summary.transaction_p95_s, kR);
    EXPECT_EQ(r.flows[0].summary.transactions, 0u);
}

// ---- the keys' checks ----

namespace {
std::string error_for(const FlowSpec& f) {
    Scenario s = path(Stack::Textbook);
    s.flows = {f};
    return validate_flows(s).value_or("");
}
}  // namespace

TEST(RpcKeys, DefaultsResolve) {
    Scenario s = path(Stack::Textbook);
    FlowSpec f;
    f.app = FlowApp::Rpc;
    s.flows = {f};
    EXPECT_EQ(validate_flows(s), std::nullopt);
    const ResolvedFlow r = resolve_flow(s, 0);
    ASSERT_TRUE(r.rpc);
    EXPECT_EQ(r.rpc->writes, std::vector<std::uint64_t>{100});
    EXPECT_EQ(r.rpc->response_bytes, 100u);
    EXPECT_EQ(r.rpc->think_s, 0);
    EXPECT_FALSE(r.rpc->nodelay);
    EXPECT_FALSE(resolve_flow(path(Stack::Textbook), 0).rpc);
}

TEST(RpcKeys, BadValuesAreRefusedNamingTheFlowAndKey) {
    EXPECT_EQ(error_for(rpc({100, 0}, 100)), "flows[0].writes: a write of 0 B is out of range; allowed 1 B – 10 GB a write");
    EXPECT_EQ(error_for(rpc(std::vector<std::uint64_t>(65, 10), 100)),
              "flows[0].writes: 65 writes is out of range; allowed 1 – 64 writes a request");
    EXPECT_EQ(error_for(rpc({100}, 0)), "flows[0].response: 0 B is out of range; allowed 1 B – 15,000 B (10 segments: one flight)");
    FlowSpec sized = rpc({100}, 100);
    sized.size_bytes = 100000;
    EXPECT_EQ(error_for(sized),
              "flows[0].size: 100 KB is not allowed with app=rpc; its request is writes= and its reply response=");
    FlowSpec plain;
    plain.rpc_writes = {100};
    EXPECT_EQ(error_for(plain),
              "flows[0].writes: 100B is allowed only with app=rpc (a request/response flow); add app=rpc");
    plain = FlowSpec{};
    plain.nodelay = true;
    EXPECT_EQ(error_for(plain), "flows[0].nodelay: on is allowed only with app=rpc (a request/response flow); add app=rpc");
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    ping.nodelay = true;
    EXPECT_EQ(error_for(ping),
              "flows[0].nodelay: on is not allowed for a ping; a ping takes rtt, start, interval, bytes and label");
}

// ---- Nagle's rule alone (tcp_nagle_check with tcp_minshall_check) ----

TEST(NagleRule, AShortSegmentWaitsWhileAnEarlierShortOneIsUnacknowledged) {
    constexpr std::uint32_t mss = 1448;
    Nagle n;
    EXPECT_FALSE(n.holds(100, mss, 0, 0));  // nothing sent yet
    n.sent(100, mss, 100);                  // a short segment [0, 100)
    EXPECT_TRUE(n.holds(100, mss, 0, 100));
    EXPECT_FALSE(n.holds(mss, mss, 0, 100));  // a full segment always goes
    EXPECT_FALSE(n.holds(100, mss, 100, 100));  // the short one is ACKed
    n.sent(mss, mss, 100 + mss);  // a full segment does not move snd_sml
    EXPECT_EQ(n.snd_sml, 100u);
    EXPECT_FALSE(n.holds(100, mss, 100, 100 + mss));  // only full segments outstanding: Minshall lets it go
}

// With pacing the second write may be tried at the pacing clock's moment,
// not at its push: Nagle holds it all the same (textbook: 2R a transaction).
TEST(Rpc, PacedNagleStillHoldsTheSecondWrite) {
    Scenario s = path(Stack::Textbook);
    FlowSpec f = rpc({100, 100}, 100);
    f.pacing = true;
    s.flows = {f};
    const FlowSummary& out = only_flow(run_scenario(s));
    EXPECT_NEAR(out.transaction_p50_s, 2 * kR, 2e-4);
    EXPECT_NEAR(static_cast<double>(out.writes_held_by_nagle), static_cast<double>(out.transactions), 1.0);
}

// A request/response flow never fills its window: a few hundred bytes in
// flight against an initial window of 10 segments (RFC 6928). Linux grows
// cwnd only while it limits the sender (tcp_is_cwnd_limited; RFC 7661), so
// the window stays at 10 segments for the whole run, Nagle or not, on
// either stack; a bulk flow beside it grows as ever.
TEST(Rpc, AWindowTheFlowNeverFillsDoesNotGrow) {
    for (Stack stack : {Stack::Textbook, Stack::Linux})
        for (bool nodelay : {false, true}) {
            Scenario s = path(stack);
            s.flows = {rpc({100, 100}, 100, nodelay)};
            const RunResult r = run_scenario(s);
            ASSERT_EQ(r.flows.size(), 1u);
            double max_cwnd_bytes = 0;
            for (const TraceBucket& b : r.flow_trace(0).buckets) max_cwnd_bytes = std::max(max_cwnd_bytes, b.cwnd_bytes.max);
            EXPECT_DOUBLE_EQ(max_cwnd_bytes, 10.0 * s.mss_bytes) << to_string(stack) << (nodelay ? " nodelay" : " Nagle");
        }
    Scenario bulk = path(Stack::Linux, 2);
    bulk.flows = {rpc({100, 100}, 100), FlowSpec{}};
    const RunResult r = run_scenario(bulk);
    double bulk_max_bytes = 0;
    for (const TraceBucket& b : r.flows[1].trace.buckets) bulk_max_bytes = std::max(bulk_max_bytes, b.cwnd_bytes.max);
    EXPECT_GT(bulk_max_bytes, 100.0 * bulk.mss_bytes);  // past the 167-packet BDP's slow start
}
