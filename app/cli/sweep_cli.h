// `inflight sweep`: a response curve from the command line (app.md,
// "Command line"; issue 5).
//
//   inflight sweep --param loss --from 1e-5 --to 1e-2 [--points 13]
//                  [--algo reno,cubic,bbr] [run options] [--threads N]
//                  [--json] [--csv FILE] [--png FILE]
//
// --from/--to take the units of the swept parameter's run option (loss as a
// fraction or %, times with s/ms/us, rates with bps..., sizes with B..GiB).
// The run options (--bandwidth, --rtt, ..., --scenario) set every other
// parameter, parsed by the run command's own parser. --algo defaults to all
// three algorithms, --points to 13, --threads to one per core.
#pragma once

#include <atomic>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "sweep.h"

namespace inflight::cli {

struct SweepRequest {
    SweepSpec spec;
    unsigned threads = 0;  // 0: one per core
    bool json = false;
    bool help = false;
    std::string csv_path, png_path;  // empty: not wanted
};

// `args` excludes "inflight sweep". On failure returns one line naming the
// option, the value and what is allowed in *error.
bool parse_sweep_command_line(const std::vector<std::string>& args, SweepRequest& out,
                              std::string* error);

std::string sweep_help_text();

// Renders the sweep plot to PNG (the window library's job); empty when the
// build has none.
using SweepRenderer =
    std::function<int(const SweepResult&, const std::string& png_path, std::string* error)>;

struct SweepContext {
    std::ostream& out;
    std::ostream& err;
    SweepRenderer render;                       // may be empty
    const std::atomic<bool>* cancel = nullptr;  // e.g. set on Ctrl-C
};

// Runs the sweep, prints the table (or JSON) and writes the requested files.
// Returns an exit code (cli.h); every failure is one line on ctx.err.
int execute_sweep(const SweepRequest& request, SweepContext& ctx);

// The whole `inflight sweep ...` argv handling for main(): parse, then run.
int sweep_main(const std::vector<std::string>& args, SweepContext& ctx);

}  // namespace inflight::cli
