// Ctrl+F with a run of transfers alone: the window and RTT panels span the
// transfers' time, not the run's. One 100 KB transfer on 50 Mbit/s × 40 ms
// (experiment 8's second step) completes after the handshake and three
// rounds, about 4 × 40 ms + 100,000 B × 8 / 50 Mbit/s = 176 ms; on the
// run's 2 s axis its cwnd's three steps took the first 8% of the plot.
// Zoomed, the axis ends a little past the completion and every column of
// the plot is spent on it. A bulk flow, or a transfer that has not
// completed, keeps the run's duration.
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QTest>
#include <QValueAxis>
#include <gtest/gtest.h>

#include "model/core/flow_spec.h"
#include "model/core/units.h"
#include "model/engine/run.h"
#include "ui/panels/rtt_chart.h"
#include "ui/panels/time_span.h"
#include "ui/panels/window_chart.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

Scenario ramp_path() {
    Scenario s;
    s.stack = Stack::Linux;
    s.bandwidth_bps = 50e6;
    s.rtt_s = 0.040;
    s.buffer_s = 0.040;
    s.aqm = Aqm::None;
    s.duration_s = 2;
    return s;
}

Scenario one_transfer(std::uint64_t bytes) {
    Scenario s = ramp_path();
    FlowSpec f;
    f.size_bytes = bytes;
    s.flows = {f};
    return s;
}

double x_top(ChartFrame& c) { return qobject_cast<QValueAxis*>(c.view()->chart()->axes(Qt::Horizontal).front())->max(); }

template <class Chart>
std::unique_ptr<Chart> shown() {
    auto c = std::make_unique<Chart>();
    c->resize(760, 300);
    c->show();
    QTest::qWait(20);
    return c;
}

}  // namespace

TEST(TransferZoom, TheWindowAndRttPanelsSpanTheTransferWhenZoomed) {
    const RunResult r = run_scenario(one_transfer(100'000));
    const double done_s = transfers_done_s(r);
    ASSERT_GT(done_s, 0.160);
    ASSERT_LT(done_s, 0.180);

    auto w = shown<WindowChart>();
    w->setRun(r);
    EXPECT_DOUBLE_EQ(x_top(*w), 2.0);  // unzoomed: the run
    w->setFitWindow(true);
    const double top_s = x_top(*w);
    EXPECT_GE(top_s, done_s * 1.1) << "the completion stands clear of the edge";
    EXPECT_LE(top_s, done_s * 1.6) << "the transfer fills most of the plot";
    // The cwnd line is drawn at the plot's resolution over that span, not
    // over the run's: hundreds of points before the completion.
    int before_done = 0;
    for (const QPointF& p : w->cwndSeries()->points()) before_done += p.x() <= done_s;
    EXPECT_GT(before_done, 200);
    w->setFitWindow(false);
    EXPECT_DOUBLE_EQ(x_top(*w), 2.0);

    auto rtt = shown<RttChart>();
    rtt->setFitSteady(true);
    rtt->setRun(r);
    EXPECT_DOUBLE_EQ(x_top(*rtt), top_s);
    rtt->setFitSteady(false);
    rtt->setRun(r);
    EXPECT_DOUBLE_EQ(x_top(*rtt), 2.0);
}

TEST(TransferZoom, ABulkFlowOrAnUnfinishedTransferKeepsTheRunsSpan) {
    // 10 MB at 50 Mbit/s needs 1.6 s on the wire alone: not done in 1 s.
    Scenario unfinished = one_transfer(10'000'000);
    unfinished.duration_s = 1;
    Scenario bulk = ramp_path();
    bulk.flows = {FlowSpec{}};
    Scenario with_bulk = one_transfer(100'000);
    with_bulk.flows.push_back(FlowSpec{});
    for (const Scenario& s : {unfinished, bulk, with_bulk}) {
        const RunResult r = run_scenario(s);
        EXPECT_EQ(transfers_done_s(r), 0.0);
        auto w = shown<WindowChart>();
        w->setRun(r);
        w->setFitWindow(true);
        EXPECT_DOUBLE_EQ(x_top(*w), s.duration_s);
    }
}
