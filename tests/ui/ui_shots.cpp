// Screenshots for the README and for looking at the window, all at
// 1280×720 (the default window, and the most common lecture-hall
// projector): the three experiments' pictures (the loss wall, rwnd, a
// 500 ms buffer), a guided experiment in progress, and presentation mode
// replaying the loss wall with the theory overlay and a BBR ProbeRTT notch.
// Run it under Xvfb (or QT_QPA_PLATFORM=offscreen): ui_shots OUTDIR
#include <QPushButton>
#include <QTest>

#include "ui/controls/controls_panel.h"
#include "ui/lesson/playhead.h"
#include "shots_harness.h"
#include "ui/teaching/experiment_panel.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

int main(int argc, char** argv) {
    ShotHarness shots(argc, argv);
    MainWindow& w = shots.window();
    wait_settled(w);
    const auto show = [&](const Scenario& s) {
        emit w.guide()->applyScenario(s);
        wait_settled(w, 60000);
    };

    // The three experiments' pictures, guide closed.
    Scenario wall;
    wall.loss = 1e-4;
    show(wall);
    shots.save(&w, "loss-wall-cubic.png");
    Scenario rwnd;
    rwnd.rwnd_bytes = 65535;
    show(rwnd);
    shots.save(&w, "rwnd-64kb.png");
    Scenario bloat;
    bloat.rtt_s = 0.020;
    bloat.buffer_s = 0.5;
    show(bloat);
    shots.save(&w, "bufferbloat-500ms.png");

    // A student halfway through experiment 1, step 2.
    w.openExperiment(0);
    w.goToStep(1);
    w.guide()->setButton()->click();
    wait_settled(w);
    for (const char* v : {"500Mbps", "10Gbps"}) {
        type_value(w.controls()->bandwidth(), v);
        wait_settled(w, 60000);
    }
    shots.save(&w, "guided-experiment.png");
    w.guide()->parentWidget()->hide();

    // Presentation on a 1280×720 projector: the loss wall with the theory
    // overlay. (Without a window manager full screen keeps the platform's
    // size: a normal window of the projector's size stands in for it.)
    w.setTheory(true);
    w.setPresentation(true);
    w.showNormal();
    w.resize(1280, 720);
    QTest::qWait(300);
    type_value(w.controls()->bandwidth(), "1Gbps");
    wait_settled(w);
    w.playhead()->seek(24.0);
    shots.save(&w, "presentation-loss-wall.png");

    // Presentation: stopped inside a BBR ProbeRTT notch.
    w.setTheory(false);
    Scenario bbr;  // experiment 4, step 2: unpaced BBR
    bbr.algorithm = Algorithm::Bbr;
    show(bbr);
    QTest::qWait(100);
    w.playhead()->seek(10.2);
    shots.save(&w, "presentation-bbr-probertt.png");
    return 0;
}
