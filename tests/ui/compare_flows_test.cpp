// Compare (A/B) with several flows: the table compares flow i of
// A with flow i of B in a row group per flow — throughput, share, mean RTT —
// beside the aggregate's rows, B − A by subtraction; different flow counts
// are said in one line and only the aggregate is compared; the ghost draws
// the aggregate and each flow — on the throughput-per-flow chart too, which
// holds the delivery rate's box when the run shown has several flows.
// Expected cells come from each run's own
// FlowSummary formatted with units.h, the differences by arithmetic.
#include <QAction>
#include <QApplication>
#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QTableWidget>
#include <QTest>
#include <QValueAxis>
#include <gtest/gtest.h>

#include <map>

#include "finished_run.h"

#include "ui/compare/compare_controller.h"
#include "ui/compare/compare_figures.h"
#include "ui/compare/compare_table.h"
#include "ui/compare/ghost_overlay.h"
#include "ui/panels/chart_key.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/rtt_chart.h"
#include "ui/panels/share_bars.h"
#include "ui/panels/window_chart.h"
#include "ui/panels/hero_panel.h"
#include "ui/panels/throughput_chart.h"
#include "model/engine/run.h"
#include "tools_helpers.h"
#include "model/core/units.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

FlowSpec tcp(Algorithm a) {
    FlowSpec f;
    f.algorithm = a;
    return f;
}

// 50 Mbit/s, 40 ms, buffer 1 BDP, 10 s: short, the test is about the table.
SnapshotPtr finished_run(std::vector<FlowSpec> flows) {
    Scenario s;
    s.bandwidth_bps = 50e6;
    s.rtt_s = 0.040;
    s.buffer_s = 0.040;
    s.duration_s = 10;
    s.flows = std::move(flows);
    return test::finished_snapshot(s);
}

// The kernel steps' short path: 50 Mbit/s, 40 ms, 2 s; and its 10 KB transfer.
Scenario path_50M_40ms_2s() {
    Scenario s;
    s.bandwidth_bps = 50e6;
    s.rtt_s = 0.040;
    s.duration_s = 2;
    return s;
}
FlowSpec ten_kb_transfer() {
    FlowSpec f = tcp(Algorithm::Cubic);
    f.size_bytes = 10'000;
    f.label = "10 KB";
    return f;
}

// B − A, signed, in the figure's units (a share in percentage points).
QString minus_sign() { return QString(QChar(0x2212)); }
QString signed_rate(double a, double b) {
    const double d = b - a;
    return (d > 0 ? QStringLiteral("+") : minus_sign()) + q(format_rate(std::abs(d)));
}
QString signed_points(double a, double b) {
    const double d = (b - a) * 100;
    return (d > 0 ? QStringLiteral("+") : minus_sign()) + q(format_number(std::abs(d), 3)) + " pp";
}
QString signed_time(double a, double b) {
    const double d = b - a;
    return (d > 0 ? QStringLiteral("+") : minus_sign()) + q(format_time(std::abs(d)));
}

// A's throughput over time as the throughput-per-flow chart draws it:
// steps over spans of whole buckets, each the bytes delivered in the span
// (the difference of delivered_bytes) × 8 over its length, in the chart's
// unit. Checked against the trace by that arithmetic, span by span; the
// spans follow each other from the first bucket to the last, so the steps
// hold every byte A delivered. `traces` are summed (the aggregate).
void expect_steps_of(const QLineSeries* s, const std::vector<const Trace*>& traces, double unit_bps) {
    ASSERT_NE(s, nullptr);
    const QList<QPointF> p = s->points();
    ASSERT_GE(p.size(), 20);
    ASSERT_EQ(p.size() % 2, 0);
    const TraceBuckets& b = traces.front()->buckets;
    EXPECT_DOUBLE_EQ(p.front().x(), b.front().t_start_s);
    EXPECT_DOUBLE_EQ(p.back().x(), b.back().t_end_s);
    std::size_t j = 0;  // the span's first bucket
    for (qsizetype i = 0; i + 1 < p.size(); i += 2) {
        ASSERT_EQ(p[i].y(), p[i + 1].y()) << "a step is level, at point " << i;
        ASSERT_LT(j, b.size());
        ASSERT_DOUBLE_EQ(p[i].x(), b[j].t_start_s) << "spans follow each other, at point " << i;
        std::size_t k = j;
        while (k < b.size() && b[k].t_end_s < p[i + 1].x()) ++k;
        ASSERT_LT(k, b.size());
        ASSERT_DOUBLE_EQ(p[i + 1].x(), b[k].t_end_s);
        double bits = 0;
        for (const Trace* t : traces) {
            const std::uint64_t before = j > 0 ? t->buckets[j - 1].delivered_bytes : 0;
            bits += static_cast<double>(t->buckets[k].delivered_bytes - before) * 8;
        }
        EXPECT_NEAR(p[i].y(), bits / (b[k].t_end_s - b[j].t_start_s) / unit_bps, 1e-9) << "at point " << i;
        j = k + 1;
    }
    EXPECT_EQ(j, b.size()) << "the steps reach the last bucket";
}

// The pinned run's lines on a chart: the series tagged with a flow, named A's.
std::vector<QLineSeries*> ghost_flow_lines(QChart* chart) {
    std::vector<QLineSeries*> out;
    for (QAbstractSeries* s : chart->series())
        if (auto* l = qobject_cast<QLineSeries*>(s); l && flow_index_of(l) >= 0 && l->name().startsWith("A "))
            out.push_back(l);
    return out;
}

// The pinned run's total on a chart ("A total"), or null.
QLineSeries* ghost_total(QChart* chart) {
    for (QAbstractSeries* s : chart->series())
        if (auto* l = qobject_cast<QLineSeries*>(s); l && l->name() == "A total") return l;
    return nullptr;
}

double y_max(QChart* chart) { return qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).first())->max(); }
double x_max(QChart* chart) { return qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).first())->max(); }

}  // namespace

TEST(CompareFlowsTest, TheTableComparesEachFlowBesideTheAggregate) {
    const SnapshotPtr a = finished_run({tcp(Algorithm::Cubic), tcp(Algorithm::Cubic)});
    const SnapshotPtr b = finished_run({tcp(Algorithm::Cubic), tcp(Algorithm::Bbr)});
    ASSERT_EQ(a->result.flows.size(), 2u);
    ASSERT_EQ(b->result.flows.size(), 2u);
    CompareTable t;
    t.setRuns(a, b);

    // Today's aggregate rows are still there.
    EXPECT_EQ(t.cellText(CompareTable::RowA, 1), q(format_rate(a->result.summary.throughput_bps)));
    EXPECT_EQ(t.cellText(CompareTable::RowB, 1), q(format_rate(b->result.summary.throughput_bps)));
    EXPECT_TRUE(t.flowNoteText().isEmpty());

    // Two flows of three figures each: throughput, share, mean RTT.
    ASSERT_EQ(t.flowRowCount(), 6);
    EXPECT_FALSE(t.flowTable()->isHidden());
    for (int f = 0; f < 2; ++f) {
        const FlowSummary& x = a->result.flows[static_cast<std::size_t>(f)].summary;
        const FlowSummary& y = b->result.flows[static_cast<std::size_t>(f)].summary;
        const int r = 3 * f;
        EXPECT_FALSE(t.flowCellText(r, CompareTable::FlowName).isEmpty());
        EXPECT_EQ(t.flowCellText(r, CompareTable::FlowFigure), "Throughput");
        EXPECT_EQ(t.flowCellText(r, CompareTable::FlowA), q(format_rate(x.throughput_bps)));
        EXPECT_EQ(t.flowCellText(r, CompareTable::FlowB), q(format_rate(y.throughput_bps)));
        EXPECT_EQ(t.flowCellText(r, CompareTable::FlowDelta), signed_rate(x.throughput_bps, y.throughput_bps));
        EXPECT_EQ(t.flowCellText(r + 1, CompareTable::FlowFigure), "Share");
        EXPECT_EQ(t.flowCellText(r + 1, CompareTable::FlowA), figure_text(CompareFigure::Kind::Fraction, x.share));
        EXPECT_EQ(t.flowCellText(r + 1, CompareTable::FlowB), figure_text(CompareFigure::Kind::Fraction, y.share));
        EXPECT_EQ(t.flowCellText(r + 1, CompareTable::FlowDelta), signed_points(x.share, y.share));
        EXPECT_EQ(t.flowCellText(r + 2, CompareTable::FlowFigure), "Mean RTT");
        EXPECT_EQ(t.flowCellText(r + 2, CompareTable::FlowA), q(format_time(x.mean_rtt_s)));
        EXPECT_EQ(t.flowCellText(r + 2, CompareTable::FlowB), q(format_time(y.mean_rtt_s)));
        EXPECT_EQ(t.flowCellText(r + 2, CompareTable::FlowDelta), signed_time(x.mean_rtt_s, y.mean_rtt_s));
    }
    // The second flow is CUBIC in A and BBR in B: B's name, A's in its tooltip.
    EXPECT_EQ(t.flowCellText(3, CompareTable::FlowName), "BBR");
    EXPECT_TRUE(t.flowTable()->item(3, CompareTable::FlowName)->toolTip().contains("flow 2 (CUBIC) in A"))
        << t.flowTable()->item(3, CompareTable::FlowName)->toolTip().toStdString();
    // And the scenarios' difference names the flows.
    EXPECT_TRUE(t.differencesText().contains("flows: cubic + cubic → cubic + bbr")) << t.differencesText().toStdString();

    // The numbers behind the cells: each run's own FlowSummary, B − A.
    const std::vector<FlowCompareGroup> groups = flow_compare_groups(a->result, b->result);
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[1].figures[1].a, a->result.flows[1].summary.share);
    EXPECT_EQ(groups[1].figures[1].b, b->result.flows[1].summary.share);
    // Shares of two bulk flows add up to the whole in each run.
    EXPECT_NEAR(groups[0].figures[1].a + groups[1].figures[1].a, 1.0, 1e-9);
    EXPECT_NEAR(groups[0].figures[1].b + groups[1].figures[1].b, 1.0, 1e-9);
}

// A dock too low for the tables' rows (the presentation look at 1280×720)
// shows one summary in their place — never rows cut in half — with A's and
// B's throughput, each flow's A → B and what differs; with room the tables
// come back.
TEST(CompareFlowsTest, ALowDockShowsTheSummaryInsteadOfRowsCutInHalf) {
    const SnapshotPtr a = finished_run({tcp(Algorithm::Cubic), tcp(Algorithm::Cubic)});
    const SnapshotPtr b = finished_run({tcp(Algorithm::Cubic), tcp(Algorithm::Bbr)});
    // Inside a host, as in its dock: a child is given the height there is,
    // not its minimum.
    QWidget host;
    host.resize(1200, 400);
    auto* table = new CompareTable(&host);
    CompareTable& t = *table;
    t.setRuns(a, b);
    t.resize(1200, 400);
    host.show();
    QTest::qWait(10);
    EXPECT_FALSE(t.squeezed());
    EXPECT_TRUE(t.table()->isVisible());
    // Lower than a header and three rows of the table's type.
    const int row_h = t.table()->fontMetrics().height() + 6;
    t.resize(1200, 3 * row_h);
    QTest::qWait(10);
    ASSERT_TRUE(t.squeezed());
    EXPECT_FALSE(t.table()->isVisible());
    const QString sum = t.summaryText();
    EXPECT_TRUE(sum.contains(QStringLiteral("A %1").arg(q(format_rate(a->result.summary.throughput_bps))))) << sum.toStdString();
    EXPECT_TRUE(sum.contains(QStringLiteral("B %1").arg(q(format_rate(b->result.summary.throughput_bps))))) << sum.toStdString();
    for (int f = 0; f < 2; ++f) {
        const auto& x = a->result.flows[static_cast<std::size_t>(f)].summary;
        const auto& y = b->result.flows[static_cast<std::size_t>(f)].summary;
        EXPECT_TRUE(sum.contains(QStringLiteral("%1 → %2").arg(q(format_rate(x.throughput_bps)), q(format_rate(y.throughput_bps)))))
            << f << ": " << sum.toStdString();
    }
    EXPECT_TRUE(sum.contains(t.differencesText())) << sum.toStdString();
    t.resize(1200, 400);
    QTest::qWait(10);
    EXPECT_FALSE(t.squeezed());
    EXPECT_TRUE(t.table()->isVisible());
}

TEST(CompareFlowsTest, EachRunIsNamedByWhatRanInIt) {
    // "A (pinned) · cubic" for a CUBIC-vs-BBR run named only its first flow.
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    const SnapshotPtr a = finished_run({tcp(Algorithm::Cubic), tcp(Algorithm::Bbr)});
    const SnapshotPtr b = finished_run({tcp(Algorithm::Reno), ping});
    CompareTable t;
    t.setRuns(a, b);
    EXPECT_EQ(t.cellText(CompareTable::RowA, 0), QStringLiteral("A (pinned) · cubic + bbr"));
    EXPECT_EQ(t.cellText(CompareTable::RowB, 0), QStringLiteral("B (now) · reno + ping"));
    const SnapshotPtr ten = finished_run(std::vector<FlowSpec>(10, tcp(Algorithm::Cubic)));
    const SnapshotPtr one = finished_run({tcp(Algorithm::Bbr)});
    t.setRuns(ten, one);
    EXPECT_EQ(t.cellText(CompareTable::RowA, 0), QStringLiteral("A (pinned) · 10 flows"));
    EXPECT_EQ(t.cellText(CompareTable::RowB, 0), QStringLiteral("B (now) · bbr"));
}

TEST(CompareFlowsTest, DeltaTextIsBMinusAWithItsSign) {
    EXPECT_EQ(delta_text(CompareFigure::Kind::Rate, 20e6, 32.5e6), "+" + q(format_rate(12.5e6)));
    EXPECT_EQ(delta_text(CompareFigure::Kind::Fraction, 0.5, 0.25), minus_sign() + "25 pp");
    EXPECT_EQ(delta_text(CompareFigure::Kind::Count, 7, 4), minus_sign() + "3");
    EXPECT_EQ(delta_text(CompareFigure::Kind::Time, 0.1, 0.1), "0");
    EXPECT_EQ(delta_text(CompareFigure::Kind::Time, NAN, 0.1), "");
}

TEST(CompareFlowsTest, DifferentFlowCountsSaySoAndCompareTheAggregateOnly) {
    const SnapshotPtr a = finished_run({});  // today's one flow
    const SnapshotPtr b = finished_run({tcp(Algorithm::Cubic), tcp(Algorithm::Bbr)});
    CompareTable t;
    t.setRuns(a, b);
    EXPECT_EQ(t.flowNoteText(), "A has 1 flow, B has 2 flows: the table compares the aggregate only.");
    EXPECT_TRUE(t.differencesText().startsWith(t.flowNoteText())) << t.differencesText().toStdString();
    EXPECT_EQ(t.flowRowCount(), 0);
    EXPECT_TRUE(t.flowTable()->isHidden());
    EXPECT_EQ(t.cellText(CompareTable::RowB, 1), q(format_rate(b->result.summary.throughput_bps)));

    // Three flows against two: the same line with the counts.
    const SnapshotPtr c = finished_run({tcp(Algorithm::Cubic), tcp(Algorithm::Cubic), tcp(Algorithm::Bbr)});
    t.setRuns(b, c);
    EXPECT_EQ(t.flowNoteText(), "A has 2 flows, B has 3 flows: the table compares the aggregate only.");
    EXPECT_EQ(t.flowRowCount(), 0);
    // And the same count again brings the per-flow rows back.
    t.setRuns(b, b);
    EXPECT_TRUE(t.flowNoteText().isEmpty());
    EXPECT_EQ(t.flowRowCount(), 6);
}

TEST(CompareFlowsTest, TheGhostDrawsTheAggregateAndEachFlowInItsColour) {
    auto w = make_window();
    ASSERT_TRUE(wait_until([&] { return finished(*w); }));
    const QByteArray two_cubic =
        R"({"bandwidth": "50Mbps", "rtt": "40ms", "duration": 10, "flows": [{"algo": "cubic"}, {"algo": "cubic"}]})";
    const QByteArray cubic_bbr =
        R"({"bandwidth": "50Mbps", "rtt": "40ms", "duration": 10, "flows": [{"algo": "cubic"}, {"algo": "bbr"}]})";
    ASSERT_TRUE(run_scenario(*w, two_cubic)) << w->bannerText().toStdString();
    CompareController* compare = tools_of(*w)->compare();
    compare->pinAction()->trigger();
    ASSERT_TRUE(compare->pinned());
    const RunResult a = compare->ghost()->result;
    ASSERT_TRUE(run_scenario(*w, cubic_bbr)) << w->bannerText().toStdString();

    GhostOverlay* o = compare->overlay();
    // The aggregate, as with one flow.
    ASSERT_NE(o->windowSeries(), nullptr);
    EXPECT_GT(o->windowSeries()->count(), 0);
    ASSERT_NE(o->throughputSeries(), nullptr);
    ASSERT_EQ(o->throughputSeries()->count(), 2);
    EXPECT_NEAR(o->throughputSeries()->at(0).y(), a.summary.throughput_bps * 1e-6, 1e-9);
    // And each flow: its cwnd, smoothed RTT and steady throughput, dashed,
    // one colour per flow.
    const auto& flows = o->flowSeries();
    ASSERT_EQ(flows.size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        ASSERT_NE(flows[i].cwnd, nullptr);
        ASSERT_NE(flows[i].srtt, nullptr);
        ASSERT_NE(flows[i].throughput, nullptr);
        EXPECT_GT(flows[i].cwnd->count(), 10);
        EXPECT_GT(flows[i].srtt->count(), 10);
        EXPECT_EQ(flows[i].cwnd->pen().style(), Qt::DashLine);
        ASSERT_EQ(flows[i].throughput->count(), 2);
        EXPECT_NEAR(flows[i].throughput->at(0).y(), a.flows[i].summary.throughput_bps * 1e-6, 1e-9);
    }
    EXPECT_NE(flows[0].cwnd->pen().color(), flows[1].cwnd->pen().color());
    // A's total is grey (as the live total in flight), each flow coloured,
    // in both looks: in the panels' first colour the total read as flow 2
    // in the presentation look (both vermillion).
    for (bool presentation : {false, true}) {
        w->setPresentation(presentation);
        QTest::qWait(50);
        const QColor total = o->windowSeries()->pen().color();
        EXPECT_LT(total.hsvSaturation(), 40) << presentation << " " << total.name().toStdString();
        EXPECT_GT(o->windowSeries()->pen().widthF(), flows[0].cwnd->pen().widthF());
        for (std::size_t i = 0; i < 2; ++i)
            EXPECT_GT(flows[i].cwnd->pen().color().hsvSaturation(), 60)
                << presentation << " flow " << i << " " << flows[i].cwnd->pen().color().name().toStdString();
    }
    w->setPresentation(false);
    // In the panels' key the flows group under "A cwnd: 1 2", each tagged with its flow.
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(flow_index_of(flows[i].cwnd), static_cast<int>(i));
        EXPECT_EQ(flow_index_of(flows[i].srtt), static_cast<int>(i));
        EXPECT_TRUE(flows[i].cwnd->name().startsWith("A ")) << flows[i].cwnd->name().toStdString();
    }
    // The dock's table has the per-flow rows.
    EXPECT_EQ(compare->table()->flowRowCount(), 6);
    compare->unpinAction()->trigger();
    EXPECT_TRUE(o->flowSeries().empty());
}

// The delivery-rate box shows the throughput-per-flow chart with several
// flows: the ghost must be drawn there, not only on the hidden rate chart.
TEST(CompareFlowsTest, TheGhostIsOnTheThroughputPerFlowChartWithEachFlowAndTheTotal) {
    auto w = make_window();
    ASSERT_TRUE(wait_until([&] { return finished(*w); }));
    // CUBIC vs BBR (its path, 10 s), pinned; then the buffer from 4 BDP to 1.
    ASSERT_TRUE(run_scenario(*w, R"({"bandwidth": "50Mbps", "rtt": "40ms", "buffer": "160ms", "duration": 10,
                                    "flows": [{"algo": "cubic"}, {"algo": "bbr"}]})"))
        << w->bannerText().toStdString();
    CompareController* compare = tools_of(*w)->compare();
    compare->pinAction()->trigger();
    ASSERT_TRUE(compare->pinned());
    const SnapshotPtr a = compare->ghost();
    ASSERT_EQ(a->result.flows.size(), 2u);
    ASSERT_TRUE(run_scenario(*w, R"({"bandwidth": "50Mbps", "rtt": "40ms", "buffer": "40ms", "duration": 10,
                                    "flows": [{"algo": "cubic"}, {"algo": "bbr"}]})"));

    ThroughputChart* tc = w->dashboard()->hero()->throughputChart();
    ASSERT_TRUE(tc->isVisible());  // the box shows it, not the delivery rate
    QChart* chart = tc->view()->chart();
    const double unit = tc->axisUnitBps();
    EXPECT_EQ(unit, 1e6);  // 50 Mbit/s: Mbit/s

    // One ghost line per flow, in the flow's order, each A's throughput
    // over time; dashed, and the two flows in different colours.
    const std::vector<QLineSeries*> lines = ghost_flow_lines(chart);
    ASSERT_EQ(lines.size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(flow_index_of(lines[i]), static_cast<int>(i));
        EXPECT_TRUE(lines[i]->isVisible());
        EXPECT_EQ(lines[i]->pen().style(), Qt::DashLine);
        expect_steps_of(lines[i], {&a->result.flows[i].trace}, unit);
    }
    EXPECT_NE(lines[0]->pen().color(), lines[1]->pen().color());
    // Each over a halo: just under it, the same points in a wider pen of
    // the plot's background, so it reads over an area of its own colour.
    const QList<QAbstractSeries*> order = chart->series();
    for (QLineSeries* l : lines) {
        const qsizetype at = order.indexOf(l);
        ASSERT_GT(at, 0);
        auto* halo = qobject_cast<QLineSeries*>(order[at - 1]);
        ASSERT_NE(halo, nullptr);
        EXPECT_EQ(halo->points(), l->points());
        EXPECT_GT(halo->pen().widthF(), l->pen().widthF());
        EXPECT_TRUE(halo->name().isEmpty());  // not in the key
    }
    // And the aggregate: both flows' packets, summed.
    QLineSeries* total = ghost_total(chart);
    ASSERT_NE(total, nullptr);
    EXPECT_EQ(total->pen().style(), Qt::DashLine);
    expect_steps_of(total, {&a->result.flows[0].trace, &a->result.flows[1].trace}, unit);
    // The key names them.
    EXPECT_TRUE(tc->findChild<ChartKey*>()->names().contains("A total")) << tc->findChild<ChartKey*>()->names().join(", ").toStdString();

    // The axes hold both runs: A's every point, and its whole duration.
    double top = 0;
    for (QLineSeries* s : {lines[0], lines[1], total})
        for (const QPointF& p : s->points()) top = std::max(top, p.y());
    EXPECT_GE(y_max(chart), top);
    EXPECT_GE(x_max(chart), a->result.scenario.duration_s);

    compare->unpinAction()->trigger();
    EXPECT_TRUE(ghost_flow_lines(chart).empty());
    EXPECT_EQ(ghost_total(chart), nullptr);
}

// A one-flow run pinned, then several flows: the box now shows the
// throughput-per-flow chart, and A's throughput over time is on it; and
// when B's flows outnumber the areas so far, A's lines stay over them.
TEST(CompareFlowsTest, AOneFlowGhostIsOnTheThroughputChartAndStaysOverNewAreas) {
    auto w = make_window();
    ASSERT_TRUE(wait_until([&] { return finished(*w); }));
    ASSERT_TRUE(run_scenario(*w, R"({"bandwidth": "50Mbps", "rtt": "40ms", "duration": 10})"));
    CompareController* compare = tools_of(*w)->compare();
    compare->pinAction()->trigger();
    ASSERT_TRUE(compare->pinned());
    const SnapshotPtr a = compare->ghost();
    ASSERT_TRUE(run_scenario(*w, R"({"bandwidth": "50Mbps", "rtt": "40ms", "duration": 10,
                                    "flows": [{"algo": "cubic"}, {"algo": "cubic"}, {"algo": "bbr"}]})"));
    ThroughputChart* tc = w->dashboard()->hero()->throughputChart();
    ASSERT_TRUE(tc->isVisible());
    QLineSeries* total = ghost_total(tc->view()->chart());
    ASSERT_NE(total, nullptr);
    ASSERT_EQ(a->result.flows.size(), 1u);
    expect_steps_of(total, {&a->result.flow_trace(0)}, tc->axisUnitBps());
    // Drawn after (over) every area of B's three flows.
    const QList<QAbstractSeries*> order = tc->view()->chart()->series();
    ASSERT_EQ(tc->areas().size(), 3u);
    for (QAreaSeries* area : tc->areas()) EXPECT_LT(order.indexOf(area), order.indexOf(total));
}

// A run on 2.5 Gbit/s puts the chart in Gbit/s: the ghost is drawn in it.
TEST(CompareFlowsTest, TheGhostOnTheThroughputChartIsInTheChartsUnit) {
    auto w = make_window();
    ASSERT_TRUE(wait_until([&] { return finished(*w); }));
    ASSERT_TRUE(run_scenario(*w, R"({"bandwidth": "50Mbps", "rtt": "10ms", "duration": 2,
                                    "flows": [{"algo": "cubic"}, {"algo": "cubic"}]})"));
    CompareController* compare = tools_of(*w)->compare();
    compare->pinAction()->trigger();
    ASSERT_TRUE(compare->pinned());
    const SnapshotPtr a = compare->ghost();
    ASSERT_TRUE(run_scenario(*w, R"({"bandwidth": "2.5Gbps", "rtt": "10ms", "duration": 2,
                                    "flows": [{"algo": "cubic"}, {"algo": "cubic"}]})"));
    ThroughputChart* tc = w->dashboard()->hero()->throughputChart();
    ASSERT_TRUE(tc->isVisible());
    ASSERT_EQ(tc->axisUnitBps(), 1e9);  // the link is past 2 Gbit/s
    const std::vector<QLineSeries*> lines = ghost_flow_lines(tc->view()->chart());
    ASSERT_EQ(lines.size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) expect_steps_of(lines[i], {&a->result.flows[i].trace}, 1e9);
}

// Beside a kernel run, the differences name a busy computer first among the
// figures (its share of the run, whole per cent), and say nothing of it on
// a quiet one.
TEST(CompareFlowsTest, AKernelRunOnABusyComputerSaysSoAmongTheDifferences) {
    const SnapshotPtr run = finished_run({});
    const RunResult& r = run->result;
    kernel::KernelFacts quiet;
    quiet.cpu_wait_s = 0.02;
    quiet.cpu_wait_share = 0.006;
    for (const QString& line : kernel_differences(r, r, quiet))
        EXPECT_FALSE(line.contains("busy")) << line.toStdString();
    kernel::KernelFacts busy = quiet;
    busy.cpu_wait_s = 2.4;
    busy.cpu_wait_share = 0.65;
    busy.machine_busy = true;
    const QStringList lines = kernel_differences(r, r, busy);
    ASSERT_FALSE(lines.isEmpty());
    EXPECT_TRUE(lines.front().startsWith("this computer was busy (tasks waited for a CPU 65% of the run)"))
        << lines.join(" | ").toStdString();
}

// Beside a kernel run of transfers or request/response flows, the words give
// each flow's own time (the figure their steps are about; the table's rows
// are the steady state's): a transfer's completion, a flow's median
// transaction, the kernel's first. The "kernel" here is the model's run with
// its times changed by hand.
TEST(CompareFlowsTest, BesideAKernelRunEachTransferAndRequestFlowHasItsOwnTime) {
    Scenario sc = path_50M_40ms_2s();
    const FlowSpec page = ten_kb_transfer();
    FlowSpec rpc = tcp(Algorithm::Cubic);
    rpc.app = FlowApp::Rpc;
    rpc.label = "small writes";
    FlowSpec bulk = tcp(Algorithm::Cubic);
    sc.flows = {page, rpc, bulk};
    const RunResult model = inflight::run_scenario(sc);
    ASSERT_EQ(model.flows[0].summary.fct_s.size(), 1u);
    ASSERT_GT(model.flows[1].summary.transactions, 0u);
    RunResult kernel = model;
    kernel.flows[0].summary.fct_mean_s = 0.0824;
    kernel.flows[1].summary.transaction_p50_s = 0.084;
    const QStringList lines = flow_time_sentences(model, kernel);
    ASSERT_EQ(lines.size(), 2) << lines.join(" | ").toStdString();  // not the bulk flow
    EXPECT_EQ(lines[0], QStringLiteral("10 KB: completes in 82.4 ms on the kernel, %1 in the model")
                            .arg(QString::fromStdString(format_time(model.flows[0].summary.fct_mean_s))));
    EXPECT_EQ(lines[1], QStringLiteral("small writes: median transaction 84 ms on the kernel, %1 in the model")
                            .arg(QString::fromStdString(format_time(model.flows[1].summary.transaction_p50_s))));
    // They are among the differences the table shows.
    const QStringList all = kernel_differences(model, kernel, kernel::KernelFacts{});
    EXPECT_TRUE(all.contains(lines[0]) && all.contains(lines[1])) << all.join(" | ").toStdString();
}

// Experiment 8's kernel step: the rows of times headed "┃ Linux —
// measured" showed the model's times alone, and the RTT chart's tag drew a
// magenta stroke where the kernel's lines are each flow's own colour. Now
// each row shows the kernel's time after the model's, and a tag's stroke
// has the colour of a line of the overlay on its chart, or the text's.
TEST(CompareFlowsTest, BesideAKernelRunTheRowsShowItsTimesAndEachTagsStrokeIsALineOnItsChart) {
    Scenario sc = path_50M_40ms_2s();
    const FlowSpec small = ten_kb_transfer();
    FlowSpec larger = tcp(Algorithm::Cubic);
    larger.size_bytes = 100'000;
    larger.start_s = 0.5;
    larger.label = "100 KB";
    sc.flows = {small, larger};
    const SnapshotPtr model = test::snapshot_of(inflight::run_scenario(sc), true);
    RunResult measured = model->result;
    measured.flows[0].summary.fct_s = {0.0824};
    measured.flows[0].summary.fct_mean_s = 0.0824;
    measured.flows[1].summary.fct_s = {0.172};
    measured.flows[1].summary.fct_mean_s = 0.172;
    Dashboard d;
    d.resize(1000, 640);
    d.show();
    d.showNow(model);
    GhostOverlay overlay(&d, kernel_style(QStringLiteral("Linux 6.18 — measured")));
    const SnapshotPtr kernel_run = test::snapshot_of(std::move(measured), true);
    overlay.setGhost(kernel_run);
    d.showNow(model);
    QTest::qWait(30);
    // Its total on the window panel is what it had in flight, read against
    // the panel's own total in flight (each flow's cwnd has its line).
    ASSERT_NE(overlay.windowSeries(), nullptr);
    EXPECT_EQ(overlay.windowSeries()->name(), QStringLiteral("Linux 6.18 — measured total in flight"));
    // Each point is its bucket's most in flight (a bucket at each pixel column's end).
    std::map<double, double> in_flight_at;
    for (const TraceBucket& b : kernel_run->result.trace.buckets) in_flight_at[b.t_end_s] = b.inflight_bytes.max;
    const double per = d.windowChart()->yPerByte();
    ASSERT_GT(overlay.windowSeries()->count(), 10);
    for (const QPointF& p : overlay.windowSeries()->points()) {
        ASSERT_EQ(in_flight_at.count(p.x()), 1u) << p.x();
        EXPECT_NEAR(p.y(), in_flight_at[p.x()] * per, 1e-9 * (1 + p.y())) << "at " << p.x() << " s";
    }
    ShareBars* bars = d.hero()->shareBars();
    ASSERT_EQ(bars->flowRows(), 2);
    EXPECT_EQ(bars->overlayFigure(0), QStringLiteral("82.4 ms"));
    EXPECT_EQ(bars->overlayFigure(1), QStringLiteral("172 ms"));
    EXPECT_TRUE(bars->shownHeading().contains(QStringLiteral("┃ Linux"))) << bars->shownHeading().toStdString();

    const QColor text = QApplication::palette().color(QPalette::WindowText);
    const auto lines_on = [&](const QChart* chart) {
        std::vector<QColor> colours;
        std::vector<QLineSeries*> all{overlay.windowSeries(), overlay.rwndSeries(), overlay.rttSeries(),
                                      overlay.rateSeries(), overlay.throughputSeries()};
        for (const GhostOverlay::FlowGhost& g : overlay.flowSeries()) all.insert(all.end(), {g.cwnd, g.srtt, g.throughput});
        for (QLineSeries* s : all)
            if (s && s->chart() == chart && s->isVisible() && s->count() > 0) colours.push_back(s->pen().color());
        return colours;
    };
    const QChart* rtt = d.rttChart()->view()->chart();
    const QChart* window = d.windowChart()->view()->chart();
    for (const QChart* chart : {window, rtt}) {
        const QPen stroke = overlay.tagStroke(chart);
        EXPECT_EQ(stroke.style(), Qt::DashDotLine);
        const std::vector<QColor> colours = lines_on(chart);
        ASSERT_FALSE(colours.empty());
        const bool a_line = std::find(colours.begin(), colours.end(), stroke.color()) != colours.end();
        EXPECT_TRUE(a_line || stroke.color() == text) << stroke.color().name().toStdString();
    }
    // The RTT chart has each flow's line in its own colour only.
    EXPECT_NE(overlay.tagStroke(rtt).color(), overlay.style().color);
    EXPECT_EQ(overlay.tagStroke(window).color(), overlay.style().color);  // its total in the overlay's colour
}

// Experiment 5's kernel step: the kernel's counts arrive in bursts, and a
// column of its total read 300 Mbit/s on a 50 Mbit/s link; the throughput
// chart grew to it and the model's areas, the thing compared, filled its
// bottom sixth. The chart grows for an overlay up to a quarter above the
// overlay's link; a burst above that runs off the top.
TEST(CompareFlowsTest, AMeasuredBurstDoesNotSquashTheThroughputPerFlowChart) {
    Scenario sc;
    sc.bandwidth_bps = 50e6;
    sc.rtt_s = 0.040;
    sc.duration_s = 4;
    sc.flows = {tcp(Algorithm::Cubic), tcp(Algorithm::Bbr)};
    const SnapshotPtr model = test::snapshot_of(inflight::run_scenario(sc), true);
    RunResult measured = model->result;
    // One second of the link's bytes counted at once half-way: over a
    // column of two RTTs (80 ms) about 12 times the link.
    TraceBuckets& b = measured.flows[0].trace.buckets;
    for (std::size_t k = b.size() / 2; k < b.size(); ++k) b[k].delivered_bytes += static_cast<std::uint64_t>(sc.bandwidth_bps / 8);
    Dashboard d;
    d.resize(1000, 640);
    d.show();
    d.showNow(model);
    ThroughputChart* tc = d.hero()->throughputChart();
    ASSERT_TRUE(tc->isVisible());
    GhostOverlay overlay(&d, kernel_style(QStringLiteral("Linux 6.18 — measured")));
    overlay.setGhost(test::snapshot_of(std::move(measured), true));
    d.showNow(model);
    QTest::qWait(30);
    const auto* y = qobject_cast<QValueAxis*>(tc->view()->chart()->axes(Qt::Vertical).value(0));
    ASSERT_NE(y, nullptr);
    const double unit = tc->axisUnitBps();
    EXPECT_GE(y->max() * unit, sc.bandwidth_bps) << "the link stays in view";
    EXPECT_LE(y->max() * unit, 2 * sc.bandwidth_bps) << "grown to the burst: " << y->max();
}
