// The per-flow throughput chart's counts (panels/flow_throughput.h): bytes
// that reached the receiver, whatever the segments' size. A request/response
// flow's writes of 100 B were counted as whole 1,500-byte packets: 15 times
// its rate. Expected figures from what the flows did: each transaction of
// two 100 B writes delivers 200 B of request, and a bulk flow's columns
// over the steady state average to its own summary's throughput.
#include <QLineSeries>
#include <QTest>
#include <gtest/gtest.h>

#include "model/engine/run.h"
#include "ui/panels/flow_throughput.h"
#include "ui/panels/throughput_chart.h"

using namespace inflight;
using namespace inflight::ui;

namespace {
// The bytes a flow's columns add up to (rate × column time).
double charted_bytes(const FlowThroughput& ft, std::size_t k, double from_s = 0) {
    double bytes = 0;
    for (std::size_t c = 0; c < ft.t_start_s.size(); ++c)
        if (ft.t_start_s[c] >= from_s) bytes += ft.bps[k][c] * (ft.t_end_s[c] - ft.t_start_s[c]) / 8;
    return bytes;
}

// A linux-stack path of `bandwidth_bps` × `rtt_s` for 10 s, and a
// request/response flow of two 100 B writes and a 100 B response.
Scenario linux_path(double bandwidth_bps, double rtt_s) {
    Scenario s;
    s.stack = Stack::Linux;
    s.bandwidth_bps = bandwidth_bps;
    s.rtt_s = rtt_s;
    s.duration_s = 10;
    return s;
}
FlowSpec two_writes_rpc() {
    FlowSpec rpc;
    rpc.app = FlowApp::Rpc;
    rpc.rpc_writes = {100, 100};
    rpc.rpc_response_bytes = 100;
    return rpc;
}
}  // namespace

TEST(FlowThroughputChart, SmallWritesAreCountedByTheirBytesNotAsWholePackets) {
    Scenario s = linux_path(50e6, 0.020);
    s.flows = {two_writes_rpc(), FlowSpec{}};
    const RunResult r = run_scenario(s);
    const FlowThroughput ft = flow_throughput(r, 800);
    ASSERT_EQ(ft.flows, (std::vector<int>{0, 1}));

    const std::uint64_t transactions = r.flows[0].transaction_samples.offered;
    ASSERT_GT(transactions, 20u);
    // Every completed transaction's 200 B, and at most one transaction more
    // (a request delivered whose response had not come back by the end).
    const double rpc_bytes = charted_bytes(ft, 0);
    EXPECT_GE(rpc_bytes, 200.0 * static_cast<double>(transactions) - 1);
    EXPECT_LE(rpc_bytes, 200.0 * static_cast<double>(transactions + 1) + 1);

    // The bulk flow's columns over the steady state: its own throughput.
    const double window_s = s.duration_s / 2;
    const double bulk_bps = charted_bytes(ft, 1, window_s) * 8 / window_s;
    EXPECT_NEAR(bulk_bps, r.flows[1].summary.throughput_bps, 0.02 * r.flows[1].summary.throughput_bps);
}

// Two request/response flows on 100 Mbit/s × 1 ms (experiment 10, step 4)
// move well under 2 Mbit/s between them: the link is left off the scale,
// named so in the key ("link 100 Mbit/s (off scale)"), and the axis is the
// flows' own, where they had lain flat along its floor. A bulk flow that
// fills the link keeps the link on the scale.
TEST(FlowThroughputChart, ALinkFarAboveTheFlowsIsOffTheScale) {
    Scenario s = linux_path(100e6, 0.001);
    const FlowSpec nagle = two_writes_rpc();
    FlowSpec nodelay = nagle;
    nodelay.nodelay = true;
    s.flows = {nagle, nodelay};
    const RunResult r = run_scenario(s);
    ThroughputChart c;
    c.resize(400, 300);
    c.show();
    QTest::qWait(20);
    c.setRun(r);
    const double peak_bps = flow_throughput(r, c.maxColumns()).peak_sum_bps;
    ASSERT_GT(peak_bps, 0);
    ASSERT_LT(2 * peak_bps, s.bandwidth_bps);
    EXPECT_EQ(c.link()->name(), QStringLiteral("link 100 Mbit/s (off scale)"));
    EXPECT_GE(c.rateAxisTop() * c.axisUnitBps(), peak_bps);
    EXPECT_LT(c.rateAxisTop() * c.axisUnitBps(), s.bandwidth_bps / 2) << "the flows fill more than half the plot";

    Scenario bulk = s;
    bulk.flows = {FlowSpec{}, FlowSpec{}};
    c.setRun(run_scenario(bulk));
    EXPECT_EQ(c.link()->name(), QStringLiteral("link"));
    EXPECT_GE(c.rateAxisTop() * c.axisUnitBps(), s.bandwidth_bps);
}
