// Tools ▸ Sweep with several flows: the plot shows each flow's
// share of the link and each flow's throughput against the swept parameter,
// one series per flow in its colour and named by its label, with the fair
// share 1/n as a reference line; with one flow the plot is today's. These
// tests are about the drawing, so the points are compared to the sweep
// engine's own per-flow numbers (SweepResult); that the shares at each point
// add up to the whole is arithmetic.
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QRadioButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <map>

#include "ui/panels/flow_palette.h"
#include "ui/sweep/sweep_chart.h"
#include "ui/sweep/sweep_window.h"
#include "tools_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

FlowSpec tcp(Algorithm a) {
    FlowSpec f;
    f.algorithm = a;
    return f;
}

// 50 Mbit/s, 40 ms, short runs: the test is about the plot, not the figures.
Scenario base_with(std::vector<FlowSpec> flows) {
    Scenario b;
    b.bandwidth_bps = 50e6;
    b.rtt_s = 0.040;
    b.duration_s = 8;
    b.flows = std::move(flows);
    return b;
}

// Buffer 20 ms → 160 ms in 3 points.
void sweep_buffer(SweepWindow& s, std::initializer_list<Algorithm> algos = {Algorithm::Cubic}) {
    s.paramBox()->setCurrentIndex(static_cast<int>(SweepParam::Buffer));
    s.fromEdit()->setText("20ms");
    s.toEdit()->setText("160ms");
    s.pointsBox()->setValue(3);
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr})
        if (s.algorithmBox(a)->isEnabled())
            s.algorithmBox(a)->setChecked(std::find(algos.begin(), algos.end(), a) != algos.end());
}

bool wait_done(const SweepWindow& s) {
    return wait_until([&] { return !s.running() && s.result() != nullptr; }, 120000);
}

QLineSeries* named(QChart* chart, const QString& object_name) {
    for (QAbstractSeries* a : chart->series())
        if (a->objectName() == object_name) return qobject_cast<QLineSeries*>(a);
    return nullptr;
}

QStringList series_names(QChart* chart) {
    QStringList out;
    for (QAbstractSeries* a : chart->series()) out << a->name();
    return out;
}

}  // namespace

TEST(SweepFlowsWindowTest, CubicAndBbrShowOneShareSeriesPerFlowAtTheEnginesShares) {
    SweepWindow s;
    s.setBaseScenario(base_with({tcp(Algorithm::Cubic), tcp(Algorithm::Bbr)}));
    sweep_buffer(s);
    // Each flow names its algorithm: the algorithm boxes would change nothing.
    EXPECT_FALSE(s.algorithmBox(Algorithm::Reno)->isEnabled());
    ASSERT_TRUE(s.run());
    ASSERT_TRUE(wait_done(s));
    const SweepResult& r = *s.result();
    ASSERT_FALSE(r.cancelled);
    ASSERT_EQ(r.series.size(), 1u);  // one series: the flows name their algorithms
    ASSERT_EQ(r.values.size(), 3u);
    SweepChart* c = s.chart();
    EXPECT_TRUE(c->perFlow());
    EXPECT_TRUE(c->shareButton()->isVisibleTo(&s));

    QChart* share = c->shareChart();
    QLineSeries* cubic = named(share, "flow-share-0-0");
    QLineSeries* bbr = named(share, "flow-share-0-1");
    ASSERT_NE(cubic, nullptr);
    ASSERT_NE(bbr, nullptr);
    // Legend by flow: the label the hero uses, one entry each.
    EXPECT_EQ(cubic->name(), "CUBIC");
    EXPECT_EQ(bbr->name(), "BBR");
    // The flows' own colours.
    EXPECT_EQ(cubic->pen().color(), flow_colour(0, false));
    EXPECT_EQ(bbr->pen().color(), flow_colour(1, false));
    ASSERT_EQ(cubic->count(), 3);
    ASSERT_EQ(bbr->count(), 3);
    for (int i = 0; i < 3; ++i) {
        const SweepSample& x = r.series[0].samples[static_cast<std::size_t>(i)];
        ASSERT_EQ(x.flows.size(), 2u);
        // x is the swept buffer in ms, y the share in %.
        EXPECT_NEAR(cubic->at(i).x(), r.values[static_cast<std::size_t>(i)] * 1e3, 1e-9);
        EXPECT_NEAR(cubic->at(i).y() / 100, x.flows[0].share, 1e-12);
        EXPECT_NEAR(bbr->at(i).y() / 100, x.flows[1].share, 1e-12);
        // Two bulk flows and nothing else on the link: the shares are the whole.
        EXPECT_NEAR(x.flows[0].share + x.flows[1].share, 1.0, 1e-9);
        EXPECT_NEAR((cubic->at(i).y() + bbr->at(i).y()) / 100, 1.0, 1e-9);
        EXPECT_GT(x.flows[1].share, 0.0);
    }
    // The fair share of two bulk flows, 1/2, across the swept range.
    QLineSeries* fair = named(share, "fair-share");
    ASSERT_NE(fair, nullptr);
    ASSERT_EQ(fair->count(), 2);
    EXPECT_DOUBLE_EQ(fair->at(0).y(), 50.0);
    EXPECT_DOUBLE_EQ(fair->at(1).y(), 50.0);
    EXPECT_LE(fair->at(0).x(), 20.0 + 1e-9);
    EXPECT_GE(fair->at(1).x(), 160.0 - 1e-9);
    EXPECT_TRUE(fair->name().contains("fair share")) << fair->name().toStdString();

    // The other view: each flow's throughput (Mbit/s) beside the total.
    c->flowThroughputButton()->click();
    EXPECT_EQ(c->flowView(), SweepChart::FlowView::Throughput);
    QChart* rate = c->throughputChart();
    QLineSeries* cubic_rate = named(rate, "flow-throughput-0-0");
    QLineSeries* bbr_rate = named(rate, "flow-throughput-0-1");
    ASSERT_NE(cubic_rate, nullptr);
    ASSERT_NE(bbr_rate, nullptr);
    EXPECT_TRUE(series_names(rate).contains("total"));
    ASSERT_EQ(cubic_rate->count(), 3);
    ASSERT_EQ(bbr_rate->count(), 3);
    for (int i = 0; i < 3; ++i) {
        const SweepSample& x = r.series[0].samples[static_cast<std::size_t>(i)];
        EXPECT_NEAR(cubic_rate->at(i).y(), x.flows[0].throughput_bps * 1e-6, 1e-9);
        EXPECT_NEAR(bbr_rate->at(i).y(), x.flows[1].throughput_bps * 1e-6, 1e-9);
    }
    // The mean RTT is the aggregate's, named for all flows (no flow's colour).
    EXPECT_TRUE(series_names(c->rttChart()).contains("all flows")) << series_names(c->rttChart()).join(", ").toStdString();
    // No single-flow theory or fit for flows that share the link.
    for (const QString& n : series_names(rate)) EXPECT_FALSE(n.contains("theory")) << n.toStdString();

    // The exported data carries each flow's columns; the image is drawn.
    QTemporaryDir dir;
    QString err;
    ASSERT_TRUE(s.exportCsv(dir.filePath("s.csv"), &err)) << err.toStdString();
    QFile f(dir.filePath("s.csv"));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray csv = f.readAll();
    EXPECT_TRUE(csv.contains("flow1_share")) << csv.left(2000).toStdString();
    EXPECT_TRUE(csv.contains("flow2_throughput_bps"));
    ASSERT_TRUE(s.exportPng(dir.filePath("s.png"), &err)) << err.toStdString();
    EXPECT_GE(QImage(dir.filePath("s.png")).width(), 1280);
}

TEST(SweepFlowsWindowTest, OneFlowDrawsTodaysSeriesAndNoPerFlowPlot) {
    // Today's sweep (no flows listed) and a base with one explicit flow.
    std::map<int, QStringList> names;
    for (int with_flow : {0, 1}) {
        SweepWindow s;
        s.setBaseScenario(base_with(with_flow ? std::vector<FlowSpec>{FlowSpec{}} : std::vector<FlowSpec>{}));
        sweep_buffer(s, {Algorithm::Cubic, Algorithm::Bbr});
        EXPECT_TRUE(s.algorithmBox(Algorithm::Reno)->isEnabled());
        ASSERT_TRUE(s.run());
        ASSERT_TRUE(wait_done(s));
        EXPECT_EQ(s.result()->series.size(), 2u);
        SweepChart* c = s.chart();
        EXPECT_FALSE(c->perFlow());
        EXPECT_FALSE(c->shareButton()->isVisibleTo(&s));
        EXPECT_TRUE(c->shareChart()->series().isEmpty());
        names[with_flow] = series_names(c->throughputChart()) + series_names(c->rttChart());
        for (const QString& n : names[with_flow]) EXPECT_FALSE(n.contains("share")) << n.toStdString();
    }
    EXPECT_EQ(names[1], names[0]);
    EXPECT_TRUE(names[0].contains("cubic")) << names[0].join(", ").toStdString();
    EXPECT_TRUE(names[0].contains("link rate"));
}
