// `inflight kernel [run options]`: one scenario on this machine's Linux TCP
// stack, read with run's option table, run by run_on_kernel
// (app/kernel/kernel_run.h) in real time, then printed and written through
// run's path (run_command.h) with the kernel's facts added (kernel_output.h).
// A flow count or rate beyond the kernel's limits is a bad value (exit 2);
// the machine's refusals (privileges, TUN, a missing algorithm) are the
// engine's one line, before anything is created (exit 1). Ctrl-C (or
// SIGTERM) stops the run, the engine removes its namespaces, and the command
// writes nothing and exits 128 + the signal (130 for Ctrl-C).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/cli/frontends.h"
#include "app/cli/io.h"
#include "app/kernel/kernel_run.h"
#include "app/cli/run_command.h"

namespace inflight::cli {

// The exit code of a kernel run stopped by Ctrl-C.
inline constexpr int kExitInterrupted = 130;

// `inflight kernel --help`.
std::string kernel_help_text();

// `args` excludes "inflight kernel": run's options, read as `run` reads them.
ParseResult parse_kernel_options(const std::vector<std::string>& args, RunRequest& out, std::string* error);

// How a kernel run is made: run_on_kernel, or a stand-in in tests.
using KernelEngine = std::function<kernel::KernelOutcome(const Scenario&, const kernel::KernelProgress&,
                                                         const std::atomic<bool>* cancel,
                                                         const kernel::KernelRunOptions& options)>;

// Runs the request on `engine`, showing progress on io.err when
// `show_progress` (stderr is a terminal), then prints and writes.
// --tsg draws the flow's connection from the run's capture (kernel_tsg.h).
int execute_kernel(const RunRequest& request, const Io& io, const DashboardRenderer& render,
                   const KernelEngine& engine, bool show_progress, const TimeSequenceRenderer& render_tsg = {});

// The whole of `inflight kernel ...`.
int kernel_main(const std::vector<std::string>& args, const Io& io, const Frontends& frontends);

}  // namespace inflight::cli
