// `inflight run --pcap`, `inflight capture` and `inflight sweep --pcap` run
// as a user runs them: the capture opens in tshark without a word, the
// reader's JSON has run's keys, an unwritable --pcap is one line before
// anything runs and leaves no file, bad captures exit 1 with one line.
#include <gtest/gtest.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <fstream>

#include "tshark.h"

namespace {

using capture_test::Shell;
using capture_test::TempDir;

Shell inflight(const std::string& args) { return capture_test::shell(std::string(INFLIGHT_EXE) + " " + args); }

QJsonObject json_of(const std::string& text) { return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object(); }

TEST(CaptureCli, RunWritesACaptureThatCaptureReadsWithRunsKeys) {
    TempDir dir;
    const std::string f = dir.file("run.pcap");
    const Shell run = inflight("run --duration 5s --loss 0.01% --json --pcap '" + f + "'");
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.err, "");
    const Shell read = inflight("capture '" + f + "' --json");
    ASSERT_EQ(read.code, 0) << read.err;
    const QJsonObject r = json_of(run.out), c = json_of(read.out);
    for (const QString& key : r.keys()) {
        if (key == "flows") continue;  // one flow's own block: a capture measures one stream
        EXPECT_TRUE(c.contains(key)) << key.toStdString();
    }
    EXPECT_EQ(c.value("retransmits").toInteger(), r.value("retransmits").toInteger());
    EXPECT_NEAR(c.value("throughput_bps").toDouble(), r.value("throughput_bps").toDouble(),
                0.01 * r.value("throughput_bps").toDouble());
    EXPECT_TRUE(c.value("drops_tail").isNull());
    EXPECT_EQ(c.value("engine").toString(), "capture");
    // The readable summary and the trace CSV.
    const Shell text = inflight("capture '" + f + "' --csv '" + dir.file("t.csv") + "'");
    EXPECT_EQ(text.code, 0) << text.err;
    EXPECT_EQ(text.out.rfind("Goodput ", 0), 0u) << text.out;
    std::ifstream csv(dir.file("t.csv"));
    std::string first;
    std::getline(csv, first);
    EXPECT_EQ(first.rfind("# inflight ", 0), 0u);
    if (capture_test::have_tshark()) {
        EXPECT_EQ(capture_test::tshark_complaints(f), "");
    }
}

TEST(CaptureCli, AnUnwritablePcapIsOneLineBeforeAnythingRunsAndLeavesNothing) {
    TempDir dir;
    const Shell missing = inflight("run --duration 600s --pcap /nonexistent-folder/x.pcap");
    EXPECT_EQ(missing.code, 2);
    EXPECT_EQ(missing.err, "inflight: --pcap: cannot write '/nonexistent-folder/x.pcap': directory "
                           "'/nonexistent-folder' does not exist\n");
    EXPECT_EQ(missing.out, "");
    const Shell folder = inflight("run --duration 600s --pcap '" + dir.path() + "'");
    EXPECT_NE(folder.code, 0);
    EXPECT_EQ(std::count(folder.err.begin(), folder.err.end(), '\n'), 1) << folder.err;
    EXPECT_TRUE(dir.entries().empty());
    const Shell sweep = inflight("sweep --param rtt --from 10ms --to 20ms --points 2 --pcap x.pcap");
    EXPECT_EQ(sweep.code, 2);
    EXPECT_NE(sweep.err.find("--pcap"), std::string::npos) << sweep.err;
}

TEST(CaptureCli, KernelRefusesAnUnwritablePcapInOneLineBeforeAnythingRuns) {
    // A missing folder is refused while the options are read (exit 2, as for
    // --csv), before the privileges are even looked at: one line, nothing created.
    const Shell k = inflight("kernel --duration 5s --pcap /nonexistent-folder/k.pcap");
    EXPECT_EQ(k.code, 2);
    EXPECT_EQ(std::count(k.err.begin(), k.err.end(), '\n'), 1) << k.err;
    EXPECT_EQ(k.err, "inflight: --pcap: cannot write '/nonexistent-folder/k.pcap': directory "
                     "'/nonexistent-folder' does not exist\n");
    EXPECT_EQ(k.out, "");
}

TEST(CaptureCli, BadCapturesExitOneWithOneLine) {
    TempDir dir;
    const std::string text = dir.file("notes.txt");
    std::ofstream(text) << "hello\n";
    const Shell r = inflight("capture '" + text + "'");
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("inflight: '" + text + "' is not a packet capture", 0), 0u) << r.err;
    EXPECT_EQ(r.out, "");
    const Shell stream = inflight("capture '" + text + "' --stream x");
    EXPECT_EQ(stream.code, 2);
    const Shell none = inflight("capture");
    EXPECT_EQ(none.code, 2);
    EXPECT_NE(none.err.find("which file?"), std::string::npos);
}

}  // namespace
