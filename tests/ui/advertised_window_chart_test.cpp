// The window panel's advertised window (rwnd over time): found by its name
// in the chart and the key, at the receive buffer's figure (SO_RCVBUF
// 256 KiB: 2 × 262,144 × 160 / 256 = 327,680 B = 218.45 packets of 1,500 B),
// hidden when it lies above the axis throughout (the textbook's 1 GiB), and
// never part of the y axis's range.
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QTest>
#include <QValueAxis>
#include <cmath>
#include <gtest/gtest.h>

#include "model/core/flow_spec.h"
#include "model/core/units.h"
#include "model/engine/run.h"
#include "ui/panels/chart_key.h"
#include "ui/panels/window_chart.h"
#include "unbroken_values.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

const QString kName = QStringLiteral("advertised window (rwnd)");

Scenario path_100mbit_80ms() {
    Scenario s;
    s.bandwidth_bps = 100e6;
    s.rtt_s = 0.080;
    s.duration_s = 4;
    return s;
}

std::unique_ptr<WindowChart> shown_chart() {
    auto c = std::make_unique<WindowChart>();
    c->resize(760, 300);
    c->show();
    QTest::qWait(20);
    return c;
}

QLineSeries* series_named(WindowChart& w, const QString& name) {
    for (QAbstractSeries* s : w.view()->chart()->series())
        if (s->name() == name) return qobject_cast<QLineSeries*>(s);
    return nullptr;
}

double y_top(WindowChart& w) { return qobject_cast<QValueAxis*>(w.view()->chart()->axes(Qt::Vertical).front())->max(); }

// The same run without the advertised window in its trace.
RunResult without_rwnd(RunResult r) {
    for (TraceBucket& b : r.trace.buckets) b.rwnd_bytes = std::nan("");
    return r;
}

}  // namespace

TEST(AdvertisedWindowChart, SoRcvbufDrawsItsWindowAsAFlatLine) {
    Scenario s = path_100mbit_80ms();
    s.stack = Stack::Linux;
    s.rcvbuf_bytes = 256 * 1024;
    const RunResult r = run_scenario(s);
    auto w = shown_chart();
    w->setRun(r);
    QLineSeries* line = series_named(*w, kName);
    ASSERT_NE(line, nullptr);
    EXPECT_EQ(line, w->rwndSeries());
    EXPECT_TRUE(line->isVisible());
    EXPECT_TRUE(w->key()->names().contains(kName)) << w->key()->names().join(", ").toStdString();
    ASSERT_GT(line->count(), 100);
    for (const QPointF& p : line->points()) EXPECT_NEAR(p.y(), 327680.0 / 1500, 1e-9);
    EXPECT_GT(y_top(*w), 327680.0 / 1500);  // it binds, so the window in force reaches it: on the axis
    EXPECT_NE(line->pen().color(), w->cwndSeries()->pen().color());
    EXPECT_EQ(line->pen().style(), Qt::CustomDashLine);  // dashed in every look
}

// The textbook's 1 GiB: 715,828 packets, far above a path of 1 MB; the axis
// stays the path's and the line is not shown nor named in the key.
TEST(AdvertisedWindowChart, ATextbookGigabyteNeitherShowsNorStretchesTheAxis) {
    const RunResult r = run_scenario(path_100mbit_80ms());
    auto w = shown_chart();
    w->setRun(r);
    QLineSeries* line = series_named(*w, kName);
    ASSERT_NE(line, nullptr);
    EXPECT_FALSE(line->isVisible());
    EXPECT_FALSE(w->key()->names().contains(kName));
    const double top = y_top(*w);
    EXPECT_LT(top, 10'000);  // packets; 1 GiB would be 715,828
    w->setRun(without_rwnd(r));
    EXPECT_EQ(y_top(*w), top);
}

// Autotuning opens it from 81,920 B (54.6 packets) past the axis: shown, and
// the axis is the one the run has without it.
TEST(AdvertisedWindowChart, AutotuningIsShownButTakesNoPartInTheAxis) {
    Scenario s = path_100mbit_80ms();
    s.stack = Stack::Linux;
    const RunResult r = run_scenario(s);
    const RunResult bare = without_rwnd(r);
    auto w = shown_chart();
    w->setRun(bare);
    const double top = y_top(*w);
    w->setRun(r);
    EXPECT_EQ(y_top(*w), top);
    QLineSeries* line = w->rwndSeries();
    EXPECT_TRUE(line->isVisible());
    ASSERT_GT(line->count(), 0);
    EXPECT_NEAR(line->points().front().y(), 81920.0 / 1500, 1e-9);
}

// Several flows that their receivers bind: the path's sum, named as a total
// (64 KiB + 100,000 B = 165,536 B = 110.36 packets).
TEST(AdvertisedWindowChart, SeveralFlowsDrawTheTotal) {
    Scenario s = path_100mbit_80ms();
    FlowSpec a;
    a.rwnd_bytes = 64 * 1024;
    FlowSpec b;
    b.rwnd_bytes = 100'000;
    s.flows = {a, b};
    const RunResult r = run_scenario(s);
    auto w = shown_chart();
    w->setRun(r);
    QLineSeries* line = series_named(*w, QStringLiteral("total advertised window (rwnd)"));
    ASSERT_NE(line, nullptr);
    EXPECT_TRUE(line->isVisible());
    ASSERT_GT(line->count(), 0);
    EXPECT_NEAR(line->points().back().y(), 165536.0 / 1500, 1e-9);
    EXPECT_EQ(series_named(*w, kName), nullptr);
}

// Several flows that cwnd and the link bind in the steady state (autotuning
// keeps ahead of them but for a few buckets of slow start): the total would
// be one more line in a crowded key, saying nothing.
TEST(AdvertisedWindowChart, SeveralFlowsNobodysReceiverBindsDrawNoTotal) {
    Scenario s = path_100mbit_80ms();
    s.stack = Stack::Linux;
    s.flows = {FlowSpec{}, FlowSpec{}};
    const RunResult r = run_scenario(s);
    for (const FlowResult& f : r.flows)
        for (const TraceBucket& b : f.trace.buckets)
            if (b.t_start_s >= s.duration_s / 2) ASSERT_NE(b.limit, Limit::Rwnd) << "at " << b.t_end_s << " s";
    auto w = shown_chart();
    w->setRun(r);
    EXPECT_FALSE(w->rwndSeries()->isVisible());
    EXPECT_FALSE(w->key()->names().contains(QStringLiteral("total advertised window (rwnd)")));
}

// One flow's send buffer: 64 KiB binds on a 100 Mbit/s, 80 ms path (the
// window in force 65,536 B = 43.69 packets of 1,500 B), drawn as a level
// and named in the key; the default 1 GiB lies far above the axis and is
// neither drawn nor named, nor does it stretch the axis.
TEST(AdvertisedWindowChart, ABindingSendBufferIsALevelAtItsSize) {
    const QString name = QStringLiteral("send buffer (sndbuf)");
    Scenario s = path_100mbit_80ms();
    s.sndbuf_bytes = 64 * 1024;
    const RunResult r = run_scenario(s);
    ASSERT_EQ(r.summary.binding_limit, Limit::Sndbuf);
    auto w = shown_chart();
    w->setRun(r);
    QLineSeries* line = series_named(*w, name);
    ASSERT_NE(line, nullptr);
    EXPECT_EQ(line, w->sndbufSeries());
    EXPECT_TRUE(line->isVisible());
    EXPECT_TRUE(w->key()->names().contains(name)) << w->key()->names().join(", ").toStdString();
    ASSERT_EQ(line->count(), 2);
    for (const QPointF& p : line->points()) EXPECT_NEAR(p.y(), 65536.0 / 1500, 1e-9);
    EXPECT_EQ(line->points().back().x(), s.duration_s);
    EXPECT_NE(line->pen().dashPattern(), w->rwndSeries()->pen().dashPattern());

    const RunResult open = run_scenario(path_100mbit_80ms());
    w->setRun(open);
    EXPECT_FALSE(w->sndbufSeries()->isVisible());
    EXPECT_FALSE(w->key()->names().contains(name));
    EXPECT_LT(y_top(*w), 10'000);  // packets; 1 GiB would be 715,828
}

// The note over a window too small to see gives the window's mean over the
// steady state, as the hero's share of the link is a mean: a sawtooth from
// 100 to 220 packets is ≈ 160, 0.24 % of a 10 Gbit/s × 80 ms pipe of
// 66,667 packets (it gave the top, 220 and 0.33 %, beside a hero of 0.24 %).
TEST(WindowChartNote, TheSmallWindowsFigureIsItsSteadyMean) {
    Scenario s = path_100mbit_80ms();
    s.bandwidth_bps = 10e9;
    s.rwnd_bytes = 65536;
    RunResult r = run_scenario(s);
    const double mss = s.mss_bytes;
    for (TraceBucket& b : r.trace.buckets) {
        if (b.t_start_s < s.duration_s / 2) continue;
        b.window_bytes.min = 100 * mss;  // each steady bucket spans the sawtooth
        b.window_bytes.max = 220 * mss;
    }
    auto c = shown_chart();
    c->setRun(r);
    EXPECT_EQ(test::as_read(c->zoomHint()), QStringLiteral("window ≈ 160 pkts, 0.24 % of the pipe · Ctrl+F zooms"));
    // Each figure stays with its unit, and the key with what it does: the
    // note wrapped "Ctrl+F" and "zooms" onto two lines in the normal look.
    for (const char* whole : {"160\u00a0pkts", "0.24\u00a0%", "Ctrl+F\u00a0zooms"})
        EXPECT_TRUE(c->zoomHint().contains(QString::fromUtf8(whole))) << whole;
}

// The note also tells a window dwarfed by its own slow start: experiment 1's
// Reno step (100 Mbit/s, 80 ms, 0.01% loss, 100 ms of buffer) climbs to
// about 3,000 packets and settles on a sawtooth near 122, a fifth of the
// 667-packet pipe but a few pixels of an axis drawn for the start. Asked
// to compare the sawtooth with the theory's line, a student saw two flat
// lines and no word of Ctrl+F.
TEST(WindowChartNote, AWindowDwarfedByItsSlowStartSaysCtrlFZooms) {
    Scenario s = path_100mbit_80ms();
    s.algorithm = Algorithm::Reno;
    s.loss = 1e-4;
    s.buffer_s = 0.100;
    s.duration_s = 40;
    const RunResult r = run_scenario(s);
    double start_peak = 0, steady_top = 0;  // the window's largest, in each half
    for (const TraceBucket& b : r.trace.buckets) {
        double& top = b.t_start_s < s.duration_s / 2 ? start_peak : steady_top;
        top = std::max(top, b.window_bytes.max);
    }
    ASSERT_GT(start_peak, 10 * steady_top) << "the run this test is about";
    ASSERT_GT(steady_top, 0.05 * (r.trace.bdp_bytes + r.trace.buffer_bytes)) << "not the small-window case";
    auto c = shown_chart();
    c->setRun(r);
    EXPECT_TRUE(c->zoomHint().endsWith(QStringLiteral("Ctrl+F\u00a0zooms"))) << c->zoomHint().toStdString();
}

// Ctrl+F zooms to the window where the lesson reads it, the steady state
// (the run's second half). CUBIC at 0.1 % loss over 100 Mbit/s × 80 ms (the
// loss wall's last step): a sawtooth of about 40 packets after a slow start
// that overshoots to about 1,000. Zoomed to the whole run's largest window
// the axis went from 0–2,000 to 0–1,500 packets and the sawtooth stayed a
// flat line on the floor; zoomed to the steady state its largest window
// (read here from the trace) sits near the top of the axis.
namespace {
// The largest window drawn (window in force, in flight, cwnd) from `from_s`
// on, in packets.
double largest_window_from(const Trace& t, double from_s) {
    double m = 0;
    for (const TraceBucket& b : t.buckets)
        if (b.t_start_s >= from_s)
            for (const MinMax* v : {&b.window_bytes, &b.inflight_bytes, &b.cwnd_bytes})
                if (std::isfinite(v->max)) m = std::max(m, v->max);
    return m / t.mss_bytes;
}
}  // namespace

TEST(WindowChartZoom, ZoomsToTheSteadyStatesWindowNotTheSlowStartPeak) {
    Scenario s;  // CUBIC, 100 Mbit/s, 80 ms, 40 s
    s.loss = 0.001;
    const RunResult r = run_scenario(s);
    const double steady = largest_window_from(r.trace, s.duration_s / 2);
    const double whole = largest_window_from(r.trace, 0);
    ASSERT_GT(steady, 10);
    ASSERT_GT(whole, 5 * steady);  // the slow-start peak towers over the sawtooth
    auto c = shown_chart();
    c->setRun(r);
    const double unzoomed = y_top(*c);
    c->setFitWindow(true);
    const double zoomed = y_top(*c);
    EXPECT_GT(zoomed, steady);       // the sawtooth fits
    EXPECT_LT(zoomed, 2.5 * steady);  // and fills the plot
    EXPECT_LT(zoomed, unzoomed / 10);
    // The peak it leaves out is said, with its figure.
    const QString peak = QString::fromStdString(format_grouped(static_cast<std::uint64_t>(std::llround(whole))));
    EXPECT_TRUE(c->plotNote().contains(QStringLiteral("the peak of %1 pkts").arg(peak))) << c->plotNote().toStdString();
    EXPECT_TRUE(c->plotNote().contains(QStringLiteral("runs above the plot"))) << c->plotNote().toStdString();
    c->setFitWindow(false);
    EXPECT_EQ(y_top(*c), unzoomed);
    EXPECT_FALSE(c->plotNote().contains(QStringLiteral("above the plot"))) << c->plotNote().toStdString();
}

// Reno at 0.01 % loss (the loss wall's third step): the sawtooth of about
// 122 packets on an axis of 4,000 without the zoom; zoomed, the steady
// state's top within the axis and filling it.
TEST(WindowChartZoom, RenosSawtoothFillsTheZoomedPlot) {
    Scenario s;
    s.algorithm = Algorithm::Reno;
    s.loss = 0.0001;
    const RunResult r = run_scenario(s);
    const double steady = largest_window_from(r.trace, s.duration_s / 2);
    auto c = shown_chart();
    c->setRun(r);
    c->setFitWindow(true);
    EXPECT_GT(y_top(*c), steady);
    EXPECT_LT(y_top(*c), 2.5 * steady);
}
