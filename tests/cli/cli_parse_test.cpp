// Reading `inflight run`'s options (run_command.h) and the front door
// (cli.h): the options of the README's "Command line" section.
#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>
#include <sstream>
#include <tuple>

#include "app/cli/cli.h"
#include "cli_test_support.h"
#include "app/formats/csv_export.h"
#include "app/cli/help.h"
#include "app/cli/run_command.h"
#include "model/core/flow_spec.h"

using namespace inflight;
using namespace inflight::cli;

namespace {

struct RunParse {
    ParseResult result = ParseResult::Error;
    RunRequest run;
    std::string error;
};

// `args` as after "inflight": {"run", options...}.
RunParse parse(std::vector<std::string> args) {
    RunParse p;
    EXPECT_FALSE(args.empty());
    if (args.empty()) return p;
    EXPECT_EQ(args[0], "run");
    p.result = parse_run_options(std::vector<std::string>(args.begin() + 1, args.end()), p.run, &p.error);
    return p;
}

Scenario run_scenario_of(std::initializer_list<std::string> args) {
    auto p = parse(args);
    EXPECT_EQ(p.result, ParseResult::Ok) << p.error;
    return p.run.scenario;
}

std::string error_of(std::initializer_list<std::string> args) {
    auto p = parse(args);
    EXPECT_EQ(p.result, ParseResult::Error);
    EXPECT_EQ(p.error.find('\n'), std::string::npos) << p.error;
    return p.error;
}

using Outcome = cli_test::Dispatched;
using cli_test::contains;
using cli_test::dispatch_of;

using cli_test::split_words;

}  // namespace

TEST(CommandLine, NoArgumentsOpensTheWindow) {
    int window_calls = 0;
    Frontends with_window;
    with_window.open_window = [&](int argc, char**) {
        ++window_calls;
        EXPECT_EQ(argc, 1);
        return 7;
    };
    EXPECT_EQ(dispatch_of({}, with_window).code, 7);
    EXPECT_EQ(window_calls, 1);
    // A build without the window says so, and fails.
    const Outcome o = dispatch_of({});
    EXPECT_EQ(o.code, kExitFailure);
    EXPECT_EQ(o.err, "inflight: this build has no window (built without ui/ or with INFLIGHT_BUILD_UI=OFF); "
                     "use 'inflight run --help' for the command line\n");
}

TEST(CommandLine, ACaptureAloneOpensTheWindowWithIt) {
    int window_calls = 0;
    Frontends with_window;
    with_window.open_window = [&](int argc, char** argv) {
        ++window_calls;
        EXPECT_EQ(argc, 2);
        EXPECT_STREQ(argv[1], "lab.PCAPNG");
        return 7;
    };
    EXPECT_EQ(dispatch_of({"lab.PCAPNG"}, with_window).code, 7);
    EXPECT_EQ(window_calls, 1);
    // Not a capture's name: still an unknown command.
    EXPECT_EQ(dispatch_of({"lab.txt"}, with_window).code, kExitUsage);
    EXPECT_EQ(window_calls, 1);
    const Outcome o = dispatch_of({"lab.pcap"});
    EXPECT_EQ(o.code, kExitFailure);
    EXPECT_NE(o.err.find("inflight capture lab.pcap"), std::string::npos) << o.err;
}

TEST(CommandLine, HelpAndVersion) {
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"--help"}, {"-h"}, {"help"}, {"run", "--help"}, {"run", "-h"}, {"run", "--rtt", "20ms", "--help"}}) {
        const Outcome o = dispatch_of(args);
        EXPECT_EQ(o.code, kExitOk) << args[0];
        EXPECT_EQ(o.out, help_text()) << args[0];
        EXPECT_EQ(o.err, "");
    }
    const std::string version = std::string("inflight ") + INFLIGHT_VERSION +
                                "\n"
                                "Copyright (C) The Inflight authors.\n"
                                "License GPL-3.0-or-later: <https://www.gnu.org/licenses/gpl-3.0.html>\n"
                                "This is free software; there is NO WARRANTY.\n";
    EXPECT_EQ(version_text(), version);
    EXPECT_EQ(dispatch_of({"--version"}).out, version);
    EXPECT_EQ(dispatch_of({"-v"}).out, version);
}

TEST(CommandLine, HelpListsEveryOptionOfTheReadme) {
    const std::string help = help_text();
    for (const char* option : {"--algo", "--bandwidth", "--rtt", "--loss", "--loss-pattern", "--rwnd",
                               "--sndbuf", "--buffer", "--aqm", "--ecn", "--mss", "--pacing",
                               "--duration", "--seed", "--scenario", "--json", "--csv", "--events",
                               "--png", "--svg"})
        EXPECT_TRUE(contains(help, option)) << option;
}

TEST(CommandLine, RunWithoutOptionsUsesDefaults) {
    auto p = parse({"run"});
    ASSERT_EQ(p.result, ParseResult::Ok);
    EXPECT_EQ(p.run.scenario, Scenario{});
    EXPECT_FALSE(p.run.json);
    EXPECT_TRUE(p.run.csv_path.empty());
}

TEST(CommandLine, EveryParameterOption) {
    const Scenario s = run_scenario_of({"run", "--algo", "bbr", "--bandwidth", "1Gbps", "--rtt", "20ms",
                                        "--loss", "0.01%", "--loss-pattern", "random", "--rwnd", "64KiB",
                                        "--sndbuf", "1MiB", "--buffer", "50ms", "--aqm", "codel", "--ecn",
                                        "--mss", "9000", "--pacing", "--duration", "10s", "--seed", "99"});
    EXPECT_EQ(s.algorithm, Algorithm::Bbr);
    EXPECT_EQ(s.bandwidth_bps, 1e9);
    EXPECT_EQ(s.rtt_s, 0.020);
    EXPECT_EQ(s.loss, 1e-4);
    EXPECT_EQ(s.loss_pattern, LossPattern::Random);
    EXPECT_EQ(s.rwnd_bytes, 65536u);
    EXPECT_EQ(s.sndbuf_bytes, 1048576u);
    EXPECT_EQ(s.buffer_s, 0.050);
    EXPECT_EQ(s.aqm, Aqm::Codel);
    EXPECT_TRUE(s.ecn);
    EXPECT_EQ(s.mss_bytes, 9000u);
    EXPECT_TRUE(s.pacing);
    EXPECT_EQ(s.duration_s, 10.0);
    EXPECT_EQ(s.seed, 99u);
}

TEST(CommandLine, EqualsFormAndLastOneWins) {
    const Scenario s = run_scenario_of({"run", "--rtt=20ms", "--rtt", "30ms", "--ecn", "--no-ecn", "--pacing=off"});
    EXPECT_EQ(s.rtt_s, 0.030);
    EXPECT_FALSE(s.ecn);
    EXPECT_FALSE(s.pacing);
}

TEST(CommandLine, PacingOnOffOrAutoForcesItEitherWayForEveryAlgorithm) {
    // auto (the default): BBR as its stack runs it — paced with linux only.
    for (const auto& [args, cubic_paced, bbr_textbook_paced, bbr_linux_paced] :
         std::vector<std::tuple<std::vector<std::string>, bool, bool, bool>>{
             {{"run"}, false, false, true},
             {{"run", "--pacing", "auto"}, false, false, true},
             {{"run", "--pacing"}, true, true, true},
             {{"run", "--pacing", "on"}, true, true, true},
             {{"run", "--pacing=on"}, true, true, true},
             {{"run", "--pacing", "off"}, false, false, false},
             {{"run", "--no-pacing"}, false, false, false},
             {{"run", "--pacing", "off", "--pacing", "auto"}, false, false, true}}) {
        auto p = parse(args);
        ASSERT_EQ(p.result, ParseResult::Ok) << p.error;
        Scenario s = p.run.scenario;
        s.algorithm = Algorithm::Cubic;
        EXPECT_EQ(resolve_flow(s, 0).pacing, cubic_paced) << args.back();
        s.algorithm = Algorithm::Bbr;
        EXPECT_EQ(resolve_flow(s, 0).pacing, bbr_textbook_paced) << args.back();
        s.stack = Stack::Linux;
        EXPECT_EQ(resolve_flow(s, 0).pacing, bbr_linux_paced) << args.back();
    }
    // A flow's own pacing=off holds even for BBR on the linux stack.
    auto p = parse({"run", "--stack", "linux", "--flow", "bbr,pacing=off", "--flow", "bbr"});
    ASSERT_EQ(p.result, ParseResult::Ok) << p.error;
    EXPECT_FALSE(resolve_flow(p.run.scenario, 0).pacing);
    EXPECT_TRUE(resolve_flow(p.run.scenario, 1).pacing);
    // A word that is not on, off or auto is not taken as the switch's value.
    auto bad = parse({"run", "--pacing=sometimes"});
    EXPECT_EQ(bad.result, ParseResult::Error);
    EXPECT_EQ(bad.error, "--pacing: 'sometimes' is not one of on, off, auto");
    auto stray = parse({"run", "--pacing", "sometimes"});
    EXPECT_EQ(stray.result, ParseResult::Error);
}

TEST(CommandLine, OutputsAndJson) {
    QTemporaryDir dir;
    const std::string csv = dir.filePath("t.csv").toStdString();
    const std::string ev = dir.filePath("e.csv").toStdString();
    auto p = parse({"run", "--json", "--csv", csv, "--events", ev});
    ASSERT_EQ(p.result, ParseResult::Ok) << p.error;
    EXPECT_TRUE(p.run.json);
    EXPECT_EQ(p.run.csv_path, csv);
    EXPECT_EQ(p.run.events_path, ev);
}

TEST(CommandLine, BadValuesNameTheOptionAndTheValue) {
    std::string e = error_of({"run", "--bandwidth", "10Qbps"});
    EXPECT_EQ(e, "--bandwidth: '10Qbps' is not a rate; use a number with bps, kbps, Mbps or Gbps (e.g. 100Mbps)");
    e = error_of({"run", "--rtt", "-5ms"});
    EXPECT_TRUE(contains(e, "--rtt") && contains(e, "-5ms") && contains(e, "negative")) << e;
    e = error_of({"run", "--loss", "150%"});
    EXPECT_EQ(e, "--loss: 150% is out of range; allowed 0 or 0.0001% – 10%");
    e = error_of({"run", "--loss", "nan"});
    EXPECT_TRUE(contains(e, "--loss") && contains(e, "nan")) << e;
    e = error_of({"run", "--algo", "vegas"});
    EXPECT_TRUE(contains(e, "--algo") && contains(e, "vegas") && contains(e, "reno, cubic, bbr")) << e;
    e = error_of({"run", "--bandwidth", "200Gbps"});
    EXPECT_EQ(e, "--bandwidth: 200 Gbit/s is out of range; allowed 1 Mbit/s – 100 Gbit/s");
    e = error_of({"run", "--mss", "10GB"});
    EXPECT_TRUE(contains(e, "--mss") && contains(e, "out of range")) << e;
    e = error_of({"run", "--seed", "1.5"});
    EXPECT_TRUE(contains(e, "--seed") && contains(e, "1.5")) << e;
}

TEST(CommandLine, UnknownOptionsAndStrayArguments) {
    std::string e = error_of({"run", "--frobnicate"});
    EXPECT_TRUE(contains(e, "unknown option '--frobnicate'")) << e;
    e = error_of({"run", "--rttt", "80ms"});
    EXPECT_TRUE(contains(e, "'--rttt'") && contains(e, "did you mean --rtt?")) << e;
    e = error_of({"run", "-x"});
    EXPECT_TRUE(contains(e, "'-x'")) << e;
    e = error_of({"run", "80ms"});
    EXPECT_TRUE(contains(e, "'80ms'")) << e;
    e = error_of({"run", "--"});  // once an out_of_range exception
    EXPECT_EQ(e, "unknown option '--' (see inflight run --help)");
    Outcome o = dispatch_of({"--frobnicate"});
    EXPECT_EQ(o.code, kExitUsage);
    EXPECT_EQ(o.err, "inflight: unknown option '--frobnicate'; use 'inflight run [options]', --help or --version\n");
    o = dispatch_of({"walk"});
    EXPECT_EQ(o.code, kExitUsage);
    EXPECT_EQ(o.err, "inflight: unknown command 'walk'; use 'inflight run [options]', --help or --version\n");
    EXPECT_EQ(o.out, "");
}

TEST(CommandLine, MissingValuesAndValuesGivenToFlags) {
    std::string e = error_of({"run", "--rtt"});
    EXPECT_TRUE(contains(e, "--rtt: missing value")) << e;
    e = error_of({"run", "--rtt", "--json"});
    EXPECT_TRUE(contains(e, "--rtt: missing value")) << e;
    e = error_of({"run", "--json=yes"});
    EXPECT_TRUE(contains(e, "--json") && contains(e, "yes")) << e;
    e = error_of({"run", "--ecn=maybe"});
    EXPECT_TRUE(contains(e, "--ecn") && contains(e, "maybe")) << e;
}

TEST(CommandLine, OutputPathsAreCheckedBeforeTheRun) {
    std::string e = error_of({"run", "--csv", "/nonexistent-dir-for-inflight/x.csv"});
    EXPECT_TRUE(contains(e, "--csv") && contains(e, "/nonexistent-dir-for-inflight/x.csv")) << e;
    QTemporaryDir dir;
    e = error_of({"run", "--events", dir.path().toStdString()});
    EXPECT_TRUE(contains(e, "--events") && contains(e, "directory")) << e;
    const std::string same = dir.filePath("same.csv").toStdString();
    e = error_of({"run", "--csv", same, "--events", same});
    EXPECT_TRUE(contains(e, "--events") && contains(e, "--csv")) << e;
}

TEST(CommandLine, OptionsOverrideTheScenarioFileWhereverTheyStand) {
    QTemporaryDir dir;
    const QString path = dir.filePath("s.json");
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"rtt": "50ms", "bandwidth": "1Gbps", "ecn": true})");
    f.close();
    const Scenario s = run_scenario_of({"run", "--rtt", "20ms", "--scenario", path.toStdString(), "--no-ecn"});
    EXPECT_EQ(s.rtt_s, 0.020);        // option
    EXPECT_EQ(s.bandwidth_bps, 1e9);  // file
    EXPECT_FALSE(s.ecn);              // option turns off what the file turned on
}

TEST(CommandLine, ScenarioFileErrorsComeBackAsOneLine) {
    QTemporaryDir dir;
    const QString path = dir.filePath("bad.json");
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"rtt": "2s"})");
    f.close();
    const std::string e = error_of({"run", "--scenario", path.toStdString()});
    EXPECT_EQ(e, "--scenario: " + path.toStdString() + ": rtt: 2 s is out of range; allowed 1 ms – 1000 ms");
    EXPECT_TRUE(contains(error_of({"run", "--scenario", "/nonexistent/s.json"}), "/nonexistent/s.json"));
}

TEST(CommandLine, ReproduceCommandInCsvHeadersParsesBackToTheSameScenario) {
    Scenario s;
    s.algorithm = Algorithm::Bbr;
    s.bandwidth_bps = 2.5e9;
    s.rtt_s = 0.0123;
    s.loss = 3e-4;
    s.loss_pattern = LossPattern::Random;
    s.rwnd_bytes = 65535;
    s.sndbuf_bytes = 1u << 20;
    s.buffer_s = 0.005;
    s.aqm = Aqm::Codel;
    s.ecn = true;
    s.mss_bytes = 9000;
    s.pacing = true;
    s.duration_s = 2.5;
    s.seed = 18446744073709551615ull;
    std::vector<std::string> words = split_words(reproduce_command(s));
    ASSERT_GE(words.size(), 2u);
    EXPECT_EQ(words[0], "inflight");
    words.erase(words.begin());
    const auto p = parse(words);
    ASSERT_EQ(p.result, ParseResult::Ok) << p.error;
    EXPECT_EQ(p.run.scenario, s);
}
