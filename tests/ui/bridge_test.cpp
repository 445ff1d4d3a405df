// View ▸ Real system: the ss -ti line follows the playhead (or shows the end
// of the run), its cwnd is the trace's cwnd at that time in whole packets,
// and the command blocks are model/bridge.h's lines for the scenario — for
// the default path these are written out below from tc-netem(8), sysctl
// and iperf3 syntax and the arithmetic of the path (100 Mbit/s × 80 ms =
// 1,000,000 B of pipe, a 100 ms buffer = 1,250,000 B: 1500 packets of 1500 B).
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QRegularExpression>
#include <QToolButton>
#include <cmath>
#include <gtest/gtest.h>

#include "model/analysis/bridge.h"
#include "ui/real_system/bridge_panel.h"
#include "ui/lesson/playhead.h"
#include "tools_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

using Block = BridgePanel::Block;

// cwnd as ss prints it: whole segments, from the trace bucket holding t
// (the first whose end is after t; the last one at the very end).
std::uint64_t trace_cwnd_packets(const RunResult& r, double t) {
    const auto& b = r.trace.buckets;
    std::size_t i = 0;
    while (i + 1 < b.size() && !(t < b[i].t_end_s)) ++i;
    return static_cast<std::uint64_t>(std::floor(b[i].cwnd_end_bytes / r.scenario.mss_bytes));
}

long long ss_cwnd(const QString& line) {
    const auto m = QRegularExpression(QStringLiteral("\\bcwnd:(\\d+)\\b")).match(line);
    return m.hasMatch() ? m.captured(1).toLongLong() : -1;
}

QString joined(const std::vector<std::string>& lines) {
    QStringList out;
    for (const std::string& l : lines) out << QString::fromStdString(l);
    return out.join('\n');
}

class BridgeTest : public ::testing::Test {
protected:
    void SetUp() override {
        w = make_window();
        ASSERT_TRUE(run_scenario(*w, R"({"algo": "reno", "loss": "0.01%", "duration": 12})"));
        AnalysisTools* tools = tools_of(*w);
        tools->bridgeDock()->toggleViewAction()->trigger();
        bridge = tools->bridge();
        ASSERT_TRUE(tools->bridgeDock()->isVisible());
        ASSERT_EQ(bridge->run(), w->dashboard()->shown());
    }
    std::unique_ptr<MainWindow> w;
    BridgePanel* bridge = nullptr;
};

}  // namespace

TEST_F(BridgeTest, SsLineShowsTheEndOfTheRunThenFollowsThePlayhead) {
    const RunResult& r = bridge->run()->result;
    EXPECT_DOUBLE_EQ(bridge->time(), 12.0);
    const QString end_line = bridge->blockText(Block::Ss);
    EXPECT_TRUE(end_line.startsWith("ts sack reno ")) << end_line.toStdString();
    EXPECT_EQ(ss_cwnd(end_line), static_cast<long long>(trace_cwnd_packets(r, 12.0)));

    for (double t : {0.35, 3.3, 7.777, 11.9}) {
        w->playhead()->seek(t);
        EXPECT_DOUBLE_EQ(bridge->time(), t);
        EXPECT_EQ(ss_cwnd(bridge->blockText(Block::Ss)), static_cast<long long>(trace_cwnd_packets(r, t)))
            << "t = " << t;
    }
}

TEST_F(BridgeTest, ChoosingATimeHereMovesThePlayhead) {
    const RunResult& r = bridge->run()->result;
    bridge->timeBox()->setValue(5.25);
    EXPECT_DOUBLE_EQ(w->playhead()->time(), 5.25);
    EXPECT_TRUE(w->playhead()->engaged());
    EXPECT_EQ(ss_cwnd(bridge->blockText(Block::Ss)), static_cast<long long>(trace_cwnd_packets(r, 5.25)));
}

TEST_F(BridgeTest, CommandsAreTheBridgesLinesForTheScenario) {
    const Scenario& s = bridge->run()->result.scenario;
    // From tc-netem(8): delay TIME, loss random PERCENT, rate RATE, limit PACKETS.
    EXPECT_EQ(bridge->blockText(Block::Router),
              "tc qdisc replace dev IFACE root netem delay 80ms loss random 0.01% rate 100mbit limit 1500");
    EXPECT_EQ(bridge->blockText(Block::Router), joined(router_commands(s)));
    EXPECT_EQ(bridge->blockText(Block::Sender), joined(sender_commands(s)));
    EXPECT_TRUE(bridge->blockText(Block::Sender).startsWith("sysctl -w net.ipv4.tcp_congestion_control=reno\n"));
    EXPECT_EQ(bridge->blockText(Block::Receiver), joined(receiver_commands(s)) + (receiver_commands(s).empty() ? "" : "\n") + "iperf3 -s");
    EXPECT_EQ(bridge->blockText(Block::Iperf3), "iperf3 -c HOST -t 12 -C reno");
    EXPECT_EQ(bridge->blockText(Block::Iperf3), QString::fromStdString(iperf3_command(s)));
}

TEST_F(BridgeTest, CopyPutsTheBlockOnTheClipboard) {
    bridge->copyButton(Block::Router)->click();
    EXPECT_EQ(QApplication::clipboard()->text(), bridge->blockText(Block::Router));
    bridge->copyButton(Block::Ss)->click();
    EXPECT_EQ(QApplication::clipboard()->text(), bridge->blockText(Block::Ss));
}

TEST_F(BridgeTest, ANewRunBringsItsOwnCommands) {
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "bbr", "pacing": true, "duration": 6})"));
    EXPECT_EQ(bridge->run(), w->dashboard()->shown());
    EXPECT_DOUBLE_EQ(bridge->time(), 6.0);
    EXPECT_TRUE(bridge->blockText(Block::Ss).contains(" bbr:(bw:")) << bridge->blockText(Block::Ss).toStdString();
    EXPECT_TRUE(bridge->blockText(Block::Sender).contains("net.ipv4.tcp_congestion_control=bbr"));
    EXPECT_TRUE(bridge->blockText(Block::Sender).contains("fq")) << bridge->blockText(Block::Sender).toStdString();
    EXPECT_EQ(bridge->blockText(Block::Iperf3), "iperf3 -c HOST -t 6 -C bbr");
}
