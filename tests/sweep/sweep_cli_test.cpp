// `inflight sweep`, run as a user runs it: bad ranges are refused with one
// line, and a small sweep prints its table, JSON and CSV.
#include <gtest/gtest.h>

#include <QFile>
#ifdef INFLIGHT_TEST_HAVE_UI
#include <QImage>  // reads --png back; Qt6::Gui is linked only with the window
#endif
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <sstream>
#include <vector>

namespace {

struct Outcome {
    int exit_code = -1;
    std::string out, err;
};

Outcome run_inflight(QStringList args) {
    args.prepend("sweep");
    QProcess p;
    p.setProgram(INFLIGHT_EXE);
    p.setArguments(args);
    p.start();
    EXPECT_TRUE(p.waitForStarted(10000)) << INFLIGHT_EXE;
    EXPECT_TRUE(p.waitForFinished(120000));
    Outcome o;
    o.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    o.out = p.readAllStandardOutput().toStdString();
    o.err = p.readAllStandardError().toStdString();
    return o;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::size_t line_count(const std::string& text) {
    std::size_t n = 0;
    for (char c : text) n += c == '\n';
    return n;
}

// Exit 2, nothing on stdout, one line on stderr holding every part.
void expect_usage_error(const QStringList& args, std::initializer_list<std::string> parts) {
    const Outcome o = run_inflight(args);
    EXPECT_EQ(o.exit_code, 2) << args.join(' ').toStdString();
    EXPECT_EQ(o.out, "");
    EXPECT_EQ(line_count(o.err), 1u) << o.err;
    for (const std::string& part : parts) EXPECT_TRUE(contains(o.err, part)) << o.err;
}

}  // namespace

TEST(SweepCommand, RejectsFromNotBelowTo) {
    expect_usage_error({"--param", "loss", "--from", "1e-2", "--to", "1e-5"}, {"--to", "1%", "from < to"});
    expect_usage_error({"--param", "rtt", "--from", "80ms", "--to", "80ms"}, {"--to", "80 ms", "from < to"});
}

TEST(SweepCommand, RejectsTooFewOrTooManyPoints) {
    expect_usage_error({"--param", "loss", "--from", "1e-5", "--to", "1e-2", "--points", "1"},
                       {"--points", "1", "2 – 40"});
    expect_usage_error({"--param", "loss", "--from", "1e-5", "--to", "1e-2", "--points", "41"},
                       {"--points", "41", "2 – 40"});
    expect_usage_error({"--param", "loss", "--from", "1e-5", "--to", "1e-2", "--points", "many"},
                       {"--points", "many"});
}

TEST(SweepCommand, RejectsUnknownParameter) {
    expect_usage_error({"--param", "jitter", "--from", "1ms", "--to", "5ms"},
                       {"--param", "jitter", "bandwidth, rtt, loss, buffer, rwnd"});
    expect_usage_error({"--from", "1e-5", "--to", "1e-2"}, {"--param", "missing"});
}

TEST(SweepCommand, RejectsMalformedUnitsAndOutOfRangeEnds) {
    expect_usage_error({"--param", "rtt", "--from", "10qs", "--to", "100ms"}, {"--from", "10qs", "ms"});
    expect_usage_error({"--param", "bandwidth", "--from", "1Mbps", "--to", "200Gbps"},
                       {"--to", "200 Gbit/s", "100 Gbit/s"});
    expect_usage_error({"--param", "loss", "--from", "0", "--to", "1%"}, {"--from", "above 0"});
    expect_usage_error({"--param", "loss", "--from", "1e-5", "--to", "1%", "--loss", "1%"},
                       {"--loss", "swept"});
    expect_usage_error({"--param", "loss", "--from", "1e-5", "--to", "1%", "--algo", "reno,vegas"},
                       {"--algo", "vegas", "reno, cubic, bbr"});
    expect_usage_error({"--parm", "loss"}, {"--parm", "--param"});
}

#ifdef INFLIGHT_TEST_HAVE_UI
// The window library's renderer draws the sweep plot offscreen (no display):
// a PNG of at least 1280×720, the least any exported figure may be.
TEST(SweepCommand, PngWritesTheSweepPlotAtLeast1280x720) {
    QTemporaryDir dir;
    const QString png = dir.filePath("s.png");
    const Outcome o = run_inflight({"--param", "loss", "--from", "1e-4", "--to", "1e-2", "--points", "3",
                                    "--algo", "reno", "--duration", "5s", "--png", png});
    EXPECT_EQ(o.exit_code, 0) << o.err;
    const QImage img(png);
    ASSERT_FALSE(img.isNull()) << o.err;
    EXPECT_GE(img.width(), 1280);
    EXPECT_GE(img.height(), 720);
}

TEST(SweepCommand, PngToAnUnwritablePlaceIsOneLine) {
    expect_usage_error({"--param", "loss", "--from", "1e-4", "--to", "1e-2", "--points", "2", "--png",
                        "/nonexistent-dir/s.png"},
                       {"--png", "/nonexistent-dir"});
}
#else
TEST(SweepCommand, PngNeedsTheWindowLibrary) {
    QTemporaryDir dir;
    expect_usage_error({"--param", "loss", "--from", "1e-4", "--to", "1e-2", "--points", "2", "--png",
                        dir.filePath("s.png")},
                       {"--png", "window library"});
}
#endif

TEST(SweepCommand, PrintsTableWithFitForLossSweeps) {
    const Outcome o = run_inflight({"--param", "loss", "--from", "1e-4", "--to", "1e-2", "--points", "3",
                                    "--algo", "reno,cubic", "--duration", "10s"});
    EXPECT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(o.err, "");
    EXPECT_TRUE(contains(o.out, "Sweep of loss from 0.01% to 1%")) << o.out;
    EXPECT_TRUE(contains(o.out, "reno: k = -")) << o.out;
    EXPECT_TRUE(contains(o.out, "6 runs in")) << o.out;
}

namespace {

// The table's heading unit under the swept parameter's name, and the first
// field of each row after it.
struct ValueColumn {
    std::string unit;
    std::vector<std::string> values;
};

ValueColumn value_column_of(const std::string& table, const std::string& param) {
    ValueColumn c;
    std::istringstream in(table);
    std::string line;
    bool heading = false, rows = false;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string first;
        fields >> first;
        if (rows) {
            if (first.empty()) break;
            c.values.push_back(first);
        } else if (heading) {
            const std::string head = line.substr(0, 12);  // the value column's width
            const std::size_t at = head.find_first_not_of(' ');
            c.unit = at == std::string::npos ? std::string() : head.substr(at);
            rows = true;
        } else if (first == param) {
            heading = true;
        }
    }
    return c;
}

}  // namespace

// The swept value's column has one unit, written once under its heading
// (the unit --from is written in), and plain numbers: whole from 100 on,
// else three significant digits, never "7053.95 KB" beside "38,968 B".
TEST(SweepCommand, TheSweptColumnHasOneUnitChosenFromFrom) {
    // 16 KiB to 16 MiB in 9 log-spaced points: 16 KiB · 2^(10i/8), i = 0 … 8:
    // 16, 38.05, 90.51, 215.3, 512, 1217.7, 2896.3, 6888.6, 16384 KiB.
    const Outcome rwnd = run_inflight({"--param", "rwnd", "--from", "16KiB", "--to", "16MiB", "--points", "9",
                                       "--algo", "reno", "--duration", "2s"});
    ASSERT_EQ(rwnd.exit_code, 0) << rwnd.err;
    const ValueColumn w = value_column_of(rwnd.out, "rwnd");
    EXPECT_EQ(w.unit, "KiB") << rwnd.out;
    EXPECT_EQ(w.values, (std::vector<std::string>{"16", "38.1", "90.5", "215", "512", "1,218", "2,896", "6,889",
                                                  "16,384"}))
        << rwnd.out;
    // Typed in bytes, the column is in bytes: 65,535 · (1e7/65,535)^(i/2).
    const Outcome bytes = run_inflight({"--param", "rwnd", "--from", "65535", "--to", "10MB", "--points", "3",
                                        "--algo", "reno", "--duration", "2s"});
    ASSERT_EQ(bytes.exit_code, 0) << bytes.err;
    const ValueColumn b = value_column_of(bytes.out, "rwnd");
    EXPECT_EQ(b.unit, "B") << bytes.out;
    EXPECT_EQ(b.values, (std::vector<std::string>{"65,535", "809,537", "10,000,000"})) << bytes.out;  // √(65,535 · 1e7)
    // The other parameters likewise: 1 Mbit/s to 100 Gbit/s is 1, 316.2, 1e5 Mbit/s;
    // 10 ms to 1 s is 10, 100, 1000 ms; 0.001% to 1% is 0.001, 0.0316, 1 %.
    const std::pair<QStringList, ValueColumn> others[] = {
        {{"--param", "bandwidth", "--from", "1Mbps", "--to", "100Gbps"}, {"Mbit/s", {"1", "316", "100,000"}}},
        {{"--param", "rtt", "--from", "10ms", "--to", "1000ms"}, {"ms", {"10", "100", "1,000"}}},
        {{"--param", "loss", "--from", "1e-5", "--to", "1%"}, {"%", {"0.001", "0.0316", "1"}}},
    };
    for (const auto& [args, expected] : others) {
        const Outcome o = run_inflight(args + QStringList{"--points", "3", "--algo", "cubic", "--duration", "2s"});
        ASSERT_EQ(o.exit_code, 0) << o.err;
        const ValueColumn c = value_column_of(o.out, args[1].toStdString());
        EXPECT_EQ(c.unit, expected.unit) << o.out;
        EXPECT_EQ(c.values, expected.values) << o.out;
    }
}

TEST(SweepCommand, JsonHasSeriesFitsAndScenario) {
    const Outcome o = run_inflight({"--param", "loss", "--from", "1e-4", "--to", "1e-2", "--points", "3",
                                    "--algo", "reno,bbr", "--duration", "10s", "--json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(o.out)).object();
    EXPECT_EQ(j["param"].toString(), "loss");
    EXPECT_EQ(j["spacing"].toString(), "log");
    const QJsonArray values = j["values"].toArray();
    ASSERT_EQ(values.size(), 3);
    EXPECT_DOUBLE_EQ(values[0].toDouble(), 1e-4);
    EXPECT_DOUBLE_EQ(values[1].toDouble(), 1e-3);  // √(1e-4 · 1e-2)
    EXPECT_DOUBLE_EQ(values[2].toDouble(), 1e-2);
    const QJsonArray series = j["series"].toArray();
    ASSERT_EQ(series.size(), 2);
    const QJsonObject reno = series[0].toObject();
    EXPECT_EQ(reno["algo"].toString(), "reno");
    EXPECT_EQ(reno["throughput_bps"].toArray().size(), 3);
    EXPECT_TRUE(reno["fit"].isObject());
    EXPECT_LT(reno["fit"].toObject()["exponent"].toDouble(), 0);
    EXPECT_TRUE(series[1].toObject()["theory_bps"].toArray()[0].isNull());  // BBR: no loss law
    EXPECT_TRUE(j["scenario"].isObject());
    EXPECT_EQ(j["sweep"].toObject()["points"].toInt(), 3);
}

TEST(SweepCommand, CsvHasProvenanceAndOneRowPerPointAndAlgorithm) {
    QTemporaryDir dir;
    const QString path = dir.filePath("sweep.csv");
    const Outcome o = run_inflight({"--param", "rwnd", "--from", "16KiB", "--to", "64KiB", "--points", "3",
                                    "--algo", "cubic,reno", "--duration", "5s", "--csv", path});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const std::string text = f.readAll().toStdString();
    EXPECT_EQ(text.rfind("# Inflight ", 0), 0u) << text;
    EXPECT_TRUE(contains(text, "# reproduce sweep: inflight sweep --param rwnd --from 16384 --to 65536 --points 3 --algo cubic,reno"))
        << text;
    EXPECT_TRUE(contains(text, "\nrwnd_bytes,algo,throughput_bps,theory_bps,theory_law,")) << text;
    EXPECT_TRUE(contains(text, "\n32768,reno,")) << text;  // 16 KiB · 2: the log midpoint
    std::size_t rows = 0;
    for (std::size_t pos = text.find("\n"); pos != std::string::npos; pos = text.find("\n", pos + 1))
        if (pos + 1 < text.size() && text[pos + 1] >= '0' && text[pos + 1] <= '9') ++rows;
    EXPECT_EQ(rows, 6u);
}
