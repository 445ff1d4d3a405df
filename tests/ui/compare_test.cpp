// Compare (A/B): pin a finished run as the ghost, change the algorithm, and
// the ghost — its row of the table and its faded series on every panel —
// stays exactly what it was while B follows the new run. Expected figures
// come from the runs' own summaries formatted with units.h, and from
// arithmetic on the ghost's trace.
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QTimer>
#include <QFile>
#include <QImage>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include "ui/compare/compare_controller.h"
#include "ui/compare/compare_table.h"
#include "ui/compare/ghost_overlay.h"
#include "model/core/units.h"
#include "ui/panels/rtt_chart.h"
#include "ui/panels/window_chart.h"
#include "tools_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

const QByteArray kRenoLossy = R"({"algo": "reno", "loss": "0.01%", "duration": 10})";
const QByteArray kCubicLossy = R"({"algo": "cubic", "loss": "0.01%", "duration": 10})";

class CompareTest : public ::testing::Test {
protected:
    void SetUp() override {
        w = make_window();
        ASSERT_TRUE(wait_until([&] { return finished(*w); }));
        ASSERT_TRUE(run_scenario(*w, kRenoLossy)) << w->bannerText().toStdString();
        tools = tools_of(*w);
        compare = tools->compare();
    }
    QStringList row(CompareTable::Row r) const {
        QStringList out;
        for (int c = 0; c <= compare->table()->figureCount(); ++c) out << compare->table()->cellText(r, c);
        return out;
    }
    std::unique_ptr<MainWindow> w;
    AnalysisTools* tools = nullptr;
    CompareController* compare = nullptr;
};

}  // namespace

TEST_F(CompareTest, PinningThenChangingTheAlgorithmKeepsTheGhostsNumbersWhileBChanges) {
    const SnapshotPtr a = w->dashboard()->shown();
    compare->pinAction()->trigger();
    ASSERT_TRUE(compare->pinned());
    EXPECT_TRUE(tools->compareDock()->isVisible());
    // The A row: the pinned run's own figures.
    EXPECT_EQ(compare->table()->cellText(CompareTable::RowA, 1), q(format_rate(a->result.summary.throughput_bps)));
    EXPECT_EQ(compare->table()->cellText(CompareTable::RowA, 3), q(format_time(a->result.summary.mean_rtt_s)));
    const QStringList a_row = row(CompareTable::RowA);
    const QList<QPointF> a_cwnd = compare->overlay()->windowSeries()->points();
    const QList<QPointF> a_rtt = compare->overlay()->rttSeries()->points();
    const QList<QPointF> a_rate = compare->overlay()->rateSeries()->points();
    ASSERT_FALSE(a_cwnd.isEmpty());

    ASSERT_TRUE(run_scenario(*w, kCubicLossy));
    const SnapshotPtr b = w->dashboard()->shown();
    ASSERT_EQ(b->result.scenario.algorithm, Algorithm::Cubic);
    // A: unchanged, to the character and to the point.
    EXPECT_EQ(row(CompareTable::RowA), a_row);
    EXPECT_EQ(compare->ghost(), a);
    EXPECT_EQ(compare->overlay()->windowSeries()->points(), a_cwnd);
    EXPECT_EQ(compare->overlay()->rttSeries()->points(), a_rtt);
    EXPECT_EQ(compare->overlay()->rateSeries()->points(), a_rate);
    // B: the new run; the ratio is B over A.
    const double ta = a->result.summary.throughput_bps, tb = b->result.summary.throughput_bps;
    ASSERT_NE(ta, tb);
    EXPECT_EQ(compare->table()->cellText(CompareTable::RowB, 1), q(format_rate(tb)));
    EXPECT_NE(compare->table()->cellText(CompareTable::RowB, 1), compare->table()->cellText(CompareTable::RowA, 1));
    EXPECT_EQ(compare->table()->cellText(CompareTable::RowRatio, 1), q(format_number(tb / ta, 3)) + "×");
    EXPECT_TRUE(compare->table()->cellText(CompareTable::RowA, 0).contains("reno"));
    EXPECT_TRUE(compare->table()->cellText(CompareTable::RowB, 0).contains("cubic"));
    // What differs: the algorithm, and nothing else.
    EXPECT_TRUE(compare->table()->differencesText().contains("algo: reno → cubic"))
        << compare->table()->differencesText().toStdString();
    EXPECT_FALSE(compare->table()->differencesText().contains("loss:"));
}

TEST_F(CompareTest, TheGhostIsDrawnFadedAndDashedOnEveryPanel) {
    compare->pin();
    ASSERT_TRUE(run_scenario(*w, kCubicLossy));
    const GhostOverlay* g = compare->overlay();
    Dashboard* d = w->dashboard();
    const auto chart_of = [](QWidget* panel) { return panel->findChild<QChartView*>()->chart(); };
    EXPECT_EQ(g->windowSeries()->chart(), chart_of(d->panel(Dashboard::Panel::Window)));
    EXPECT_EQ(g->rttSeries()->chart(), chart_of(d->panel(Dashboard::Panel::Rtt)));
    EXPECT_EQ(g->rateSeries()->chart(), chart_of(d->panel(Dashboard::Panel::Hero)));
    EXPECT_EQ(g->windowSeries()->pen().style(), Qt::DashLine);
    EXPECT_EQ(g->rttSeries()->pen().style(), Qt::DashLine);
    // Lighter than B's cwnd on a light theme.
    EXPECT_GT(g->windowSeries()->pen().color().lightness(), d->windowChart()->cwndSeries()->pen().color().lightness());

    // The ghost's cwnd is A's cwnd at bucket ends, in packets: its last point
    // is the last bucket's cwnd over the MSS.
    const RunResult& a = compare->ghost()->result;
    const TraceBucket& last = a.trace.buckets.back();
    EXPECT_DOUBLE_EQ(g->windowSeries()->points().back().y(), last.cwnd_end_bytes / a.scenario.mss_bytes);
    EXPECT_DOUBLE_EQ(g->windowSeries()->points().back().x(), last.t_end_s);
    // A's steady throughput as a level across its steady window, in Mbit/s.
    const QList<QPointF> level = g->throughputSeries()->points();
    ASSERT_EQ(level.size(), 2);
    EXPECT_DOUBLE_EQ(level[0].y(), a.summary.throughput_bps / 1e6);
    EXPECT_DOUBLE_EQ(level[0].x(), a.summary.window_start_s);
}

// Request/response: A's transactions (Nagle and a delayed ACK: 80 ms on a
// 20 ms path) stay on the RTT panel as hollow diamonds, each at its
// completion time and latency in ms, beside B's filled ones (nodelay: 20 ms).
TEST_F(CompareTest, TheGhostDrawsEachTransactionAsAHollowDiamond) {
    const QByteArray nagle = R"({"stack": "linux", "bandwidth": "100Mbps", "rtt": "20ms", "duration": 2,
        "flows": [{"algo": "cubic", "app": "rpc", "writes": "100B+100B", "response": "100B"}]})";
    const QByteArray nodelay = R"({"stack": "linux", "bandwidth": "100Mbps", "rtt": "20ms", "duration": 2,
        "flows": [{"algo": "cubic", "app": "rpc", "writes": "100B+100B", "response": "100B", "nodelay": "on"}]})";
    ASSERT_TRUE(run_scenario(*w, nagle)) << w->bannerText().toStdString();
    compare->pin();
    ASSERT_TRUE(compare->pinned());
    const RunResult a = compare->ghost()->result;
    ASSERT_TRUE(run_scenario(*w, nodelay)) << w->bannerText().toStdString();

    const auto series = compare->overlay()->transactionSeries();
    ASSERT_EQ(series.size(), 1u);
    QScatterSeries* s = series.front();
    QChart* rtt = w->dashboard()->panel(Dashboard::Panel::Rtt)->findChild<QChartView*>()->chart();
    EXPECT_EQ(s->chart(), rtt);
    const TransactionSamples& x = a.flows[0].transaction_samples;
    // 2 s of 80 ms transactions: about 24, every one drawn.
    ASSERT_GT(x.t_s.size(), 15u);
    ASSERT_EQ(static_cast<std::size_t>(s->count()), x.t_s.size());
    for (int i = 0; i < s->count(); ++i) {
        EXPECT_DOUBLE_EQ(s->at(i).x(), x.t_s[static_cast<std::size_t>(i)]);
        EXPECT_DOUBLE_EQ(s->at(i).y(), x.latency_s[static_cast<std::size_t>(i)] * 1e3);
    }
    EXPECT_EQ(s->brush().style(), Qt::NoBrush);
    EXPECT_TRUE(s->name().startsWith("A ")) << s->name().toStdString();
    // B's own transactions are filled, and the axis holds A's slowest.
    const auto own = w->dashboard()->rttChart()->transactionSeries();
    ASSERT_EQ(own.size(), 1u);
    EXPECT_NE(own.front()->brush().style(), Qt::NoBrush);
    const double slowest_ms = *std::max_element(x.latency_s.begin(), x.latency_s.end()) * 1e3;
    EXPECT_GE(qobject_cast<QValueAxis*>(rtt->axes(Qt::Vertical).first())->max(), slowest_ms);
    compare->unpinAction()->trigger();
    EXPECT_TRUE(compare->overlay()->transactionSeries().empty());
}

// Pings: A's replies (behind CUBIC's standing queue in a 100 ms FIFO) stay
// on the RTT panel as hollow rings, each at its reply time and RTT in ms,
// over B's filled dots; a kernel's replies lie on the model's, and dots of
// one look hid them.
TEST_F(CompareTest, TheGhostDrawsEachPingReplyAsAHollowRing) {
    const QByteArray fifo = R"({"bandwidth": "50Mbps", "rtt": "20ms", "buffer": "100ms", "duration": 4,
        "flows": [{"algo": "cubic"}, {"algo": "ping", "interval": "100ms"}]})";
    const QByteArray fq = R"({"bandwidth": "50Mbps", "rtt": "20ms", "buffer": "100ms", "aqm": "fq_codel", "duration": 4,
        "flows": [{"algo": "cubic"}, {"algo": "ping", "interval": "100ms"}]})";
    ASSERT_TRUE(run_scenario(*w, fifo)) << w->bannerText().toStdString();
    compare->pin();
    ASSERT_TRUE(compare->pinned());
    const RunResult a = compare->ghost()->result;
    ASSERT_TRUE(run_scenario(*w, fq)) << w->bannerText().toStdString();

    EXPECT_TRUE(compare->overlay()->transactionSeries().empty());
    const auto series = compare->overlay()->pingSeries();
    ASSERT_EQ(series.size(), 1u);
    QScatterSeries* s = series.front();
    QChart* rtt = w->dashboard()->panel(Dashboard::Panel::Rtt)->findChild<QChartView*>()->chart();
    EXPECT_EQ(s->chart(), rtt);
    const FlowResult& ping = a.flows[1];
    // 4 s of pings every 100 ms: about 40 replies. Each ring is one of them
    // (its RTT in ms), the highest and the lowest among them, and the rings
    // keep their own width apart: at most a ring's lowest and highest
    // reply per 9 px of plot, so they do not merge into one band.
    const std::vector<double>& rtt_s = ping.ping_rtt_samples_s;
    ASSERT_GT(rtt_s.size(), 30u);
    ASSERT_GT(s->count(), 0);
    const double plot_px = rtt->plotArea().width();
    EXPECT_LE(s->count(), 2 * std::max(1, static_cast<int>(std::max(100.0, plot_px)) / 9));
    double lowest = INFINITY, highest = -INFINITY;
    for (int i = 0; i < s->count(); ++i) {
        const double y = s->at(i).y();
        EXPECT_TRUE(std::any_of(rtt_s.begin(), rtt_s.end(), [&](double v) { return v * 1e3 == y; })) << y;
        lowest = std::min(lowest, y);
        highest = std::max(highest, y);
    }
    EXPECT_DOUBLE_EQ(lowest, *std::min_element(rtt_s.begin(), rtt_s.end()) * 1e3);
    EXPECT_DOUBLE_EQ(highest, *std::max_element(rtt_s.begin(), rtt_s.end()) * 1e3);
    EXPECT_EQ(s->markerShape(), QScatterSeries::MarkerShapeCircle);
    EXPECT_EQ(s->brush().style(), Qt::NoBrush);
    EXPECT_TRUE(s->name().startsWith("A ")) << s->name().toStdString();
    EXPECT_TRUE(s->name().contains("ping replies")) << s->name().toStdString();
    // B's own replies are filled, and the axis holds A's slowest (the FIFO's
    // queue: well above fq_codel's).
    const auto own = w->dashboard()->rttChart()->pingSeries();
    ASSERT_EQ(own.size(), 1u);
    EXPECT_NE(own.front()->brush().style(), Qt::NoBrush);
    const double slowest_ms =
        *std::max_element(ping.ping_rtt_samples_s.begin(), ping.ping_rtt_samples_s.end()) * 1e3;
    EXPECT_GT(slowest_ms, 60.0);
    EXPECT_GE(qobject_cast<QValueAxis*>(rtt->axes(Qt::Vertical).first())->max(), slowest_ms);
    compare->unpinAction()->trigger();
    EXPECT_TRUE(compare->overlay()->pingSeries().empty());
}

TEST_F(CompareTest, PinningARunStillGoingPinsItWhenItFinishes) {
    QTemporaryDir dir;
    const QString path = dir.filePath("s.json");
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"algo": "bbr", "bandwidth": "1Gbps", "duration": 30})");
    f.close();
    ASSERT_TRUE(w->loadScenario(path));
    compare->pin();  // right after the request: the run is still going
    if (!compare->pinned()) {
        EXPECT_TRUE(compare->pinPending());
        ASSERT_TRUE(wait_until([&] { return compare->pinned(); }));
    }
    EXPECT_EQ(compare->ghost()->result.scenario.algorithm, Algorithm::Bbr);
    EXPECT_TRUE(compare->ghost()->done);
}

// A's advertised window, dotted beside A's cwnd: SO_RCVBUF 256 KiB on the
// linux stack locks 2 × 262,144 B, a window of × 160/256 = 327,680 B; the
// textbook's 1 GiB (B here, and any run of the default) lies above the axis
// and is not shown.
TEST_F(CompareTest, TheGhostDrawsItsAdvertisedWindowWhenItLiesOnTheAxis) {
    ASSERT_TRUE(run_scenario(*w, R"({"stack": "linux", "rcvbuf": 262144, "duration": 5})"));
    compare->pin();
    // B: the textbook again (a file sets only its own keys).
    ASSERT_TRUE(run_scenario(*w, R"({"stack": "textbook", "rcvbuf": "auto", "algo": "cubic", "duration": 10})"));
    const GhostOverlay* g = compare->overlay();
    QLineSeries* rwnd = g->rwndSeries();
    ASSERT_NE(rwnd, nullptr);
    EXPECT_EQ(rwnd->name(), "A advertised window");
    EXPECT_TRUE(rwnd->isVisible());
    EXPECT_EQ(rwnd->pen().style(), Qt::DotLine);
    ASSERT_GT(rwnd->count(), 0);
    for (const QPointF& p : rwnd->points()) EXPECT_DOUBLE_EQ(p.y(), 327680.0 / 1500);
    EXPECT_FALSE(w->dashboard()->windowChart()->rwndSeries()->isVisible());  // B: 1 GiB
}

TEST_F(CompareTest, UnpinRemovesTheGhostAndTheTable) {
    compare->pin();
    ASSERT_NE(compare->overlay()->windowSeries(), nullptr);
    QChart* window_chart = compare->overlay()->windowSeries()->chart();
    const auto before = window_chart->series().size();
    compare->unpinAction()->trigger();
    EXPECT_FALSE(compare->pinned());
    EXPECT_EQ(compare->overlay()->windowSeries(), nullptr);
    EXPECT_EQ(window_chart->series().size(), before - 2);  // A's cwnd and its advertised window
    EXPECT_FALSE(tools->compareDock()->isVisible());
}

TEST_F(CompareTest, BothRunsExportTogether) {
    QTemporaryDir dir;
    EXPECT_TRUE(compare->exportCsv(dir.filePath("x.csv")).has_value());  // nothing pinned yet
    compare->pin();
    ASSERT_TRUE(run_scenario(*w, kCubicLossy));
    const RunResult& a = compare->ghost()->result;
    const RunResult& b = w->dashboard()->shown()->result;

    const QString csv = dir.filePath("ab.csv");
    ASSERT_FALSE(compare->exportCsv(csv).has_value());
    QFile f(csv);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    qsizetype rows_a = 0, rows_b = 0;
    QString header;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith('#') || line.isEmpty()) continue;
        if (header.isEmpty()) header = QString::fromUtf8(line);
        else if (line.startsWith("A,")) ++rows_a;
        else if (line.startsWith("B,")) ++rows_b;
        else ADD_FAILURE() << "a row of neither run: " << line.toStdString();
    }
    EXPECT_TRUE(header.startsWith("run,t_start_s,t_end_s,")) << header.toStdString();
    EXPECT_EQ(rows_a, static_cast<qsizetype>(a.trace.buckets.size()));
    EXPECT_EQ(rows_b, static_cast<qsizetype>(b.trace.buckets.size()));

    const QString png = dir.filePath("ab.png");
    ASSERT_FALSE(compare->exportPng(png, 1.0).has_value());
    const QImage img(png);
    ASSERT_FALSE(img.isNull());
    // The dashboard with both runs drawn, the table beneath.
    EXPECT_EQ(img.width(), std::max(w->dashboard()->width(), compare->table()->width()));
    EXPECT_EQ(img.height(), w->dashboard()->height() + compare->table()->height());

    EXPECT_TRUE(compare->exportCsv("/nonexistent-dir/ab.csv")->contains("/nonexistent-dir"));
}

TEST_F(CompareTest, TheGhostFollowsThePanelsUnitsAndIsNeverCutOff) {
    compare->pin();  // A: 10 s
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "cubic", "loss": "0.01%", "duration": 5})"));  // B: 5 s
    const RunResult& a = compare->ghost()->result;
    WindowChart* wc = w->dashboard()->windowChart();
    const auto x_max = [](QLineSeries* s) {
        return qobject_cast<QValueAxis*>(s->chart()->axes(Qt::Horizontal).first())->max();
    };
    // The x axes reach A's end, though B's run is shorter.
    for (QLineSeries* s : {compare->overlay()->windowSeries(), compare->overlay()->rttSeries(),
                           compare->overlay()->rateSeries()})
        EXPECT_GE(x_max(s), a.scenario.duration_s);
    // In bytes (View ▸ Window in bytes) the ghost is rescaled with the panel:
    // A's last cwnd in the panel's unit (KB, MB, …) per byte.
    w->dashboard()->setBytes(true);
    const double per = wc->yPerByte();
    EXPECT_NE(per, 1.0 / a.scenario.mss_bytes);
    EXPECT_DOUBLE_EQ(compare->overlay()->windowSeries()->points().back().y(),
                     a.trace.buckets.back().cwnd_end_bytes * per);
}

// The window panel's y axis follows the ghost's steady state, so the
// ghost's slow-start spike can run off the plot's top. The panel's note
// then says so: the ghost's line by name, the end of the last bucket above
// the axis, and the peak in the panel's unit, read here off A's trace and
// the axis; unpinned, the line goes.
TEST_F(CompareTest, AGhostAboveThePlotIsNamedInThePanelsNote) {
    // A: a 1 s buffer, so slow start overshoots far above where CUBIC settles.
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "cubic", "buffer": "1000ms", "duration": 10})"));
    compare->pin();
    // B: a 10 ms buffer, its own window far lower.
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "cubic", "buffer": "10ms", "duration": 10})"));
    const RunResult& a = compare->ghost()->result;
    WindowChart* wc = w->dashboard()->windowChart();
    const double per = wc->yPerByte();
    const double top_bytes =
        qobject_cast<QValueAxis*>(compare->overlay()->windowSeries()->chart()->axes(Qt::Vertical).first())->max() / per;
    double peak_bytes = 0, until_s = 0;
    for (const TraceBucket& b : a.trace.buckets)
        if (b.cwnd_end_bytes > top_bytes) peak_bytes = std::max(peak_bytes, b.cwnd_end_bytes), until_s = b.t_end_s;
    ASSERT_GT(peak_bytes, 0) << "A's window stays on the plot: nothing to check here";
    const QString note = wc->plotNote();
    const QString expected = QStringLiteral("A cwnd runs above the plot until %1 (up to %2 pkts)")
                                 .arg(q(format_time(until_s)), q(format_grouped(std::llround(peak_bytes * per))));
    EXPECT_TRUE(note.contains(expected)) << note.toStdString() << "\nexpected: " << expected.toStdString();

    compare->unpinAction()->trigger();
    EXPECT_FALSE(wc->plotNote().contains(QStringLiteral("above the plot"))) << wc->plotNote().toStdString();
}

// A ghost whose whole window lies on the plot adds no line to the note.
TEST_F(CompareTest, AGhostOnThePlotAddsNoNote) {
    compare->pin();
    ASSERT_TRUE(run_scenario(*w, kCubicLossy));
    const RunResult& a = compare->ghost()->result;
    WindowChart* wc = w->dashboard()->windowChart();
    const double top_bytes =
        qobject_cast<QValueAxis*>(compare->overlay()->windowSeries()->chart()->axes(Qt::Vertical).first())->max() /
        wc->yPerByte();
    for (const TraceBucket& b : a.trace.buckets) ASSERT_LE(b.cwnd_end_bytes, top_bytes);
    EXPECT_FALSE(wc->plotNote().contains(QStringLiteral("above the plot"))) << wc->plotNote().toStdString();
}

// A failed A/B export says so as every other export does: in the window's
// banner, which stays (it was a status-bar message gone after 5 s, and
// hidden altogether while presenting).
TEST_F(CompareTest, AFailedAbExportStaysInTheBanner) {
    compare->pin();
    ASSERT_TRUE(run_scenario(*w, kCubicLossy));
    ASSERT_TRUE(compare->exportCsvAction()->isEnabled());
    bool answered = false;
    QTimer::singleShot(300, [&] {
        auto* d = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        if (!d) return;
        d->setDirectory(QStringLiteral("/proc"));  // the suggested name, compare.csv, in /proc
        answered = d->selectedFiles() == QStringList{QStringLiteral("/proc/compare.csv")};
        static_cast<QDialog*>(d)->accept();  // QFileDialog::accept, through the public slot
    });
    compare->exportCsvAction()->trigger();
    ASSERT_TRUE(answered) << "no save dialog came up";
    EXPECT_TRUE(w->bannerText().contains(QStringLiteral("Export failed"))) << w->bannerText().toStdString();
    EXPECT_TRUE(w->bannerText().contains(QStringLiteral("/proc/compare.csv"))) << w->bannerText().toStdString();
    EXPECT_FALSE(QFile::exists(QStringLiteral("/proc/compare.csv")));
}
