// inflight: the command line (inflight_cli) joined to the window's entry
// points (inflight_ui). With no arguments the window; otherwise cli.h.
// A build without the window compiles main_headless.cpp instead.
#include "cli.h"
#include "shell/gui_entry.h"
#include "sweep/sweep_render.h"

int main(int argc, char** argv) {
    return inflight::cli::main(argc, argv, {inflight::ui::run_gui, inflight::ui::render_dashboard,
                                            inflight::ui::render_sweep});
}
