// Screenshots of the issue-5 tools for the README and for looking at them:
// the compare table with a ghost (Reno pinned, CUBIC now, same lossy path),
// the real-system panel at the playhead (paced BBR), and the sweep window
// after a 13-point loss sweep of three algorithms. Run it under Xvfb (or
// QT_QPA_PLATFORM=offscreen): workbench_shots OUTDIR
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QTest>
#include <cstdio>

#include "compare/compare_controller.h"
#include "shell/main_window.h"
#include "lesson/playhead.h"
#include "sweep/sweep_window.h"
#include "shell/themes.h"
#include "workbench_helpers.h"

using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

bool save(QWidget* w, const QString& path) {
    QTest::qWait(300);
    const bool ok = w->grab().save(path);
    std::printf("%s %s\n", ok ? "wrote" : "FAILED", qPrintable(path));
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    apply_theme(Theme::Light);
    const QDir out(argc > 1 ? argv[1] : ".");
    MainWindow w(/*use_settings=*/false);
    w.resize(1280, 720);
    w.show();
    Workbench* wb = workbench_of(w);

    // Reno vs CUBIC on the same lossy path.
    run_scenario(w, R"({"algo": "reno", "loss": "0.01%"})");
    wb->compare()->pin();
    run_scenario(w, R"({"algo": "cubic", "loss": "0.01%"})");
    save(&w, out.filePath("compare-reno-cubic.png"));

    // The real system: paced BBR on the same path, 30 s in.
    wb->compare()->unpin();
    run_scenario(w, R"({"algo": "bbr", "pacing": true, "loss": "none"})");
    // At 1280×900: the dock and all four panels with their labels.
    w.resize(1280, 900);
    wb->bridgeDock()->toggleViewAction()->trigger();
    w.playhead()->seek(30.0);
    save(&w, out.filePath("real-system.png"));
    wb->bridgeDock()->hide();
    w.resize(1280, 720);

    // The sweep: loss 1e-5 … 1e-2, 13 points, Reno, CUBIC and BBR.
    run_scenario(w, R"({"algo": "cubic"})");
    SweepWindow* s = wb->openSweep();
    s->resize(1280, 720);
    s->run();
    wait_until([&] { return !s->running() && s->result(); });
    save(s, out.filePath("sweep-loss.png"));
    return 0;
}
