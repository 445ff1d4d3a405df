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
#include "ui/session/run_snapshot.h"
#include "model/core/units.h"

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
    // Each series as the bucket has it: one figure where its least and
    // largest values agree in whole packets, else the span "min–max".
    const auto packets = [&](const MinMax& m) {
        const auto whole = [&](double bytes) {
            return QString::fromStdString(format_grouped(static_cast<std::uint64_t>(std::llround(bytes / trace.mss_bytes))));
        };
        const QString lo = whole(m.min), hi = whole(m.max);
        return lo == hi ? lo : lo + QString::fromUtf8("–") + hi;
    };
    const QString cwnd = QString("cwnd %1 pkts").arg(packets(at->cwnd_bytes));
    EXPECT_TRUE(readout.contains(cwnd)) << readout.toStdString() << " vs " << cwnd.toStdString();
    // Every count says its unit ("queue 11" read as nothing in particular).
    const QString queue = QString("queue %1 pkts").arg(packets(at->queue_bytes));
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

// The readout says what is true at the playhead. A trace bucket keeps each
// series' least and largest value; the readout gave the largest as the
// value at that instant: on BBR's ProbeRTT (cwnd 4 packets) it read "cwnd
// 1336 pkts", on a congestion event whose log row said "cwnd 668 → 668
// packets" it read 1927. Here a bucket from 1 s to 2 s where cwnd falls from
// 1,336 packets to 4 (its value at the end), then one without a cwnd sample.
namespace {

SnapshotPtr notch_run() {
    auto snap = std::make_shared<RunSnapshot>();
    snap->done = true;
    RunResult& r = snap->result;
    r.scenario.duration_s = 3;
    Trace& t = r.trace;
    t.mss_bytes = 1000;
    t.bucket_s = 1;
    const double nan = std::nan("");
    for (int k = 0; k < 3; ++k) {
        TraceBucket b;
        b.t_start_s = k;
        b.t_end_s = k + 1;
        b.cwnd_bytes = b.inflight_bytes = MinMax{1336e3, 1336e3};
        b.cwnd_end_bytes = 1336e3;
        b.queue_bytes = MinMax{0, 0};
        b.rtt_s = MinMax{0.080, 0.080};
        t.buckets.push_back(b);
    }
    TraceBucket& notch = t.buckets[1];
    notch.cwnd_bytes = notch.inflight_bytes = MinMax{4e3, 1336e3};
    notch.cwnd_end_bytes = 4e3;
    t.buckets[2].cwnd_bytes = MinMax{nan, nan};  // nothing changed cwnd after the notch
    t.buckets[2].cwnd_end_bytes = 4e3;
    Event cut;  // at 1.25 s cwnd is cut to 668 packets
    cut.t_s = 1.25;
    cut.kind = EventKind::CongestionEvent;
    cut.mss_bytes = 1000;
    cut.cwnd_before_bytes = 1336e3;
    cut.cwnd_after_bytes = 668e3;
    r.events.push_back(cut);
    return snap;
}

}  // namespace

TEST(PlaybackReadout, SaysTheValueAtTheInstantNotTheBucketsLargest) {
    Playhead playhead;
    PlaybackBar bar(&playhead);
    bar.resize(1200, 60);
    const SnapshotPtr snap = notch_run();
    bar.setSnapshot(snap);
    playhead.setDuration(snap->result.scenario.duration_s);

    playhead.seek(1.5);  // inside the notch's bucket, on no event
    QString r = bar.readoutText();
    EXPECT_FALSE(r.contains(QStringLiteral("cwnd 1,336 pkts")) || r.contains(QStringLiteral("cwnd 1336 pkts")))
        << r.toStdString();
    EXPECT_TRUE(r.contains(QString::fromUtf8("cwnd 4–1,336 pkts"))) << r.toStdString();
    EXPECT_TRUE(r.contains(QString::fromUtf8("in flight 4–1,336 pkts"))) << r.toStdString();

    playhead.seek(1.25);  // on the congestion event: its cwnd after the cut
    r = bar.readoutText();
    EXPECT_TRUE(r.contains(QStringLiteral("cwnd 668 pkts"))) << r.toStdString();

    playhead.seek(2.5);  // no cwnd sample: what the notch's bucket ended at
    r = bar.readoutText();
    EXPECT_TRUE(r.contains(QStringLiteral("cwnd 4 pkts"))) << r.toStdString();

    playhead.seek(0.5);  // an unchanging bucket: its one value, grouped as the counters are
    r = bar.readoutText();
    EXPECT_TRUE(r.contains(QStringLiteral("cwnd 1,336 pkts"))) << r.toStdString();
    EXPECT_TRUE(r.contains(QStringLiteral("queue 0 pkts"))) << r.toStdString();
}
