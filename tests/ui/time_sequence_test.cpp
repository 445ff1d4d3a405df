// View ▸ Time–sequence graph: opening it draws flow 1 of the run shown,
// collected by running the scenario again off the UI thread (its
// retransmission marks are the run's own count); a zoom draws only the
// range shown, at the plot's resolution; a finished run while it is open
// draws again; File ▸ Open capture… reads a capture off the UI thread (a
// file that is not one is one message line and the graph shown stays, a
// read can be cancelled) and draws its stream under `inflight capture`'s
// summary line. The graph sits in a dock, outside the dashboard, and
// still follows the theme and the presentation look.
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QFile>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include "app/capture/model_capture.h"
#include "app/capture/pcap_file_writer.h"
#include "model/engine/run.h"
#include "tools_helpers.h"
#include "ui/time_sequence/tsg_chart.h"
#include "ui/time_sequence/tsg_view.h"
#include "ui/shell/themes.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

class TimeSequenceTest : public ::testing::Test {
protected:
    void SetUp() override {
        w = make_window();
        ASSERT_TRUE(run_scenario(*w, R"({"algo": "reno", "loss": "0.01%", "duration": 12})"));
        tools = tools_of(*w);
        view = tools->timeSequence();
        ASSERT_TRUE(view);
        ASSERT_FALSE(view->chart()->graph());  // nothing is run while the view is closed
        tools->timeSequenceDock()->toggleViewAction()->trigger();
        ASSERT_TRUE(wait_until([&] { return view->chart()->graph() && !view->loader()->busy(); }, 60000));
    }
    std::unique_ptr<MainWindow> w;
    AnalysisTools* tools = nullptr;
    TimeSequenceView* view = nullptr;
};

// A burst of 40 segments within 0.2 ms, among 100 spread over 2 s: on an
// 800-pixel-wide plot it falls in one pixel column, which drew only its
// lowest and highest marks, two dots some 80 px apart. It is drawn as a
// bar: no gap between the column's marks wider than one marker.
TEST(TimeSequenceChartAlone, ABurstInOnePixelColumnIsDrawnAsABar) {
    auto g = std::make_shared<capture::TimeSequence>();
    std::uint64_t seq = 0;
    const auto send = [&](double t) {
        g->segments.push_back(capture::TsgSegment{t, seq, seq + 1448, false});
        g->acks.push_back(capture::TsgAck{t + 0.04, seq + 1448, 0});
        seq += 1448;
    };
    for (int i = 0; i < 50; ++i) send(0.02 * i);
    const double burst_t = 1.0, burst_end_t = 1.0002;
    const std::uint64_t burst_lo = seq;
    for (int i = 0; i < 40; ++i) send(burst_t + i * (burst_end_t - burst_t) / 40);
    const std::uint64_t burst_hi = seq;
    for (int i = 0; i < 50; ++i) send(1.02 + 0.02 * i);
    std::sort(g->acks.begin(), g->acks.end(), [](const auto& a, const auto& b) { return a.t_s < b.t_s; });
    TimeSequenceChart chart;
    chart.resize(900, 450);
    chart.show();
    chart.setGraph(g);
    QApplication::processEvents();
    chart.showRange(0, 2, 0, static_cast<double>(seq));
    QApplication::processEvents();
    const QRectF plot = chart.view()->chart()->plotArea();
    ASSERT_GT(plot.width(), 600);
    const double col_s = 2.0 / plot.width();
    ASSERT_LT(burst_end_t - burst_t, col_s);  // the burst is within a column or two
    QChart* qchart = chart.view()->chart();
    std::vector<double> px;  // the burst's marks, in pixels down the plot
    double top_y = 0;  // the last segment's end, in the axis's unit (B, KB or MB)
    for (const QPointF& p : chart.dataSeries()->points()) top_y = std::max(top_y, p.y());
    const double unit_per_byte = top_y / static_cast<double>(seq);
    for (const QPointF& p : chart.dataSeries()->points())
        if (p.x() > burst_t - col_s && p.x() < burst_end_t + col_s) px.push_back(qchart->mapToPosition(p, chart.dataSeries()).y());
    ASSERT_GE(px.size(), 2u);
    std::sort(px.begin(), px.end());
    // They reach from the burst's first byte to its last ...
    const auto at = [&](std::uint64_t byte) {
        return qchart->mapToPosition(QPointF(burst_t, static_cast<double>(byte) * unit_per_byte), chart.dataSeries()).y();
    };
    EXPECT_NEAR(px.back(), at(burst_lo), 2.0);
    EXPECT_NEAR(px.front(), at(burst_hi), 2.0);
    EXPECT_GT(px.back() - px.front(), 40.0) << "the burst spans tens of pixels";
    // ... with no hole between them.
    double widest_gap_px = 0;
    for (std::size_t i = 1; i < px.size(); ++i) widest_gap_px = std::max(widest_gap_px, px[i] - px[i - 1]);
    EXPECT_LE(widest_gap_px, chart.dataSeries()->markerSize() + 1e-6);
}

// A 1 GiB receive window puts the window line far above the data: the note
// says how far in three figures, not "1,073,944.5 KB" in the axis's unit.
TEST(TimeSequenceChartAlone, TheWindowAboveThePlotIsSaidInThreeFigures) {
    auto g = std::make_shared<capture::TimeSequence>();
    g->window_known = true;
    for (std::uint64_t i = 0; i < 140; ++i) {
        g->segments.push_back(capture::TsgSegment{0.01 * static_cast<double>(i), i * 1448, (i + 1) * 1448, false});
        g->acks.push_back(capture::TsgAck{0.01 * static_cast<double>(i) + 0.04, (i + 1) * 1448, (i + 1) * 1448 + (1ull << 30)});
    }
    TimeSequenceChart chart;
    chart.resize(900, 450);
    chart.show();
    chart.setGraph(g);
    QApplication::processEvents();
    chart.showRange(0, 1.5, 0, 140 * 1448);
    QApplication::processEvents();
    // The highest edge: 202,720 + 1,073,741,824 = 1,073,944,544 bytes.
    EXPECT_EQ(chart.noteText(), QStringLiteral("ACK + receive window runs above the plot (up to 1.07 GB)"));
}

TEST_F(TimeSequenceTest, OpeningItDrawsFlowOneOfTheRunShown) {
    const RunResult& run = w->dashboard()->shown()->result;
    const auto graph = view->chart()->graph();
    EXPECT_GT(graph->segments.size(), 1000u);
    EXPECT_EQ(graph->retransmissions(), run.summary.retransmits);
    EXPECT_TRUE(graph->window_known);
    EXPECT_NE(view->title().indexOf("flow 1"), -1) << view->title().toStdString();
    // A few points per column of the plot, however many packets.
    const int columns = static_cast<int>(view->chart()->view()->chart()->plotArea().width());
    EXPECT_GT(view->chart()->pointsDrawn(), 0);
    EXPECT_LE(view->chart()->pointsDrawn(), 10 * std::max(columns, 100));
}

TEST_F(TimeSequenceTest, AZoomDrawsOnlyTheRangeShown) {
    view->chart()->showTimes(2.0, 2.5);
    EXPECT_DOUBLE_EQ(view->chart()->shownT0(), 2.0);
    EXPECT_DOUBLE_EQ(view->chart()->shownT1(), 2.5);
    const QList<QPointF> data = view->chart()->dataSeries()->points();
    ASSERT_FALSE(data.isEmpty());
    for (const QPointF& p : data) {
        EXPECT_GE(p.x(), 2.0);
        EXPECT_LE(p.x(), 2.5);
    }
    view->chart()->resetZoom();
    EXPECT_DOUBLE_EQ(view->chart()->shownT0(), 0.0);
    EXPECT_GE(view->chart()->shownT1(), 12.0);
}

TEST_F(TimeSequenceTest, AFinishedRunWhileOpenIsDrawnAgain) {
    const auto before = view->chart()->graph();
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "cubic", "duration": 4})"));
    ASSERT_TRUE(wait_until([&] { return view->chart()->graph() != before && !view->loader()->busy(); }, 60000));
    EXPECT_EQ(view->chart()->graph()->retransmissions(), w->dashboard()->shown()->result.summary.retransmits);
    EXPECT_LE(view->chart()->graph()->end_s(), 4.0 + 1e-9);
}

TEST_F(TimeSequenceTest, ACaptureIsReadOffTheUiThreadAndBadFilesAreOneLine) {
    QTemporaryDir dir;
    const auto before = view->chart()->graph();
    // Not a capture: one line, the graph shown stays.
    const QString text = dir.filePath("notes.txt");
    QFile f(text);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("not a capture\n");
    f.close();
    view->openCapture(text);
    ASSERT_TRUE(wait_until([&] { return !view->loader()->busy(); }));
    EXPECT_NE(view->message().indexOf("is not a packet capture"), -1) << view->message().toStdString();
    EXPECT_EQ(view->message().count('\n'), 0);
    EXPECT_EQ(view->chart()->graph(), before);
    EXPECT_FALSE(view->showingCapture());

    // A model capture: its stream drawn, with the capture summary's line.
    const QString pcap = dir.filePath("run.pcap");
    Scenario s;
    s.duration_s = 6;
    s.loss = 1e-4;
    std::string error;
    auto writer = capture::PcapFileWriter::open(pcap.toStdString(), {}, &error);
    ASSERT_TRUE(writer) << error;
    capture::ModelCapture tap(*writer, s);
    RunControl control;
    control.tap = &tap;
    const RunResult r = inflight::run_scenario(s, control);
    tap.flush();
    ASSERT_FALSE(writer->finish());
    view->openCapture(pcap);
    ASSERT_TRUE(wait_until([&] { return view->chart()->graph() != before && !view->loader()->busy(); }, 60000));
    EXPECT_TRUE(view->showingCapture());
    EXPECT_NE(view->title().indexOf("TCP stream 0"), -1) << view->title().toStdString();
    EXPECT_TRUE(view->summary().startsWith("Goodput ")) << view->summary().toStdString();
    EXPECT_EQ(view->chart()->graph()->retransmissions(), r.summary.retransmits);

    // A read cancelled at once: the graph shown stays.
    const auto shown = view->chart()->graph();
    view->openCapture(pcap);
    view->loader()->cancel();
    ASSERT_TRUE(wait_until([&] { return !view->loader()->busy(); }));
    EXPECT_EQ(view->chart()->graph(), shown);
    EXPECT_NE(view->message().indexOf("Cancelled"), -1) << view->message().toStdString();
}

// The plot's background is the palette's base colour in either theme
// (style_chart's law), and presenting draws the ACK line at least half as
// thick again, as the panels' lines (and back on leaving it).
TEST_F(TimeSequenceTest, TheGraphFollowsTheThemeAndThePresentationLook) {
    QChart* chart = view->chart()->view()->chart();
    const auto base = [] { return QApplication::palette().color(QPalette::Base); };
    w->setTheme(true);
    QApplication::processEvents();
    EXPECT_LT(base().lightness(), 128);
    EXPECT_EQ(chart->backgroundBrush().color(), base());
    w->setTheme(false);
    QApplication::processEvents();
    EXPECT_GT(base().lightness(), 128);
    EXPECT_EQ(chart->backgroundBrush().color(), base());

    const double normal_px = view->chart()->ackSeries()->pen().widthF();
    w->setPresentation(true);
    QApplication::processEvents();
    EXPECT_GE(view->chart()->ackSeries()->pen().widthF(), normal_px * 1.5);
    w->setPresentation(false);
    QApplication::processEvents();
    EXPECT_DOUBLE_EQ(view->chart()->ackSeries()->pen().widthF(), normal_px);
    apply_theme(Theme::Light);  // as the other tests expect it
}

}  // namespace
