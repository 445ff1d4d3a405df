// Reading and carrying out `inflight kernel` (kernel_command.h).
#include "app/cli/kernel_command.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <exception>
#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/kernel_output.h"
#include "app/cli/kernel_tsg.h"
#include "app/cli/run_print_write.h"
#include "app/cli/options.h"
#include "app/cli/pcap_output.h"
#include "app/cli/tsg_title.h"
#include "app/kernel/kernel_run.h"
#include "model/core/units.h"

namespace inflight::cli {
namespace {

// The model's stack and its Linux details choose what the model's TCP
// does; the kernel run is this machine's own Linux TCP, which has them all
// (the receive buffer's SO_RCVBUF, --rcvbuf, is the application's and
// applies to both).
bool model_stack_only(const Option& o) { return o.kind == Kind::Value && shapes_the_models_tcp(o.param); }

// The kernel run takes every run option but the model's stack and its details.
bool for_kernel(const Option& o) { return !model_stack_only(o); }

// The first model-only option among the arguments ("--hystart" of
// "--hystart off" or "--hystart=off"), or nullptr.
const Option* model_only_option_in(const std::vector<std::string>& args) {
    for (const std::string& a : args) {
        if (a.rfind("--", 0) != 0) continue;
        const std::string name = a.substr(2, a.find('=') == std::string::npos ? std::string::npos : a.find('=') - 2);
        if (const Option* o = find_option(run_options(), name); o && model_stack_only(*o)) return o;
    }
    return nullptr;
}

// The link rates the emulator keeps honest here, after `from` (the low end
// as the help or a refusal writes ranges: "1Mbps - ", "1 Mbit/s – "):
// "800 Mbit/s (600 Mbit/s from 3 flows on)".
std::string kernel_rate_range(std::string_view from) {
    return std::string(from) + format_rate(kernel::kEmulatorHonestRateBps) + " (" +
           format_rate(kernel::kEmulatorHonestRateManyFlowsBps) + " from " +
           std::to_string(kernel::kEmulatorFlowsAtFullRate + 1) + " flows on)";
}

// A bad value, refused as run refuses it, but with the range the kernel
// run has where it is narrower (the link rate and the flow count its --help
// gives): "--parallel: 0 is out of range; allowed 1 – 32", or "'1.5' is not
// a whole number; allowed 1 – 32", not the model's "1 – 100".
std::string with_kernel_range(const std::string& error) {
    static const std::string kOut = "; allowed ";
    const std::size_t at = error.find(kOut);
    if (at == std::string::npos) return error;
    const std::string head = error.substr(0, at + kOut.size());
    if (error.rfind("--parallel:", 0) == 0) return head + "1 – " + std::to_string(kernel::kKernelMaxFlows) + " on the kernel";
    if (error.rfind("--bandwidth:", 0) == 0) return head + kernel_rate_range("1 Mbit/s – ") + " on the kernel";
    return error;
}

}  // namespace

std::string kernel_help_text() {
    std::string out =
        "Usage: inflight kernel [options]\n"
        "\n"
        "Runs the scenario on this machine's Linux TCP stack instead of the model: two private\n"
        "network namespaces joined by Inflight's own path emulator (loss, a tail-drop, CoDel or\n"
        "fq_codel buffer, link rate, half of each flow's RTT each way), a real TCP connection per\n"
        "flow between them (--flow, --parallel or a scenario file's flows, up to 32: TCP bulk\n"
        "flows, finite transfers (size=, every=: a new connection per transfer, its FCT from the\n"
        "SYN to the ACK of its last byte), request/response flows (app=rpc: one connection, each\n"
        "write its own send(), latency from the first send() to the response's last byte) and\n"
        "pings (a UDP echo)), TCP_INFO read every 10 ms.\n"
        "Nothing is configured outside the namespaces, and they are removed at the end, on Ctrl-C\n"
        "and at the next start after a crash. It runs in real time: --duration is wall\n"
        "time (try --duration 20s). It needs root or CAP_NET_ADMIN and CAP_SYS_ADMIN:\n"
        "  sudo inflight kernel ...\n"
        "or once:\n"
        "  sudo setcap cap_net_admin,cap_sys_admin+ep $(command -v inflight)\n"
        "\n"
        "Options (the same as inflight run's):\n";
    for (const Option& o : run_options()) {
        if (!for_kernel(o)) continue;
        // Where the kernel run differs from the model: the duration is wall
        // time, and the rate and the flow count are this machine's limits
        // (what the emulator keeps honest), not the model's.
        std::string own;
        if (o.kind == Kind::Value && o.param == Param::Duration)
            own = "the real connection's wall-clock time, {range} (default 40s)";
        else if (o.kind == Kind::Value && o.param == Param::Bandwidth)
            own = "bottleneck link rate, " + kernel_rate_range("1Mbps - ") +
                  ": the emulator's honest rates here (default 100Mbps)";
        else if (o.kind == Kind::Parallel)
            own = "N identical bulk flows from the options above, 1 - " + std::to_string(kernel::kKernelMaxFlows);
        Option shown = o;
        if (!own.empty()) shown.help = own.c_str();
        out += help_lines(shown);
    }
    out +=
        "\n"
        "The summary, --json, --csv, --events, --transactions, --png and --svg are those of inflight\n"
        "run, plus the kernel's facts (kernel version, MSS used, pacing in force, how late the\n"
        "emulator's writes were); figures the kernel cannot give are null in JSON and empty in CSV.\n"
        "--pcap writes the packets the emulator forwarded, both directions, as tcpdump on the\n"
        "sender's interface would see them; --tsg draws --tsg-flow's connection from them (from the\n"
        "--pcap file, or a temporary capture removed afterwards).\n"
        "Units: see inflight --help.\n"
        "\n"
        "Exit status: 0 ok, 1 refused by this machine (privileges, no /dev/net/tun, a missing\n"
        "congestion-control module) or a run or export failed, 2 bad option, value or file (a\n"
        "rate or flow count beyond the ranges above too), 130 stopped by Ctrl-C (nothing written).\n";
    return out;
}

ParseResult parse_kernel_options(const std::vector<std::string>& args, RunRequest& out, std::string* error) {
    const ParseResult read = parse_run_options(args, out, error, "kernel");
    if (read == ParseResult::Error) *error = with_kernel_range(*error);
    if (read != ParseResult::Ok) return read;
    if (const Option* o = model_only_option_in(args)) {
        *error = "--" + std::string(o->name) +
                 " chooses what the model's TCP does; inflight kernel runs this machine's own Linux TCP, which "
                 "has every one of Linux's details (use it with inflight run)";
        return ParseResult::Error;
    }
    // The flow count and the honest rate for that many flows are ranges the
    // help gives: beyond them is a bad value, as run's ranges are.
    if (auto beyond = kernel::kernel_limits_refusal(out.scenario)) {
        *error = *beyond;
        return ParseResult::Error;
    }
    return read;
}

int execute_kernel(const RunRequest& req, const Io& io, const DashboardRenderer& render, const KernelEngine& engine,
                   bool show_progress, const TimeSequenceRenderer& render_tsg) {
    if (auto refused = refuse_unrenderable(req, io, render)) return *refused;
    if (!req.tsg_path.empty() && !render_tsg)
        return cannot_render(io, "--tsg", std::string("this build has no window to render ") + kNoWindowBuild +
                                              "; use --pcap and read it in Wireshark");
    kernel::KernelRunOptions options;
    std::unique_ptr<capture::PcapFileWriter> pcap;
    // --tsg without --pcap: the capture goes to a temporary file, removed after.
    std::string pcap_path = req.pcap_path;
    const bool temporary_pcap = pcap_path.empty() && !req.tsg_path.empty();
    if (temporary_pcap) pcap_path = kernel_tsg_temporary_pcap();
    struct RemoveAfter {
        std::string path;
        ~RemoveAfter() {
            if (!path.empty()) std::remove(path.c_str());
        }
    } remove_after{temporary_pcap ? pcap_path : std::string()};
    if (!pcap_path.empty()) {
        // Refusals first: a run that cannot start leaves no capture file.
        if (auto refusal = kernel::kernel_run_refusal(req.scenario)) {
            io.err << "inflight: " << *refusal << "\n";
            return kExitFailure;
        }
        pcap = open_pcap(pcap_path, io);
        if (!pcap) return kExitFailure;
        options.capture = pcap.get();
    }

    int shown_second = -1;
    bool progress_shown = false;
    const kernel::KernelProgress progress = [&](const kernel::KernelProgressView& view) {
        const int second = static_cast<int>(std::floor(view.elapsed_s));
        if (second == shown_second) return;
        shown_second = second;
        progress_shown = true;
        io.err << "\r" << kernel_progress_line(view) << "\x1b[K" << std::flush;
    };
    kernel::KernelOutcome outcome;
    try {
        outcome = engine(req.scenario, show_progress ? progress : kernel::KernelProgress{}, io.cancel, options);
    } catch (const std::exception& e) {
        if (progress_shown) io.err << "\r\x1b[K";
        io.err << "inflight: the kernel run failed: " << e.what() << "\n";
        return kExitFailure;
    }
    if (progress_shown) io.err << "\r\x1b[K" << std::flush;

    const bool stopped = outcome.signal != 0 || (outcome.result && outcome.result->cancelled);
    if (stopped) {
        io.err << "inflight: cancelled at your request; the namespaces are removed and nothing is written\n";
        return outcome.signal > 0 ? 128 + outcome.signal : kExitInterrupted;
    }
    if (!outcome.ok()) {
        io.err << "inflight: " << (outcome.error.empty() ? std::string("the kernel run gave no result") : outcome.error)
               << "\n";
        return kExitFailure;
    }
    const RunResult& result = *outcome.result;
    const bool pcap_ok = !pcap || finish_pcap(*pcap, io);
    const std::string text = req.json ? kernel_result_json_text(result, outcome.facts)
                                      : kernel_summary_text(result, outcome.facts);
    int code = print_and_write(req, result, text, kernel_origin(outcome.facts), io, render);
    if (!req.tsg_path.empty() && pcap_ok) {
        // The flow's connection, read back from what the emulator forwarded.
        const ResolvedFlow flow = resolve_flow(req.scenario, static_cast<std::size_t>(req.tsg_flow - 1));
        Outputs tsg_out(io);
        tsg_out.render("--tsg", [&](std::string* error) -> int {
            const auto graph = kernel_time_sequence(pcap_path, req.tsg_flow - 1, error);
            if (!graph) return kExitFailure;
            const std::string title = tsg_title(flow, " on Linux " + outcome.facts.kernel_release);
            // Under it the flow's own figures (kernel_tsg_caption).
            return render_tsg(*graph, title, nullptr, kernel_tsg_caption(result, outcome.facts, req.tsg_flow),
                              req.tsg_path, req.figure, error);
        });
        if (tsg_out.exit_code() != kExitOk) code = tsg_out.exit_code();
    }
    return pcap_ok ? code : kExitFailure;
}

int kernel_main(const std::vector<std::string>& args, const Io& io, const Frontends& frontends) {
    return parse_then_execute<RunRequest>(args, io, parse_kernel_options, kernel_help_text, [&](const RunRequest& req) {
        const bool terminal = &io.err == &std::cerr && isatty(STDERR_FILENO);
        const KernelEngine engine = [](const Scenario& s, const kernel::KernelProgress& p,
                                       const std::atomic<bool>* cancel, const kernel::KernelRunOptions& options) {
            return kernel::run_on_kernel(s, p, cancel, options);
        };
        return execute_kernel(req, io, frontends.render_dashboard, engine, terminal, frontends.render_time_sequence);
    });
}

}  // namespace inflight::cli
