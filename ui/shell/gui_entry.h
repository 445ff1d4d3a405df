// The window library's entry points for the executable (app/main.cpp hands
// them to the command line as its Frontends): opening the window, and the
// same dashboard rendered offscreen for `inflight run --png/--svg`. The sweep
// plot's is in sweep/sweep_render.h. This library knows nothing of the
// command line.
#pragma once

#include <string>

namespace inflight {
struct RunResult;
}

namespace inflight::ui {

// Opens the window and runs the Qt event loop; returns the process exit
// code. argc/argv are the process's own (Qt options such as -platform pass
// through; one argument left is a capture to open beside the model). Called
// with no other QCoreApplication in existence.
int run_gui(int argc, char** argv);

// Renders the dashboard the window shows for `result` as a figure
// (export/dashboard_figure.h), offscreen (no display needed), to a PNG
// and/or an SVG file; an empty path means "not wanted". `width` × `height`
// is the figure's size in pixels (checked by the caller against
// export/figure_layout.h's range); `presentation` the presentation look.
// Creates its own QApplication if none exists. Writes atomically: on
// failure no partial file is left. Returns 0 on success; otherwise non-zero
// with a one-line reason in *error (naming the path), e.g.
//   "cannot write '/root/x.png': Permission denied".
int render_dashboard(const RunResult& result, const std::string& png_path, const std::string& svg_path, int width,
                     int height, bool presentation, std::string* error);

}  // namespace inflight::ui
