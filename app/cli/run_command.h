// `inflight run [options]`: one scenario, simulated without a window, its
// summary (or JSON) printed and the requested files written.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/formats/csv_export.h"
#include "app/cli/frontends.h"
#include "app/cli/io.h"
#include "app/cli/read_options.h"
#include "model/core/scenario.h"

namespace inflight::cli {

struct RunRequest {
    Scenario scenario;
    bool json = false;
    std::string csv_path, events_path, transactions_path, png_path, svg_path, pcap_path;  // empty: not wanted
    std::string tsg_path;  // --tsg: the time-sequence graph's figure; empty: not wanted
    int tsg_flow = 1;      // --tsg-flow: which flow it draws, from 1
    FigureRequest figure;  // --size, --presentation: how png_path and svg_path are drawn
};

// `args` excludes "inflight run". Loads --scenario files, so errors in them
// come back here too; on Error, *error is one line naming option, value and
// what is allowed. `command` is the subcommand reading run's options ("run",
// "kernel"), named in "(see inflight <command> --help)".
ParseResult parse_run_options(const std::vector<std::string>& args, RunRequest& out, std::string* error,
                              std::string_view command = "run");

// Before a run: a --png/--svg this build cannot draw is refused with one
// line (returns kExitUsage); nothing when the request can be carried out.
std::optional<int> refuse_unrenderable(const RunRequest& request, const Io& io, const DashboardRenderer& render);

// After a run: prints `text` (the summary or JSON), writes --csv, --events
// and --transactions (their provenance lines from `origin`) and renders the
// picture.
// Returns the exit code.
int print_and_write(const RunRequest& request, const RunResult& result, const std::string& text,
                    const RunOrigin& origin, const Io& io, const DashboardRenderer& render);

// Runs the scenario, prints the summary (or JSON) and writes the requested
// files; `render` may be empty (no window in this build). Returns an exit
// code; every failure is one line on io.err.
int execute_run(const RunRequest& request, const Io& io, const DashboardRenderer& render,
                const TimeSequenceRenderer& render_tsg = {});

// The whole of `inflight run ...`: parse, then help, error or execute_run.
int run_main(const std::vector<std::string>& args, const Io& io, const Frontends& frontends);

}  // namespace inflight::cli
