// inflight: with no arguments the window; `inflight run ...` the headless
// command line (cli.h). Kept small: parsing and running live in inflight_cli.
#include <atomic>
#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "cli.h"
#include "sweep_cli.h"
#include "shell/gui_entry.h"

namespace {

// Ctrl-C during `inflight run` cancels the run (the model checks this flag).
std::atomic<bool> g_cancel_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");
extern "C" void on_interrupt(int) { g_cancel_requested.store(true); }

}  // namespace

int main(int argc, char** argv) {
    using namespace inflight::cli;
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "sweep") {  // sweep_cli.h
        std::signal(SIGINT, on_interrupt);
        SweepContext sweep_ctx{std::cout, std::cerr, {}, &g_cancel_requested};
#ifdef INFLIGHT_HAVE_UI
        sweep_ctx.render = inflight_render_sweep;
#endif
        return sweep_main(std::vector<std::string>(args.begin() + 1, args.end()), sweep_ctx);
    }
    const ParsedCommandLine parsed = parse_command_line(args);
    switch (parsed.command) {
        case Command::Gui:
#ifdef INFLIGHT_HAVE_UI
            return inflight_run_gui(argc, argv);
#else
            std::cerr << "inflight: this build has no window (built without ui/ or with "
                         "INFLIGHT_BUILD_UI=OFF); use 'inflight run --help' for the command line\n";
            return kExitFailure;
#endif
        case Command::Help: std::cout << help_text(); return kExitOk;
        case Command::Version: std::cout << version_text(); return kExitOk;
        case Command::Error: std::cerr << "inflight: " << parsed.error << "\n"; return kExitUsage;
        case Command::Run: break;
    }
    std::signal(SIGINT, on_interrupt);
    RunContext ctx{std::cout, std::cerr, {}, &g_cancel_requested};
#ifdef INFLIGHT_HAVE_UI
    ctx.render = inflight_render_dashboard;
#endif
    return execute_run(parsed.run, ctx);
}
