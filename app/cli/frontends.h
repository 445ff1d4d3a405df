// What the command line needs from the window library, handed in by the
// executable (app/main.cpp) so this library links no widgets: opening the
// window and drawing pictures offscreen. An empty function means "this build
// has no window" (app/main_headless.cpp), and the command line says so.
#pragma once

#include <functional>
#include <string>

#include "app/capture/time_sequence.h"
#include "model/core/result.h"
#include "model/analysis/sweep.h"

namespace inflight::cli {

// Opens the window; argc/argv are the process's own. Returns the exit code.
using WindowEntry = std::function<int(int argc, char** argv)>;

// The figure --png/--svg draw: its size in pixels (--size) and the
// presentation look (--presentation).
struct FigureRequest {
    int width = 1920, height = 1080;
    bool presentation = false;
};

// Renders the dashboard's figure offscreen to PNG and/or SVG (an empty path:
// not wanted). Returns 0, or non-zero with a one-line reason in *error.
using DashboardRenderer = std::function<int(const RunResult&, const std::string& png_path,
                                            const std::string& svg_path, const FigureRequest& figure,
                                            std::string* error)>;

// Renders the sweep plot offscreen to PNG. Same contract.
using SweepRenderer =
    std::function<int(const SweepResult&, const std::string& png_path, std::string* error)>;

// Renders the time–sequence graph (--tsg) offscreen: PNG, or SVG when the
// path ends in .svg. `title` names the connection; the caption under it is
// the scenario's (a model run) or `caption` (a capture; scenario nullptr).
// Same contract.
using TimeSequenceRenderer =
    std::function<int(const capture::TimeSequence&, const std::string& title, const Scenario* scenario,
                      const std::string& caption, const std::string& path, const FigureRequest& figure,
                      std::string* error)>;

struct Frontends {
    WindowEntry open_window;
    DashboardRenderer render_dashboard;
    SweepRenderer render_sweep;
    TimeSequenceRenderer render_time_sequence;
};

// The line explaining why a build without the window cannot do something.
inline constexpr const char* kNoWindowBuild = "(built without ui/ or with INFLIGHT_BUILD_UI=OFF)";

}  // namespace inflight::cli
