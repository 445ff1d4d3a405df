// The command line (app.md, "Command line"): parsing argv into a plain
// request once, then carrying out `inflight run`. The window and the
// offscreen renderer are passed in, so this library needs no widgets.
#pragma once

#include <atomic>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "result.h"

namespace inflight::cli {

// Exit codes.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // the run or an export failed
inline constexpr int kExitUsage = 2;    // bad option, value or scenario file

enum class Command { Gui, Help, Version, Run, Error };

struct RunRequest {
    Scenario scenario;
    bool json = false;
    std::string csv_path, events_path, png_path, svg_path;  // empty: not wanted
};

struct ParsedCommandLine {
    Command command = Command::Gui;
    RunRequest run;      // for Command::Run
    std::string error;   // for Command::Error: one line naming option, value, what is allowed
};

// `args` excludes the program name. Loads --scenario files, so errors in
// them come back here too (as Command::Error).
ParsedCommandLine parse_command_line(const std::vector<std::string>& args);

std::string help_text();
std::string version_text();

// Renders the dashboard offscreen to PNG and/or SVG (see gui_entry.h);
// empty when the build has no window.
using DashboardRenderer = std::function<int(const RunResult&, const std::string& png_path,
                                            const std::string& svg_path, std::string* error)>;

struct RunContext {
    std::ostream& out;
    std::ostream& err;
    DashboardRenderer render;                   // may be empty
    const std::atomic<bool>* cancel = nullptr;  // e.g. set on Ctrl-C
};

// Runs the scenario, prints the summary (or JSON) and writes the requested
// files. Returns an exit code; every failure is one line on ctx.err.
int execute_run(const RunRequest& request, RunContext& ctx);

}  // namespace inflight::cli
