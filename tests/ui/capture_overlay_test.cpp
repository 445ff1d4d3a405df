// An opened capture beside the model: File ▸ Open capture… draws the
// capture's measured stream over every panel (the compare controller's
// capture overlay, labelled with the file's name, its window line the
// bytes in flight) as well as its time–sequence graph, from one read;
// Model this path sets the controls (and so the session's request) to the
// path estimated from it and runs the model with the capture still drawn,
// then says in words what differs; Close capture takes the overlay away.
// A file that is not a capture leaves the panels as they were.
// File ▸ Export capture… writes the current scenario's capture off the UI
// thread: it reads back with the run's retransmissions; an unwritable place
// is one line and no file; Cancel leaves nothing.
#include <QAction>
#include <QChartView>
#include <QDir>
#include <QFontMetricsF>
#include <QLegend>
#include <QTest>
#include <QFile>
#include <QJsonDocument>
#include <QLineSeries>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include <optional>

#include "app/capture/model_capture.h"
#include "app/formats/scenario_file.h"
#include "app/capture/pcap_file_writer.h"
#include "model/engine/run.h"
#include "tools_helpers.h"
#include "ui/compare/compare_controller.h"
#include "ui/compare/ghost_overlay.h"
#include "ui/controls/controls_panel.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/rtt_chart.h"
#include "ui/panels/window_chart.h"
#include "ui/teaching/experiment_panel.h"
#include "ui/session/run_session.h"
#include "app/capture/capture_reader.h"
#include "app/capture/stream_analysis.h"
#include "ui/time_sequence/capture_differences.h"
#include "ui/time_sequence/capture_export.h"
#include "ui/time_sequence/capture_run.h"
#include "ui/time_sequence/capture_tool.h"
#include "ui/time_sequence/tsg_view.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

// The model's capture of a path we chose (as `inflight run --pcap` writes it).
void write_capture(const Scenario& s, const QString& path) {
    std::string error;
    auto writer = capture::PcapFileWriter::open(path.toStdString(), {}, &error);
    ASSERT_TRUE(writer) << error;
    capture::ModelCapture tap(*writer, s);
    RunControl control;
    control.tap = &tap;
    inflight::run_scenario(s, control);
    tap.flush();
    ASSERT_FALSE(writer->finish());
}

// A request/response flow on 100 Mbit/s and 20 ms: two 100-byte writes a
// request, then the response, then the pause.
Scenario rpc_on_20ms(double duration_s, std::uint64_t response_bytes, double think_s, Stack stack) {
    Scenario s;
    s.rtt_s = 0.020;
    s.duration_s = duration_s;
    s.stack = stack;
    FlowSpec rpc;
    rpc.app = FlowApp::Rpc;
    rpc.rpc_writes = {100, 100};
    rpc.rpc_response_bytes = response_bytes;
    if (think_s > 0) rpc.rpc_think_s = think_s;
    s.flows = {rpc};
    return s;
}

// The capture's stream as the window reads it; nothing (and a failure) when it cannot.
std::optional<capture::CaptureAnalysis> analysis_of(const QString& f) {
    std::string error;
    const auto contents = capture::read_capture(f.toStdString(), &error);
    EXPECT_TRUE(contents) << error;
    if (!contents) return std::nullopt;
    auto a = capture::analyze_capture(*contents, f.toStdString(), std::nullopt, &error);
    EXPECT_TRUE(a) << error;
    return a;
}

TEST(CaptureOverlay, OpeningACaptureDrawsItOverThePanelsAndModelThisPathSetsTheControls) {
    auto w = make_window();
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "cubic", "duration": 5})"));
    AnalysisTools* tools = tools_of(*w);
    CaptureTool* tool = tools->captureTool();
    ASSERT_TRUE(tool);
    EXPECT_FALSE(tool->modelAction()->isEnabled());

    QTemporaryDir dir;
    // Not a capture: one line in the view, nothing drawn over the panels.
    const QString text = dir.filePath("notes.txt");
    QFile f(text);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("not a capture\n");
    f.close();
    tools->timeSequence()->openCapture(text);
    ASSERT_TRUE(wait_until([&] { return !tools->timeSequence()->loader()->busy(); }));
    EXPECT_FALSE(tools->compare()->capture());
    EXPECT_FALSE(tools->compare()->captureOverlay()->windowSeries());

    // The path: 30 Mbit/s, 25 ms, a 256 KiB window, 0.2% random loss.
    Scenario path;
    path.algorithm = Algorithm::Bbr;
    path.bandwidth_bps = 30e6;
    path.rtt_s = 0.025;
    path.rwnd_bytes = 262144;
    path.loss = 0.002;
    path.loss_pattern = LossPattern::Random;
    path.duration_s = 8;
    const QString pcap = dir.filePath("office.pcap");
    write_capture(path, pcap);
    tools->timeSequence()->openCapture(pcap);
    ASSERT_TRUE(wait_until([&] { return tool->capture() != nullptr; }, 60000));
    GhostOverlay* overlay = tools->compare()->captureOverlay();
    ASSERT_TRUE(overlay->windowSeries());
    EXPECT_EQ(overlay->style().label, "office.pcap");
    EXPECT_TRUE(overlay->windowSeries()->name().contains("in flight")) << overlay->windowSeries()->name().toStdString();
    EXPECT_GT(overlay->windowSeries()->count(), 10);
    EXPECT_GT(overlay->rttSeries()->count(), 10);
    EXPECT_TRUE(overlay->tags().contains("office.pcap"));
    // The graph of the same read, and a line saying what differs from the run shown.
    EXPECT_TRUE(tools->timeSequence()->showingCapture());
    EXPECT_TRUE(tools->timeSequence()->comparison().startsWith("Model vs office.pcap"))
        << tools->timeSequence()->comparison().toStdString();
    ASSERT_TRUE(tool->modelAction()->isEnabled());

    // A capture cut short: one line, and the capture drawn before stays.
    {
        QFile whole(pcap);
        ASSERT_TRUE(whole.open(QIODevice::ReadOnly));
        const QByteArray bytes = whole.readAll();
        QFile cut(dir.filePath("cut.pcap"));
        ASSERT_TRUE(cut.open(QIODevice::WriteOnly));
        cut.write(bytes.left(bytes.size() / 2 + 7));
    }
    const SnapshotPtr drawn = tools->compare()->capture();
    tools->timeSequence()->openCapture(dir.filePath("cut.pcap"));
    ASSERT_TRUE(wait_until([&] { return !tools->timeSequence()->loader()->busy(); }, 60000));
    EXPECT_NE(tools->timeSequence()->message().indexOf("cut short"), -1)
        << tools->timeSequence()->message().toStdString();
    EXPECT_EQ(tools->compare()->capture(), drawn);
    EXPECT_EQ(overlay->style().label, "office.pcap");

    // Model this path: the controls and the request take the estimate.
    const capture::PathEstimate e = *tool->capture()->estimate;
    tool->modelAction()->trigger();
    const Scenario& asked = w->session()->requested();
    const Scenario expected = capture::path_scenario(e, Scenario{}, Limits::max_bandwidth_bps_app);
    EXPECT_DOUBLE_EQ(asked.bandwidth_bps, expected.bandwidth_bps);
    EXPECT_DOUBLE_EQ(asked.rtt_s, expected.rtt_s);
    EXPECT_DOUBLE_EQ(asked.loss, expected.loss);
    EXPECT_EQ(asked.loss_pattern, LossPattern::Random);
    EXPECT_EQ(asked.rwnd_bytes, 262144u);
    EXPECT_EQ(w->controls()->scenario(), asked);
    // Near the path that wrote it (the estimator's own test holds it closer).
    EXPECT_NEAR(asked.bandwidth_bps, 30e6, 0.1 * 30e6);
    EXPECT_NEAR(asked.rtt_s, 0.025, 0.002);
    ASSERT_TRUE(wait_until([&] { return finished(*w); }, 60000));
    // The capture stays over the new run, and the words compare the two.
    EXPECT_EQ(tools->compare()->capture(), tool->capture()->run);
    EXPECT_TRUE(overlay->windowSeries());
    ASSERT_TRUE(wait_until([&] { return tools->timeSequence()->comparison().contains("throughput"); }));
    EXPECT_TRUE(tools->timeSequence()->comparison().contains("retransmissions"));

    // Close capture: the overlay goes, the view draws the run again.
    tool->closeAction()->trigger();
    EXPECT_FALSE(tools->compare()->capture());
    EXPECT_FALSE(overlay->windowSeries());
    EXPECT_FALSE(tool->modelAction()->isEnabled());
    EXPECT_FALSE(tools->timeSequence()->showingCapture());
    EXPECT_TRUE(tools->timeSequence()->comparison().isEmpty());
}

// A capture whose bytes in flight run above the window panel's plot (its
// slow start, over a run whose own window is small): the panel's note says
// so, and wraps before the capture's tag at the plot's top right, so
// neither covers the other.
// The model's capture of a request/response flow whose 3,000-byte
// responses outweigh its 200-byte requests: the server is the sender
// measured, and the capture (at the client) is beside the receiver, where
// data-to-ACK times are the client's ACK delay (0 s). Drawn beside the
// model, the overlay has no RTT and no flight, and the words comparing the
// two leave the RTT out; the path's round trip is the handshake's.
TEST(CaptureOverlay, ACaptureBesideTheReceiverDrawsNoRttAndComparesNone) {
    QTemporaryDir dir;
    const QString f = dir.filePath("rpc.pcap");
    const Scenario s = rpc_on_20ms(3, 3000, 0, Stack::Linux);
    write_capture(s, f);
    const auto a = analysis_of(f);
    ASSERT_TRUE(a);
    ASSERT_TRUE(a->beside_receiver);
    EXPECT_LT(a->result.summary.mean_rtt_s, 1e-3) << "what the capture shows: the client's ACK delay";
    const SnapshotPtr shown = capture_snapshot(*a, 0);
    const RunResult& r = shown->result;
    EXPECT_TRUE(std::isnan(r.summary.mean_rtt_s));
    EXPECT_NEAR(r.trace.base_rtt_s, 0.020, 1e-3);
    for (const TraceBucket& b : r.trace.buckets) {
        ASSERT_TRUE(std::isnan(b.srtt_s));
        ASSERT_TRUE(std::isnan(b.rtt_s.max));
        ASSERT_TRUE(std::isnan(b.inflight_bytes.max));
    }
    const QStringList words = capture_differences(run_scenario(s), r, QStringLiteral("rpc.pcap"));
    ASSERT_FALSE(words.isEmpty());
    EXPECT_FALSE(words.join(' ').contains(QStringLiteral("RTT"))) << words.join('\n').toStdString();
    // Nor a limit: beside the receiver every ACK leaves nothing in flight
    // that the capture sees, which is not the sender waiting for data.
    EXPECT_FALSE(words.join(' ').contains(QStringLiteral("application"))) << words.join('\n').toStdString();
    EXPECT_TRUE(std::isnan(a->result.summary.binding_fractions[static_cast<std::size_t>(Limit::App)]));

    // Opened in the window: neither line is named in its panel's key (one
    // entry per visible series), where "rpc.pcap in flight" stood with no
    // line drawn. A capture from the sender's side has them again.
    auto w = make_window();
    AnalysisTools* tools = tools_of(*w);
    tools->timeSequence()->openCapture(f);
    ASSERT_TRUE(wait_until([&] { return tools->captureTool()->capture() != nullptr; }, 60000));
    GhostOverlay* overlay = tools->compare()->captureOverlay();
    for (QLineSeries* line : {overlay->windowSeries(), overlay->rttSeries()}) {
        ASSERT_TRUE(line);
        EXPECT_EQ(line->count(), 0) << line->name().toStdString();
        EXPECT_FALSE(line->isVisible()) << line->name().toStdString();
    }
    Scenario bulk;
    bulk.rtt_s = 0.020;
    bulk.duration_s = 3;
    const QString g = dir.filePath("bulk.pcap");
    write_capture(bulk, g);
    const TsgLoadPtr before = tools->captureTool()->capture();
    tools->timeSequence()->openCapture(g);
    ASSERT_TRUE(wait_until([&] { return tools->captureTool()->capture() != before; }, 60000));
    for (QLineSeries* line : {overlay->windowSeries(), overlay->rttSeries()}) {
        EXPECT_GT(line->count(), 10) << line->name().toStdString();
        EXPECT_TRUE(line->isVisible()) << line->name().toStdString();
    }
}

// A client that pauses 60 ms after each 40 ms transaction, beside a bulk
// model of its path: the words name what the capture shows, its sender
// waiting for its application about 60% of the time, instead of a list of
// what might explain the gap.
TEST(CaptureOverlay, AnIdleSendersGapIsPutOnItsApplication) {
    QTemporaryDir dir;
    const QString f = dir.filePath("idle.pcap");
    write_capture(rpc_on_20ms(4, 100, 0.060, Stack::Textbook), f);
    const auto a = analysis_of(f);
    ASSERT_TRUE(a);
    ASSERT_EQ(a->result.summary.binding_limit, Limit::App);
    Scenario bulk;
    bulk.rtt_s = 0.020;
    bulk.duration_s = 4;
    const QStringList words = capture_differences(run_scenario(bulk), capture_snapshot(*a, 0)->result, "idle.pcap");
    ASSERT_EQ(words.size(), 2);
    const double app = a->result.summary.binding_fractions[static_cast<std::size_t>(Limit::App)];
    EXPECT_NEAR(app, 0.6, 0.05);
    EXPECT_TRUE(words[1].endsWith(QStringLiteral("waiting for its application, %1% of its second half.")
                                      .arg(std::round(app * 100))))
        << words[1].toStdString();
}

// Model this path on a request/response capture: the controls take the
// capture's exchange (its writes, response, pause and Nagle), not a bulk
// flow that would fill a path the application never filled, and the run
// beside it makes its transactions.
TEST(CaptureOverlay, ModelThisPathOnARequestResponseCaptureModelsItsExchange) {
    auto w = make_window();
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "cubic", "duration": 2})"));
    AnalysisTools* tools = tools_of(*w);
    CaptureTool* tool = tools->captureTool();
    QTemporaryDir dir;
    const QString f = dir.filePath("exchange.pcap");
    // Written by Linux's TCP: the server delays its ACK of the first write,
    // which Nagle holds the second behind: 80 ms a transaction, not 40.
    write_capture(rpc_on_20ms(4, 100, 0.060, Stack::Linux), f);
    tools->timeSequence()->openCapture(f);
    ASSERT_TRUE(wait_until([&] { return tool->capture() != nullptr; }, 60000));
    ASSERT_TRUE(tool->modelAction()->isEnabled());
    ASSERT_EQ(w->session()->requested().stack, Stack::Textbook);
    tool->modelAction()->trigger();
    const Scenario& asked = w->session()->requested();
    ASSERT_EQ(asked.flows.size(), 1u);
    const FlowSpec& flow = asked.flows[0];
    EXPECT_EQ(flow.app, FlowApp::Rpc);
    EXPECT_EQ(flow.rpc_writes, (std::vector<std::uint64_t>{100, 100}));
    EXPECT_EQ(flow.rpc_response_bytes, std::optional<std::uint64_t>(100));
    ASSERT_TRUE(flow.rpc_think_s);
    EXPECT_NEAR(*flow.rpc_think_s, 0.060, 1e-4);
    EXPECT_EQ(flow.nodelay, std::optional<bool>(false));
    EXPECT_EQ(w->controls()->scenario(), asked);
    ASSERT_TRUE(wait_until([&] { return finished(*w); }, 60000));
    const SnapshotPtr shown = w->session()->current();
    ASSERT_TRUE(shown);
    ASSERT_EQ(shown->result.flows.size(), 1u);
    // The textbook stack: 40 ms a transaction (two round trips) and 60 ms
    // of pause over the capture's 4 s.
    EXPECT_NEAR(static_cast<double>(shown->result.flows[0].summary.transactions), 4.0 / 0.100, 2.0);
    // The words put the gap (140 ms against 100 ms a transaction) on the
    // ACKs and point to the stack that models Linux's.
    ASSERT_TRUE(wait_until([&] { return tools->timeSequence()->comparison().contains("Largest gap"); }));
    const QString words = tools->timeSequence()->comparison();
    EXPECT_TRUE(words.contains("the model's exchange is")) << words.toStdString();
    EXPECT_TRUE(words.contains("Stack linux")) << words.toStdString();
    // And with Stack linux the model's exchange is the capture's.
    Scenario linux_stack = asked;
    linux_stack.stack = Stack::Linux;
    ASSERT_TRUE(run_scenario(*w, QJsonDocument(scenario_to_json(linux_stack)).toJson()));
    ASSERT_EQ(w->session()->current()->result.scenario.stack, Stack::Linux);
    ASSERT_TRUE(wait_until([&] { return tools->timeSequence()->comparison().contains("agree within 10%"); }))
        << tools->timeSequence()->comparison().toStdString();
}

TEST(CaptureOverlay, ThePanelsNoteWrapsBeforeTheCapturesTag) {
    auto w = make_window();
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "cubic", "rtt": "20ms", "buffer": "10ms", "duration": 10})"));
    AnalysisTools* tools = tools_of(*w);
    QTemporaryDir dir;
    Scenario path;  // the lesson's loss path: slow start far above where it settles
    path.algorithm = Algorithm::Cubic;
    path.loss = 1e-4;
    path.duration_s = 10;
    const QString pcap = dir.filePath("a-capture-with-a-long-name.pcap");
    write_capture(path, pcap);
    tools->timeSequence()->openCapture(pcap);
    ASSERT_TRUE(wait_until([&] { return tools->captureTool()->capture() != nullptr; }, 60000));
    QCoreApplication::processEvents();
    WindowChart* wc = w->dashboard()->windowChart();
    GhostOverlay* overlay = tools->compare()->captureOverlay();
    ASSERT_TRUE(wc->plotNote().contains(QStringLiteral("runs above the plot"))) << wc->plotNote().toStdString();
    const QRectF note = wc->plotNoteRect();
    const QRectF tag = overlay->tagRect(wc->view()->chart());
    ASSERT_FALSE(note.isEmpty()) << "the note is not drawn in the plot";
    ASSERT_FALSE(tag.isEmpty());
    EXPECT_FALSE(note.intersects(tag)) << "note x " << note.left() << "–" << note.right() << ", tag x " << tag.left()
                                       << "–" << tag.right();
}

TEST(CaptureExport, WritesTheRunsCaptureOffTheUiThreadAndBadPlacesLeaveNothing) {
    auto w = make_window();
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "reno", "loss": "0.1%", "loss_pattern": "random", "duration": 4})"));
    const RunResult run = w->dashboard()->shown()->result;
    CaptureExport* ex = tools_of(*w)->captureExport();
    ASSERT_TRUE(ex);
    QTemporaryDir dir;
    QString line;
    bool ok = false;
    QObject::connect(ex, &CaptureExport::finished, [&](bool o, const QString& l) {
        ok = o;
        line = l;
    });
    const QString pcap = dir.filePath("run.pcap");
    ASSERT_TRUE(ex->exportTo(pcap));
    EXPECT_TRUE(ex->busy());
    EXPECT_TRUE(ex->cancelAction()->isEnabled());
    ASSERT_TRUE(wait_until([&] { return !line.isEmpty(); }, 60000));
    EXPECT_TRUE(ok) << line.toStdString();
    EXPECT_EQ(line, QString("Wrote %1").arg(pcap));
    std::string error;
    const auto contents = capture::read_capture(pcap.toStdString(), &error);
    ASSERT_TRUE(contents) << error;
    const auto a = capture::analyze_capture(*contents, pcap.toStdString(), std::nullopt, &error);
    ASSERT_TRUE(a) << error;
    EXPECT_EQ(a->result.summary.retransmits, run.summary.retransmits);
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
              QStringList{"run.pcap"});

    // A folder that does not exist, and a folder as the file: one line each, no file.
    for (const QString& bad : {QString("/nonexistent-folder/x.pcap"), dir.path()}) {
        line.clear();
        ASSERT_TRUE(ex->exportTo(bad));
        ASSERT_TRUE(wait_until([&] { return !line.isEmpty(); }, 60000));
        EXPECT_FALSE(ok);
        EXPECT_TRUE(line.startsWith("Export failed — ")) << line.toStdString();
        EXPECT_EQ(line.count('\n'), 0);
    }
    EXPECT_FALSE(QFile::exists("/nonexistent-folder/x.pcap"));

    // Cancelled: nothing is left, not even the hidden temporary file.
    // (A long scenario asked for, not waited for: the export runs the request.)
    {
        QFile f(dir.filePath("long.json"));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(R"({"duration": 300})");
    }
    ASSERT_TRUE(w->loadScenario(dir.filePath("long.json")));
    ASSERT_TRUE(QFile::remove(dir.filePath("long.json")));
    line.clear();
    const QString big = dir.filePath("big.pcap");
    ASSERT_TRUE(ex->exportTo(big));
    ex->cancelAction()->trigger();
    ASSERT_TRUE(wait_until([&] { return !line.isEmpty(); }, 60000));
    EXPECT_FALSE(ok);
    EXPECT_TRUE(line.contains("cancelled")) << line.toStdString();
    EXPECT_FALSE(ex->busy());
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
              QStringList{"run.pcap"});
}

}  // namespace

// A tag names its overlay inside the plot it is drawn on. On a narrow plot
// (the window at 1024 px with the guide open and the flows of experiment
// 10, about 140 px of plot) the whole label lay over the value axis; it
// now gives up its last words, or is elided, and stays inside the plot.
TEST(CaptureOverlay, TheTagStaysInsideANarrowPlot) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    w->openExperiment(9);
    QTest::mouseClick(w->guide()->setButton(), Qt::LeftButton);
    ASSERT_TRUE(wait_settled(*w));
    AnalysisTools* tools = tools_of(*w);
    QTemporaryDir dir;
    Scenario path;
    path.duration_s = 4;
    const QString pcap = dir.filePath("a-capture-with-a-long-name.pcap");
    write_capture(path, pcap);
    tools->timeSequence()->openCapture(pcap);
    ASSERT_TRUE(wait_until([&] { return tools->captureTool()->capture() != nullptr; }, 60000));
    GhostOverlay* overlay = tools->compare()->captureOverlay();
    bool some_narrow = false;
    for (const int width : {1280, 1024}) {
        w->resize(width, 720);
        QTest::qWait(100);
        QCoreApplication::processEvents();
        for (QChart* chart : {w->dashboard()->windowChart()->view()->chart(), w->dashboard()->rttChart()->view()->chart()}) {
            const QRectF plot = chart->plotArea();
            const QRectF tag = overlay->tagRect(chart);
            ASSERT_FALSE(tag.isEmpty());
            const QFontMetricsF fm(QFont(chart->legend()->font()));
            if (plot.width() < fm.horizontalAdvance(overlay->style().label) + 60) some_narrow = true;
            EXPECT_GE(tag.left(), plot.left()) << width << " px: plot x " << plot.left() << "–" << plot.right()
                                               << ", tag x " << tag.left() << "–" << tag.right();
            EXPECT_LE(tag.right(), plot.right() + 0.5) << width << " px";
        }
    }
    EXPECT_TRUE(some_narrow) << "no plot was narrower than the whole tag: the case is not tested";
}
