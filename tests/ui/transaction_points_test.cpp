// Each transaction of a request/response flow on the RTT panel: one point
// per transaction at its completion time and its latency in ms, a diamond
// of its own, named in the key "transaction latency (flow 1 (cubic))"
// with one flow and grouped with the other flows' series with several; the
// axis holds the slowest. The run: Linux's stack, 100 Mbit/s, 20 ms, a
// request written as 100B+100B, Nagle on: 80 ms a transaction (2 RTTs and
// the 40 ms delayed-ACK timer) after a first of 40 ms.
#include <QChart>
#include <QChartView>
#include <QScatterSeries>
#include <QTest>
#include <QValueAxis>
#include <gtest/gtest.h>

#include "model/engine/run.h"
#include "ui/panels/chart_key.h"
#include "ui/panels/chart_style.h"
#include "ui/panels/flow_palette.h"
#include "ui/panels/rtt_chart.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

FlowSpec rpc_flow() {
    FlowSpec f;
    f.algorithm = Algorithm::Cubic;
    f.app = FlowApp::Rpc;
    f.rpc_writes = {100, 100};
    f.rpc_response_bytes = 100;
    return f;
}

Scenario path(std::vector<FlowSpec> flows) {
    Scenario s;
    s.bandwidth_bps = 100e6;
    s.rtt_s = 0.020;
    s.duration_s = 4;
    s.stack = Stack::Linux;
    s.flows = std::move(flows);
    return s;
}

std::unique_ptr<RttChart> shown_chart() {
    auto c = std::make_unique<RttChart>();
    c->resize(760, 300);
    c->show();
    QTest::qWait(20);
    return c;
}

QValueAxis* y_axis(RttChart* c) {
    return qobject_cast<QValueAxis*>(c->view()->chart()->axes(Qt::Vertical).front());
}

void expect_every_point(const QScatterSeries* s, const TransactionSamples& x) {
    ASSERT_EQ(s->count(), static_cast<qsizetype>(x.size()));
    for (qsizetype i = 0; i < s->count(); ++i) {
        EXPECT_DOUBLE_EQ(s->at(i).x(), x.t_s[static_cast<std::size_t>(i)]);
        EXPECT_DOUBLE_EQ(s->at(i).y(), x.latency_s[static_cast<std::size_t>(i)] * 1e3);
    }
}

}  // namespace

TEST(TransactionPoints, OneRpcFlowHasItsTransactionsAsDiamondsOverTheRtt) {
    const RunResult r = run_scenario(path({rpc_flow()}));
    const TransactionSamples& x = r.flows.at(0).transaction_samples;
    // After the 20 ms handshake, 4 s hold 1 + (4 − 0.02 − 0.04) / 0.08 ≈ 50.
    ASSERT_NEAR(static_cast<double>(x.size()), 1 + (4 - 0.02 - 0.04) / 0.08, 1.0);
    auto c = shown_chart();
    c->setRun(r);
    ASSERT_EQ(c->transactionSeries().size(), 1u);
    QScatterSeries* s = c->transactionSeries().front();
    expect_every_point(s, x);
    EXPECT_EQ(s->markerShape(), QScatterSeries::MarkerShapeRotatedRectangle);
    EXPECT_EQ(s->name(), "transaction latency (flow 1 (cubic))");
    EXPECT_TRUE(c->key()->names().contains("transaction latency (flow 1 (cubic))"))
        << c->key()->names().join(", ").toStdString();
    EXPECT_TRUE(c->key()->names().contains("smoothed RTT"));  // the one-flow chart stays
    // 80 ms on a 20 ms path: the axis holds them.
    EXPECT_GE(y_axis(c.get())->max(), 80.0);
    // A run without request/response flows takes the points away.
    c->setRun(run_scenario(path({FlowSpec{}})));
    EXPECT_TRUE(c->transactionSeries().empty());
    EXPECT_FALSE(c->key()->names().join(",").contains("transaction"));
}

TEST(TransactionPoints, BesideOtherFlowsInTheFlowsColourAndGroupedInTheKey) {
    FlowSpec bulk, ping;
    bulk.algorithm = Algorithm::Cubic;
    bulk.rwnd_bytes = 65535;  // a small window: the transactions keep near 80 ms
    ping.kind = FlowKind::Ping;
    const RunResult r = run_scenario(path({bulk, rpc_flow(), ping}));
    auto c = shown_chart();
    c->setRun(r);
    ASSERT_EQ(c->transactionSeries().size(), 1u);
    ASSERT_EQ(c->pingSeries().size(), 1u);
    QScatterSeries* s = c->transactionSeries().front();
    expect_every_point(s, r.flows[1].transaction_samples);
    EXPECT_EQ(flow_index_of(s), 1);
    EXPECT_EQ(s->color(), flow_colour(1, is_dark_palette()));
    EXPECT_EQ(s->markerShape(), QScatterSeries::MarkerShapeRotatedRectangle);
    EXPECT_NE(s->markerShape(), c->pingSeries().front()->markerShape());
    EXPECT_TRUE(c->key()->shownTexts().contains("transaction latency:"))
        << c->key()->shownTexts().join(" | ").toStdString();
    for (double v : r.flows[1].transaction_samples.latency_s) ASSERT_GE(y_axis(c.get())->max(), v * 1e3);
    // Drawn over the other series: added last.
    EXPECT_EQ(c->view()->chart()->series().back(), s);
}
