// The real `inflight` binary, run as a user runs it: exit codes, one-line
// errors on stderr, the --json round trip, and the files it writes.
// Tests that run a scenario need the model (run_scenario); they use short
// durations to stay fast.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include "cli_test_support.h"

using namespace cli_test;

namespace {

using Outcome = Ran;

Outcome run_inflight(const QStringList& args) { return run_program(INFLIGHT_EXE, args); }

// A bad invocation: exit 2, nothing on stdout, exactly one line on stderr
// that contains every one of `parts`.
void expect_usage_error(const QStringList& args, std::initializer_list<std::string> parts) {
    const Outcome o = run_inflight(args);
    EXPECT_EQ(o.exit_code, 2) << args.join(' ').toStdString();
    EXPECT_EQ(o.out, "");
    EXPECT_EQ(line_count(o.err), 1u) << o.err;
    for (const std::string& part : parts) EXPECT_TRUE(contains(o.err, part)) << o.err;
}

}  // namespace

TEST(InflightBinary, VersionAndHelp) {
    Outcome o = run_inflight({"--version"});
    EXPECT_EQ(o.exit_code, 0);
    EXPECT_TRUE(o.out.starts_with(std::string("inflight ") + INFLIGHT_VERSION + "\n")) << o.out;
    EXPECT_TRUE(contains(o.out, "\nLicense GPL-3.0-or-later: <https://www.gnu.org/licenses/gpl-3.0.html>\n")) << o.out;
    EXPECT_EQ(line_count(o.out), 4u) << o.out;
    o = run_inflight({"--help"});
    EXPECT_EQ(o.exit_code, 0);
    EXPECT_TRUE(contains(o.out, "inflight run")) << o.out;
    EXPECT_TRUE(contains(o.out, "--loss-pattern")) << o.out;
}

TEST(InflightBinary, BadBandwidthUnit) {
    expect_usage_error({"run", "--bandwidth", "10Qbps"}, {"--bandwidth", "10Qbps", "Mbps"});
}

TEST(InflightBinary, NegativeRtt) {
    expect_usage_error({"run", "--rtt", "-5ms"}, {"--rtt", "-5ms", "negative"});
}

TEST(InflightBinary, LossAboveTenPercent) {
    expect_usage_error({"run", "--loss", "150%"}, {"--loss", "150%", "10%"});
}

TEST(InflightBinary, LossNan) {
    expect_usage_error({"run", "--loss", "nan"}, {"--loss", "nan"});
}

TEST(InflightBinary, UnknownOption) {
    expect_usage_error({"run", "--frobnicate", "3"}, {"--frobnicate"});
    expect_usage_error({"--frobnicate"}, {"--frobnicate"});
}

TEST(InflightBinary, BadScenarioFiles) {
    QTemporaryDir dir;
    const auto write = [&](const char* name, const QByteArray& bytes) {
        const QString path = dir.filePath(name);
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        return path;
    };
    expect_usage_error({"run", "--scenario", dir.filePath("missing.json")}, {"missing.json"});
    expect_usage_error({"run", "--scenario", write("trunc.json", R"({"rtt": 0.0)")}, {"trunc.json", "JSON"});
    expect_usage_error({"run", "--scenario", write("unknown.json", R"({"colour": "red"})")}, {"colour"});
    expect_usage_error({"run", "--scenario", write("range.json", R"({"rtt": 2})")}, {"rtt", "2 s", "1000 ms"});
    expect_usage_error({"run", "--scenario", write("type.json", R"({"ecn": "sometimes"})")}, {"ecn", "sometimes"});
    expect_usage_error({"run", "--scenario", write("nest.json", R"({"rtt": {"ms": 80}})")}, {"rtt", "nest"});
    expect_usage_error({"run", "--scenario", write("huge.json", QByteArray(2'000'000, ' '))}, {"huge.json", "larger"});
}

// Under sudo XDG_RUNTIME_DIR is unset and Qt warned of it on stderr at every
// headless render: a picture written as asked must leave stderr empty.
TEST(InflightBinary, AHeadlessPictureWithoutARuntimeDirIsSilent) {
#ifndef INFLIGHT_TEST_HAVE_UI
    GTEST_SKIP() << "this build has no window to render with";
#else
    QTemporaryDir dir;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("XDG_RUNTIME_DIR");
    env.remove("QT_QPA_PLATFORM");  // as typed by a user: the render picks offscreen itself
    p.setProcessEnvironment(env);
    p.start(INFLIGHT_EXE, {"run", "--duration", "1s", "--png", dir.filePath("x.png")});
    ASSERT_TRUE(p.waitForFinished(120000));
    EXPECT_EQ(p.exitCode(), 0);
    EXPECT_EQ(p.readAllStandardError().toStdString(), "");
    EXPECT_TRUE(QFileInfo(dir.filePath("x.png")).size() > 0);
#endif
}

TEST(InflightBinary, PictureWithoutWindowIsAClearError) {
#ifdef INFLIGHT_TEST_HAVE_UI
    GTEST_SKIP() << "this build links the window";
#else
    QTemporaryDir dir;
    const Outcome o = run_inflight({"run", "--duration", "1s", "--png", dir.filePath("x.png")});
    EXPECT_EQ(o.exit_code, 2);
    EXPECT_TRUE(contains(o.err, "--png")) << o.err;
    EXPECT_FALSE(QFileInfo::exists(dir.filePath("x.png")));
#endif
}

TEST(InflightBinary, UnwritableCsvPathIsOneLineAndNoFile) {
    // A directory that does not exist: refused before the run.
    expect_usage_error({"run", "--duration", "1s", "--csv", "/nonexistent-dir-for-inflight/t.csv"},
                       {"--csv", "/nonexistent-dir-for-inflight/t.csv"});
    // A directory nobody can create files in, even root: refused before the
    // run too (the directory is tried with a new file), nothing printed.
    const Outcome o = run_inflight({"run", "--duration", "1s", "--csv", "/proc/inflight-test.csv"});
    EXPECT_EQ(o.exit_code, 2) << o.err;
    EXPECT_EQ(o.out, "");
    EXPECT_EQ(line_count(o.err), 1u) << o.err;
    EXPECT_TRUE(contains(o.err, "--csv") && contains(o.err, "/proc/inflight-test.csv")) << o.err;
    EXPECT_FALSE(QFileInfo::exists("/proc/inflight-test.csv"));
}

// One file under two spellings ("a.csv" and "./a.csv", "../out/b.pcap"
// from out/, a symbolic link) is one file: two outputs into it would leave
// only the last, and an output into the file a command reads would destroy
// it. Each is refused in one line before anything runs, and every file is
// as it was.
TEST(InflightBinary, TwoNamesOfOneFileAreRefusedBeforeAnythingIsWritten) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    ASSERT_TRUE(QDir(dir.path()).mkdir("out"));
    const QString out = dir.path() + "/out";
    const auto in_out = [&](const QStringList& args) {
        const QString was = QDir::currentPath();
        QDir::setCurrent(out);
        const Outcome o = run_inflight(args);
        QDir::setCurrent(was);
        return o;
    };
    const auto refused = [&](const QStringList& args, std::initializer_list<std::string> parts) {
        const Outcome o = in_out(args);
        EXPECT_EQ(o.exit_code, 2) << args.join(' ').toStdString() << "\n" << o.err;
        EXPECT_EQ(o.out, "");
        EXPECT_EQ(line_count(o.err), 1u) << o.err;
        for (const std::string& part : parts) EXPECT_TRUE(contains(o.err, part)) << o.err;
    };
    refused({"run", "--duration", "1s", "--csv", "a.csv", "--events", "./a.csv"},
            {"--events: './a.csv' is already the file for --csv (as 'a.csv')"});
    refused({"run", "--duration", "1s", "--pcap", "b.pcap", "--csv", "../out/b.pcap"}, {"--pcap", "--csv", "b.pcap"});
    EXPECT_TRUE(QDir(out).entryList(QDir::Files).isEmpty()) << "nothing written";

    // A symbolic link to an output's file.
    QFile target(out + "/x.csv");
    ASSERT_TRUE(target.open(QIODevice::WriteOnly));
    target.write("kept\n");
    target.close();
    ASSERT_TRUE(QFile::link(out + "/x.csv", out + "/link.csv"));
    refused({"run", "--duration", "1s", "--csv", "link.csv", "--events", "x.csv"}, {"--events", "--csv"});

    // The scenario file read, and the capture read.
    QFile scenario(out + "/s.json");
    ASSERT_TRUE(scenario.open(QIODevice::WriteOnly));
    scenario.write("{\"rtt\": \"20ms\"}\n");
    scenario.close();
    refused({"run", "--scenario", "s.json", "--csv", "./s.json"},
            {"--csv: './s.json' is the file --scenario reads (as 's.json'); writing it would destroy it"});
    refused({"sweep", "--param", "loss", "--from", "1e-5", "--to", "1e-2", "--scenario", "s.json", "--csv", "s.json"},
            {"--csv", "--scenario reads"});
    const Outcome made = in_out({"run", "--duration", "1s", "--pcap", "c.pcap"});
    ASSERT_EQ(made.exit_code, 0) << made.err;
    QFile capture(out + "/c.pcap");
    ASSERT_TRUE(capture.open(QIODevice::ReadOnly));
    const QByteArray capture_bytes = capture.readAll();
    capture.close();
    refused({"capture", "c.pcap", "--csv", "./c.pcap"}, {"--csv", "the file capture reads"});

    // Every file as it was.
    QFile again(out + "/s.json");
    ASSERT_TRUE(again.open(QIODevice::ReadOnly));
    EXPECT_EQ(again.readAll(), QByteArray("{\"rtt\": \"20ms\"}\n"));
    QFile x(out + "/x.csv");
    ASSERT_TRUE(x.open(QIODevice::ReadOnly));
    EXPECT_EQ(x.readAll(), QByteArray("kept\n"));
    QFile c(out + "/c.pcap");
    ASSERT_TRUE(c.open(QIODevice::ReadOnly));
    EXPECT_EQ(c.readAll(), capture_bytes);
}

// "-" names standard output for the text outputs, as in most Unix tools:
// the CSV goes there in place of the summary (the same bytes a file of
// that name gets), and no file called "-" is made. Two outputs on it, or
// one beside --json's object, are refused in one line, as is "-" for a
// picture or a capture; a standard output that cannot take the text is
// one line and exit 1.
TEST(InflightBinary, ADashIsStandardOutputForTextAndNeverAFile) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const auto in_dir = [&](const QStringList& args) {
        const QString was = QDir::currentPath();
        QDir::setCurrent(dir.path());
        const Outcome o = run_inflight(args);
        QDir::setCurrent(was);
        return o;
    };
    const QStringList run = {"run", "--duration", "2s", "--loss", "0.1%"};
    const QStringList rpc = {"run", "--duration", "2s", "--flow", "cubic,app=rpc,writes=100B+100B,response=100B"};
    const QStringList sweep = {"sweep", "--param", "loss", "--from", "1e-4", "--to", "1e-2", "--points", "3",
                               "--algo", "cubic", "--duration", "2s"};
    ASSERT_EQ(in_dir(run + QStringList{"--pcap", "c.pcap"}).exit_code, 0);
    const QStringList capture = {"capture", "c.pcap"};
    const std::vector<std::pair<QStringList, QString>> cases = {
        {run, "--csv"}, {run, "--events"}, {rpc, "--transactions"}, {sweep, "--csv"}, {capture, "--csv"}};
    for (const auto& [args, option] : cases) {
        const std::string at = (args + QStringList{option, "-"}).join(' ').toStdString();
        const Outcome to_file = in_dir(args + QStringList{option, "f.csv"});
        ASSERT_EQ(to_file.exit_code, 0) << at << "\n" << to_file.err;
        const std::string file = read_all(dir.filePath("f.csv"));
        ASSERT_TRUE(file.starts_with("# ") && file.size() > 200) << at << ": a CSV with its provenance";
        const Outcome piped = in_dir(args + QStringList{option, "-"});
        EXPECT_EQ(piped.exit_code, 0) << at << "\n" << piped.err;
        EXPECT_EQ(piped.err, "") << at;
        EXPECT_EQ(piped.out, file) << at << ": standard output holds the CSV alone";
        EXPECT_FALSE(QFileInfo::exists(dir.filePath("-"))) << at << ": a file named '-' was made";
        QFile::remove(dir.filePath("f.csv"));
    }

    const auto refused = [&](const QStringList& args, const std::string& line) {
        const Outcome o = in_dir(args);
        EXPECT_EQ(o.exit_code, 2) << args.join(' ').toStdString() << "\n" << o.err;
        EXPECT_EQ(o.out, "");
        EXPECT_EQ(o.err, "inflight: " + line + "\n");
    };
    refused(run + QStringList{"--csv", "-", "--events", "-"},
            "--events: '-' (standard output) is already --csv's; give one of them a file");
    refused(run + QStringList{"--events", "-", "--json"},
            "--events: '-' (standard output) would mix it with --json's object; give --events a file, or leave out --json");
    refused(sweep + QStringList{"--csv", "-", "--json"},
            "--csv: '-' (standard output) would mix it with --json's object; give --csv a file, or leave out --json");
    refused(capture + QStringList{"--csv", "-", "--json"},
            "--csv: '-' (standard output) would mix it with --json's object; give --csv a file, or leave out --json");
    for (const QString& option : {"--png", "--pcap"})
        refused(run + QStringList{option, "-"},
                option.toStdString() + ": '-' (standard output) takes text, not this file; give a file name");
    refused(sweep + QStringList{"--png", "-"}, "--png: '-' (standard output) takes text, not this file; give a file name");
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files), QStringList{"c.pcap"}) << "nothing else written";

    QProcess full;
    full.setStandardOutputFile("/dev/full");
    full.start(INFLIGHT_EXE, run + QStringList{"--csv", "-"});
    ASSERT_TRUE(full.waitForFinished(60000));
    EXPECT_EQ(full.exitCode(), 1);
    EXPECT_EQ(full.readAllStandardError().toStdString(), "inflight: --csv: cannot write to standard output\n");
}

// A sweep's counts that are not whole numbers name the sweep's own range,
// not the unsigned reader's 0 to 18446744073709551615.
TEST(InflightBinary, ASweepCountThatIsNotAWholeNumberNamesItsRange) {
    expect_usage_error({"sweep", "--param", "loss", "--from", "1e-5", "--to", "1e-2", "--points", "2.5"},
                       {"--points: '2.5' is not a whole number; use one from 2 to 40"});
    expect_usage_error({"sweep", "--param", "loss", "--from", "1e-5", "--to", "1e-2", "--threads", "abc"},
                       {"--threads: 'abc' is not a whole number; use one from 1 to"});
    const Outcome o = run_inflight({"sweep", "--param", "loss", "--from", "1e-5", "--to", "1e-2", "--points", "x"});
    EXPECT_FALSE(contains(o.err, "18446744073709551615")) << o.err;
}

// A sweep's own setting given twice would be read against the other's range.
TEST(InflightBinary, ASweepSettingGivenTwiceIsRefused) {
    expect_usage_error({"sweep", "--param", "loss", "--from", "1e-5", "--to", "1e-2", "--param", "rtt"},
                       {"--param: given twice ('loss', then 'rtt'); give it once"});
}

TEST(InflightBinary, SummaryStartsWithTheHeroNumber) {
    const Outcome o = run_inflight({"run", "--duration", "2s"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_TRUE(o.out.starts_with("Throughput ")) << o.out;
    EXPECT_TRUE(contains(o.out.substr(0, o.out.find('\n')), "of 100 Mbit/s), limited by ")) << o.out;
}

TEST(InflightBinary, JsonHasTheKeysAndEchoesTheScenario) {
    const Outcome o = run_inflight({"run", "--duration", "2s", "--rtt", "20ms", "--algo", "reno", "--json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const QJsonObject j = json_of(o.out);
    for (const char* k : {"throughput_bps", "utilisation", "binding_limit", "binding_fractions",
                          "packets_simulated", "wall_seconds", "scenario"})
        EXPECT_TRUE(j.contains(k)) << k;
    const QJsonObject sc = j["scenario"].toObject();
    EXPECT_EQ(sc["rtt"].toDouble(), 0.020);
    EXPECT_EQ(sc["algo"].toString(), "reno");
    EXPECT_EQ(sc["duration"].toDouble(), 2.0);
    EXPECT_GT(j["packets_simulated"].toDouble(), 0);
}

TEST(InflightBinary, JsonScenarioFedBackReproducesTheRun) {
    QTemporaryDir dir;
    const Outcome first = run_inflight({"run", "--duration", "2s", "--algo", "bbr", "--bandwidth", "20Mbps",
                                        "--rtt", "30ms", "--loss", "0.1%", "--loss-pattern", "random",
                                        "--buffer", "50ms", "--seed", "7", "--json"});
    ASSERT_EQ(first.exit_code, 0) << first.err;
    QJsonObject a = json_of(first.out);
    const QString path = dir.filePath("scenario.json");
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(a["scenario"].toObject()).toJson());
    }
    const Outcome second = run_inflight({"run", "--scenario", path, "--json"});
    ASSERT_EQ(second.exit_code, 0) << second.err;
    QJsonObject b = json_of(second.out);
    a.remove("wall_seconds");
    b.remove("wall_seconds");
    EXPECT_EQ(a, b) << first.out << "\n---\n" << second.out;
}

TEST(InflightBinary, CsvAndEventFilesRecordTheScenario) {
    QTemporaryDir dir;
    const QString csv = dir.filePath("trace.csv"), events = dir.filePath("events.csv");
    const Outcome o = run_inflight({"run", "--duration", "2s", "--loss", "1%", "--csv", csv, "--events", events});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    for (const QString& path : {csv, events}) {
        const std::string text = read_all(path);
        EXPECT_TRUE(text.starts_with(std::string("# Inflight ") + INFLIGHT_VERSION)) << text.substr(0, 200);
        EXPECT_TRUE(contains(text, "# loss = 0.01 fraction (1%)")) << text.substr(0, 600);
        EXPECT_TRUE(contains(text, "# reproduce: inflight run ")) << text.substr(0, 600);
    }
    const std::string trace = read_all(csv);
    EXPECT_TRUE(contains(trace, "\nt_start_s,t_end_s,")) << trace.substr(0, 800);
    EXPECT_GT(line_count(trace), 20u);  // a header and rows
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);  // no temporaries
}
