// Reading `inflight sweep`'s options (sweep_command.h) in-process: every run
// option reaches the base scenario, the unknown-option helper is run's, the
// --points range is the model's, and the help lists what the tables hold.
#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>
#include <functional>
#include <map>
#include <set>

#include "app/cli/options.h"
#include "app/cli/sweep_command.h"

using namespace inflight;
using namespace inflight::cli;

namespace {

struct SweepParse {
    ParseResult result = ParseResult::Error;
    SweepRequest request;
    std::string error;
};

// A loss sweep (or an rwnd sweep, to let --loss through) plus `more`.
SweepParse parse(std::vector<std::string> more, const char* param = "loss") {
    std::vector<std::string> args = {"--param", param};
    if (std::string(param) == "loss") args.insert(args.end(), {"--from", "1e-5", "--to", "1e-2"});
    else args.insert(args.end(), {"--from", "16KiB", "--to", "1MiB"});
    args.insert(args.end(), more.begin(), more.end());
    SweepParse p;
    p.result = parse_sweep_options(args, p.request, &p.error);
    return p;
}

std::string error_of(std::vector<std::string> more) {
    const SweepParse p = parse(std::move(more));
    EXPECT_EQ(p.result, ParseResult::Error);
    return p.error;
}

}  // namespace

TEST(SweepOptions, EveryRunOptionIsASweepOptionOrRefusedWithAReason) {
    QTemporaryDir dir;
    const QString file = dir.filePath("s.json");
    {
        QFile f(file);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(R"({"seed": 7})");
    }
    // Each run option with a non-default value, and where it must land.
    using Check = std::function<bool(const Scenario&)>;
    const std::map<std::string, std::pair<std::vector<std::string>, Check>> cases = {
        {"bandwidth", {{"--bandwidth", "1Gbps"}, [](const Scenario& s) { return s.bandwidth_bps == 1e9; }}},
        {"rtt", {{"--rtt", "20ms"}, [](const Scenario& s) { return s.rtt_s == 0.020; }}},
        {"loss", {{"--loss", "0.01%"}, [](const Scenario& s) { return s.loss == 1e-4; }}},
        {"loss-pattern", {{"--loss-pattern", "random"}, [](const Scenario& s) { return s.loss_pattern == LossPattern::Random; }}},
        {"rwnd", {{"--rwnd", "64KiB"}, [](const Scenario& s) { return s.rwnd_bytes == 65536u; }}},
        {"sndbuf", {{"--sndbuf", "1MiB"}, [](const Scenario& s) { return s.sndbuf_bytes == 1048576u; }}},
        {"buffer", {{"--buffer", "50ms"}, [](const Scenario& s) { return s.buffer_s == 0.050; }}},
        {"aqm", {{"--aqm", "codel"}, [](const Scenario& s) { return s.aqm == Aqm::Codel; }}},
        {"ecn", {{"--aqm", "codel", "--ecn"}, [](const Scenario& s) { return s.ecn; }}},
        {"no-ecn", {{"--ecn", "--no-ecn"}, [](const Scenario& s) { return !s.ecn; }}},
        {"mss", {{"--mss", "9000"}, [](const Scenario& s) { return s.mss_bytes == 9000u; }}},
        {"pacing", {{"--pacing"}, [](const Scenario& s) { return s.pacing; }}},
        {"no-pacing", {{"--pacing", "--no-pacing"}, [](const Scenario& s) { return !s.pacing; }}},
        {"duration", {{"--duration", "10s"}, [](const Scenario& s) { return s.duration_s == 10.0; }}},
        {"seed", {{"--seed", "99"}, [](const Scenario& s) { return s.seed == 99u; }}},
        {"stack", {{"--stack", "linux"}, [](const Scenario& s) { return s.stack == Stack::Linux; }}},
        {"bbr-pacing", {{"--bbr-pacing", "off"}, [](const Scenario& s) { return s.bbr_pacing == Detail::Off; }}},
        {"bbr-headroom", {{"--bbr-headroom", "off"}, [](const Scenario& s) { return s.bbr_headroom == Detail::Off; }}},
        {"hystart", {{"--hystart", "on"}, [](const Scenario& s) { return s.hystart == Detail::On; }}},
        {"delayed-acks", {{"--delayed-acks", "off"}, [](const Scenario& s) { return s.delayed_acks == Detail::Off; }}},
        {"autotuning", {{"--autotuning", "on"}, [](const Scenario& s) { return s.autotuning == Detail::On; }}},
        {"prr", {{"--prr", "off"}, [](const Scenario& s) { return s.prr == Detail::Off; }}},
        {"slow-start-room", {{"--slow-start-room", "off"}, [](const Scenario& s) { return s.slow_start_room == Detail::Off; }}},
        {"rcvbuf", {{"--rcvbuf", "256KiB"}, [](const Scenario& s) { return s.rcvbuf_bytes == 262144u; }}},
        {"flow", {{"--flow", "bbr", "--flow", "cubic,rtt=20ms"},
                  [](const Scenario& s) {
                      return s.flows.size() == 2 && s.flows[0].algorithm == Algorithm::Bbr &&
                             s.flows[1].rtt_s == 0.020;
                  }}},
        {"parallel", {{"--parallel", "3"}, [](const Scenario& s) { return s.flows == std::vector<FlowSpec>(3); }}},
        {"scenario", {{"--scenario", file.toStdString()}, [](const Scenario& s) { return s.seed == 7u; }}},
    };
    // The sweep's own options of the same name, and the run outputs it has no use for.
    const std::set<std::string> own = {"algo", "json", "csv", "png", "help"};
    const std::set<std::string> refused = {"events", "transactions", "svg", "pcap", "tsg", "tsg-flow"};
    std::size_t passed_on = 0;
    for (const Option& o : run_options()) {
        const std::string name = o.name;
        SCOPED_TRACE(name);
        if (own.count(name)) continue;
        if (name == "size" || name == "presentation") {  // the run's figure; no dashboard in a sweep
            const std::vector<std::string> args =
                name == "size" ? std::vector<std::string>{"--size", "1920x1080"} : std::vector<std::string>{"--presentation"};
            EXPECT_NE(error_of(args).find("not an option of sweep"), std::string::npos) << error_of(args);
            continue;
        }
        if (refused.count(name)) {
            EXPECT_EQ(error_of({"--" + name, "x.csv"}),
                      "--" + name + ": not an option of sweep; it writes --csv FILE (one row per point and "
                                    "algorithm), --json and --png FILE");
            continue;
        }
        const auto c = cases.find(name);
        ASSERT_NE(c, cases.end()) << "a new run option: say what sweep does with it";
        const SweepParse p = parse(c->second.first, name == "loss" ? "rwnd" : "loss");
        ASSERT_EQ(p.result, ParseResult::Ok) << p.error;
        EXPECT_TRUE(c->second.second(p.request.spec.base));
        ++passed_on;
    }
    EXPECT_EQ(passed_on, cases.size());
    // The swept parameter itself is not a run option here.
    EXPECT_EQ(error_of({"--loss", "1%"}),
              "--loss: is the swept parameter (--param loss); give its range with --from and --to instead");
}

TEST(SweepOptions, SweepsOwnAlgoJsonAndOutputs) {
    QTemporaryDir dir;
    const std::string csv = dir.filePath("s.csv").toStdString();
    const SweepParse p = parse({"--algo", "bbr,reno", "--json", "--csv", csv, "--points", "5", "--threads", "3"});
    ASSERT_EQ(p.result, ParseResult::Ok) << p.error;
    EXPECT_EQ(p.request.spec.algorithms, (std::vector<Algorithm>{Algorithm::Bbr, Algorithm::Reno}));
    EXPECT_TRUE(p.request.json);
    EXPECT_EQ(p.request.csv_path, csv);
    EXPECT_EQ(p.request.spec.points, 5);
    EXPECT_EQ(p.request.threads, 3u);
    EXPECT_EQ(p.request.spec.from, 1e-5);
    EXPECT_EQ(p.request.spec.to, 1e-2);
    // Defaults: 13 points, all three algorithms.
    const SweepParse d = parse({});
    ASSERT_EQ(d.result, ParseResult::Ok) << d.error;
    EXPECT_EQ(d.request.spec.points, 13);
    EXPECT_EQ(d.request.spec.algorithms.size(), 3u);
}

TEST(SweepOptions, UnknownOptionsGetRunsHelperWithTheSweepsNames) {
    EXPECT_EQ(error_of({"--pionts", "5"}),
              "unknown option '--pionts' for sweep; did you mean --points? (see inflight sweep --help)");
    // A run option, misspelt, is suggested too.
    EXPECT_EQ(error_of({"--bandwith", "5Mbps"}),
              "unknown option '--bandwith' for sweep; did you mean --bandwidth? (see inflight sweep --help)");
    // Refused options are not suggested ("--evnts" is one edit from --events).
    EXPECT_EQ(error_of({"--evnts", "e.csv"}), "unknown option '--evnts' for sweep (see inflight sweep --help)");
    EXPECT_EQ(error_of({"stray"}), "unexpected argument 'stray'; options start with -- (see inflight sweep --help)");
    EXPECT_EQ(error_of({"--rtt"}), "--rtt: missing value (see inflight sweep --help)");
    EXPECT_EQ(error_of({"--json=yes"}), "--json: takes no value, but was given 'yes'");
}

TEST(SweepOptions, PointsRangeIsTheModels) {
    EXPECT_FALSE(validate_sweep_points(2));
    EXPECT_FALSE(validate_sweep_points(40));
    EXPECT_EQ(validate_sweep_points(1), "--points: 1 is out of range; allowed 2 – 40");
    EXPECT_EQ(validate_sweep_points(41), "--points: 41 is out of range; allowed 2 – 40");
    EXPECT_EQ(validate_sweep_points(-3), "--points: -3 is out of range; allowed 2 – 40");
    // The command line shows the value as it was typed.
    EXPECT_EQ(error_of({"--points", "1"}), "--points: 1 is out of range; allowed 2 – 40");
    EXPECT_EQ(error_of({"--points", "041"}), "--points: 041 is out of range; allowed 2 – 40");
    EXPECT_EQ(error_of({"--points", "18446744073709551615"}),
              "--points: 18446744073709551615 is out of range; allowed 2 – 40");
    SweepSpec spec;
    spec.points = 0;
    EXPECT_EQ(validate_sweep(spec), "--points: 0 is out of range; allowed 2 – 40");
}

TEST(SweepOptions, HelpListsTheRangesAndThePassedOnRunOptions) {
    const std::string help = sweep_help_text();
    EXPECT_NE(help.find("\n  --points N                2 - 40 points, log-spaced, ends included (default 13)\n"),
              std::string::npos) << help;
    EXPECT_NE(help.find("\n  --threads N               worker threads, 1 - 256 (default: one per core)\n"),
              std::string::npos) << help;
    EXPECT_NE(help.find("\n  --param PARAM             bandwidth, rtt, loss, buffer or rwnd\n"), std::string::npos);
    EXPECT_NE(help.find("\nEvery other parameter comes from the run options (--bandwidth, --rtt, --loss,\n"
                        "--loss-pattern, --rwnd, --sndbuf, --buffer, --aqm, --ecn, --mss, --pacing,\n"
                        "--duration, --seed, --stack, --bbr-pacing, --bbr-headroom, --hystart,\n"
                        "--delayed-acks, --autotuning, --prr, --slow-start-room, --rcvbuf, --flow,\n"
                        "--parallel, --scenario FILE); see inflight --help.\n"),
              std::string::npos) << help;
    for (const std::string& line : {std::string("Usage: inflight sweep"), std::string("Example: ")})
        EXPECT_NE(help.find(line), std::string::npos) << line;
}
