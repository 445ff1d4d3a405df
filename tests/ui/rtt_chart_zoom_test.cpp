// Ctrl+F zooms the RTT panel with the window panel, to the steady state
// (the run's second half). CUBIC over CoDel on 100 Mbit/s × 20 ms with a
// 500 ms buffer (experiment 3's CoDel step): the slow start's queue takes
// the RTT to about 150 ms before CoDel drains it, then it stays within a
// few ms of the base. On an axis drawn for that peak the "few ms" were a
// few pixels; zoomed, the steady state's largest RTT (read here from the
// trace) sits near the axis top, and the plot's note names the peak left
// above it.
#include <QChart>
#include <QChartView>
#include <QPointF>
#include <QRectF>
#include <QTest>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

#include "model/core/units.h"
#include "model/engine/run.h"
#include "ui/panels/rtt_chart.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

// The largest RTT drawn from `from_s` on: the samples' maxima, the
// smoothed RTT and the base RTT, in ms.
double largest_rtt_ms_from(const Trace& t, double from_s) {
    double m = t.base_rtt_s;
    for (const TraceBucket& b : t.buckets)
        if (b.t_start_s >= from_s) {
            if (std::isfinite(b.rtt_s.max)) m = std::max(m, b.rtt_s.max);
            if (std::isfinite(b.srtt_s)) m = std::max(m, b.srtt_s);
        }
    return m * 1e3;
}

double y_top(RttChart& c) { return qobject_cast<QValueAxis*>(c.view()->chart()->axes(Qt::Vertical).front())->max(); }

}  // namespace

TEST(RttChartZoom, ZoomsToTheSteadyStatesRttNotTheSlowStartPeak) {
    Scenario s;  // CUBIC, 40 s
    s.bandwidth_bps = 100e6;
    s.rtt_s = 0.020;
    s.buffer_s = 0.500;
    s.aqm = Aqm::Codel;
    const RunResult r = run_scenario(s);
    const double steady = largest_rtt_ms_from(r.trace, s.duration_s / 2);
    const double whole = largest_rtt_ms_from(r.trace, 0);
    ASSERT_LT(steady, 40) << "CoDel keeps the steady RTT near the base";
    ASSERT_GT(whole, 3 * steady) << "the slow start's peak towers over it";
    RttChart c;
    c.resize(760, 300);
    c.show();
    QTest::qWait(20);
    c.setRun(r);
    const double unzoomed = y_top(c);
    EXPECT_GE(unzoomed, whole);
    EXPECT_TRUE(c.plotNote().isEmpty());
    c.setFitSteady(true);
    c.setRun(r);
    const double zoomed = y_top(c);
    EXPECT_GT(zoomed, steady);         // the steady state fits
    EXPECT_LT(zoomed, 2.5 * steady);   // and fills the plot
    EXPECT_LT(zoomed, unzoomed / 2.5);
    // The peak it leaves out is said, with its figure.
    const QString peak = QString::fromStdString(format_time(whole / 1e3));
    EXPECT_TRUE(c.plotNote().contains(QStringLiteral("the peak of %1 runs above the plot").arg(peak)))
        << c.plotNote().toStdString() << " (peak " << whole << " ms)";
    // Drawn, the note keeps above the RTTs it speaks of, here and on a
    // presentation's short plot (its shorter form there).
    for (const QSize size : {QSize(760, 300), QSize(420, 190)}) {
        c.resize(size);
        QTest::qWait(20);
        const QRectF note = c.plotNoteRect();
        const double steady_y = c.view()->chart()->mapToPosition(QPointF(0, steady)).y();
        EXPECT_FALSE(note.isEmpty()) << size.width() << "×" << size.height() << ": the note is not drawn";
        EXPECT_LE(note.bottom(), steady_y + 1) << size.width() << "×" << size.height() << ": the note covers the RTTs";
    }
    c.setFitSteady(false);
    c.setRun(r);
    EXPECT_EQ(y_top(c), unzoomed);
    EXPECT_TRUE(c.plotNote().isEmpty());
}

// A run streaming in, not yet past its first half, has no steady state:
// zoomed, the axis holds what has been drawn so far (the slow start's
// peak), not the base RTT's line alone, which spans the whole run.
TEST(RttChartZoom, ARunInItsFirstHalfKeepsItsPeakInView) {
    Scenario s;
    s.bandwidth_bps = 100e6;
    s.rtt_s = 0.020;
    s.buffer_s = 0.500;
    s.aqm = Aqm::Codel;
    RunResult r = run_scenario(s);
    r.trace.buckets.resize(r.trace.buckets.size() * 2 / 5);  // 16 s of 40
    const double so_far = largest_rtt_ms_from(r.trace, 0);
    ASSERT_GT(so_far, 3 * s.rtt_s * 1e3);
    RttChart c;
    c.resize(760, 300);
    c.show();
    QTest::qWait(20);
    c.setFitSteady(true);
    c.setRun(r);
    EXPECT_GE(y_top(c), so_far);
    EXPECT_TRUE(c.plotNote().isEmpty());
}
