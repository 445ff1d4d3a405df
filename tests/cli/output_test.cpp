// What `run` prints and writes, on a hand-made RunResult (no model run):
// the summary's hero line, the --json keys the README lists, the CSV layout, and
// atomic writes.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <set>
#include <sstream>

#include "app/formats/atomic_write.h"
#include "app/formats/csv_export.h"
#include "app/formats/json_output.h"
#include "app/formats/scenario_text.h"
#include "app/cli/summary_text.h"

using namespace inflight;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// Commas outside quotes.
std::size_t field_count(const std::string& row) {
    std::size_t n = 1;
    bool quoted = false;
    for (char c : row) {
        if (c == '"') quoted = !quoted;
        if (c == ',' && !quoted) ++n;
    }
    return n;
}

// A result as a 100 Mbit/s, 80 ms CUBIC run that got 24.1 Mbit/s might look.
RunResult sample_result() {
    RunResult r;
    r.scenario = Scenario{};
    Summary& s = r.summary;
    s.window_start_s = 20;
    s.window_end_s = 40;
    s.throughput_bps = 24.1e6;
    s.utilisation = 0.241;
    s.mean_cwnd_packets = 160.5;
    s.mean_rtt_s = 0.0952;
    s.min_rtt_s = 0.080;
    s.max_rtt_s = 0.182;
    s.p95_rtt_s = 0.180;
    s.binding_fractions = {0.62, 0, 0, 0, 0.38};
    s.binding_limit = Limit::Cwnd;
    s.window_congestion_events = 12;
    s.congestion_events = 45;
    s.drops_tail = 120;
    s.drops_random = 3200;
    s.retransmits = 3320;
    s.bdp_packets = 100e6 * 0.080 / 8 / 1500;
    s.buffer_packets = 100e6 * 0.100 / 8 / 1500;
    s.packets_simulated = 330000;
    s.wall_seconds = 0.012;
    r.trace.bdp_bytes = 1e6;
    r.trace.buffer_bytes = 1.25e6;
    r.trace.base_rtt_s = 0.080;
    r.trace.bucket_s = 0.5;
    for (int i = 0; i < 3; ++i) {
        TraceBucket b;
        b.t_start_s = i * 0.5;
        b.t_end_s = (i + 1) * 0.5;
        b.cwnd_bytes = {15000.0 * (i + 1), 16000.0 * (i + 1)};
        b.rtt_s = {std::nan(""), std::nan("")};  // no sample in this bucket
        b.ssthresh_bytes = std::numeric_limits<double>::infinity();
        b.pkts_sent = 10u * static_cast<unsigned>(i);
        b.retransmitted_bytes = 1500u * static_cast<unsigned>(i + 1);
        if (i > 0) b.rwnd_bytes = 65536;  // bucket 0: still in the handshake, none learned
        r.trace.buckets.push_back(b);
    }
    Event e;
    e.t_s = 1.25;
    e.kind = EventKind::CongestionEvent;
    e.cause = CongestionCause::Loss;
    e.cwnd_before_bytes = 150000;
    e.cwnd_after_bytes = 105000;
    e.mss_bytes = 1500;
    r.events.push_back(e);
    Event d;
    d.t_s = 1.5;
    d.kind = EventKind::Drops;
    d.drops_tail = 3;
    d.drops_random = 1;
    r.events.push_back(d);
    return r;
}

}  // namespace

TEST(Summary, HeroLineComesFirst) {
    const RunResult r = sample_result();
    EXPECT_EQ(hero_line(r), "Throughput 24.1 Mbit/s (24.1% of 100 Mbit/s), limited by cwnd");
    EXPECT_EQ(lines_of(summary_text(r)).front(), hero_line(r));
}

TEST(Summary, RwndLimitSaysTheWindowPerRtt) {
    RunResult r = sample_result();
    r.scenario.rwnd_bytes = 65535;
    r.scenario.sndbuf_bytes = 16384;
    r.flows.resize(1);
    r.flows[0].flow = resolve_flow(r.scenario, 0);  // as the engine fills it
    r.summary.binding_limit = Limit::Rwnd;
    EXPECT_EQ(binding_limit_words(r), "limited by rwnd: 65,535 B per 80 ms");  // the window-limit wording: B per RTT
    r.summary.binding_limit = Limit::Sndbuf;
    EXPECT_EQ(binding_limit_words(r), "limited by the send buffer: 16,384 B per 80 ms");
    r.summary.binding_limit = Limit::Link;
    EXPECT_EQ(binding_limit_words(r), "limited by the link");
}

// Linux's receive buffer: SO_RCVBUF 256 KiB locks 2 × 262,144 B, whose window
// is × 160/256 = 327,680 B (receive_buffer.h); autotuning's window moves, so
// it is named without a figure.
TEST(Summary, RwndOfLinuxsReceiveBufferSaysWhichItIs) {
    RunResult r = sample_result();
    r.scenario.rcvbuf_bytes = 256 * 1024;
    r.flows.resize(1);
    r.flows[0].flow = resolve_flow(r.scenario, 0);
    r.summary.binding_limit = Limit::Rwnd;
    EXPECT_EQ(binding_limit_words(r), "limited by rwnd (SO_RCVBUF): 327,680 B per 80 ms");
    r.scenario.rcvbuf_bytes = 0;
    r.scenario.autotuning = Detail::On;
    r.flows[0].flow = resolve_flow(r.scenario, 0);
    EXPECT_EQ(binding_limit_words(r), "limited by rwnd (autotuning)");
    // A flow's rwnd of 65,535 B under autotuning: the buffer opens past it
    // (tcp_rmem[2] 32 MiB × 160/256 = 20,971,520 B), so the fixed window binds.
    r.scenario.rwnd_bytes = 65535;
    r.flows[0].flow = resolve_flow(r.scenario, 0);
    EXPECT_EQ(binding_limit_words(r), "limited by rwnd: 65,535 B per 80 ms");
    r.scenario.rwnd_bytes = 20971520;
    r.flows[0].flow = resolve_flow(r.scenario, 0);
    EXPECT_EQ(binding_limit_words(r), "limited by rwnd (autotuning)");
}

TEST(Summary, ShowsRttDropsAndTheScenario) {
    const std::string text = summary_text(sample_result());
    EXPECT_TRUE(contains(text, "mean 95.2 ms")) << text;
    EXPECT_TRUE(contains(text, "p95 180 ms")) << text;
    // Loss on the link: the scenario's pattern is evenly spaced (the
    // default), so not "random".
    ASSERT_EQ(sample_result().scenario.loss_pattern, LossPattern::Even);
    EXPECT_TRUE(contains(text, "AQM 0, link loss 3,200;")) << text;
    EXPECT_FALSE(contains(text, "random")) << text;
    EXPECT_TRUE(contains(text, "cwnd 62%, link 38%")) << text;
    EXPECT_TRUE(contains(text, "cubic, 100 Mbit/s, RTT 80 ms")) << text;
    EXPECT_FALSE(contains(text, "Warning")) << text;
}

TEST(Summary, WarnsWhenTooFewEventsToTrust) {
    RunResult r = sample_result();
    r.summary.few_events = true;
    r.summary.window_congestion_events = 4;
    const std::string text = summary_text(r);
    EXPECT_TRUE(contains(text, "Warning: only 4 congestion events")) << text;
}

TEST(JsonOutput, HasEveryKeyTheReadmeLists) {
    const QJsonObject o = result_to_json(sample_result());
    for (const char* k :
         {"throughput_bps", "utilisation", "mean_cwnd_packets", "mean_rtt_s", "min_rtt_s", "max_rtt_s",
          "p95_rtt_s", "window_congestion_events", "congestion_events", "drops_tail", "drops_aqm",
          "drops_random", "ecn_marks", "retransmits", "rtos", "binding_limit", "binding_fractions",
          "bdp_packets", "buffer_packets", "packets_simulated", "wall_seconds", "scenario", "version",
          "few_events"})
        EXPECT_TRUE(o.contains(k)) << k;
    EXPECT_EQ(o["throughput_bps"].toDouble(), 24.1e6);
    EXPECT_EQ(o["binding_limit"].toString(), "cwnd");
    EXPECT_EQ(o["drops_random"].toInteger(), 3200);
    const QJsonObject f = o["binding_fractions"].toObject();
    EXPECT_EQ(f.keys(), (QStringList{"app", "cwnd", "link", "pacing", "rwnd", "sndbuf"}));  // the README's {cwnd, rwnd, sndbuf, pacing, link, app}
    EXPECT_EQ(f["link"].toDouble(), 0.38);
    const QJsonObject sc = o["scenario"].toObject();
    std::set<std::string> keys;
    for (const QString& k : sc.keys()) keys.insert(k.toStdString());
    std::set<std::string> expected;
    for (Param p : kAllParams) expected.insert(key(p));
    EXPECT_EQ(keys, expected);
    EXPECT_EQ(sc["bandwidth"].toDouble(), 100e6);
    EXPECT_EQ(sc["rtt"].toDouble(), 0.080);
}

TEST(JsonOutput, IsOneValidObject) {
    const std::string text = result_json_text(sample_result());
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &err);
    EXPECT_EQ(err.error, QJsonParseError::NoError);
    EXPECT_TRUE(doc.isObject());
}

TEST(Csv, TraceStartsWithProvenanceThenHeaderThenOneRowPerBucket) {
    const RunResult r = sample_result();
    const auto lines = lines_of(trace_csv(r));
    std::size_t i = 0;
    std::string comments;
    while (i < lines.size() && lines[i].starts_with("#")) comments += lines[i++] + "\n";
    EXPECT_TRUE(contains(comments, std::string("Inflight ") + INFLIGHT_VERSION)) << comments;
    for (Param p : kAllParams) EXPECT_TRUE(contains(comments, std::string("# ") + key(p) + " = ")) << key(p);
    EXPECT_TRUE(contains(comments, "# rtt = 0.08 s (80 ms)\n")) << comments;
    EXPECT_TRUE(contains(comments, "# bandwidth = 100000000 bit/s (100 Mbit/s)\n")) << comments;
    EXPECT_TRUE(contains(comments, "# rcvbuf = auto\n")) << comments;  // a word takes no unit ("auto bytes")
    EXPECT_TRUE(contains(comments, "# duration = 40 s\n")) << comments;
    EXPECT_TRUE(contains(comments, "# reproduce: inflight run ")) << comments;
    ASSERT_LT(i, lines.size());
    const std::string header = lines[i++];
    EXPECT_TRUE(header.starts_with("t_start_s,t_end_s,")) << header;
    for (const char* column : {"cwnd_min_bytes", "queue_max_bytes", "srtt_s", "rttvar_s", "cwnd_end_bytes",
                               "btlbw_bps", "bbr_pacing_gain", "phase", "limit", "pkts_in_network",
                               "retransmitted_bytes", "rwnd_bytes"})
        EXPECT_TRUE(contains(header, column)) << column;
    EXPECT_EQ(lines.size() - i, r.trace.buckets.size());
    for (; i < lines.size(); ++i) EXPECT_EQ(field_count(lines[i]), field_count(header)) << lines[i];
}

TEST(Csv, NumbersAreExactAndMissingValuesEmpty) {
    const auto lines = lines_of(trace_csv(sample_result()));
    const std::string& last = lines.back();
    // Bucket 2: t 1..1.5 s, cwnd 45000..48000 B, no RTT sample, ssthresh unset.
    EXPECT_TRUE(last.starts_with("1,1.5,45000,48000,")) << last;
    EXPECT_TRUE(contains(last, ",inf,,,")) << last;  // ssthresh inf, RTT min/max empty
    EXPECT_TRUE(last.ends_with(",4500,65536")) << last;  // retransmitted_bytes, then rwnd_bytes, the last column
    // No advertised window learned yet: an empty cell.
    std::size_t first = 0;
    while (lines[first].starts_with("#")) ++first;
    EXPECT_TRUE(lines[first + 1].ends_with(",1500,")) << lines[first + 1];
}

TEST(Csv, EventTextIsQuotedWhenNeeded) {
    const auto lines = lines_of(events_csv(sample_result()));
    std::size_t i = 0;
    while (lines[i].starts_with("#")) ++i;
    const std::string header = lines[i];
    EXPECT_EQ(header, "t_s,kind,text,cause,cwnd_before_bytes,cwnd_after_bytes,drops_tail,drops_aqm,"
                      "drops_random,ecn_marks,phase,limit");
    ASSERT_EQ(lines.size(), i + 3);
    // The event log's words: 150,000 B → 105,000 B at a 1,500 B MSS.
    EXPECT_TRUE(contains(lines[i + 1], ",Congestion event (loss): cwnd 100 → 70 packets,")) << lines[i + 1];
    // A sentence with a comma is quoted.
    EXPECT_TRUE(contains(lines[i + 2], R"("4 packets dropped: 3 tail drop (buffer full), 1 link loss")"))
        << lines[i + 2];
    EXPECT_EQ(field_count(lines[i + 1]), field_count(header));
    EXPECT_EQ(field_count(lines[i + 2]), field_count(header));
    EXPECT_EQ(csv_field("plain"), "plain");
    EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
    EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
}

TEST(Csv, TimesAreWrittenToTheClockTickWithoutFloatNoise) {
    // 1,136,200,000,000 ps times 1e-12 and 0.2 s as 25 buckets of 8 ms
    // summed: written in full, the doubles read 1.1361999999999999 and
    // 0.20000000000000012; to the 1 ps clock they are 1.1362 and 0.2.
    RunResult r = sample_result();
    r.events.resize(1);
    r.events[0].t_s = 1136200000000.0 * 1e-12;
    double t = 0;
    for (int i = 0; i < 25; ++i) t += 0.008;
    r.trace.buckets.resize(1);
    r.trace.buckets[0].t_start_s = t;
    r.trace.buckets[0].t_end_s = t + 0.008;
    auto first_data_line = [](const std::vector<std::string>& lines) {
        std::size_t i = 0;
        while (lines[i].starts_with("#")) ++i;
        return lines.at(i + 1);
    };
    EXPECT_TRUE(first_data_line(lines_of(events_csv(r))).starts_with("1.1362,")) << first_data_line(lines_of(events_csv(r)));
    EXPECT_TRUE(first_data_line(lines_of(trace_csv(r))).starts_with("0.2,0.208,")) << first_data_line(lines_of(trace_csv(r)));
}

TEST(AtomicWrite, WritesAndReplacesWholeFiles) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("out.csv").toStdString();
    EXPECT_FALSE(write_file_atomically(path, "first\n").has_value());
    EXPECT_FALSE(write_file_atomically(path, "second\n").has_value());
    QFile f(QString::fromStdString(path));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), QByteArray("second\n"));
    // No temporary files left beside it.
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"out.csv"});
}

TEST(AtomicWrite, UnwritablePlaceGivesOneLineAndNoFile) {
    // /proc refuses new files even to root (CI runs as root, so a chmod'ed
    // directory would not do).
    const std::string path = "/proc/inflight-test-output.csv";
    auto err = write_file_atomically(path, "data\n");
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(contains(*err, "cannot write '" + path + "'")) << *err;
    EXPECT_EQ(err->find('\n'), std::string::npos);
    EXPECT_FALSE(QFileInfo::exists(QString::fromStdString(path)));

    err = write_file_atomically("/nonexistent-dir-for-inflight/x.csv", "data\n");
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(contains(*err, "does not exist")) << *err;
}

// Before a run: a directory that takes no new file is named then, not after
// the run has been paid for (/proc refuses one even to root); nothing is
// left behind by the check, and a writable directory passes.
TEST(AtomicWrite, TheCheckBeforeARunTriesTheDirectory) {
    const auto err = check_output_path("/proc/inflight-test-output.csv");
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(contains(*err, "cannot write '/proc/inflight-test-output.csv': directory '/proc' takes no new file"))
        << *err;
    // The directory exists: the line does not say it does not (/proc answers
    // a new file with ENOENT, "No such file or directory").
    EXPECT_FALSE(contains(*err, "No such file")) << *err;
    EXPECT_EQ(err->find('\n'), std::string::npos);
    QTemporaryDir dir;
    EXPECT_FALSE(check_output_path(dir.filePath("out.csv").toStdString()).has_value());
    EXPECT_TRUE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
    EXPECT_FALSE(check_output_path("/dev/null").has_value());
}

// A disk that fills while the file is written: the one line names it as
// the system does (Qt's own words were "Unknown error"), and neither the
// file nor its temporary is left. The full disk is a 64 KiB tmpfs mounted
// in a mount namespace of this test's own (ctest runs each test in its own
// process), which needs root: CI runs as root.
TEST(AtomicWrite, AFullDiskIsNamedAndLeavesNothing) {
    if (geteuid() != 0) GTEST_SKIP() << "mounting a small filesystem needs root";
    ASSERT_EQ(unshare(CLONE_NEWNS), 0) << std::strerror(errno);
    ASSERT_EQ(mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr), 0) << std::strerror(errno);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    ASSERT_EQ(mount("tmpfs", dir.path().toUtf8().constData(), "tmpfs", 0, "size=64k"), 0) << std::strerror(errno);
    const std::string path = dir.filePath("big.csv").toStdString();
    const auto err = write_file_atomically(path, std::string(256 * 1024, 'x'));
    const QStringList left = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);
    umount(dir.path().toUtf8().constData());
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(contains(*err, "cannot write '" + path + "': No space left on device")) << *err;
    EXPECT_EQ(err->find('\n'), std::string::npos);
    EXPECT_TRUE(left.isEmpty()) << left.join(' ').toStdString();
}

TEST(AtomicWrite, DevicesAreWrittenNotReplaced) {
    // Replacing /dev/null with a regular file would be a disaster.
    EXPECT_FALSE(write_file_atomically("/dev/null", "data\n").has_value());
    EXPECT_FALSE(QFileInfo("/dev/null").isFile());
}

TEST(ExactNumber, ShortestTextThatReadsBackPlainWhereReadable) {
    EXPECT_EQ(exact_number(1e8), "100000000");
    EXPECT_EQ(exact_number(0.08), "0.08");
    EXPECT_EQ(exact_number(2.5e9), "2500000000");
    EXPECT_EQ(exact_number(1e-6), "0.000001");
    EXPECT_EQ(exact_number(0), "0");
    EXPECT_EQ(exact_number(1e-7), "1e-07");
    EXPECT_EQ(exact_number(0.1 + 0.2), "0.30000000000000004");  // not rounded to 0.3
}
