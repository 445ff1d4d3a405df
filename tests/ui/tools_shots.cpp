// Screenshots of the analysis tools for the README and for looking at them:
// the compare table with a ghost (Reno pinned, CUBIC now, same lossy path),
// the real-system panel at the playhead (paced BBR), and the sweep window
// after a 13-point loss sweep of three algorithms. Run it under Xvfb (or
// QT_QPA_PLATFORM=offscreen): tools_shots OUTDIR
#include <QAction>
#include <QDockWidget>

#include "compare/compare_controller.h"
#include "lesson/playhead.h"
#include "shots_harness.h"
#include "sweep/sweep_window.h"
#include "tools_helpers.h"

using namespace inflight::ui;
using namespace inflight::ui::test;

int main(int argc, char** argv) {
    ShotHarness shots(argc, argv);
    MainWindow& w = shots.window();
    AnalysisTools* tools = tools_of(w);

    // Reno vs CUBIC on the same lossy path.
    run_scenario(w, R"({"algo": "reno", "loss": "0.01%"})");
    tools->compare()->pin();
    run_scenario(w, R"({"algo": "cubic", "loss": "0.01%"})");
    shots.save(&w, "compare-reno-cubic.png");

    // The real system: paced BBR on the same path, 30 s in.
    tools->compare()->unpin();
    run_scenario(w, R"({"algo": "bbr", "pacing": true, "loss": "none"})");
    // At 1280×900: the dock and all four panels with their labels.
    w.resize(1280, 900);
    tools->bridgeDock()->toggleViewAction()->trigger();
    w.playhead()->seek(30.0);
    shots.save(&w, "real-system.png");
    tools->bridgeDock()->hide();
    w.resize(1280, 720);

    // The sweep: loss 1e-5 … 1e-2, 13 points, Reno, CUBIC and BBR.
    run_scenario(w, R"({"algo": "cubic"})");
    SweepWindow* s = tools->openSweep();
    s->resize(1280, 720);
    s->run();
    wait_until([&] { return !s->running() && s->result(); });
    shots.save(s, "sweep-loss.png");
    return 0;
}
