// `inflight run [options]`: one scenario, simulated without a window, its
// summary (or JSON) printed and the requested files written (app.md,
// "Command line").
#pragma once

#include <string>
#include <vector>

#include "frontends.h"
#include "io.h"
#include "read_options.h"
#include "scenario.h"

namespace inflight::cli {

struct RunRequest {
    Scenario scenario;
    bool json = false;
    std::string csv_path, events_path, png_path, svg_path;  // empty: not wanted
};

// `args` excludes "inflight run". Loads --scenario files, so errors in them
// come back here too; on Error, *error is one line naming option, value and
// what is allowed.
ParseResult parse_run_options(const std::vector<std::string>& args, RunRequest& out, std::string* error);

// Runs the scenario, prints the summary (or JSON) and writes the requested
// files; `render` may be empty (no window in this build). Returns an exit
// code; every failure is one line on io.err.
int execute_run(const RunRequest& request, const Io& io, const DashboardRenderer& render);

// The whole of `inflight run ...`: parse, then help, error or execute_run.
int run_main(const std::vector<std::string>& args, const Io& io, const Frontends& frontends);

}  // namespace inflight::cli
