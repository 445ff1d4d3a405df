// inflight: the command line (inflight_cli) joined to the window's entry
// points (inflight_ui). With no arguments the window; otherwise cli.h.
// A build without the window compiles main_headless.cpp instead.
#include "app/cli/cli.h"
#include "ui/shell/gui_entry.h"
#include "ui/sweep/sweep_render.h"
#include "ui/time_sequence/tsg_render.h"

int main(int argc, char** argv) {
    const auto render_dashboard = [](const inflight::RunResult& result, const std::string& png_path,
                                     const std::string& svg_path, const inflight::cli::FigureRequest& figure,
                                     std::string* error) {
        return inflight::ui::render_dashboard(result, png_path, svg_path, figure.width, figure.height,
                                              figure.presentation, error);
    };
    const auto render_time_sequence = [](const inflight::capture::TimeSequence& graph, const std::string& title,
                                         const inflight::Scenario* scenario, const std::string& caption,
                                         const std::string& path, const inflight::cli::FigureRequest& figure,
                                         std::string* error) {
        return inflight::ui::render_time_sequence(graph, title, scenario, caption, path, figure.width, figure.height,
                                                  figure.presentation, error);
    };
    return inflight::cli::main(argc, argv,
                               {inflight::ui::run_gui, render_dashboard, inflight::ui::render_sweep,
                                render_time_sequence});
}
