// Panels 1 and 2 with several flows: each TCP flow's cwnd in its
// flow colour and the total in flight over the shared bands; each flow's
// smoothed RTT and every ping reply as a dot; one flow draws today's chart;
// the axes cover every flow's data; the keys stay readable at 1280×720 with
// eight flows; the cursor marks every flow's line; sixteen flows of 10k
// points draw within a frame.
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTest>
#include <QValueAxis>
#include <cmath>
#include <gtest/gtest.h>

#include "model/core/flow_spec.h"
#include "ui/panels/chart_cursor.h"
#include "ui/panels/chart_key.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/flow_palette.h"
#include "ui/panels/rtt_chart.h"
#include "ui/panels/window_chart.h"
#include "ui/shell/main_window.h"
#include "ui/teaching/experiment_panel.h"
#include "test_helpers.h"
#include "readability.h"
#include "synthetic_runs.h"
#include "model/engine/run.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

FlowSpec tcp(Algorithm a) {
    FlowSpec f;
    f.algorithm = a;
    return f;
}
FlowSpec ping() {
    FlowSpec f;
    f.kind = FlowKind::Ping;
    f.ping_interval_s = 0.100;
    return f;
}

Scenario path(double duration_s) {
    Scenario s;
    s.bandwidth_bps = 20e6;
    s.rtt_s = 0.040;
    s.buffer_s = 0.050;
    s.duration_s = duration_s;
    return s;
}

// CUBIC + BBR (+ a ping), 6 s: short, and both flows past their start-up.
const RunResult& two_flows_and_ping() {
    static const RunResult r = [] {
        Scenario s = path(6);
        s.flows = {tcp(Algorithm::Cubic), tcp(Algorithm::Bbr), ping()};
        return run_scenario(s);
    }();
    return r;
}

const RunResult& one_flow() {
    static const RunResult r = run_scenario(path(6));
    return r;
}

// A chart the size of panel 1 at 1280×720, laid out.
template <class Chart>
std::unique_ptr<Chart> shown_chart(QSize size = {760, 300}) {
    auto c = std::make_unique<Chart>();
    c->resize(size);
    c->show();
    QTest::qWait(20);
    return c;
}

QChart* chart_of(ChartFrame* f) { return f->view()->chart(); }

// A series as the key and the eye see it: its type, name, whether it is
// shown and whether it has points (how many follows the plot's width, which
// follows the tick labels of the run before).
struct SeriesInfo {
    QString type, name;
    bool visible;
    bool drawn;
    bool operator==(const SeriesInfo&) const = default;
};
std::vector<SeriesInfo> series_set(ChartFrame* f) {
    std::vector<SeriesInfo> out;
    for (QAbstractSeries* s : chart_of(f)->series()) {
        auto* xy = qobject_cast<QXYSeries*>(s);
        out.push_back({QString::fromLatin1(s->metaObject()->className()), s->name(), s->isVisible(),
                       xy ? xy->count() > 0 : true});
    }
    return out;
}

double max_y(ChartFrame* f) {
    double m = 0;
    for (QAbstractSeries* s : chart_of(f)->series())
        if (auto* xy = qobject_cast<QXYSeries*>(s); xy && xy->isVisible())
            for (const QPointF& p : xy->points()) m = std::max(m, p.y());
    return m;
}

QValueAxis* y_axis(ChartFrame* f) { return qobject_cast<QValueAxis*>(chart_of(f)->axes(Qt::Vertical).front()); }

}  // namespace

TEST(FlowCharts, WindowPanelDrawsOneCwndLinePerTcpFlowInItsColourAndNoneForThePing) {
    const RunResult& r = two_flows_and_ping();
    ASSERT_EQ(r.flows.size(), 3u);
    auto w = shown_chart<WindowChart>();
    w->setRun(r);
    ASSERT_EQ(w->flowCwndSeries().size(), 2u);  // CUBIC and BBR; the ping has no window
    EXPECT_EQ(w->flowCwndIndices(), (std::vector<int>{0, 1}));
    for (int i : {0, 1}) {
        QLineSeries* s = w->flowCwndSeries()[static_cast<std::size_t>(i)];
        EXPECT_EQ(s->pen().color(), flow_colour(i, is_dark_palette())) << i;
        EXPECT_TRUE(s->isVisible());
        EXPECT_EQ(s->name().toStdString(), default_label(r.scenario, static_cast<std::size_t>(i)));
        EXPECT_GT(s->count(), 100);
    }
    EXPECT_NE(w->flowCwndSeries()[0]->pen().color(), w->flowCwndSeries()[1]->pen().color());
    // The one-flow lines give way to the flows' own.
    for (QLineSeries* s : {w->cwndSeries()}) EXPECT_FALSE(s->isVisible());
    ASSERT_TRUE(w->totalInflightSeries());
    EXPECT_TRUE(w->totalInflightSeries()->isVisible());
    // Same RTT for every flow: the pipe needs no note.
    EXPECT_TRUE(w->key()->names().contains("pipe (BDP)")) << w->key()->names().join(", ").toStdString();
}

TEST(FlowCharts, TotalInFlightAtEachBucketIsTheSumOfTheFlowsInFlight) {
    const RunResult& r = two_flows_and_ping();
    auto w = shown_chart<WindowChart>();
    w->setRun(r);
    // The run's axis labels set the plot's width once laid out; the next
    // frame's columns are that width's (the test counts the same columns).
    QCoreApplication::processEvents();
    w->setRun(r);
    const QList<QPointF> total = w->totalInflightSeries()->points();
    ASSERT_GT(total.size(), 100);
    const double mss = r.trace.mss_bytes;  // the axis is in packets
    const double span = r.scenario.duration_s;
    const int columns = std::max(100, static_cast<int>(chart_of(w.get())->plotArea().width()));
    ASSERT_LT(columns, static_cast<int>(r.trace.buckets.size()));  // one point pair per pixel column
    // Per column: the lowest and highest sum of the three flows' in flight
    // over its buckets (the ping's packets count too: they are in flight).
    std::vector<double> lo(static_cast<std::size_t>(columns), INFINITY), hi(lo.size(), -INFINITY);
    for (std::size_t b = 0; b < r.trace.buckets.size(); ++b) {
        double sum_min = 0, sum_max = 0;
        for (const FlowResult& f : r.flows) {
            ASSERT_EQ(f.trace.buckets.size(), r.trace.buckets.size());
            const MinMax m = f.trace.buckets[b].inflight_bytes;
            if (std::isfinite(m.min)) sum_min += m.min;
            if (std::isfinite(m.max)) sum_max += m.max;
        }
        const TraceBucket& a = r.trace.buckets[b];
        // The path's total at any instant is the sum of the flows' at that
        // instant, so it lies between the sum of their minima and maxima.
        EXPECT_GE(a.inflight_bytes.min, sum_min - 1) << "bucket " << b;
        EXPECT_LE(a.inflight_bytes.max, sum_max + 1) << "bucket " << b;
        const double mid = 0.5 * (a.t_start_s + a.t_end_s);
        const auto c = static_cast<std::size_t>(std::clamp(static_cast<int>(mid / span * columns), 0, columns - 1));
        lo[c] = std::min(lo[c], sum_min);
        hi[c] = std::max(hi[c], sum_max);
    }
    for (const QPointF& p : total) {
        const auto c = static_cast<std::size_t>(std::clamp(static_cast<int>(p.x() / span * columns), 0, columns - 1));
        EXPECT_GE(p.y() * mss, lo[c] - 1) << "t " << p.x();
        EXPECT_LE(p.y() * mss, hi[c] + 1) << "t " << p.x();
    }
}

TEST(FlowCharts, RttPanelDrawsEachFlowsSmoothedRttAndEveryPingReplyAsADot) {
    const RunResult& r = two_flows_and_ping();
    auto c = shown_chart<RttChart>();
    c->setRun(r);
    ASSERT_EQ(c->flowSrttSeries().size(), 2u);
    ASSERT_EQ(c->pingSeries().size(), 1u);
    QScatterSeries* dots = c->pingSeries().front();
    const FlowResult& p = r.flows[2];
    // One probe every 100 ms for 6 s: 60 sent; the last may still be out.
    EXPECT_GE(p.ping_rtt_samples_s.size(), 55u);
    EXPECT_LE(p.ping_rtt_samples_s.size(), 60u);
    ASSERT_EQ(dots->count(), static_cast<qsizetype>(p.ping_rtt_samples_s.size()));
    for (qsizetype i = 0; i < dots->count(); ++i) {
        EXPECT_DOUBLE_EQ(dots->at(i).x(), p.ping_rtt_samples_t_s[static_cast<std::size_t>(i)]);
        EXPECT_DOUBLE_EQ(dots->at(i).y(), p.ping_rtt_samples_s[static_cast<std::size_t>(i)] * 1e3);
        // A ping never beats the path's base RTT.
        EXPECT_GE(dots->at(i).y(), r.scenario.rtt_s * 1e3 - 1e-6);
    }
    EXPECT_EQ(dots->color(), flow_colour(2, is_dark_palette()));
    EXPECT_LT(dots->markerSize(), 10);  // small dots, not blobs
    for (int i : {0, 1}) {
        QLineSeries* s = c->flowSrttSeries()[static_cast<std::size_t>(i)];
        EXPECT_EQ(s->pen().color(), flow_colour(i, is_dark_palette()));
        EXPECT_GT(s->count(), 100);
        // Smoothed RTT never below the base RTT (40 ms).
        for (const QPointF& q : s->points()) EXPECT_GE(q.y(), 40 - 1e-6);
    }
    // The base RTT is drawn at 40 ms across the run.
    ASSERT_EQ(c->baseSeries()->count(), 2);
    EXPECT_DOUBLE_EQ(c->baseSeries()->at(0).y(), 40);
}

TEST(FlowCharts, FlowsOfDifferentRttsNameTheBandsRttAndDrawEachBaseRtt) {
    Scenario s = path(3);
    FlowSpec near = tcp(Algorithm::Cubic), far = tcp(Algorithm::Cubic);
    near.rtt_s = 0.020;
    far.rtt_s = 0.080;
    s.flows = {far, near};
    const RunResult r = run_scenario(s);
    auto w = shown_chart<WindowChart>();
    w->setRun(r);
    EXPECT_TRUE(w->key()->names().contains("pipe (BDP at 20 ms)")) << w->key()->names().join(", ").toStdString();
    // The bands at the 20 ms flow's BDP: 20 Mbit/s × 20 ms = 50 000 B.
    EXPECT_NEAR(r.trace.bdp_bytes, 20e6 * 0.020 / 8, 1);
    auto c = shown_chart<RttChart>();
    c->setRun(r);
    EXPECT_TRUE(c->key()->names().contains("base RTTs (20, 80 ms)")) << c->key()->names().join(", ").toStdString();
}

TEST(FlowCharts, OneFlowDrawsTodaysChartEvenAfterSeveral) {
    const RunResult& one = one_flow();
    auto today_w = shown_chart<WindowChart>();
    today_w->setTrace(one.trace, one.scenario.duration_s);  // the one-flow path as it was
    auto today_r = shown_chart<RttChart>();
    today_r->setTrace(one.trace, one.scenario.duration_s);

    auto w = shown_chart<WindowChart>();
    auto c = shown_chart<RttChart>();
    w->setRun(one);
    c->setRun(one);
    EXPECT_EQ(series_set(w.get()), series_set(today_w.get()));
    EXPECT_EQ(series_set(c.get()), series_set(today_r.get()));
    EXPECT_TRUE(w->flowCwndSeries().empty());
    EXPECT_FALSE(w->totalInflightSeries());
    EXPECT_TRUE(c->pingSeries().empty());

    // Several flows, then one again: the per-flow series go.
    w->setRun(two_flows_and_ping());
    c->setRun(two_flows_and_ping());
    EXPECT_NE(series_set(w.get()).size(), series_set(today_w.get()).size());
    w->setRun(one);
    c->setRun(one);
    EXPECT_EQ(series_set(w.get()), series_set(today_w.get()));
    EXPECT_EQ(series_set(c.get()), series_set(today_r.get()));
    EXPECT_EQ(w->key()->names(), today_w->key()->names());
    EXPECT_EQ(c->key()->names(), today_r->key()->names());
}

TEST(FlowCharts, AxesCoverEveryFlowsData) {
    const RunResult& r = two_flows_and_ping();
    auto w = shown_chart<WindowChart>();
    w->setRun(r);
    EXPECT_GE(y_axis(w.get())->max(), max_y(w.get()));
    // Every flow's cwnd from the model, in packets.
    for (const FlowResult& f : r.flows)
        if (f.flow.kind == FlowKind::Tcp)
            for (const TraceBucket& b : f.trace.buckets)
                if (std::isfinite(b.cwnd_bytes.max)) {
                    ASSERT_GE(y_axis(w.get())->max() * r.trace.mss_bytes, b.cwnd_bytes.max);
                }
    auto c = shown_chart<RttChart>();
    c->setRun(r);
    EXPECT_GE(y_axis(c.get())->max(), max_y(c.get()));
    for (double v : r.flows[2].ping_rtt_samples_s) ASSERT_GE(y_axis(c.get())->max(), v * 1e3);
}

TEST(FlowCharts, PresentationPensCarryLineStylesSoNothingRestsOnColourAlone) {
    const RunResult& r = two_flows_and_ping();
    auto w = shown_chart<WindowChart>();
    ChartStyle present;
    present.presentation = true;
    w->restyle(present);
    w->setRun(r);
    const QPen a = w->flowCwndSeries()[0]->pen(), b = w->flowCwndSeries()[1]->pen();
    EXPECT_NE(a.style(), b.style());
    EXPECT_EQ(a.color(), QColor("#0072B2"));  // Okabe–Ito blue, vermillion
    EXPECT_EQ(b.color(), QColor("#D55E00"));
    EXPECT_NE(w->totalInflightSeries()->pen().widthF(), a.widthF());
}

TEST(FlowCharts, CursorMarksEveryFlowsLineAtItsTime) {
    const RunResult& r = two_flows_and_ping();
    auto w = shown_chart<WindowChart>();
    w->setRun(r);
    ChartCursor cursor(w->view());
    cursor.setTime(3.0);
    const auto marks = cursor.markers();
    ASSERT_EQ(marks.size(), 2u);  // CUBIC and BBR; the total is not a flow
    for (const auto& m : marks) {
        EXPECT_LE(m.value.x(), 3.0);
        EXPECT_GT(m.value.x(), 2.9);  // the last point at or before 3 s, a pixel column away at most
        EXPECT_GT(m.value.y(), 0);
    }
    cursor.hide();
    EXPECT_TRUE(cursor.markers().empty());
}

TEST(FlowCharts, EightFlowsKeysStayReadableAt720p) {
    Scenario s = path(4);
    for (int i = 0; i < 7; ++i) s.flows.push_back(tcp(i % 2 ? Algorithm::Bbr : Algorithm::Cubic));
    s.flows.push_back(ping());
    const RunResult r = run_scenario(s);
    for (bool presentation : {false, true}) {
        // The dashboard as the window at 1280×720 lays it out (the controls
        // column beside it).
        Dashboard d;
        d.resize(960, 620);
        d.setPresentation(presentation);
        d.restyle();
        d.show();
        auto snap = std::make_shared<RunSnapshot>();
        snap->done = true;
        snap->result = r;
        d.showNow(snap);
        QTest::qWait(50);
        for (ChartFrame* f : std::initializer_list<ChartFrame*>{d.windowChart(), d.rttChart()}) {
            ChartKey* k = f->key();
            EXPECT_TRUE(k->fits()) << k->shownTexts().join(" ").toStdString();
            // Grouped: at most two lines of key under a chart.
            EXPECT_LE(k->height(), 2 * k->fontMetrics().height() + 2) << k->shownTexts().join(" ").toStdString();
            // Short names need their tooltip: every flow's full name is in it.
            const QString tip = k->tipAt(QPoint(-1, -1));
            for (std::size_t i = 0; i < 8; ++i)
                if (f != d.windowChart() || i < 7) {
                    EXPECT_TRUE(tip.contains(QString::fromStdString(default_label(s, i)))) << tip.toStdString();
                }
        }
        EXPECT_TRUE(d.windowChart()->key()->compact());
        // The ping is flow 8: its colour is flow 1's again (seven colours),
        // so its dots are squares where flow 1 would have round ones.
        ASSERT_EQ(d.rttChart()->pingSeries().size(), 1u);
        EXPECT_EQ(d.rttChart()->pingSeries().front()->color(), flow_colour(0, is_dark_palette()));
        EXPECT_EQ(d.rttChart()->pingSeries().front()->markerShape(), QScatterSeries::MarkerShapeRectangle);
        QStringList problems;
        for (QWidget* panel : {d.panel(Dashboard::Panel::Window), d.panel(Dashboard::Panel::Rtt)})
            problems << test::readability_problems(panel, 100);
        EXPECT_TRUE(problems.isEmpty()) << problems.join("\n").toStdString();
    }
}

// Sixteen flows of a long run draw as 16 decimated lines per chart, not 16 ×
// 10k points: with more than eight lines a chart column is 3 px (chart_frame),
// and a column is one point of a smoothed RTT, two (its min and max) of a
// cwnd whose buckets vary in it. How long such a frame takes is measured by
// ui_bench ("16 flows x 10k points"), not here.
TEST(FlowCharts, SixteenFlowsOfTenThousandPointsAreDecimatedToTheirColumns) {
    auto snap = std::make_shared<RunSnapshot>();
    snap->done = true;
    snap->result = test::sixteen_flows_of_ten_thousand_points();
    Dashboard d;
    d.resize(960, 620);
    d.show();
    QTest::qWait(50);
    d.showNow(snap);
    QTest::qWait(20);
    const auto columns = [](ChartFrame* f) { return std::max(100, static_cast<int>(f->view()->chart()->plotArea().width()) / 3); };
    const int window_columns = columns(d.windowChart()), rtt_columns = columns(d.rttChart());
    ASSERT_LT(window_columns, test::kSyntheticBuckets);  // so every column holds buckets
    const std::vector<QLineSeries*> cwnd = d.windowChart()->flowCwndSeries();
    const std::vector<QLineSeries*> srtt = d.rttChart()->flowSrttSeries();
    ASSERT_EQ(cwnd.size(), static_cast<std::size_t>(test::kSyntheticFlows));
    ASSERT_EQ(srtt.size(), static_cast<std::size_t>(test::kSyntheticFlows));
    // Within 5%: the lines are cut to the plot's width when drawn, and the
    // chart lays its axes out after that (a y label one digit longer moves
    // the plot by about 9 px, 3 columns) — 10,000 points would be 30x over.
    for (int i = 0; i < test::kSyntheticFlows; ++i) {
        EXPECT_NEAR(cwnd[static_cast<std::size_t>(i)]->count(), 2 * window_columns, 0.05 * 2 * window_columns) << "flow " << i + 1;
        EXPECT_NEAR(srtt[static_cast<std::size_t>(i)]->count(), rtt_columns, 0.05 * rtt_columns) << "flow " << i + 1;
    }
    // Each point in its column's time span: the lines span the run.
    EXPECT_LE(cwnd.front()->points().back().x(), test::kSyntheticDurationS);
    EXPECT_LT(cwnd.front()->points().front().x(), test::kSyntheticDurationS / window_columns);
}

// Screenshots, not a test: the window at 1280×720 after a 2-flow and an
// 8-flow run, normal and presentation, written to $FLOW_SHOTS (default
// /tmp). Run with --gtest_also_run_disabled_tests --gtest_filter=*Shots*.
TEST(FlowCharts, DISABLED_Shots) {
    const QString out = qEnvironmentVariableIsSet("FLOW_SHOTS") ? qEnvironmentVariable("FLOW_SHOTS") : QStringLiteral("/tmp");
    Scenario two = path(30);
    two.bandwidth_bps = 50e6;
    two.flows = {tcp(Algorithm::Cubic), tcp(Algorithm::Bbr), ping()};
    Scenario eight = path(30);
    eight.bandwidth_bps = 100e6;
    for (int i = 0; i < 7; ++i) eight.flows.push_back(tcp(i % 2 ? Algorithm::Bbr : Algorithm::Cubic));
    eight.flows[3].rtt_s = 0.020;
    eight.flows.push_back(ping());
    for (const auto& [name, s] : {std::pair{"two_flows", two}, std::pair{"eight_flows", eight}}) {
        for (bool presentation : {false, true}) {
            auto w = test::make_window();
            ASSERT_TRUE(test::wait_settled(*w, 60000));
            emit w->guide()->applyScenario(s);
            ASSERT_TRUE(test::wait_settled(*w, 120000));
            // Whatever the controls made of the flows, the panels show this run.
            if (flow_count(w->dashboard()->shown()->result.scenario) != flow_count(s)) {
                auto snap = std::make_shared<RunSnapshot>();
                snap->done = true;
                snap->generation = w->dashboard()->shown()->generation;
                snap->result = run_scenario(s);
                w->dashboard()->showNow(snap);
            }
            if (presentation) {
                w->setPresentation(true);
                w->showNormal();
            }
            w->resize(1280, 720);
            QTest::qWait(1500);  // the presentation look re-lays the window out
            const QString file = QStringLiteral("%1/%2%3.png").arg(out, QLatin1String(name),
                                                                   presentation ? QStringLiteral("_presentation") : QString());
            EXPECT_TRUE(w->grab().save(file));
            std::printf("wrote %s\n", qPrintable(file));
            QStringList problems;
            for (QWidget* panel : {w->dashboard()->panel(Dashboard::Panel::Window), w->dashboard()->panel(Dashboard::Panel::Rtt)})
                problems << test::readability_problems(panel, 100);
            EXPECT_TRUE(problems.isEmpty()) << name << ": " << problems.join("\n").toStdString();
            if (presentation) w->setPresentation(false);  // the look is the application's fonts too
        }
    }
}
