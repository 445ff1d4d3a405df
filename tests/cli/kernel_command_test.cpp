// `inflight kernel` (kernel_command.h, kernel_output.h): it reads run's
// options, refuses with the engine's one line, prints run's summary and JSON
// with the kernel's facts, and stops on Ctrl-C writing nothing — first with
// a stand-in engine (no privileges needed), then, as root, the real binary
// on this machine's kernel.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "app/cli/cli.h"
#include "cli_test_support.h"
#include "app/formats/csv_export.h"
#include "app/formats/json_output.h"
#include "app/cli/kernel_command.h"
#include "app/cli/kernel_output.h"
#include "app/kernel/kernel_run.h"
#include "app/kernel/privileges.h"
#include "model/engine/run.h"
#include "app/cli/run_command.h"
#include "app/formats/summary_fields.h"
#include "app/cli/summary_text.h"

using namespace inflight;
using namespace inflight::cli;
using namespace cli_test;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Parsed {
    ParseResult result = ParseResult::Error;
    RunRequest req;
    std::string error;
};

Parsed parse_kernel(const std::vector<std::string>& args) {
    Parsed p;
    p.result = parse_kernel_options(args, p.req, &p.error);
    return p;
}

Parsed parse_run(const std::vector<std::string>& args) {
    Parsed p;
    p.result = parse_run_options(args, p.req, &p.error);
    return p;
}

// A kernel run's result as the engine gives it, made from a short model run
// with the figures the kernel lacks set to NaN.
kernel::KernelOutcome made_up_kernel_outcome(const Scenario& s) {
    kernel::KernelOutcome o;
    RunResult r = run_scenario(s);
    r.summary.p95_rtt_s = kNaN;
    o.result = r;
    o.facts.kernel_release = "6.18.44-test";
    o.facts.kernel_version = "#1 SMP";
    o.facts.congestion_control = "cubic";
    o.facts.mtu_bytes = 1500;
    o.facts.mss_bytes = 1448;
    o.facts.pacing = "none (Linux sends as cwnd and the ACK clock allow)";
    o.facts.data_direction = {1000, 0.002, 0.00005, 0};
    o.facts.emulator_realtime = true;
    o.facts.absent = {"trace.rtt_s: srtt per bucket"};
    return o;
}

Scenario short_scenario() {
    Scenario s;
    s.duration_s = 2;
    return s;
}

struct Executed {
    int code = -1;
    std::string out, err;
    int engine_calls = 0;
};

Executed execute_with(const RunRequest& req, const std::function<kernel::KernelOutcome(const kernel::KernelProgress&)>& engine,
                      bool show_progress = false) {
    Executed e;
    std::ostringstream out, err;
    const KernelEngine fake = [&](const Scenario&, const kernel::KernelProgress& progress, const std::atomic<bool>*,
                                  const kernel::KernelRunOptions&) {
        ++e.engine_calls;
        return engine(progress);
    };
    e.code = execute_kernel(req, Io{out, err, nullptr}, {}, fake, show_progress);
    e.out = out.str();
    e.err = err.str();
    return e;
}

}  // namespace

TEST(KernelCommand, ReadsEveryOptionOfRunAsRunDoes) {
    const std::vector<std::string> args = {"--algo", "bbr", "--bandwidth", "50Mbps", "--rtt", "20ms", "--loss", "2%",
                                           "--loss-pattern", "random", "--rwnd", "65535", "--sndbuf", "1MiB",
                                           "--buffer", "50ms", "--aqm", "codel", "--ecn", "--mss", "1400",
                                           "--pacing", "--duration", "20s", "--seed", "7", "--json",
                                           "--csv", "t.csv", "--events", "e.csv", "--png", "d.png", "--svg", "d.svg"};
    const Parsed k = parse_kernel(args), r = parse_run(args);
    ASSERT_EQ(k.result, ParseResult::Ok) << k.error;
    ASSERT_EQ(r.result, ParseResult::Ok) << r.error;
    EXPECT_EQ(k.req.scenario, r.req.scenario);
    EXPECT_EQ(k.req.scenario.algorithm, Algorithm::Bbr);
    EXPECT_EQ(k.req.scenario.duration_s, 20);
    EXPECT_TRUE(k.req.json);
    EXPECT_EQ(k.req.csv_path, "t.csv");
    EXPECT_EQ(k.req.events_path, "e.csv");
    EXPECT_EQ(k.req.png_path, "d.png");
    EXPECT_EQ(k.req.svg_path, "d.svg");
    // A bad value is refused as run refuses it.
    const Parsed bad = parse_kernel({"--bandwidth", "5Xbps"});
    EXPECT_EQ(bad.result, ParseResult::Error);
    EXPECT_EQ(bad.error, parse_run({"--bandwidth", "5Xbps"}).error);
}

TEST(KernelCommand, SeveralFlowsAreReadAsRunReadsThem) {
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{"--flow", "bbr"}, {"--parallel", "4"}, {"--flow", "cubic", "--flow", "bbr,rtt=40ms"}}) {
        const Parsed r = parse_run(args);
        ASSERT_EQ(r.result, ParseResult::Ok) << r.error;
        const Parsed k = parse_kernel(args);
        ASSERT_EQ(k.result, ParseResult::Ok) << k.error;
        EXPECT_EQ(k.req.scenario, r.req.scenario);
    }
}

// A value out of range names the kernel run's own range where it is
// narrower than the model's (its --help's): the flow count and the link rate.
TEST(KernelCommand, AnOutOfRangeValueNamesTheKernelsRange) {
    const Parsed none = parse_kernel({"--parallel", "0"});
    EXPECT_EQ(none.result, ParseResult::Error);
    EXPECT_EQ(none.error, "--parallel: 0 is out of range; allowed 1 – 32 on the kernel");
    EXPECT_EQ(parse_kernel({"--parallel", "1.5"}).error, "--parallel: '1.5' is not a whole number; allowed 1 – 32 on the kernel");
    const Parsed slow = parse_kernel({"--bandwidth", "0.5Mbps"});
    EXPECT_EQ(slow.result, ParseResult::Error);
    EXPECT_EQ(slow.error,
              "--bandwidth: 500 kbit/s is out of range; allowed 1 Mbit/s – 800 Mbit/s (600 Mbit/s from 3 flows on) on the kernel");
    // Other refusals are run's own.
    EXPECT_EQ(parse_kernel({"--rtt", "0ms"}).error, parse_run({"--rtt", "0ms"}).error);
}

// More flows than the machine carries are a value out of the help's range,
// refused as the options are read, in one line; finite transfers and request/response flows are carried (refused, if at all, for
// privileges only), and a bad size or every is named as run names it.
TEST(KernelCommand, TooManyFlowsAreRefusedAndTransfersAreCarried) {
    const Parsed many = parse_kernel({"--parallel", "33"});
    ASSERT_EQ(many.result, ParseResult::Error);
    EXPECT_EQ(many.error.rfind("33 flows: a kernel run carries at most 32", 0), 0u) << many.error;
    EXPECT_EQ(many.error.find('\n'), std::string::npos);
    // The engine still refuses it for its other callers (the window).
    EXPECT_EQ(kernel::kernel_run_refusal(parse_run({"--parallel", "33"}).req.scenario), many.error);
    // 32 flows (measured honest at 100 Mbit/s): refused, if at all, for the machine, never the count.
    const Parsed most = parse_kernel({"--parallel", "32"});
    ASSERT_EQ(most.result, ParseResult::Ok) << most.error;
    if (auto r = kernel::kernel_run_refusal(most.req.scenario)) {
        EXPECT_EQ(r->find("carries at most"), std::string::npos) << *r;
    }
    // Transfers and request/response flows are carried: any refusal is the
    // machine's (root, TUN), never the flow's.
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"--flow", "cubic,size=100KB"},
             {"--flow", "ping", "--flow", "cubic,size=1MB,every=500ms"},
             {"--flow", "cubic", "--flow", "cubic,app=rpc,writes=100B+100B,nodelay=on"}}) {
        const Parsed k = parse_kernel(args);
        ASSERT_EQ(k.result, ParseResult::Ok) << k.error;
        EXPECT_EQ(k.req.scenario, parse_run(args).req.scenario);
        if (const std::optional<std::string> r = kernel::kernel_run_refusal(k.req.scenario)) {
            EXPECT_EQ(r->find("size"), std::string::npos) << *r;
            EXPECT_EQ(r->find("rpc"), std::string::npos) << *r;
        }
    }
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"--flow", "cubic,size=5B"}, {"--flow", "cubic,every=1s"}, {"--flow", "cubic,size=100KB,every=1ms"}}) {
        const Parsed k = parse_kernel(args);
        EXPECT_EQ(k.result, ParseResult::Error) << args[1];
        EXPECT_EQ(k.error, parse_run(args).error);
        EXPECT_EQ(k.error.find('\n'), std::string::npos) << k.error;
    }
}

// Beyond the kernel's flow count or its honest rate for that many flows
// (the ranges its --help gives) is a bad value: exit 2 with one line, as run
// exits for a value out of its range; the machine's refusals stay exit 1.
TEST(KernelCommand, BeyondTheKernelsLimitsIsABadValueExit2) {
    std::vector<std::string> flows33 = {"kernel", "--duration", "1s"};
    for (int i = 0; i < 33; ++i) flows33.insert(flows33.end(), {"--flow", "cubic"});
    const std::pair<std::vector<std::string>, std::string> cases[] = {
        {{"kernel", "--parallel", "33"}, "33 flows: a kernel run carries at most 32 on this machine"},
        {flows33, "33 flows: a kernel run carries at most 32 on this machine"},
        {{"kernel", "--bandwidth", "900Mbps"}, "--bandwidth 900 Mbit/s is above what the path emulator keeps honest"},
        {{"kernel", "--bandwidth", "700Mbps", "--parallel", "3"}, "--bandwidth 700 Mbit/s with 3 flows is above"},
    };
    for (const auto& [args, start] : cases) {
        const Dispatched o = dispatch_of(args);
        EXPECT_EQ(o.code, kExitUsage) << start;
        EXPECT_EQ(o.out, "");
        EXPECT_EQ(o.err.rfind("inflight: " + start, 0), 0u) << o.err;
        EXPECT_EQ(line_count(o.err), 1u) << o.err;
    }
    // run exits 2 for its own out-of-range values the same way.
    EXPECT_EQ(dispatch_of({"run", "--parallel", "101"}).code, kExitUsage);
    // At the limits the options are read.
    EXPECT_EQ(parse_kernel({"--parallel", "32"}).result, ParseResult::Ok);
    EXPECT_EQ(parse_kernel({"--bandwidth", "800Mbps", "--parallel", "2"}).result, ParseResult::Ok);
    EXPECT_EQ(parse_kernel({"--bandwidth", "600Mbps", "--parallel", "3"}).result, ParseResult::Ok);
    // The help says which refusals are 1 and that these are 2.
    const std::string help = kernel_help_text();
    EXPECT_TRUE(contains(help, "2 bad option, value or file (a\nrate or flow count beyond the ranges above too)")) << help;
    EXPECT_FALSE(contains(help, "1 refused (privileges, a rate above")) << help;
}

TEST(KernelCommand, TheModelsStackAndItsLinuxDetailsStayWithRun) {
    const std::pair<std::vector<std::string>, std::string> cases[] = {
        {{"--stack", "linux"}, "--stack"},         {{"--hystart", "off"}, "--hystart"},
        {{"--bbr-pacing=on"}, "--bbr-pacing"},     {{"--rtt", "20ms", "--delayed-acks", "off"}, "--delayed-acks"},
        {{"--autotuning", "on"}, "--autotuning"}, {{"--prr", "auto"}, "--prr"}};
    for (const auto& [args, name] : cases) {
        ASSERT_EQ(parse_run(args).result, ParseResult::Ok) << parse_run(args).error;
        const Parsed k = parse_kernel(args);
        EXPECT_EQ(k.result, ParseResult::Error) << name;
        EXPECT_EQ(k.error.rfind(name + " chooses what the model's TCP does", 0), 0u) << k.error;
        EXPECT_TRUE(contains(k.error, "this machine's own Linux TCP")) << k.error;
        EXPECT_EQ(k.error.find('\n'), std::string::npos);
    }
    // SO_RCVBUF is the application's: the kernel run sets it too.
    EXPECT_EQ(parse_kernel({"--rcvbuf", "256KiB"}).result, ParseResult::Ok);
    // A bad value is still named as run names it, before the refusal.
    EXPECT_EQ(parse_kernel({"--hystart", "maybe"}).error, parse_run({"--hystart", "maybe"}).error);
}

TEST(KernelCommand, UnknownOptionSuggestsTheNearestAndNamesKernelsHelp) {
    const Dispatched o = dispatch_of({"kernel", "--bandwith", "5Mbps"});
    EXPECT_EQ(o.code, kExitUsage);
    EXPECT_EQ(o.out, "");
    EXPECT_EQ(o.err, "inflight: unknown option '--bandwith'; did you mean --bandwidth? (see inflight kernel --help)\n");
}

TEST(KernelCommand, HelpSaysWhatItDoesAndWhatItNeeds) {
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{"kernel", "--help"}, {"kernel", "-h"}, {"kernel", "--rtt", "20ms", "--help"}}) {
        const Dispatched o = dispatch_of(args);
        EXPECT_EQ(o.code, kExitOk);
        EXPECT_EQ(o.out, kernel_help_text());
        EXPECT_EQ(o.err, "");
    }
    const std::string help = kernel_help_text();
    for (const char* part : {"Usage: inflight kernel [options]", "Linux TCP stack", "private",
                             "namespaces", "real time", "--duration 20s", "root", "CAP_NET_ADMIN", "CAP_SYS_ADMIN",
                             "setcap cap_net_admin,cap_sys_admin+ep", "130", "up to 32", "fq_codel",
                             "finite transfers (size=, every=", "request/response flows (app=rpc"})
        EXPECT_TRUE(contains(help, part)) << part;
    for (const Option& option : run_options()) {
        const bool duration = option.kind == Kind::Value && option.param == Param::Duration;
        const std::string name = option.name;
        const bool model_stack = name == "stack" || name == "bbr-pacing" || name == "bbr-headroom" || name == "hystart" ||
                                 name == "delayed-acks" || name == "autotuning" || name == "prr" ||
                                 name == "slow-start-room";
        // The rate and the flow count are the emulator's limits here, not the model's.
        const bool own_limit = name == "bandwidth" || name == "parallel";
        EXPECT_EQ(contains(help, help_lines(option)), !duration && !model_stack && !own_limit) << option.name;
    }
    // Those limits as the kernel run enforces them (kernel_run.h's measured figures).
    EXPECT_TRUE(contains(help, "1Mbps - 800 Mbit/s (600 Mbit/s from 3 flows on")) << help;
    EXPECT_TRUE(contains(help, "N identical bulk flows from the options above, 1 - 32\n")) << help;
    // --duration is the real connection's wall-clock time here, not simulated time.
    const std::size_t at = help.find("\n  --duration");
    ASSERT_NE(at, std::string::npos);
    const std::string line = help.substr(at + 1, help.find('\n', at + 1) - at - 1);
    EXPECT_FALSE(contains(line, "simulated")) << line;
    EXPECT_TRUE(contains(line, "wall-clock")) << line;
    EXPECT_TRUE(contains(dispatch_of({"--help"}).out, "  inflight kernel [options]"));
}

TEST(KernelCommand, RefusalIsTheEnginesOneLineAndWritesNothing) {
    QTemporaryDir dir;
    Parsed p = parse_kernel({"--csv", dir.filePath("t.csv").toStdString(), "--json"});
    ASSERT_EQ(p.result, ParseResult::Ok);
    const Executed e = execute_with(p.req, [](const kernel::KernelProgress&) {
        kernel::KernelOutcome o;
        o.error = "inflight kernel needs CAP_NET_ADMIN and CAP_SYS_ADMIN: run it as root";
        return o;
    });
    EXPECT_EQ(e.code, kExitFailure);
    EXPECT_EQ(e.out, "");
    EXPECT_EQ(e.err, "inflight: inflight kernel needs CAP_NET_ADMIN and CAP_SYS_ADMIN: run it as root\n");
    EXPECT_FALSE(QFile::exists(dir.filePath("t.csv")));
}

TEST(KernelCommand, CtrlCWritesNothingAndExits130) {
    QTemporaryDir dir;
    Parsed p = parse_kernel({"--csv", dir.filePath("t.csv").toStdString()});
    ASSERT_EQ(p.result, ParseResult::Ok);
    for (const int signal : {SIGINT, 0}) {
        const Executed e = execute_with(p.req, [&](const kernel::KernelProgress&) {
            kernel::KernelOutcome o = made_up_kernel_outcome(short_scenario());
            o.result->cancelled = true;
            o.signal = signal;
            return o;
        });
        EXPECT_EQ(e.code, kExitInterrupted);
        EXPECT_EQ(e.out, "");
        EXPECT_EQ(line_count(e.err), 1u) << e.err;
        EXPECT_TRUE(contains(e.err, "cancelled")) << e.err;
    }
    const Executed term = execute_with(p.req, [&](const kernel::KernelProgress&) {
        kernel::KernelOutcome o = made_up_kernel_outcome(short_scenario());
        o.result->cancelled = true;
        o.signal = SIGTERM;
        return o;
    });
    EXPECT_EQ(term.code, 128 + SIGTERM);
    EXPECT_FALSE(QFile::exists(dir.filePath("t.csv")));
}

TEST(KernelCommand, SummaryIsRunsFiguresPlusTheKernelsFacts) {
    const kernel::KernelOutcome o = made_up_kernel_outcome(short_scenario());
    const std::string text = kernel_summary_text(*o.result, o.facts);
    EXPECT_TRUE(text.starts_with(summary_figures(*o.result, Engine::Kernel))) << text;
    // The machine's stack is the kernel line's; the model's stack is not named.
    EXPECT_TRUE(contains(summary_figures(*o.result), ", stack textbook,"));
    EXPECT_FALSE(contains(text, ", stack ")) << text;
    for (const char* part : {"Kernel     Linux 6.18.44-test", "MSS 1,448 B used", "Pacing     none",
                             "Emulator   honest up to 800 Mbit/s", "max 2 ms, p99 50 µs", "real-time priority granted",
                             "segments sent", "Not measured by the kernel", "  trace.rtt_s: srtt per bucket",
                             "  packets_simulated: nothing is simulated"})
        EXPECT_TRUE(contains(text, part)) << part << "\n" << text;
    EXPECT_FALSE(contains(text, "Simulated  ")) << text;
    EXPECT_FALSE(contains(text, "fell behind"));
    kernel::KernelFacts late = o.facts;
    late.honest = false;
    EXPECT_TRUE(contains(kernel_summary_text(*o.result, late), "Warning: the emulator fell behind"));
    // The machine's CPU pressure: unknown without PSI, else its share and
    // a warning when busy.
    EXPECT_TRUE(contains(text, "Machine    CPU pressure unknown")) << text;
    kernel::KernelFacts busy = o.facts;
    busy.cpu_wait_s = 1.5;
    busy.cpu_wait_share = 0.5;
    busy.machine_busy = true;
    const std::string busy_text = kernel_summary_text(*o.result, busy);
    EXPECT_TRUE(contains(busy_text, "Machine    tasks waited for a CPU 50% of the run (1.5 s): busy")) << busy_text;
    EXPECT_TRUE(contains(busy_text, "Warning: this computer was busy (tasks waited for a CPU 50% of the run)"))
        << busy_text;
    EXPECT_FALSE(contains(text, "Warning: this computer was busy")) << text;
    // Pings alone: no TCP connection, so no algorithm, MSS or pacing to name.
    kernel::KernelFacts pings = o.facts;
    pings.congestion_control.clear();
    pings.pacing.clear();
    pings.mss_bytes = 0;
    const std::string pings_text = kernel_summary_text(*o.result, pings);
    EXPECT_TRUE(contains(pings_text, "Kernel     Linux 6.18.44-test in private namespaces; no TCP connection in this run "
                                     "(pings only)\n")) << pings_text;
    EXPECT_FALSE(contains(pings_text, ", )")) << pings_text;
    EXPECT_FALSE(contains(pings_text, "Pacing ")) << pings_text;
}

// The kernel does not say when Nagle held a write: its summary gives a
// request/response flow's transactions but not that count, which the
// model's summary of the same run gives.
TEST(KernelCommand, ARequestResponseFlowsLineLeavesOutWhatTheKernelCannotSee) {
    const Parsed p = parse_kernel({"--flow", "cubic,app=rpc,writes=100B+100B,response=100B", "--duration", "2s"});
    ASSERT_EQ(p.result, ParseResult::Ok) << p.error;
    const kernel::KernelOutcome o = made_up_kernel_outcome(p.req.scenario);
    const std::string kernel_text = kernel_summary_text(*o.result, o.facts);
    EXPECT_TRUE(contains(kernel_text, "transactions")) << kernel_text;
    EXPECT_FALSE(contains(kernel_text, "held by Nagle")) << kernel_text;
    EXPECT_TRUE(contains(summary_figures(*o.result), "held by Nagle"));
}

// Pings alone open no TCP connection: the JSON's algorithm, pacing, window
// scaling and binding limit are null, not "" or a limit that never bound,
// and the CSV's header lines say why.
TEST(KernelCommand, PingsAloneGiveNullTcpFactsInJson) {
    const Parsed p = parse_kernel({"--flow", "ping,interval=10ms", "--duration", "2s"});
    ASSERT_EQ(p.result, ParseResult::Ok) << p.error;
    kernel::KernelOutcome o = made_up_kernel_outcome(p.req.scenario);
    o.facts.congestion_control.clear();
    o.facts.pacing.clear();
    o.facts.mss_bytes = 0;
    const QJsonObject j = json_of(kernel_result_json_text(*o.result, o.facts));
    for (const char* key : {"congestion_control", "pacing_in_force", "window_scaling", "binding_limit", "mss_bytes_used"}) {
        ASSERT_TRUE(j.contains(key)) << key;
        EXPECT_TRUE(j.value(key).isNull()) << key;
    }
    for (const std::string& line : kernel_origin(o.facts).lines)
        EXPECT_FALSE(line.back() == ' ' || contains(line, "= \n")) << line;
    const std::vector<std::string> lines = kernel_origin(o.facts).lines;
    for (const char* key : {"congestion_control", "mss_bytes_used", "pacing_in_force", "window_scaling"})
        EXPECT_NE(std::find(lines.begin(), lines.end(), std::string(key) + " = no TCP connection in this run (pings only)"),
                  lines.end())
            << key;
    // With a TCP connection they are the kernel's own.
    const kernel::KernelOutcome tcp = made_up_kernel_outcome(short_scenario());
    const QJsonObject t = json_of(kernel_result_json_text(*tcp.result, tcp.facts));
    EXPECT_EQ(t.value("congestion_control").toString(), "cubic");
    EXPECT_TRUE(t.value("window_scaling").isBool());
    EXPECT_EQ(t.value("binding_limit").toString(), QString::fromStdString(to_string(tcp.result->summary.binding_limit)));
}

// --tsg-flow N's caption is flow N's own line of the summary; with one
// flow, the summary's first line (that flow's figure too).
TEST(KernelCommand, TsgCaptionIsTheNamedFlowsOwn) {
    const Parsed two = parse_kernel({"--flow", "cubic", "--flow", "cubic,rwnd=64KiB", "--duration", "4s"});
    ASSERT_EQ(two.result, ParseResult::Ok) << two.error;
    const kernel::KernelOutcome o = made_up_kernel_outcome(two.req.scenario);
    ASSERT_EQ(o.result->flows.size(), 2u);
    // The summary's own line for flow 2, and the run's whole figure ("Throughput 98.9 Mbit/s (").
    const std::string summary = kernel_summary_text(*o.result, o.facts);
    const std::size_t at = summary.find("\n  flow 2 (cubic): ");
    ASSERT_NE(at, std::string::npos) << summary;
    const std::string flow2 = summary.substr(at + 3, summary.find('\n', at + 1) - at - 3);
    const std::string whole = summary.substr(0, summary.find(" ("));
    ASSERT_EQ(whole.rfind("Throughput ", 0), 0u) << summary;
    const std::string caption = kernel_tsg_caption(*o.result, o.facts, 2);
    EXPECT_EQ(caption, flow2 + " — measured on this computer's kernel");
    EXPECT_FALSE(contains(caption, whole.substr(11) + " ")) << caption << " / " << whole;
    const kernel::KernelOutcome one = made_up_kernel_outcome(short_scenario());
    EXPECT_EQ(kernel_tsg_caption(*one.result, one.facts, 1),
              hero_line(*one.result) + " — measured on this computer's kernel");
}

TEST(KernelCommand, JsonIsRunsPlusTheEngineWithAbsentFiguresNull) {
    const kernel::KernelOutcome o = made_up_kernel_outcome(short_scenario());
    const QJsonObject run = result_to_json(*o.result);
    const QJsonObject k = json_of(kernel_result_json_text(*o.result, o.facts));
    // Every field of run's JSON is there with run's value, except the ones
    // the kernel cannot give, which are null.
    for (auto it = run.begin(); it != run.end(); ++it) {
        ASSERT_TRUE(k.contains(it.key())) << it.key().toStdString();
        if (QStringList{"p95_rtt_s", "packets_simulated", "binding_fractions"}.contains(it.key()))
            continue;
        EXPECT_EQ(k.value(it.key()), it.value()) << it.key().toStdString();
    }
    for (const SummaryField& f : summary_fields()) EXPECT_TRUE(k.contains(QString::fromUtf8(f.key.data(), f.key.size())));
    EXPECT_TRUE(k.value("p95_rtt_s").isNull());
    EXPECT_TRUE(k.value("packets_simulated").isNull());
    // Measured from the buffer's readings and by the model's settled rule: figures, not null.
    for (const char* key : {"mean_queue_delay_s", "p95_queue_delay_s", "settled"})
        EXPECT_FALSE(k.value(key).isNull()) << key;
    EXPECT_EQ(k.value("jain_index").toDouble(), 1.0);  // one flow: trivially fair
    EXPECT_TRUE(k.value("binding_fractions").toObject().value("pacing").isNull());
    EXPECT_EQ(k.value("binding_fractions").toObject().value("cwnd"), run.value("binding_fractions").toObject().value("cwnd"));
    EXPECT_EQ(k.value("segments_sent").toInteger(), static_cast<qint64>(o.result->summary.packets_simulated));
    EXPECT_EQ(k.value("engine").toString(), "kernel");
    EXPECT_EQ(k.value("kernel_version").toString(), "6.18.44-test");
    EXPECT_EQ(k.value("mss_bytes_used").toInt(), 1448);
    EXPECT_EQ(k.value("pacing_in_force").toString().toStdString(), o.facts.pacing);
    const QJsonObject e = k.value("emulator").toObject();
    EXPECT_EQ(e.value("honest_rate_limit_bps").toDouble(), kernel::kEmulatorHonestRateBps);
    EXPECT_EQ(e.value("write_late_max_s").toDouble(), 0.002);
    EXPECT_EQ(e.value("write_late_p99_s").toDouble(), 0.00005);
    EXPECT_TRUE(e.value("realtime").toBool());
    for (const char* cause : {"tail", "aqm", "random"}) EXPECT_TRUE(e.value("drops").toObject().contains(cause)) << cause;
    EXPECT_GE(k.value("absent").toArray().size(), 2);
    // Run's own JSON has no engine: it is unchanged.
    EXPECT_FALSE(run.contains("engine"));
}

TEST(KernelCommand, CsvFilesAreRunsWithTheKernelsProvenance) {
    QTemporaryDir dir;
    const QString trace = dir.filePath("t.csv"), events = dir.filePath("e.csv");
    Parsed p = parse_kernel({"--csv", trace.toStdString(), "--events", events.toStdString()});
    ASSERT_EQ(p.result, ParseResult::Ok);
    const kernel::KernelOutcome made = made_up_kernel_outcome(short_scenario());
    const Executed e = execute_with(p.req, [&](const kernel::KernelProgress&) { return made; });
    ASSERT_EQ(e.code, kExitOk) << e.err;
    EXPECT_EQ(e.err, "");
    EXPECT_TRUE(contains(e.out, "Kernel     Linux 6.18.44-test"));
    for (const QString& path : {trace, events}) {
        const std::string csv = read_all(path);
        EXPECT_TRUE(contains(csv, "\n# engine = kernel")) << csv.substr(0, 400);
        EXPECT_TRUE(contains(csv, "\n# kernel_version = 6.18.44-test")) << csv.substr(0, 400);
        EXPECT_TRUE(contains(csv, "\n# reproduce: inflight kernel --algo")) << csv.substr(0, 400);
    }
    // The reproduce line is a command the kernel takes: its words read back
    // through the kernel's own parser to the scenario that ran (without the
    // model's stack options, which the kernel refuses).
    {
        const std::string csv = read_all(trace);
        const std::size_t at = csv.find("\n# reproduce: ") + 14;
        std::vector<std::string> words = split_words(csv.substr(at, csv.find('\n', at) - at));
        ASSERT_GE(words.size(), 2u);
        EXPECT_EQ(words[0], "inflight");
        EXPECT_EQ(words[1], "kernel");
        const Parsed again = parse_kernel(std::vector<std::string>(words.begin() + 2, words.end()));
        ASSERT_EQ(again.result, ParseResult::Ok) << again.error;
        // Read back, it says the same again: every option the kernel takes, round trip.
        EXPECT_EQ(reproduce_command(again.req.scenario, "kernel"), reproduce_command(made.result->scenario, "kernel"));
    }
    // The columns and rows are run's: the same text after the '#' lines.
    const auto body = [](const std::string& csv) { return csv.substr(csv.find("\nt_")); };
    EXPECT_EQ(body(read_all(trace)), body(trace_csv(*made.result)));
    EXPECT_EQ(body(read_all(events)), body(events_csv(*made.result)));
}

TEST(KernelCommand, ProgressOnlyWhenAskedOncePerSecond) {
    const Parsed p = parse_kernel({"--json"});
    const auto engine = [](const kernel::KernelProgress& progress) {
        kernel::KernelOutcome o = made_up_kernel_outcome(short_scenario());
        if (progress)
            for (int tenth = 1; tenth <= 25; ++tenth)
                progress(kernel::KernelProgressView{o.result->trace, o.result->events, o.result->flows, tenth / 10.0, 20.0});
        return o;
    };
    const Executed quiet = execute_with(p.req, engine, false);
    EXPECT_EQ(quiet.err, "");
    const Executed shown = execute_with(p.req, engine, true);
    EXPECT_TRUE(contains(shown.err, "\rkernel: 1 s of 20 s, delivering ")) << shown.err;
    EXPECT_TRUE(contains(shown.err, "\rkernel: 2 s of 20 s")) << shown.err;
    EXPECT_FALSE(contains(shown.err, "\n")) << shown.err;  // rewritten in place, then cleared
    EXPECT_TRUE(shown.err.ends_with("\r\x1b[K")) << shown.err;
    // stdout is the JSON alone.
    EXPECT_EQ(json_of(shown.out).value("engine").toString(), "kernel");
}

// The real binary on this machine's kernel. CI runs as root.
namespace {

// Names in /run/netns made by the process `pid` (the engine names them
// inflight-<pid>-<n>-snd / -rcv). Other runs' namespaces (kernel_tests in
// parallel) are not this test's business.
QStringList namespaces_of(qint64 pid) {
    return QDir("/run/netns").entryList({QString("inflight-%1-*").arg(pid)}, QDir::AllEntries | QDir::System);
}

bool privileged() { return !kernel::missing_privileges().has_value(); }

}  // namespace

TEST(KernelBinary, WindowOf65535BytesGivesTheLessonsArithmetic) {
    if (!privileged()) GTEST_SKIP() << "needs CAP_NET_ADMIN and CAP_SYS_ADMIN (CI runs as root)";
    QTemporaryDir dir;
    const QString csv = dir.filePath("t.csv");
    const Ran r = run_program(INFLIGHT_EXE, {"kernel", "--rwnd", "65535", "--bandwidth", "100Mbps", "--rtt", "80ms",
                                            "--duration", "8s", "--json", "--csv", csv});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const QJsonObject j = json_of(r.out);
    // 65,535 B per round trip: the base RTT plus one 1,500 B packet's
    // serialization at 100 Mbit/s. An emulator that fell behind (this test
    // shares the machine with ctest's other job: a CI run measured p99
    // lateness 7.4 ms and a mean RTT of 84 ms) lengthens the round trip the
    // kernel measured, and the window per that round trip is the goodput.
    const double path_rtt_s = 0.080 + 1500.0 * 8 / 100e6;
    const bool honest = j.value("emulator").toObject().value("honest").toBool();
    const double rtt_s = honest ? path_rtt_s : std::max(path_rtt_s, j.value("mean_rtt_s").toDouble());
    const double expected = 65535.0 * 8 / rtt_s;  // 6.54 Mbit/s when honest
    EXPECT_NEAR(j.value("throughput_bps").toDouble(), expected, 0.05 * expected) << r.out;
    EXPECT_EQ(j.value("engine").toString(), "kernel");
    EXPECT_EQ(j.value("binding_limit").toString(), "rwnd");
    EXPECT_FALSE(j.value("window_scaling").toBool());
    EXPECT_FALSE(j.value("kernel_version").toString().isEmpty());
    EXPECT_GT(j.value("mss_bytes_used").toInt(), 0);
    EXPECT_TRUE(j.value("emulator").toObject().contains("write_late_p99_s"));
    EXPECT_TRUE(contains(read_all(csv), "\n# engine = kernel"));
    // Its namespaces are gone.
    const QJsonObject ns = j.value("namespaces").toObject();
    EXPECT_TRUE(ns.value("sender").toString().startsWith("inflight-")) << r.out;
    EXPECT_FALSE(QFile::exists("/run/netns/" + ns.value("sender").toString()));
    EXPECT_FALSE(QFile::exists("/run/netns/" + ns.value("receiver").toString()));
    EXPECT_TRUE(namespaces_of(r.pid).isEmpty()) << namespaces_of(r.pid).join(' ').toStdString();
}

// A run of pings alone: the BDP and buffer are the path's (bandwidth × RTT
// and bandwidth × buffer time, in 1,500 B packets: 100 Mbit/s × 80 ms =
// 666.7, × 100 ms = 833.3), not 0; no TCP fact is made up.
TEST(KernelBinary, PingsAloneHaveThePathsBdpAndNoTcpFacts) {
    if (!privileged()) GTEST_SKIP() << "needs CAP_NET_ADMIN and CAP_SYS_ADMIN (CI runs as root)";
    const QStringList path = {"--flow", "ping,interval=10ms", "--bandwidth", "100Mbps", "--rtt", "80ms",
                              "--buffer", "100ms", "--duration", "2s"};
    const Ran r = run_program(INFLIGHT_EXE, QStringList{"kernel"} + path + QStringList{"--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const QJsonObject j = json_of(r.out);
    EXPECT_NEAR(j.value("bdp_packets").toDouble(), 100e6 / 8 * 0.080 / 1500, 1e-9) << r.out;
    EXPECT_NEAR(j.value("buffer_packets").toDouble(), 100e6 / 8 * 0.100 / 1500, 1e-9) << r.out;
    for (const char* key : {"congestion_control", "pacing_in_force", "window_scaling", "binding_limit", "mss_bytes_used"})
        EXPECT_TRUE(j.value(key).isNull()) << key << " " << r.out;
    EXPECT_GT(j.value("flows").toArray().at(0).toObject().value("pings_sent").toInt(), 100) << r.out;
    const Ran text = run_program(INFLIGHT_EXE, QStringList{"kernel"} + path);
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_TRUE(contains(text.out, "Window     no TCP flow; BDP 667 packets, buffer 833 packets\n")) << text.out;
    EXPECT_TRUE(namespaces_of(text.pid).isEmpty());
}

TEST(KernelBinary, AFiniteTransfersFctIsShownAsRunShowsIt) {
    if (!privileged()) GTEST_SKIP() << "needs CAP_NET_ADMIN and CAP_SYS_ADMIN (CI runs as root)";
    const QStringList path = {"--flow", "cubic,size=100KB", "--bandwidth", "100Mbps", "--rtt", "80ms", "--buffer", "80ms",
                              "--duration", "1s"};
    const Ran k = run_program(INFLIGHT_EXE, QStringList{"kernel"} + path + QStringList{"--json"});
    ASSERT_EQ(k.exit_code, 0) << k.err;
    const Ran m = run_program(INFLIGHT_EXE, QStringList{"run", "--stack", "linux"} + path + QStringList{"--json"});
    ASSERT_EQ(m.exit_code, 0) << m.err;
    const QJsonObject kf = json_of(k.out).value("flows").toArray().at(0).toObject();
    const QJsonObject mf = json_of(m.out).value("flows").toArray().at(0).toObject();
    // The same FCT fields as run's, one transfer, its FCT within 10% of the model's.
    for (const char* key : {"fct_s", "fct_mean_s", "fct_p50_s", "fct_p95_s", "fct_max_s"}) {
        EXPECT_TRUE(mf.contains(key)) << key;
        EXPECT_TRUE(kf.contains(key)) << key << k.out;
    }
    ASSERT_EQ(kf.value("fct_s").toArray().size(), 1) << k.out;
    const double fct = kf.value("fct_s").toArray().at(0).toDouble();
    EXPECT_EQ(kf.value("fct_p50_s").toDouble(), fct);
    EXPECT_EQ(kf.value("fct_max_s").toDouble(), fct);
    const double model = mf.value("fct_p50_s").toDouble();
    EXPECT_NEAR(fct, model, 0.10 * model) << k.out;
    // The summary's flow line says it as run's does.
    const Ran text = run_program(INFLIGHT_EXE, QStringList{"kernel"} + path);
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_TRUE(contains(text.out, "100 KB transfer: FCT ")) << text.out;
    EXPECT_TRUE(namespaces_of(text.pid).isEmpty());
}

TEST(KernelBinary, CtrlCStopsPromptlyRemovesTheNamespacesAndWritesNothing) {
    if (!privileged()) GTEST_SKIP() << "needs CAP_NET_ADMIN and CAP_SYS_ADMIN (CI runs as root)";
    QTemporaryDir dir;
    const QString csv = dir.filePath("t.csv");
    const Ran r = run_program(INFLIGHT_EXE, {"kernel", "--duration", "20s", "--csv", csv}, 1500);
    EXPECT_EQ(r.exit_code, kExitInterrupted) << r.err;
    EXPECT_LT(r.seconds, 3.0);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(line_count(r.err), 1u) << r.err;
    EXPECT_TRUE(contains(r.err, "cancelled")) << r.err;
    EXPECT_FALSE(QFile::exists(csv));
    EXPECT_TRUE(namespaces_of(r.pid).isEmpty()) << namespaces_of(r.pid).join(' ').toStdString();
}

TEST(KernelBinary, WithoutTheCapabilitiesOneLineAndNothingCreated) {
    // As root, drop the two capabilities for the child (util-linux's setpriv);
    // an ordinary user has none to drop.
    QString program = INFLIGHT_EXE;
    QTemporaryDir dir;
    const QString csv = dir.filePath("t.csv");
    QStringList args = {"kernel", "--duration", "2s", "--json", "--csv", csv};
    if (geteuid() == 0) {
        const QString setpriv = QStandardPaths::findExecutable("setpriv");
        if (setpriv.isEmpty()) GTEST_SKIP() << "no setpriv to drop the capabilities";
        args = QStringList{"--inh-caps=-all", "--bounding-set=-net_admin,-sys_admin", INFLIGHT_EXE} + args;
        program = setpriv;
    }
    const Ran r = run_program(program, args);
    EXPECT_EQ(r.exit_code, kExitFailure) << r.err;
    EXPECT_LT(r.seconds, 2.0);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(line_count(r.err), 1u) << r.err;
    EXPECT_TRUE(contains(r.err, "CAP_NET_ADMIN")) << r.err;
    EXPECT_TRUE(contains(r.err, "setcap")) << r.err;
    EXPECT_FALSE(QFile::exists(csv));
    EXPECT_TRUE(namespaces_of(r.pid).isEmpty());
}
