// Several flows on the command line, in scenario files and in the output
// (README, "Several flows on one bottleneck"): every example there parses to
// the flows it describes; each bad spec is refused with one line naming the
// flow, the key, the value and what is allowed (expected strings written
// from that rule); file flows round-trip through --json; the JSON, CSV and
// summary of a hand-built two-flow result carry the per-flow figures; a run
// without flows prints what it always printed.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <set>
#include <sstream>

#include "cli_test_support.h"
#include "../model/test_scenarios.h"
#include "app/formats/csv_export.h"
#include "app/cli/flow_options.h"
#include "app/cli/help.h"
#include "app/formats/flow_text.h"
#include "app/formats/json_output.h"
#include "model/engine/run.h"
#include "app/cli/run_command.h"
#include "app/formats/scenario_file.h"
#include "app/formats/summary_fields.h"
#include "app/cli/summary_text.h"
#include "app/cli/sweep_command.h"

using namespace inflight;
using namespace inflight::cli;
using namespace cli_test;

namespace {

struct RunParse {
    ParseResult result = ParseResult::Error;
    RunRequest run;
    std::string error;
};

RunParse parse(const std::vector<std::string>& args) {
    RunParse p;
    p.result = parse_run_options(args, p.run, &p.error);
    return p;
}

Scenario scenario_of(const std::vector<std::string>& args) {
    const RunParse p = parse(args);
    EXPECT_EQ(p.result, ParseResult::Ok) << p.error;
    return p.run.scenario;
}

std::string error_of(const std::vector<std::string>& args) {
    const RunParse p = parse(args);
    EXPECT_EQ(p.result, ParseResult::Error);
    EXPECT_EQ(p.error.find('\n'), std::string::npos) << p.error;
    return p.error;
}

std::string file_error(const std::string& json) {
    Scenario s;
    const auto err = scenario_from_json(QByteArray::fromStdString(json), "f.json", s);
    EXPECT_TRUE(err.has_value()) << json;
    if (err) {
        EXPECT_EQ(err->find('\n'), std::string::npos) << *err;
    }
    return err.value_or("");
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

const std::string kAllowedKeys =
    "(allowed keys: algo, rtt, start, stop, size, every, rwnd, sndbuf, pacing, interval, bytes, label, rcvbuf, app, "
    "writes, response, think, nodelay)";

}  // namespace

// ---- The README's several-flow examples, one test per example ----

TEST(FlowOptions, CubicAndBbrOnOnePath) {
    const Scenario s = scenario_of({"--flow", "cubic", "--flow", "bbr", "--bandwidth", "50Mbps", "--rtt", "40ms",
                                    "--buffer", "160ms"});
    ASSERT_EQ(s.flows.size(), 2u);
    EXPECT_EQ(s.flows[0].algorithm, Algorithm::Cubic);
    EXPECT_EQ(s.flows[1].algorithm, Algorithm::Bbr);
    EXPECT_EQ(s.bandwidth_bps, 50e6);
    EXPECT_EQ(s.buffer_s, 0.160);
    // Each flow's RTT is the run's --rtt: neither sets its own.
    EXPECT_FALSE(s.flows[1].rtt_s.has_value());
    EXPECT_EQ(resolve_flow(s, 1).rtt_s, 0.040);
    EXPECT_EQ(resolve_flow(s, 1).label, "flow 2 (bbr)");
}

TEST(FlowOptions, ParallelIsNIdenticalBulkFlowsFromTheRunOptions) {
    const Scenario s = scenario_of({"--parallel", "10", "--rwnd", "65535"});
    ASSERT_EQ(s.flows.size(), 10u);
    for (std::size_t i = 0; i < 10; ++i) {
        EXPECT_EQ(s.flows[i], FlowSpec{}) << i;
        const ResolvedFlow f = resolve_flow(s, i);
        EXPECT_EQ(f.rwnd_bytes, 65535u);
        EXPECT_EQ(f.kind, FlowKind::Tcp);
        EXPECT_FALSE(f.size_bytes.has_value());
        EXPECT_EQ(f.algorithm, Algorithm::Cubic);
    }
    EXPECT_EQ(scenario_of({"--parallel", "1"}).flows.size(), 1u);
    EXPECT_EQ(scenario_of({"--parallel", "100"}).flows.size(), 100u);
}

TEST(FlowOptions, BulkBesideAPing) {
    const Scenario s = scenario_of({"--flow", "cubic", "--flow", "ping,interval=100ms", "--buffer", "200ms"});
    ASSERT_EQ(s.flows.size(), 2u);
    EXPECT_EQ(s.flows[1].kind, FlowKind::Ping);
    EXPECT_FALSE(s.flows[1].algorithm.has_value());
    EXPECT_EQ(s.flows[1].ping_interval_s, 0.100);
    EXPECT_EQ(s.flows[1].ping_bytes, 64u);
    EXPECT_EQ(default_label(s, 1), "flow 2 (ping)");
}

TEST(FlowOptions, FqCodelAsTheAqm) {
    // The README's example: --aqm fq_codel, with a ping behind a bulk flow.
    const Scenario s = scenario_of({"--flow", "cubic", "--flow", "ping,interval=100ms", "--buffer", "200ms",
                                    "--aqm", "fq_codel"});
    EXPECT_EQ(s.aqm, Aqm::FqCodel);
    EXPECT_EQ(s.flows.size(), 2u);
}

TEST(Help, NamesEveryAqmAndSeveralFlows) {
    const std::string h = help_text();
    EXPECT_NE(h.find("none|codel|fq_codel"), std::string::npos);
    EXPECT_EQ(h.find("one TCP flow"), std::string::npos) << "the first line still speaks of one flow";
}

TEST(FlowOptions, TwoRtts) {
    const Scenario s = scenario_of({"--flow", "cubic,rtt=20ms", "--flow", "cubic,rtt=80ms"});
    ASSERT_EQ(s.flows.size(), 2u);
    EXPECT_EQ(s.flows[0].rtt_s, 0.020);
    EXPECT_EQ(s.flows[1].rtt_s, 0.080);
}

TEST(FlowOptions, BulkBesideRepeatedWebPages) {
    const Scenario s = scenario_of({"--flow", "cubic", "--flow", "cubic,size=100KB,every=2s,label=web"});
    ASSERT_EQ(s.flows.size(), 2u);
    EXPECT_EQ(s.flows[1].size_bytes, 100'000u);  // KB is 1000 bytes, as for --rwnd
    EXPECT_EQ(s.flows[1].every_s, 2.0);
    EXPECT_EQ(s.flows[1].label, "web");
    EXPECT_EQ(resolve_flow(s, 1).label, "web");
    EXPECT_FALSE(s.flows[0].size_bytes.has_value());
}

TEST(FlowOptions, SweepWithFlows) {
    SweepRequest req;
    std::string error;
    ASSERT_EQ(parse_sweep_options({"--param", "buffer", "--from", "20ms", "--to", "640ms", "--points", "6", "--flow",
                                   "cubic", "--flow", "bbr"},
                                  req, &error),
              ParseResult::Ok)
        << error;
    ASSERT_EQ(req.spec.base.flows.size(), 2u);
    EXPECT_EQ(req.spec.base.flows[1].algorithm, Algorithm::Bbr);
    // One series: the flows name their own algorithms.
    EXPECT_EQ(req.spec.algorithms, std::vector<Algorithm>{Algorithm::Cubic});
    EXPECT_EQ(req.spec.points, 6);
}

TEST(FlowOptions, EveryKeyWithTheRunOptionsUnits) {
    const Scenario s = scenario_of(
        {"--duration", "60s", "--flow",
         "reno,rtt=0.03,start=5s,stop=50s,size=1MiB,every=500ms,rwnd=64KiB,sndbuf=2MB,pacing=on,label=a\\,b",
         "--flow", "PING,rtt=10ms,start=1s,interval=20ms,bytes=1500,label=video call", "--flow", "rtt=20ms"});
    ASSERT_EQ(s.flows.size(), 3u);
    const FlowSpec& t = s.flows[0];
    EXPECT_EQ(t.algorithm, Algorithm::Reno);
    EXPECT_EQ(t.rtt_s, 0.030);
    EXPECT_EQ(t.start_s, 5.0);
    EXPECT_EQ(t.stop_s, 50.0);
    EXPECT_EQ(t.size_bytes, 1048576u);
    EXPECT_EQ(t.every_s, 0.5);
    EXPECT_EQ(t.rwnd_bytes, 65536u);
    EXPECT_EQ(t.sndbuf_bytes, 2'000'000u);
    EXPECT_EQ(t.pacing, true);
    EXPECT_EQ(t.label, "a,b");
    const FlowSpec& p = s.flows[1];
    EXPECT_EQ(p.kind, FlowKind::Ping);
    EXPECT_EQ(p.rtt_s, 0.010);
    EXPECT_EQ(p.ping_interval_s, 0.020);
    EXPECT_EQ(p.ping_bytes, 1500u);
    EXPECT_EQ(p.label, "video call");
    // A spec may start with a key: the run's --algo.
    EXPECT_FALSE(s.flows[2].algorithm.has_value());
    EXPECT_EQ(s.flows[2].kind, FlowKind::Tcp);
    EXPECT_EQ(resolve_flow(s, 2).algorithm, Algorithm::Cubic);
}

TEST(FlowOptions, TheRunsOptionsAreEveryFlowsDefaults) {
    const Scenario s = scenario_of({"--flow", "cubic", "--flow", "reno,rtt=20ms,pacing=off", "--rtt", "50ms",
                                    "--algo", "bbr", "--pacing", "--rwnd", "1MiB", "--sndbuf", "2MiB"});
    const ResolvedFlow a = resolve_flow(s, 0), b = resolve_flow(s, 1);
    EXPECT_EQ(a.rtt_s, 0.050);
    EXPECT_EQ(a.algorithm, Algorithm::Cubic);
    EXPECT_TRUE(a.pacing);
    EXPECT_EQ(a.rwnd_bytes, 1u << 20);
    EXPECT_EQ(a.sndbuf_bytes, 2u << 20);
    EXPECT_EQ(b.rtt_s, 0.020);
    EXPECT_FALSE(b.pacing);
    EXPECT_EQ(b.stop_s, s.duration_s);
}

TEST(FlowOptions, WithoutFlowTheScenarioListsNone) {
    EXPECT_TRUE(scenario_of({"--algo", "bbr", "--rtt", "20ms"}).flows.empty());
    EXPECT_EQ(flow_count(scenario_of({})), 1u);
}

// ---- bad specs: one line naming flow i + 1, the key, the value, what is allowed ----

TEST(FlowOptions, BadSpecsAreRefusedInOneLine) {
    EXPECT_EQ(error_of({"--flow", "vegas"}), "flow 1: algo: 'vegas' is not allowed; use one of reno, cubic, bbr, ping");
    EXPECT_EQ(error_of({"--flow", "cubic,rtt=-5ms"}),
              "flow 1: rtt: '-5ms' is negative; use a number with s, ms or us (e.g. 80ms); allowed 1 ms – 1000 ms");
    EXPECT_EQ(error_of({"--flow", "cubic", "--flow", "bbr,rtt=5000ms"}),
              "flow 2: rtt: 5 s is out of range; allowed 1 ms – 1000 ms");
    EXPECT_EQ(error_of({"--flow", "cubic,colour=red"}), "flow 1: colour: unknown key in 'colour=red' " + kAllowedKeys);
    EXPECT_EQ(error_of({"--flow", "cubic,rttt=5ms"}),
              "flow 1: rttt: unknown key in 'rttt=5ms'; did you mean rtt? " + kAllowedKeys);
    EXPECT_EQ(error_of({"--flow", "ping,size=1MB"}),
              "flow 1: size: '1MB' is not allowed for a ping; a ping takes rtt, start, interval, bytes and label");
    // Whatever the order: algo= after the key is still the kind.
    EXPECT_EQ(error_of({"--flow", "rwnd=64KiB,algo=ping"}),
              "flow 1: rwnd: '64KiB' is not allowed for a ping; a ping takes rtt, start, interval, bytes and label");
    EXPECT_EQ(error_of({"--flow", "cubic,interval=1s"}),
              "flow 1: interval: '1s' is not allowed for a TCP flow; interval and bytes are for pings");
    EXPECT_EQ(error_of({"--parallel", "0"}), "--parallel: 0 is out of range; allowed 1 – 100");
    EXPECT_EQ(error_of({"--parallel", "101"}), "--parallel: 101 is out of range; allowed 1 – 100");
    EXPECT_EQ(error_of({"--parallel", "ten"}), "--parallel: 'ten' is not a whole number; allowed 1 – 100");
    EXPECT_EQ(error_of({"--flow", "cubic,size=12parsecs"}),
              "flow 1: size: '12parsecs' is not a size; use a number of bytes with B, KB, KiB, MB, MiB, GB or GiB "
              "(e.g. 64KiB or 65535); allowed 1 KB – 10 GB");
    EXPECT_EQ(error_of({"--flow", "cubic,size=100"}), "flow 1: size: 100 B is out of range; allowed 1 KB – 10 GB");
    EXPECT_EQ(error_of({"--flow", "cubic,size=20GB"}), "flow 1: size: 20 GB is out of range; allowed 1 KB – 10 GB");
    EXPECT_EQ(error_of({"--flow", "cubic,every=2s"}),
              "flow 1: every: 2 s is allowed only with size (every repeats a finite transfer); add size, e.g. "
              "size=100KB");
    EXPECT_EQ(error_of({"--flow", "cubic,size=1MB,every=5ms"}),
              "flow 1: every: 5 ms is out of range; allowed 10 ms – 600 s");
    EXPECT_EQ(error_of({"--flow", "ping,interval=20s"}), "flow 1: interval: 20 s is out of range; allowed 1 ms – 10 s");
    EXPECT_EQ(error_of({"--flow", "ping,bytes=10"}), "flow 1: bytes: 10 B is out of range; allowed 28 – 9000 B");
    EXPECT_EQ(error_of({"--flow", "cubic,rtt"}),
              "flow 1: 'rtt' in 'cubic,rtt' has no value; give each key as key=value (e.g. rtt=40ms), the "
              "algorithm first");
    EXPECT_EQ(error_of({"--flow", ","}),
              "flow 1: an empty --flow; use ALGO or ping, then ,key=value pairs (e.g. cubic,rtt=40ms)");
    EXPECT_EQ(error_of({"--flow", "cubic,pacing=maybe"}),
              "flow 1: pacing: 'maybe' is not allowed; use one of on, off");  // the choices said once
}

TEST(FlowOptions, StartAndStopAreCheckedAgainstTheRunsFinalDuration) {
    // 40 s by default: start at 50 s is after the run ends.
    EXPECT_EQ(error_of({"--flow", "cubic,start=50s"}),
              "flow 1: start: 50 s is out of range; allowed 0 s up to the end of the run (40 s), the end excluded");
    // --duration given after --flow still counts.
    EXPECT_EQ(scenario_of({"--flow", "cubic,start=50s", "--duration", "60s"}).flows[0].start_s, 50.0);
    EXPECT_EQ(error_of({"--flow", "cubic,start=10s", "--duration", "10s"}),
              "flow 1: start: 10 s is out of range; allowed 0 s up to the end of the run (10 s), the end excluded");
    EXPECT_EQ(error_of({"--flow", "cubic", "--flow", "bbr,start=5s,stop=5s"}),
              "flow 2: stop: 5 s is out of range; allowed after its start (5 s) up to the end of the run (40 s)");
    EXPECT_EQ(error_of({"--flow", "cubic,stop=41s"}),
              "flow 1: stop: 41 s is out of range; allowed after its start (0 s) up to the end of the run (40 s)");
}

TEST(FlowOptions, FlowAndParallelTogetherAreRefused) {
    EXPECT_EQ(error_of({"--flow", "cubic", "--parallel", "2"}),
              "--parallel: 2 cannot be combined with --flow; use --parallel N alone for N identical flows, or repeat "
              "--flow");
}

TEST(FlowOptions, AtMostAHundredFlows) {
    std::vector<std::string> args;
    for (int i = 0; i < 100; ++i) args.insert(args.end(), {"--flow", "cubic"});
    EXPECT_EQ(scenario_of(args).flows.size(), 100u);
    args.insert(args.end(), {"--flow", "cubic"});
    EXPECT_EQ(error_of(args), "--flow: more than 100 flows; allowed 1 – 100");
}

TEST(FlowOptions, TheBinaryExitsTwoWithOneLine) {
    const Ran o = run_program(INFLIGHT_EXE, {"run", "--flow", "cubic,colour=red"});
    EXPECT_EQ(o.exit_code, 2);
    EXPECT_EQ(o.out, "");
    EXPECT_EQ(o.err, "inflight: flow 1: colour: unknown key in 'colour=red' " + kAllowedKeys + "\n");
}

// The command line counts its --flow options from 1, as everywhere else
// it names a flow ("--tsg-flow 2", the summary's "flow 2 (cubic)"), the key
// after it; a scenario file keeps its array's naming, flows[0] first.
TEST(FlowOptions, TheBinaryNamesACommandLineFlowByItsNumberFromOne) {
    const auto refused = [](const QStringList& args, const std::string& line) {
        const Ran o = run_program(INFLIGHT_EXE, args);
        EXPECT_EQ(o.exit_code, 2) << args.join(' ').toStdString();
        EXPECT_EQ(o.out, "");
        EXPECT_EQ(o.err, "inflight: " + line + "\n");
    };
    refused({"run", "--flow", "ping,interval=0"}, "flow 1: interval: 0 s is out of range; allowed 1 ms – 10 s");
    refused({"run", "--flow", "cubic", "--flow", "cubic,rwnd=1B"},
            "flow 2: rwnd: 1 B is out of range; allowed 16 KiB – 1 GiB (16,384 – 1,073,741,824 B)");
    refused({"kernel", "--flow", "cubic", "--flow", "ping,interval=0"},
            "flow 2: interval: 0 s is out of range; allowed 1 ms – 10 s");
    // Checked once every option is read: the start against --duration.
    refused({"run", "--flow", "cubic", "--flow", "cubic,start=99s", "--duration", "10s"},
            "flow 2: start: 99 s is out of range; allowed 0 s up to the end of the run (10 s), the end excluded");
    QTemporaryDir dir;
    const QString path = dir.filePath("f.json");
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"flows": [{"algo": "ping", "interval": 0}]})");
    file.close();
    refused({"run", "--scenario", path},
            "--scenario: " + path.toStdString() + ": flows[0].interval: 0 s is out of range; allowed 1 ms – 10 s");
}

TEST(FlowText, SpecTextReadsBackToTheSameFlow) {
    Scenario s = scenario_of({"--duration", "60s", "--flow",
                              "bbr,rtt=33ms,start=1.5s,stop=59s,size=123456,every=2s,rwnd=70000,sndbuf=1MiB,"
                              "pacing=off,label=a\\,b\\\\c",
                              "--flow", "ping,interval=7ms,bytes=100", "--flow", "rtt=20ms"});
    s.flows.push_back(FlowSpec{});  // every default
    for (std::size_t i = 0; i < s.flows.size(); ++i) {
        FlowSpec back;
        const std::string text = flow_spec_text(s.flows[i]);
        ASSERT_FALSE(parse_flow_spec(text, i, back).has_value()) << text;
        EXPECT_EQ(back, s.flows[i]) << text;
    }
    EXPECT_EQ(flow_spec_text(FlowSpec{}), "start=0");
}

// ---- scenario files ----

TEST(FlowFile, FlowsAsTheReadmeWritesThem) {
    Scenario s;
    ASSERT_EQ(scenario_from_json(R"({"flows": [{"algo": "cubic"}, {"algo": "bbr", "rtt": "40ms"},
                                              {"algo": "ping", "interval": "100ms"}]})",
                                 "f.json", s),
              std::nullopt);
    ASSERT_EQ(s.flows.size(), 3u);
    EXPECT_EQ(s.flows[0].algorithm, Algorithm::Cubic);
    EXPECT_EQ(s.flows[1].rtt_s, 0.040);
    EXPECT_EQ(s.flows[2].kind, FlowKind::Ping);
    EXPECT_EQ(s.flows[2].ping_interval_s, 0.100);
}

TEST(FlowFile, NumbersAreSiUnits) {
    Scenario s;
    ASSERT_EQ(scenario_from_json(R"({"duration": 60, "flows": [{"algo": "reno", "rtt": 0.02, "start": 5, "stop": 50,
        "size": 100000, "every": 2, "rwnd": 65535, "sndbuf": 1048576, "pacing": true, "label": "web"},
        {"algo": "ping", "interval": 0.05, "bytes": 200}, {}]})",
                                 "f.json", s),
              std::nullopt);
    ASSERT_EQ(s.flows.size(), 3u);
    const FlowSpec& f = s.flows[0];
    EXPECT_EQ(f.rtt_s, 0.020);
    EXPECT_EQ(f.start_s, 5.0);
    EXPECT_EQ(f.stop_s, 50.0);
    EXPECT_EQ(f.size_bytes, 100000u);
    EXPECT_EQ(f.every_s, 2.0);
    EXPECT_EQ(f.rwnd_bytes, 65535u);
    EXPECT_EQ(f.sndbuf_bytes, 1048576u);
    EXPECT_EQ(f.pacing, true);
    EXPECT_EQ(f.label, "web");
    EXPECT_EQ(s.flows[1].ping_interval_s, 0.05);
    EXPECT_EQ(s.flows[1].ping_bytes, 200u);
    EXPECT_EQ(s.flows[2], FlowSpec{});
}

TEST(FlowFile, AFileWithoutFlowsIsOneFlow) {
    Scenario s;
    ASSERT_EQ(scenario_from_json(R"({"algo": "bbr", "rtt": "20ms"})", "f.json", s), std::nullopt);
    EXPECT_TRUE(s.flows.empty());
    EXPECT_EQ(flow_count(s), 1u);
    EXPECT_FALSE(scenario_to_json(s).contains("flows"));
}

TEST(FlowFile, BadFlowsAreRefusedInOneLine) {
    EXPECT_EQ(file_error(R"({"flows": [{"algo": "cubic", "colour": "red"}]})"),
              "f.json: flows[0].colour: unknown key in \"colour\": \"red\" " + kAllowedKeys);
    EXPECT_EQ(file_error(R"({"flows": [{"algo": "cubic"}, {"algo": "bbr", "rtt": "-5ms"}]})"),
              "f.json: flows[1].rtt: '-5ms' is negative; use a number with s, ms or us (e.g. 80ms); allowed 1 ms – "
              "1000 ms");
    EXPECT_EQ(file_error(R"({"flows": [{"algo": "cubic", "rtt": -0.005}]})"),
              "f.json: flows[0].rtt: '-0.005' is negative; use a number with s, ms or us (e.g. 80ms); allowed 1 ms – "
              "1000 ms");
    EXPECT_EQ(file_error(R"({"flows": [{"algo": "vegas"}]})"),
              "f.json: flows[0].algo: 'vegas' is not allowed; use one of reno, cubic, bbr, ping");
    EXPECT_EQ(file_error(R"({"flows": [{"algo": "ping", "size": "1MB"}]})"),
              "f.json: flows[0].size: '1MB' is not allowed for a ping; a ping takes rtt, start, interval, bytes and "
              "label");
    EXPECT_EQ(file_error(R"({"flows": [{"algo": "cubic", "start": 50}]})"),
              "f.json: flows[0].start: 50 s is out of range; allowed 0 s up to the end of the run (40 s), the end "
              "excluded");
    // Wrong types, nesting, and an array that is not one of flows.
    EXPECT_EQ(file_error(R"({"flows": [{"algo": 3}]})"),
              "f.json: flows[0].algo: 3 is not allowed; use a string, one of reno, cubic, bbr, ping");
    EXPECT_EQ(file_error(R"({"flows": [{"rtt": true}]})"),
              "f.json: flows[0].rtt: true is not allowed; use a number of seconds or a string such as \"40ms\"");
    EXPECT_EQ(file_error(R"({"flows": [{"size": [1]}]})"),
              "f.json: flows[0].size: an array is not allowed; use a whole number of bytes or a string such as "
              "\"100KB\"");
    EXPECT_EQ(file_error(R"({"flows": [{"pacing": 1}]})"),
              "f.json: flows[0].pacing: 1 is not allowed; use true or false");
    EXPECT_EQ(file_error(R"({"flows": [{"label": 7}]})"),
              "f.json: flows[0].label: 7 is not allowed; use a string such as \"video call\"");
    EXPECT_EQ(file_error(R"({"flows": ["cubic"]})"),
              "f.json: flows[0]: \"cubic\" is not allowed; each flow is an object such as {\"algo\": \"cubic\"}");
    EXPECT_EQ(file_error(R"({"flows": {"algo": "cubic"}})"),
              "f.json: flows: an object is not allowed; use an array of flows such as [{\"algo\": \"cubic\"}, "
              "{\"algo\": \"bbr\"}]");
    EXPECT_EQ(file_error(R"({"flows": []})"),
              "f.json: flows: an empty array is not allowed; list 1 – 100 flows, or leave flows out for one flow");
    EXPECT_EQ(file_error(R"({"flows": [{"label": "a\nb"}]})"),
              "f.json: flows[0].label: a control character (10) is not allowed; use printable text such as \"video "
              "call\"");
}

TEST(FlowFile, HostileArraysAreRefusedBeforeTheyAreRead) {
    std::string many = R"({"flows": [)";
    for (int i = 0; i < 5000; ++i) many += std::string(i ? "," : "") + "{}";
    many += "]}";
    EXPECT_EQ(file_error(many), "f.json: flows: 5000 flows is out of range; allowed 1 – 100");
    std::string hundred_one = R"({"flows": [)";
    for (int i = 0; i < 101; ++i) hundred_one += std::string(i ? "," : "") + R"({"algo": "bbr"})";
    hundred_one += "]}";
    EXPECT_EQ(file_error(hundred_one), "f.json: flows: 101 flows is out of range; allowed 1 – 100");
    EXPECT_EQ(file_error(R"({"flows": [{"label": ")" + std::string(101, 'x') + R"("}]})"),
              "f.json: flows[0].label: a label of 101 bytes is too long; allowed up to 100 bytes");
}

TEST(FlowFile, WritesOnlyWhatEachFlowSetsAndReadsItBack) {
    const Scenario s = scenario_of({"--duration", "60s", "--flow", "cubic", "--flow",
                                    "bbr,rtt=40ms,start=2s,size=100KB,every=2s,pacing=on,label=web", "--flow",
                                    "ping,interval=20ms", "--flow", "rtt=20ms"});
    const QJsonObject o = scenario_to_json(s);
    const QJsonArray flows = o["flows"].toArray();
    ASSERT_EQ(flows.size(), 4);
    EXPECT_EQ(flows[0].toObject(), (QJsonObject{{"algo", "cubic"}}));
    EXPECT_EQ(flows[1].toObject(), (QJsonObject{{"algo", "bbr"}, {"rtt", 0.04}, {"start", 2}, {"size", 100000},
                                                {"every", 2}, {"pacing", true}, {"label", "web"}}));
    EXPECT_EQ(flows[2].toObject(), (QJsonObject{{"algo", "ping"}, {"interval", 0.02}, {"bytes", 64}}));
    EXPECT_EQ(flows[3].toObject(), (QJsonObject{{"rtt", 0.02}}));
    Scenario back;
    ASSERT_EQ(scenario_from_json(QJsonDocument(o).toJson(), "back.json", back), std::nullopt);
    EXPECT_EQ(back, s);
}

TEST(FlowFile, CommandLineFlowsReplaceTheFilesAndRunOptionsStillApply) {
    QTemporaryDir dir;
    const QString path = dir.filePath("s.json");
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"rtt": "30ms", "flows": [{"algo": "reno"}, {"algo": "reno"}, {"algo": "reno"}]})");
    f.close();
    const Scenario from_file = scenario_of({"--scenario", path.toStdString(), "--rtt", "50ms"});
    ASSERT_EQ(from_file.flows.size(), 3u);
    EXPECT_EQ(resolve_flow(from_file, 2).rtt_s, 0.050);  // the option overrides the file's default
    const Scenario replaced = scenario_of({"--flow", "bbr", "--scenario", path.toStdString()});
    ASSERT_EQ(replaced.flows.size(), 1u);
    EXPECT_EQ(replaced.flows[0].algorithm, Algorithm::Bbr);
    EXPECT_EQ(replaced.rtt_s, 0.030);
    EXPECT_EQ(scenario_of({"--scenario", path.toStdString(), "--parallel", "5"}).flows, std::vector<FlowSpec>(5));
}

TEST(FlowFile, RoundTripThroughTheBinarysJson) {
    QTemporaryDir dir;
    const Ran first = run_program(INFLIGHT_EXE, {"run", "--duration", "2s", "--flow", "cubic", "--flow",
                                                 "bbr,rtt=40ms,label=video call", "--flow", "ping,interval=100ms",
                                                 "--json"});
    ASSERT_EQ(first.exit_code, 0) << first.err;
    const QJsonObject scenario = json_of(first.out)["scenario"].toObject();
    ASSERT_EQ(scenario["flows"].toArray().size(), 3);
    const QString path = dir.filePath("s.json");
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(scenario).toJson());
    f.close();
    const Ran second = run_program(INFLIGHT_EXE, {"run", "--scenario", path, "--json"});
    ASSERT_EQ(second.exit_code, 0) << second.err;
    EXPECT_EQ(json_of(second.out)["scenario"].toObject(), scenario);
    Scenario a, b;
    ASSERT_EQ(scenario_from_json(QJsonDocument(scenario).toJson(), "a", a), std::nullopt);
    ASSERT_EQ(scenario_from_json(QJsonDocument(json_of(second.out)["scenario"].toObject()).toJson(), "b", b),
              std::nullopt);
    EXPECT_EQ(a, b);
    EXPECT_EQ(a.flows[1].label, "video call");
}

// ---- output of a hand-built two-flow (plus ping, plus transfer) result ----

namespace {

FlowResult flow_result(const std::string& label, FlowKind kind, Algorithm a, double bps, double share) {
    FlowResult f;
    f.flow.label = label;
    f.flow.kind = kind;
    f.flow.algorithm = a;
    f.summary.throughput_bps = bps;
    f.summary.share = share;
    f.summary.mean_rtt_s = 0.095;
    f.summary.binding_limit = Limit::Cwnd;
    TraceBucket b;
    b.t_start_s = 0;
    b.t_end_s = 0.5;
    f.trace.buckets = {b, b};
    return f;
}

// CUBIC 30 Mbit/s and BBR 60 Mbit/s, a web transfer and a ping behind them.
RunResult four_flow_result() {
    RunResult r;
    r.scenario = scenario_of({"--flow", "cubic", "--flow", "bbr", "--flow", "cubic,size=100KB,every=2s,label=web",
                              "--flow", "ping"});
    r.summary.throughput_bps = 92e6;
    r.summary.utilisation = 0.92;
    r.summary.jain_index = 0.9;
    r.summary.mean_queue_delay_s = 0.080;
    r.summary.p95_queue_delay_s = 0.098;
    r.summary.settled = true;
    r.flows.push_back(flow_result("flow 1 (cubic)", FlowKind::Tcp, Algorithm::Cubic, 30e6, 30.0 / 92));
    r.flows.push_back(flow_result("flow 2 (bbr)", FlowKind::Tcp, Algorithm::Bbr, 60e6, 60.0 / 92));
    r.flows.push_back(flow_result("web", FlowKind::Tcp, Algorithm::Cubic, 2e6, 2.0 / 92));
    r.flows.push_back(flow_result("flow 4 (ping)", FlowKind::Ping, Algorithm::Cubic, 0, 0));
    for (std::size_t i = 0; i < r.flows.size(); ++i) r.flows[i].flow = resolve_flow(r.scenario, i);  // as the engine does
    FlowSummary& web = r.flows[2].summary;
    web.fct_s = {1.21, 1.30, 1.50};
    web.fct_mean_s = 1.336666;
    web.fct_p95_s = 1.5;
    web.fct_max_s = 1.5;
    FlowSummary& ping = r.flows[3].summary;
    ping.ping_mean_rtt_s = 0.187;
    ping.ping_p95_rtt_s = 0.201;
    ping.ping_max_rtt_s = 0.210;
    ping.pings_sent = 400;
    ping.pings_lost = 3;
    r.trace.buckets.resize(3);
    Event e;
    e.t_s = 1.0;
    e.flow = 1;
    e.kind = EventKind::Rto;
    r.events.push_back(e);
    e.flow = kPathFlow;
    e.kind = EventKind::Drops;
    e.drops_tail = 2;
    r.events.push_back(e);
    return r;
}

}  // namespace

TEST(FlowOutput, JsonHasTheAggregateAndEachFlowInOrder) {
    const RunResult r = four_flow_result();
    const QJsonObject o = json_of(result_json_text(r));
    EXPECT_EQ(o["jain_index"].toDouble(), 0.9);
    EXPECT_EQ(o["mean_queue_delay_s"].toDouble(), 0.080);
    EXPECT_EQ(o["p95_queue_delay_s"].toDouble(), 0.098);
    EXPECT_EQ(o["settled"].toBool(false), true);
    EXPECT_EQ(o["throughput_bps"].toDouble(), 92e6);
    const QJsonArray flows = o["flows"].toArray();
    ASSERT_EQ(flows.size(), 4);
    const std::set<std::string> every = {
        "label",          "algo",         "throughput_bps", "share",     "mean_cwnd_packets", "mean_rtt_s",
        "p95_rtt_s",      "min_rtt_s",    "max_rtt_s",      "binding_limit", "congestion_events", "drops_tail",
        "drops_aqm",      "drops_random", "ecn_marks",      "retransmits", "rtos",             "settled",
        "acks_per_segment"};
    const std::set<std::string> transfer = {"fct_s", "fct_mean_s", "fct_p50_s", "fct_p95_s", "fct_max_s"};
    const std::set<std::string> ping = {"ping_mean_rtt_s", "ping_p50_rtt_s", "ping_p95_rtt_s",
                                        "ping_max_rtt_s",  "pings_sent",     "pings_lost"};
    const std::set<std::string> rpc = {"transactions",      "transaction_mean_s", "transaction_p50_s",
                                       "transaction_p95_s", "transaction_max_s",  "writes_held_by_nagle"};
    const auto keys_of = [](const QJsonObject& f) {
        std::set<std::string> k;
        for (const QString& key : f.keys()) k.insert(key.toStdString());
        return k;
    };
    EXPECT_EQ(keys_of(flows[0].toObject()), every);
    EXPECT_EQ(keys_of(flows[1].toObject()), every);
    std::set<std::string> with_fct = every, with_ping = every;
    with_fct.insert(transfer.begin(), transfer.end());
    with_ping.insert(ping.begin(), ping.end());
    EXPECT_EQ(keys_of(flows[2].toObject()), with_fct);
    EXPECT_EQ(keys_of(flows[3].toObject()), with_ping);
    EXPECT_EQ(flows[0].toObject()["label"].toString(), "flow 1 (cubic)");
    EXPECT_EQ(flows[1].toObject()["algo"].toString(), "bbr");
    EXPECT_EQ(flows[1].toObject()["throughput_bps"].toDouble(), 60e6);
    EXPECT_EQ(flows[1].toObject()["share"].toDouble(), 60.0 / 92);
    EXPECT_EQ(flows[1].toObject()["binding_limit"].toString(), "cwnd");
    EXPECT_EQ(flows[2].toObject()["fct_s"].toArray(), (QJsonArray{1.21, 1.30, 1.50}));
    EXPECT_EQ(flows[3].toObject()["algo"].toString(), "ping");
    EXPECT_EQ(flows[3].toObject()["pings_lost"].toInteger(), 3);
    EXPECT_EQ(flows[3].toObject()["ping_p95_rtt_s"].toDouble(), 0.201);
    // The flow table lists each of them once.
    for (const auto* set : {&every, &transfer, &ping, &rpc})
        for (const std::string& k : *set) EXPECT_NE(find_flow_field(k), nullptr) << k;
    EXPECT_EQ(flow_fields().size(), every.size() + transfer.size() + ping.size() + rpc.size());
}

TEST(FlowOutput, SummaryHasALinePerFlowAndTheJainIndex) {
    RunResult r = four_flow_result();
    const std::string text = summary_text(r);
    const std::vector<std::string> lines = lines_of(text);
    const auto at = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.starts_with("Flows "); });
    ASSERT_NE(at, lines.end()) << text;
    EXPECT_EQ(*at, "Flows      4 flows sharing the path; Jain's fairness index 0.9 (1 = equal shares); queueing delay "
                   "mean 80 ms, p95 98 ms");
    ASSERT_GE(lines.end() - at, 5);
    EXPECT_EQ(at[1], "  flow 1 (cubic): 30 Mbit/s, share 32.6%, RTT mean 95 ms, limited by cwnd");
    EXPECT_EQ(at[2], "  flow 2 (bbr): 60 Mbit/s, share 65.2%, RTT mean 95 ms, limited by cwnd");
    EXPECT_EQ(at[3], "  web: 2 Mbit/s, share 2.17%, RTT mean 95 ms, limited by cwnd; 100 KB transfers: 3 completed, "
                     "FCT mean 1.34 s, p95 1.5 s, max 1.5 s");
    EXPECT_EQ(at[4], "  flow 4 (ping): ping RTT mean 187 ms, p95 201 ms, max 210 ms (base 80 ms); 3 of 400 pings lost");
    EXPECT_TRUE(at[5].starts_with("Scenario   ")) << at[5];
    EXPECT_FALSE(contains(text, "still changing")) << text;
    r.summary.settled = false;
    r.flows[1].summary.settled = false;
    const std::string unsettled = summary_text(r);
    EXPECT_TRUE(contains(unsettled, "\nWarning: still changing at the end of the run: run longer.")) << unsettled;
    EXPECT_TRUE(contains(unsettled, "limited by cwnd (still changing)\n")) << unsettled;
}

TEST(FlowOutput, TraceCsvHasAFlowColumnWithThePathFirst) {
    const RunResult r = four_flow_result();
    const std::vector<std::string> lines = lines_of(trace_csv(r));
    std::size_t i = 0;
    std::string comments;
    while (i < lines.size() && lines[i].starts_with("#")) comments += lines[i++] + "\n";
    EXPECT_TRUE(contains(comments, "# flows[2] = cubic,size=100000,every=2,label=web (web)\n")) << comments;
    EXPECT_TRUE(contains(comments, " --flow cubic --flow bbr --flow cubic,size=100000,every=2,label=web --flow "
                                   "ping,interval=0.1,bytes=64\n"))
        << comments;
    ASSERT_LT(i, lines.size());
    EXPECT_TRUE(lines[i].starts_with("flow,t_start_s,t_end_s,")) << lines[i];
    const std::vector<std::string> rows(lines.begin() + static_cast<long>(i) + 1, lines.end());
    ASSERT_EQ(rows.size(), 3u + 4 * 2);  // the path's 3 buckets, then 2 per flow
    for (std::size_t k = 0; k < 3; ++k) EXPECT_TRUE(rows[k].starts_with("path,")) << rows[k];
    EXPECT_TRUE(rows[3].starts_with("flow 1 (cubic),0,0.5,")) << rows[3];
    EXPECT_TRUE(rows[9].starts_with("flow 4 (ping),")) << rows[9];
}

TEST(FlowOutput, EventsCsvHasAFlowColumn) {
    const RunResult r = four_flow_result();
    const std::vector<std::string> lines = lines_of(events_csv(r));
    std::size_t i = 0;
    while (i < lines.size() && lines[i].starts_with("#")) ++i;
    ASSERT_EQ(lines.size(), i + 3);
    EXPECT_TRUE(lines[i].starts_with("flow,t_s,kind,")) << lines[i];
    EXPECT_TRUE(lines[i + 1].starts_with("flow 2 (bbr),1,RTO,")) << lines[i + 1];
    EXPECT_TRUE(lines[i + 2].starts_with("path,1,drops,")) << lines[i + 2];
}

TEST(FlowOutput, OneFlowWithoutFlowIsTodaysOutput) {
    // A run of today's one flow: no flow column, no per-flow lines, and the
    // JSON's top-level keys are today's plus jain_index, the queueing delay
    // and settled (added beside the one-flow keys, which keep their meaning).
    RunResult r;
    r.summary.throughput_bps = 24.1e6;
    r.trace.buckets.resize(2);
    Event e;
    e.kind = EventKind::Rto;
    r.events.push_back(e);
    r.flows.push_back(flow_result("flow 1 (cubic)", FlowKind::Tcp, Algorithm::Cubic, 24.1e6, 1));
    EXPECT_EQ(flow_lines(r), "");
    EXPECT_FALSE(contains(summary_text(r), "Flows ")) << summary_text(r);
    EXPECT_FALSE(contains(summary_text(r), "Warning")) << summary_text(r);
    const std::vector<std::string> trace = lines_of(trace_csv(r));
    const auto header = std::find_if(trace.begin(), trace.end(), [](const std::string& l) { return !l.starts_with("#"); });
    ASSERT_NE(header, trace.end());
    EXPECT_TRUE(header->starts_with("t_start_s,t_end_s,")) << *header;
    EXPECT_FALSE(contains(trace_csv(r), "--flow")) << trace_csv(r);
    const std::vector<std::string> events = lines_of(events_csv(r));
    const auto eh = std::find_if(events.begin(), events.end(), [](const std::string& l) { return !l.starts_with("#"); });
    ASSERT_NE(eh, events.end());
    EXPECT_TRUE(eh->starts_with("t_s,kind,")) << *eh;
    const QJsonObject o = result_to_json(r);
    EXPECT_FALSE(o["scenario"].toObject().contains("flows"));
    EXPECT_EQ(o["flows"].toArray().size(), 1);
    EXPECT_EQ(o["flows"].toArray()[0].toObject()["share"].toDouble(), 1.0);
    EXPECT_TRUE(o.contains("jain_index"));
    // Without per-flow results there is no `flows` key at all.
    EXPECT_FALSE(result_to_json(RunResult{}).contains("flows"));
}

TEST(FlowOutput, ValidateFlowsOnHandBuiltScenarios) {
    Scenario s;
    s.flows.resize(101);
    EXPECT_EQ(validate_flows(s), "flows: 101 flows is out of range; allowed 1 – 100");
    s.flows.assign(2, FlowSpec{});
    EXPECT_EQ(validate_flows(s), std::nullopt);
    s.flows[1].kind = FlowKind::Ping;
    s.flows[1].pacing = true;
    EXPECT_EQ(validate_flows(s),
              "flows[1].pacing: on is not allowed for a ping; a ping takes rtt, start, interval, bytes and label");
    s.flows[1] = FlowSpec{};
    s.flows[1].ping_bytes = 100;
    EXPECT_EQ(validate_flows(s),
              "flows[1].bytes: 100 B is not allowed for a TCP flow; interval and bytes are for pings");
    s.flows[1] = FlowSpec{};
    s.flows[1].rwnd_bytes = 1000;
    EXPECT_EQ(validate_flows(s),
              "flows[1].rwnd: 1,000 B is out of range; allowed 16 KiB – 1 GiB (16,384 – 1,073,741,824 B)");
    s.flows[1] = FlowSpec{};
    s.flows[1].rtt_s = 0.0005;
    EXPECT_EQ(validate_flows(s), "flows[1].rtt: 500 µs is out of range; allowed 1 ms – 1000 ms");
}

TEST(FlowSummaryText, AFlowDoneBeforeTheWindowSaysSoRatherThanNan) {
    // One 100 KB transfer on an empty 100 Mbit/s, 80 ms path is done in
    // about 4 × 80 ms, long before the steady-state window (20 – 40 s):
    // it has no throughput or RTT there, and its line says so.
    Scenario s;
    s.flows.resize(2);
    s.flows[1].size_bytes = 100'000;
    s.flows[1].label = "web";
    const std::string text = flow_lines(run_scenario(s));
    const auto at = text.find("  web: ");
    ASSERT_NE(at, std::string::npos) << text;
    const std::string line = text.substr(at, text.find('\n', at) - at);
    EXPECT_EQ(line.find("nan"), std::string::npos) << line;
    EXPECT_NE(line.find("nothing sent in the steady-state window (20 s – 40 s)"), std::string::npos) << line;
    EXPECT_NE(line.find("100 KB transfer: FCT"), std::string::npos) << line;
}

// ---- request/response flows (app=rpc) ----

TEST(RpcFlowOptions, TheKeysOfARequestResponseFlow) {
    const Scenario s =
        scenario_of({"--flow", "cubic,app=rpc,writes=100B+2KB+1,response=1400B,think=10ms,nodelay=on"});
    ASSERT_EQ(s.flows.size(), 1u);
    const FlowSpec& f = s.flows[0];
    EXPECT_EQ(f.app, FlowApp::Rpc);
    EXPECT_EQ(f.rpc_writes, (std::vector<std::uint64_t>{100, 2000, 1}));
    EXPECT_EQ(f.rpc_response_bytes, 1400u);
    EXPECT_EQ(f.rpc_think_s, 0.010);
    EXPECT_EQ(f.nodelay, true);
    // Defaults: one 100 B write, a 100 B response, no think time, Nagle on.
    const ResolvedFlow r = resolve_flow(scenario_of({"--flow", "cubic,app=rpc"}), 0);
    ASSERT_TRUE(r.rpc);
    EXPECT_EQ(r.rpc->writes, std::vector<std::uint64_t>{100});
    EXPECT_EQ(r.rpc->response_bytes, 100u);
    EXPECT_FALSE(r.rpc->nodelay);
    EXPECT_FALSE(r.is_bulk());
}

TEST(RpcFlowOptions, BadKeysAreRefusedInOneLine) {
    const std::string sizes = "use a number of bytes with B, KB, KiB, MB, MiB, GB or GiB (e.g. 64KiB or 65535)";
    const std::string writes_allowed = "allowed 1 – 64 sizes joined by +, each at least 1 B (e.g. 100B+100B)";
    EXPECT_EQ(error_of({"--flow", "cubic,app=rpc,writes=100B+"}),
              "flow 1: writes: '100B+' is not a list of write sizes: empty value; " + sizes + "; " + writes_allowed);
    EXPECT_EQ(error_of({"--flow", "cubic,app=rpc,writes=abc"}),
              "flow 1: writes: 'abc' is not a list of write sizes: 'abc' is not a size; " + sizes + "; " +
                  writes_allowed);
    EXPECT_EQ(error_of({"--flow", "cubic,app=rpc,writes=100B+0B"}),
              "flow 1: writes: a write of 0 B is out of range; allowed 1 B – 10 GB a write");
    std::string many = "1B";
    for (int i = 1; i < 65; ++i) many += "+1B";
    EXPECT_EQ(error_of({"--flow", "cubic,app=rpc,writes=" + many}),
              "flow 1: writes: 65 writes is out of range; allowed 1 – 64 writes a request");
    EXPECT_EQ(error_of({"--flow", "cubic,app=rpc,response=0"}),
              "flow 1: response: 0 B is out of range; allowed 1 B – 15,000 B (10 segments: one flight)");
    EXPECT_EQ(error_of({"--flow", "ping,nodelay=on"}),
              "flow 1: nodelay: 'on' is not allowed for a ping; a ping takes rtt, start, interval, bytes and label");
    EXPECT_EQ(error_of({"--flow", "cubic,writes=100B"}),
              "flow 1: writes: 100B is allowed only with app=rpc (a request/response flow); add app=rpc");
    EXPECT_EQ(error_of({"--flow", "cubic,think=1s"}),
              "flow 1: think: 1 s is allowed only with app=rpc (a request/response flow); add app=rpc");
    EXPECT_EQ(error_of({"--flow", "cubic,app=rpc,size=1MB"}),
              "flow 1: size: 1 MB is not allowed with app=rpc; its request is writes= and its reply response=");
    EXPECT_EQ(error_of({"--flow", "cubic,app=web"}),
              "flow 1: app: 'web' is not allowed; use one of transfer (bulk, or size=), rpc (request/response)");
    EXPECT_EQ(error_of({"--flow", "cubic,app=rpc,nodelay=maybe"}),
              "flow 1: nodelay: 'maybe' is not allowed; use on or off");
}

TEST(RpcFlowOptions, SpecTextAndFileReadBackToTheSameFlow) {
    const Scenario s =
        scenario_of({"--flow", "bbr,app=rpc,writes=100B+100B,response=200B,think=5ms,nodelay=off"});
    FlowSpec back;
    const std::string text = flow_spec_text(s.flows[0]);
    ASSERT_FALSE(parse_flow_spec(text, 0, back).has_value()) << text;
    EXPECT_EQ(back, s.flows[0]) << text;

    Scenario file;
    const auto err = scenario_from_json(
        QByteArray(R"({"flows": [{"algo": "cubic", "app": "rpc", "writes": "100B+100B", "response": 100,)"
                   R"( "think": 0.01, "nodelay": true}]})"),
        "f.json", file);
    ASSERT_FALSE(err.has_value()) << *err;
    ASSERT_EQ(file.flows.size(), 1u);
    EXPECT_EQ(file.flows[0].rpc_writes, (std::vector<std::uint64_t>{100, 100}));
    EXPECT_EQ(file.flows[0].nodelay, true);
    EXPECT_EQ(file_error(R"({"flows": [{"algo": "cubic", "nodelay": 1}]})"),
              "f.json: flows[0].nodelay: 1 is not allowed; use true or false");
}

// Linux's stack, 20 ms RTT: the first transaction costs 2 RTTs (the second
// write waits for the first's quick ACK), each later one 2 RTTs + the 40 ms
// delayed-ACK timer; after the 20 ms handshake, 2 s hold 1 + (2 − 0.02 −
// 0.04) / 0.08 ≈ 25 of them, each holding one write.
TEST(RpcFlowOptions, TheBinaryReportsTransactionsAndNagleStalls) {
    const Ran o = run_program(INFLIGHT_EXE, {"run", "--stack", "linux", "--rtt", "20ms", "--duration", "2s", "--flow",
                                             "cubic,app=rpc,writes=100B+100B,response=100B", "--json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const QJsonObject f = json_of(o.out)["flows"].toArray()[0].toObject();
    EXPECT_NEAR(f["transactions"].toDouble(), 1 + (2 - 0.02 - 0.04) / 0.08, 1.0);
    EXPECT_NEAR(f["transaction_p50_s"].toDouble(), 0.080, 0.002);
    EXPECT_NEAR(f["writes_held_by_nagle"].toDouble(), f["transactions"].toDouble(), 1.0);
    const Ran text = run_program(INFLIGHT_EXE, {"run", "--stack", "linux", "--rtt", "20ms", "--duration", "2s",
                                                "--flow", "cubic,app=rpc,writes=100B+100B,response=100B,nodelay=on"});
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("TCP_NODELAY: "), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("transactions, latency mean 20 ms"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("0 writes held by Nagle"), std::string::npos) << text.out;
    // A request/response flow is held back by its application, not its
    // window: it sends a request, then waits with nothing to send.
    EXPECT_NE(text.out.find("limited by the application: each request waits for its response"), std::string::npos)
        << text.out;
    EXPECT_EQ(text.out.find("limited by cwnd"), std::string::npos) << text.out;
}

// --transactions FILE: one row per transaction. On Linux's stack with a
// 20 ms RTT, 2 s: the first transaction 40 ms (2 RTTs, quick ACKs), each
// later one 80 ms (2 RTTs + the 40 ms delayed-ACK timer); the rows' count
// is the summary's.
TEST(RpcFlowOptions, TheTransactionsFileHasOneRowPerTransaction) {
    QTemporaryDir dir;
    const QString path = dir.filePath("tx.csv");
    const Ran o = run_program(INFLIGHT_EXE, {"run", "--stack", "linux", "--rtt", "20ms", "--duration", "2s", "--flow",
                                             "cubic,app=rpc,writes=100B+100B,response=100B,label=rpc", "--json",
                                             "--transactions", path});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const QJsonObject f = json_of(o.out)["flows"].toArray()[0].toObject();
    const std::string text = read_all(path);
    EXPECT_TRUE(text.starts_with(std::string("# Inflight ") + INFLIGHT_VERSION)) << text.substr(0, 200);
    EXPECT_TRUE(contains(text, "# reproduce: inflight run ")) << text.substr(0, 600);
    std::vector<std::string> rows;
    for (const std::string& l : lines_of(text))
        if (!l.starts_with("#")) rows.push_back(l);
    ASSERT_FALSE(rows.empty());
    EXPECT_EQ(rows[0], "t_s,flow,label,latency_s");
    rows.erase(rows.begin());
    ASSERT_EQ(static_cast<double>(rows.size()), f["transactions"].toDouble());
    double last_t = 0;
    for (std::size_t k = 0; k < rows.size(); ++k) {
        std::istringstream in(rows[k]);
        std::string t, flow, label, latency;
        std::getline(in, t, ',');
        std::getline(in, flow, ',');
        std::getline(in, label, ',');
        std::getline(in, latency, ',');
        EXPECT_EQ(flow, "0");
        EXPECT_EQ(label, "rpc");
        EXPECT_NEAR(std::stod(latency), k == 0 ? 0.040 : 0.080, 0.001) << rows[k];
        EXPECT_GE(std::stod(t), last_t) << rows[k];
        last_t = std::stod(t);
    }
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);  // no temporaries
}

TEST(RpcFlowOptions, AnUnwritableTransactionsFileIsOneLineAndNoFile) {
    const QStringList run = {"run", "--duration", "1s", "--flow", "cubic,app=rpc"};
    // A directory that does not exist: refused before the run.
    const Ran before = run_program(INFLIGHT_EXE, run + QStringList{"--transactions", "/nonexistent-dir-for-inflight/t.csv"});
    EXPECT_EQ(before.exit_code, 2);
    EXPECT_EQ(before.out, "");
    EXPECT_EQ(line_count(before.err), 1u) << before.err;
    EXPECT_TRUE(contains(before.err, "--transactions") && contains(before.err, "/nonexistent-dir-for-inflight/t.csv"))
        << before.err;
    // A directory nobody can create files in, even root: refused before the run too.
    const Ran after = run_program(INFLIGHT_EXE, run + QStringList{"--transactions", "/proc/inflight-tx.csv"});
    EXPECT_EQ(after.exit_code, 2) << after.err;
    EXPECT_EQ(after.out, "");
    EXPECT_EQ(line_count(after.err), 1u) << after.err;
    EXPECT_TRUE(contains(after.err, "--transactions") && contains(after.err, "/proc/inflight-tx.csv")) << after.err;
    EXPECT_FALSE(QFileInfo::exists("/proc/inflight-tx.csv"));
    // The same file as another output: refused.
    const Ran twice = run_program(INFLIGHT_EXE, run + QStringList{"--csv", "/tmp/x.csv", "--transactions", "/tmp/x.csv"});
    EXPECT_EQ(twice.exit_code, 2);
    EXPECT_TRUE(contains(twice.err, "--transactions: '/tmp/x.csv' is already the file for --csv")) << twice.err;
}

// The writer on a hand-built run: two flows' points merged in time order,
// a label with a comma quoted, a thinned flow's points said so.
TEST(RpcFlowOptions, TransactionRowsMergeTheFlowsInTimeOrder) {
    RunResult r;
    r.scenario.flows.resize(2);
    r.flows.resize(2);
    for (std::size_t i = 0; i < 2; ++i) r.flows[i].flow = resolve_flow(r.scenario, i);
    r.flows[1].flow.label = "rpc, slow";
    r.flows[0].transaction_samples.add(0.5, 0.25);
    r.flows[0].transaction_samples.add(1.5, 0.125);
    r.flows[1].transaction_samples.add(1.0, 0.5);
    r.flows[1].transaction_samples.every = 2;
    r.flows[1].transaction_samples.offered = 70000;
    std::vector<std::string> rows;
    bool said_thinned = false;
    for (const std::string& l : lines_of(transactions_csv(r))) {
        if (l.starts_with("#")) said_thinned = said_thinned || contains(l, "70000 transactions, one in 2 written");
        else rows.push_back(l);
    }
    EXPECT_TRUE(said_thinned);
    const std::vector<std::string> expected = {"t_s,flow,label,latency_s", "0.5,0,flow 1 (cubic),0.25",
                                               "1,1,\"rpc, slow\",0.5", "1.5,0,flow 1 (cubic),0.125"};
    EXPECT_EQ(rows, expected);
}

// No figure is written "nan" and nothing is claimed of what a run does not
// have: pings alone have no window, no transfer to limit and no bulk flows
// for Jain's index; a request/response flow whose 1 s RTT leaves no sample
// in the steady state says so.
TEST(FlowSummaryText, RunsWithoutATransferOrASampleSayWhatIsMissing) {
    Scenario pings;
    pings.duration_s = 5;
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    pings.flows = {ping, ping};
    const std::string a = summary_text(run_scenario(pings));
    EXPECT_FALSE(contains(a, "nan")) << a;
    EXPECT_TRUE(contains(a, "Window     no TCP flow;")) << a;
    EXPECT_TRUE(contains(a, "nothing limited: pings only, no transfer")) << a;
    EXPECT_FALSE(contains(a, "Jain")) << a;

    Scenario rpc;
    rpc.rtt_s = 1.0;
    rpc.duration_s = 1;
    FlowSpec app;
    ASSERT_FALSE(parse_flow_spec("cubic,app=rpc,writes=100B,response=100B", 0, app).has_value());
    rpc.flows = {app};
    const std::string b = summary_text(run_scenario(rpc));
    EXPECT_FALSE(contains(b, "nan")) << b;
    EXPECT_TRUE(contains(b, "RTT        no TCP sample in the steady state (base 1 s)")) << b;
}

// A key given twice in one --flow is refused in one line naming it: the
// second value used to win silently (two RTTs, or the algorithm named
// first and then another with algo=, even a ping turned into CUBIC).
TEST(FlowOptions, AKeyGivenTwiceIsRefused) {
    for (const auto& [spec, named] : {std::pair{"cubic,rtt=5ms,rtt=10ms", "flow 1: rtt: given twice"},
                                      {"cubic,algo=bbr", "flow 1: algo: given twice"},
                                      {"ping,algo=cubic", "flow 1: algo: given twice"},
                                      {"cubic,label=a,label=b", "flow 1: label: given twice"}}) {
        FlowSpec f;
        const auto err = parse_flow_spec(spec, 0, f);
        ASSERT_TRUE(err.has_value()) << spec;
        EXPECT_TRUE(err->starts_with(named)) << *err;
        EXPECT_EQ(err->find('\n'), std::string::npos);
    }
    FlowSpec f;
    EXPECT_FALSE(parse_flow_spec("bbr,rtt=20ms,label=x", 0, f).has_value());
}

// The RTT line's base is the flows' own: a flow's rtt= replaces the
// scenario's (the summary said "base 80 ms" beside a minimum of 73.7 ms for
// a flow of 5 ms), and flows of different RTTs give their range.
TEST(FlowSummaryText, TheRttLinesBaseIsTheFlowsOwn) {
    Scenario one;
    one.duration_s = 2;
    FlowSpec near;
    ASSERT_FALSE(parse_flow_spec("cubic,rtt=5ms", 0, near).has_value());
    one.flows = {near};
    const std::string a = summary_text(run_scenario(one));
    EXPECT_TRUE(contains(a, "(base 5 ms)\n")) << a;
    Scenario two = one;
    FlowSpec far;
    ASSERT_FALSE(parse_flow_spec("bbr,rtt=100ms", 1, far).has_value());
    two.flows = {near, far};
    const std::string b = summary_text(run_scenario(two));
    EXPECT_TRUE(contains(b, "(base 5 ms – 100 ms)\n")) << b;
}

TEST(FlowSummaryText, APingIsHeldBackByNoLimit) {
    // A ping sends one packet every interval whatever any window says: its
    // element of `flows` names no limit (it read "link" here, "cwnd" on the
    // kernel), while the bulk flow beside it names its own.
    Scenario s;
    s.duration_s = 4;
    FlowSpec bulk;
    ASSERT_FALSE(parse_flow_spec("cubic", 0, bulk).has_value());
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    s.flows = {bulk, ping};
    const RunResult r = run_scenario(s);
    const QJsonArray flows = result_to_json(r)["flows"].toArray();
    ASSERT_EQ(flows.size(), 2);
    EXPECT_EQ(flows[0].toObject()["binding_limit"].toString(), to_string(r.flows[0].summary.binding_limit));
    ASSERT_TRUE(flows[1].toObject().contains("binding_limit"));
    EXPECT_TRUE(flows[1].toObject()["binding_limit"].isNull()) << flows[1].toObject()["binding_limit"].toString().toStdString();
}

TEST(FlowSummaryText, ARunThatSentNothingInTheWindowNamesNoLimit) {
    // One 10 KB transfer on an empty 100 Mbit/s, 80 ms path is done at about
    // 2 × 80 ms: over the steady state (5 – 10 s of 10 s) no limit held it
    // back, and the headline read "0 bit/s ..., limited by cwnd".
    Scenario s = test::short_transfer_alone();
    const RunResult r = run_scenario(s);
    ASSERT_EQ(r.summary.throughput_bps, 0);
    const std::string line = hero_line(r);
    EXPECT_EQ(line.find("limited by"), std::string::npos) << line;
    EXPECT_NE(line.find("no data sent in the steady state (5 s – 10 s)"), std::string::npos) << line;
    // Its JSON names none either: null, where it read "cwnd".
    const QJsonObject j = result_to_json(r);
    ASSERT_TRUE(j.contains("binding_limit"));
    EXPECT_TRUE(j["binding_limit"].isNull()) << j["binding_limit"].toString().toStdString();
    // And the flow's own element of `flows` (it read "cwnd" there too).
    ASSERT_EQ(j["flows"].toArray().size(), 1);
    const QJsonObject flow = j["flows"].toArray()[0].toObject();
    ASSERT_TRUE(flow.contains("binding_limit"));
    EXPECT_TRUE(flow["binding_limit"].isNull()) << flow["binding_limit"].toString().toStdString();
    // A bulk flow over the same window is still held by a limit it names.
    s.flows.clear();
    const RunResult bulk_run = run_scenario(s);
    const std::string bulk = hero_line(bulk_run);
    EXPECT_NE(bulk.find("limited by"), std::string::npos) << bulk;
    EXPECT_EQ(result_to_json(bulk_run)["binding_limit"].toString(), to_string(bulk_run.summary.binding_limit));
}

// A JSON number is read as a double: from 2^53 on it may not be the number
// written. A seed of 9007199254740993 ran as …992 and said so nowhere; one
// of 12345678901234567891 was refused naming 12345678901234567168.
TEST(ScenarioFileNumbers, ASeedFromTwoToTheFiftyThreeUpIsRefusedAndAStringIsTakenExactly) {
    for (const char* json : {R"({"seed": 9007199254740993})", R"({"seed": 9007199254740992})",
                             R"({"seed": 12345678901234567891})", R"({"seed": 18446744073709551615})"}) {
        const std::string err = file_error(json);
        EXPECT_NE(err.find("seed: a number from 2^53"), std::string::npos) << json << " → " << err;
        EXPECT_NE(err.find("as a string"), std::string::npos) << err;
        EXPECT_EQ(err.find("9007199254740992 "), std::string::npos) << err;  // no value the file does not hold
    }
    Scenario s;
    ASSERT_FALSE(scenario_from_json(R"({"seed": "9007199254740993"})", "f.json", s).has_value());
    EXPECT_EQ(s.seed, 9007199254740993ull);
    ASSERT_FALSE(scenario_from_json(R"({"seed": 9007199254740991})", "f.json", s).has_value());
    EXPECT_EQ(s.seed, 9007199254740991ull);  // below 2^53 a number is exact
    // What the writer writes, the reader takes back: 2^53 itself was written
    // as a number the reader refuses (found by the scenario-file fuzzer).
    for (const std::uint64_t seed : {9007199254740991ull, 9007199254740992ull, 9007199254740993ull,
                                     18446744073709551615ull}) {
        Scenario written;
        written.seed = seed;
        const QByteArray text = QJsonDocument(scenario_to_json(written)).toJson();
        Scenario read;
        const auto err = scenario_from_json(text, "f.json", read);
        ASSERT_FALSE(err.has_value()) << seed << ": " << *err;
        EXPECT_EQ(read.seed, seed);
    }
    // A huge number elsewhere is a short line, not 300 digits.
    const std::string huge = file_error(R"({"bandwidth": 1e300})");
    EXPECT_NE(huge.find("1e+291 Gbit/s"), std::string::npos) << huge;
    EXPECT_LT(huge.size(), 200u) << huge;
}
