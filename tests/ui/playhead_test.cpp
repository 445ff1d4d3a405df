// The playhead: at time t it shows the trace sample at t, the cursor sits
// at t on every chart, the event log selects the latest event at or before
// t; playing advances at the chosen speed; a click on a chart scrubs.
#include <QChart>
#include <QChartView>
#include <QTest>
#include <cmath>
#include <gtest/gtest.h>

#include "ui/panels/chart_cursor.h"
#include "ui/controls/controls_panel.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/event_log_view.h"
#include "ui/shell/main_window.h"
#include "ui/teaching/playback_bar.h"
#include "ui/lesson/playhead.h"
#include "test_helpers.h"
#include "ui/panels/window_chart.h"

using namespace inflight;
using namespace inflight::ui;
using inflight::ui::test::wait_settled;

namespace {

class PlayheadTest : public ::testing::Test {
protected:
    void SetUp() override {
        w = test::make_window();
        Scenario s;  // BBR: ProbeRTT notches and state changes to land on
        s.algorithm = Algorithm::Bbr;
        s.duration_s = 20;
        w->controls()->setScenario(s);
        emit w->controls()->scenarioChanged(s);
        ASSERT_TRUE(wait_settled(*w));
        QTest::qWait(50);
        ASSERT_TRUE(w->playhead()->ready());
    }
    const RunResult& result() const { return w->dashboard()->shown()->result; }
    std::unique_ptr<MainWindow> w;
};

}  // namespace

TEST_F(PlayheadTest, AtTimeTItShowsTheTraceSampleAtT) {
    const double t = 10.2;  // inside the ProbeRTT notch that starts near 10 s
    w->playhead()->seek(t);
    const Trace& trace = result().trace;
    // The sample at t, found here by a plain scan.
    const TraceBucket* at = nullptr;
    for (const TraceBucket& b : trace.buckets)
        if (b.t_start_s <= t && t < b.t_end_s) at = &b;
    ASSERT_NE(at, nullptr);
    const QString readout = w->playback()->readoutText();
    EXPECT_TRUE(readout.startsWith("t 10.200 s")) << readout.toStdString();
    const QString cwnd = QString("cwnd %1 pkts").arg(QString::number(at->cwnd_bytes.max / trace.mss_bytes, 'f', 0));
    EXPECT_TRUE(readout.contains(cwnd)) << readout.toStdString() << " vs " << cwnd.toStdString();
    // Every count says its unit ("queue 11" read as nothing in particular).
    const QString queue = QString("queue %1 pkts").arg(QString::number(at->queue_bytes.max / trace.mss_bytes, 'f', 0));
    EXPECT_TRUE(readout.contains(queue)) << readout.toStdString() << " vs " << queue.toStdString();
    EXPECT_TRUE(readout.contains(" in flight ") && readout.count(" pkts") == 3) << readout.toStdString();
    EXPECT_TRUE(readout.contains(QString::fromUtf8(to_string(at->phase)))) << readout.toStdString();

    // Every chart's cursor at t.
    for (ChartCursor* c : w->dashboard()->cursors()) {
        EXPECT_TRUE(c->isShown());
        EXPECT_DOUBLE_EQ(c->time(), t);
    }
    QChart* chart = w->dashboard()->windowChart()->view()->chart();
    const QRectF area = chart->plotArea();
    const double expected_x = area.left() + area.width() * t / result().scenario.duration_s;
    EXPECT_NEAR(w->dashboard()->cursors().front()->lineX(), expected_x, 1.0);

    // The event log selects the latest event at or before t.
    double latest = NAN;
    for (const Event& e : result().events)
        if (e.t_s <= t) latest = e.t_s;
    ASSERT_TRUE(std::isfinite(latest));
    EXPECT_DOUBLE_EQ(w->dashboard()->events()->selectedTime(), latest);
}

TEST_F(PlayheadTest, PlaysAtTheChosenSpeedAndStopsOnSpace) {
    w->playhead()->setSpeed(10);
    w->playhead()->seek(0);
    QTest::keyClick(w.get(), Qt::Key_Space);
    ASSERT_TRUE(w->playhead()->playing());
    QTest::qWait(400);
    QTest::keyClick(w.get(), Qt::Key_Space);
    ASSERT_FALSE(w->playhead()->playing());
    // 0.4 s of wall time at 10× is about 4 s of the run (timers are coarse).
    EXPECT_GT(w->playhead()->time(), 2.5);
    EXPECT_LT(w->playhead()->time(), 6.5);

    const double slow_start = w->playhead()->time();
    w->playhead()->setSpeed(0.1);
    w->playhead()->play();
    QTest::qWait(400);
    w->playhead()->pause();
    EXPECT_LT(w->playhead()->time() - slow_start, 0.1);  // 0.04 s at 0.1×
    EXPECT_EQ(Playhead::kMinSpeed, 0.1);
    EXPECT_EQ(Playhead::kMaxSpeed, 10);
}

TEST_F(PlayheadTest, AClickOnAChartScrubsToTheTimeUnderThePointer) {
    QChartView* view = w->dashboard()->windowChart()->view();
    const QRectF area = view->chart()->plotArea();
    const QPointF at_quarter(area.left() + area.width() / 4, area.center().y());
    const QPoint pos = view->mapFromScene(view->chart()->mapToScene(at_quarter));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, pos);
    EXPECT_NEAR(w->playhead()->time(), result().scenario.duration_s / 4, result().scenario.duration_s / 200);
}

TEST_F(PlayheadTest, NextEventJumpsToTheFollowingEvent) {
    w->playhead()->seek(5);
    QTest::keyClick(w.get(), Qt::Key_BracketRight);
    double next = NAN;
    for (const Event& e : result().events)
        if (e.t_s > 5) { next = e.t_s; break; }
    ASSERT_TRUE(std::isfinite(next));
    EXPECT_DOUBLE_EQ(w->playhead()->time(), next);
}

TEST_F(PlayheadTest, ANewRunHidesTheCursor) {
    w->playhead()->seek(3);
    ASSERT_TRUE(w->dashboard()->cursors().front()->isShown());
    Scenario s = w->controls()->scenario();
    s.rtt_s = 0.04;
    w->controls()->setScenario(s);
    emit w->controls()->scenarioChanged(s);
    ASSERT_TRUE(wait_settled(*w));
    QTest::qWait(50);
    EXPECT_FALSE(w->dashboard()->cursors().front()->isShown());
    EXPECT_FALSE(w->playhead()->engaged());
}

// A bucket without a sample of a series (no queue sample in it, no RTT
// sample) read "queue nan": the readout names the value in force instead,
// the latest sample before it, and never prints nan or inf. Walked over
// every bucket of a run of several flows (a ping's sparse samples) and of
// the single BBR flow.
TEST_F(PlayheadTest, TheReadoutNeverSaysNan) {
    const auto walk = [&](const char* what) {
        const Trace& trace = result().trace;
        ASSERT_FALSE(trace.buckets.empty());
        for (const TraceBucket& b : trace.buckets) {
            w->playhead()->seek(0.5 * (b.t_start_s + b.t_end_s));
            const QString r = w->playback()->readoutText();
            ASSERT_FALSE(r.contains("nan", Qt::CaseInsensitive) || r.contains("inf", Qt::CaseInsensitive))
                << what << " at " << b.t_start_s << ": " << r.toStdString();
        }
    };
    walk("BBR");
    Scenario s;
    s.bandwidth_bps = 50e6;
    s.rtt_s = 0.020;
    s.buffer_s = 0.200;
    s.duration_s = 10;
    FlowSpec bulk, ping;
    ping.kind = FlowKind::Ping;
    ping.ping_interval_s = 0.100;
    s.flows = {bulk, ping};
    w->controls()->setScenario(s);
    emit w->controls()->scenarioChanged(s);
    ASSERT_TRUE(wait_settled(*w));
    QTest::qWait(50);
    ASSERT_TRUE(w->playhead()->ready());
    walk("bulk + ping");
}
