// Each transaction of a request/response flow as a point (completion time,
// latency): figures from arithmetic on an empty 100 Mbit/s path with a
// 20 ms RTT (R), never from the model's output.
//   Linux's stack, Nagle on, a request written as 100B+100B, a 100 B answer:
//     the handshake costs R; the first transaction 2R (the second write
//     waits for the first's quick ACK, R, then travels, R); every later one
//     2R + 40 ms: the server, in ping-pong mode, holds the lone short
//     segment's ACK until its 40 ms delayed-ACK timer, then the second
//     write travels (R) and the answer comes back with its ACK.
//   Back to back (no think time), transaction k completes when k+1 starts:
//     t_k = R + Σ latencies up to k.
// And the cap's rule (transaction_samples.h) on made-up points.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "model/core/transaction_samples.h"
#include "model/engine/run.h"

using namespace inflight;

namespace {
constexpr double kR = 0.020;
constexpr double kDelayedAck = 0.040;  // TCP_DELACK_MIN
constexpr double kTolerance = 0.001;

Scenario nagle_on_linux(double duration_s) {
    Scenario s;
    s.bandwidth_bps = 100e6;
    s.rtt_s = kR;
    s.duration_s = duration_s;
    s.stack = Stack::Linux;
    FlowSpec f;
    f.algorithm = Algorithm::Cubic;
    f.app = FlowApp::Rpc;
    f.rpc_writes = {100, 100};
    f.rpc_response_bytes = 100;
    s.flows = {f};
    return s;
}
}  // namespace

TEST(TransactionSamples, OnePointPerTransactionWithTheSummarysMedian) {
    const RunResult r = run_scenario(nagle_on_linux(10));
    const FlowResult f = r.flows.at(0);  // a copy: r ends with the statement
    const TransactionSamples& x = f.transaction_samples;
    ASSERT_GT(f.summary.transactions, 100u);
    EXPECT_EQ(x.size(), f.summary.transactions);
    EXPECT_EQ(x.latency_s.size(), x.t_s.size());
    EXPECT_EQ(x.every, 1u);
    EXPECT_EQ(x.offered, f.summary.transactions);
    // The median by nearest rank (the summary's rule: the ⌈n/2⌉-th smallest).
    std::vector<double> sorted = x.latency_s;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_DOUBLE_EQ(sorted[(sorted.size() + 1) / 2 - 1], f.summary.transaction_p50_s);
    EXPECT_DOUBLE_EQ(sorted.back(), f.summary.transaction_max_s);
}

TEST(TransactionSamples, NagleOnLinuxEachLatencyIsTwoRttsPlusTheDelayedAckTimer) {
    const RunResult r = run_scenario(nagle_on_linux(10));
    const TransactionSamples x = r.flows.at(0).transaction_samples;
    ASSERT_GT(x.size(), 100u);
    EXPECT_NEAR(x.latency_s[0], 2 * kR, kTolerance);  // quick ACKs at the start
    for (std::size_t k = 1; k < x.size(); ++k) ASSERT_NEAR(x.latency_s[k], 2 * kR + kDelayedAck, kTolerance) << k;
    // When each completed: after the handshake, the latencies back to back.
    double t = kR;
    for (std::size_t k = 0; k < x.size(); ++k) {
        t += x.latency_s[k];
        ASSERT_NEAR(x.t_s[k], t, kTolerance) << k;
    }
    EXPECT_LE(x.t_s.back(), 10.0);
}

TEST(TransactionSamples, ABulkFlowAndAPingHaveNone) {
    Scenario s = nagle_on_linux(2);
    FlowSpec bulk, ping;
    bulk.algorithm = Algorithm::Cubic;
    ping.kind = FlowKind::Ping;
    s.flows = {bulk, ping, s.flows[0]};
    const RunResult r = run_scenario(s);
    EXPECT_TRUE(r.flows[0].transaction_samples.empty());
    EXPECT_TRUE(r.flows[1].transaction_samples.empty());
    EXPECT_EQ(r.flows[2].transaction_samples.size(), r.flows[2].summary.transactions);
}

// The cap: up to kMaxKept every point; past it every second kept point goes
// and one transaction in 2 is kept, then one in 4 …, always transactions
// 1, 1 + every, 1 + 2·every, …
TEST(TransactionSamples, PastTheCapOneInEveryIsKeptUniformly) {
    constexpr std::size_t cap = TransactionSamples::kMaxKept;
    TransactionSamples x;
    for (std::size_t n = 0; n < cap; ++n) x.add(static_cast<double>(n), 1e-3);
    EXPECT_EQ(x.size(), cap);
    EXPECT_EQ(x.every, 1u);
    x.add(static_cast<double>(cap), 1e-3);  // transaction cap + 1: the first thinning
    EXPECT_EQ(x.every, 2u);
    EXPECT_EQ(x.size(), cap / 2 + 1);
    // 200,000 transactions: one in 2 up to 2·cap, one in 4 after.
    for (std::size_t n = cap + 1; n < 200'000; ++n) x.add(static_cast<double>(n), 1e-3);
    EXPECT_EQ(x.offered, 200'000u);
    EXPECT_EQ(x.every, 4u);
    EXPECT_EQ(x.size(), 200'000u / 4);
    EXPECT_LE(x.size(), cap);
    for (std::size_t k = 0; k < x.size(); ++k) ASSERT_EQ(x.t_s[k], static_cast<double>(k * x.every)) << k;
}
