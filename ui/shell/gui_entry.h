// The two entry points the window library (ui/, CMake target inflight_ui)
// provides to the executable. app/main.cpp calls them only when the build
// links inflight_ui (it then defines INFLIGHT_HAVE_UI); a build without the
// window says so instead.
#pragma once

#include <string>

namespace inflight {
struct RunResult;
struct SweepResult;
}

// Opens the window and runs the Qt event loop; returns the process exit
// code. argc/argv are the process's own (Qt options such as -platform pass
// through). Called with no other QCoreApplication in existence.
int inflight_run_gui(int argc, char** argv);

// Renders the dashboard the window shows for `result`, offscreen (no display
// needed), to a PNG and/or an SVG file; an empty path means "not wanted".
// Creates its own QApplication if none exists. Writes atomically: on failure
// no partial file is left. Returns 0 on success; otherwise non-zero with a
// one-line reason in *error (naming the path), e.g.
//   "cannot write '/root/x.png': Permission denied".
int inflight_render_dashboard(const inflight::RunResult& result, const std::string& png_path,
                              const std::string& svg_path, std::string* error);

// Renders the sweep plot the window's Tools ▸ Sweep shows for `result`
// (throughput and mean RTT against the parameter on log axes, theory, fits)
// offscreen to a 1600×900 PNG, for `inflight sweep --png` (sweep_cli.h's
// SweepRenderer). Same contract as inflight_render_dashboard.
int inflight_render_sweep(const inflight::SweepResult& result, const std::string& png_path, std::string* error);
