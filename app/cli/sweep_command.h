// `inflight sweep`: a response curve from the command line.
//
//   inflight sweep --param loss --from 1e-5 --to 1e-2 [--points 13]
//                  [--algo reno,cubic,bbr] [run options] [--threads N]
//                  [--json] [--csv FILE] [--png FILE]
//
// --from/--to take the units of the swept parameter's run option (loss as a
// fraction or %, times with s/ms/us, rates with bps..., sizes with B..GiB).
// The run options (--bandwidth, --rtt, ..., --scenario; options.h) set every
// other parameter, read exactly as `inflight run` reads them. --algo
// defaults to all three algorithms, --points to 13, --threads to one per core.
#pragma once

#include <string>
#include <vector>

#include "app/cli/frontends.h"
#include "app/cli/io.h"
#include "app/cli/read_options.h"
#include "model/analysis/sweep.h"

namespace inflight::cli {

struct SweepRequest {
    SweepSpec spec;
    unsigned threads = 0;  // 0: one per core
    bool json = false;
    std::string csv_path, png_path;  // empty: not wanted
};

// `args` excludes "inflight sweep". On Error, *error is one line naming the
// option, the value and what is allowed.
ParseResult parse_sweep_options(const std::vector<std::string>& args, SweepRequest& out, std::string* error);

std::string sweep_help_text();

// Runs the sweep, prints the table (or JSON) and writes the requested files;
// `render` may be empty (no window in this build). Returns an exit code;
// every failure is one line on io.err.
int execute_sweep(const SweepRequest& request, const Io& io, const SweepRenderer& render);

// The whole of `inflight sweep ...`: parse, then help, error or execute_sweep.
int sweep_main(const std::vector<std::string>& args, const Io& io, const Frontends& frontends);

}  // namespace inflight::cli
