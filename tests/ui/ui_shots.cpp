// Screenshots for the README and for looking at the window: a guided
// experiment in progress, and presentation mode replaying a BBR ProbeRTT
// notch and the loss wall with the theory overlay. Run it under Xvfb (or
// QT_QPA_PLATFORM=offscreen): ui_shots OUTDIR
#include <QPushButton>
#include <QTest>

#include "controls/controls_panel.h"
#include "lesson/playhead.h"
#include "shots_harness.h"
#include "teaching/experiment_panel.h"
#include "test_helpers.h"

using namespace inflight::ui;
using namespace inflight::ui::test;

int main(int argc, char** argv) {
    ShotHarness shots(argc, argv);
    MainWindow& w = shots.window();
    wait_settled(w);

    // A student halfway through experiment 1, step 2.
    w.openExperiment(0);
    w.goToStep(1);
    w.guide()->setButton()->click();
    wait_settled(w);
    for (const char* v : {"500Mbps", "10Gbps"}) {
        type_value(w.controls()->bandwidth(), v);
        wait_settled(w);
    }
    shots.save(&w, "guided-experiment.png");

    // Presentation: the loss wall with the theory overlay.
    w.setTheory(true);
    w.setPresentation(true);
    w.resize(1920, 1080);  // a projector; without a window manager full screen may not resize
    QTest::qWait(300);
    type_value(w.controls()->bandwidth(), "1Gbps");
    wait_settled(w);
    w.playhead()->seek(24.0);
    shots.save(&w, "presentation-loss-wall.png");

    // Presentation: stopped inside a BBR ProbeRTT notch.
    w.setTheory(false);
    w.openExperiment(3);
    w.goToStep(1);
    w.guide()->setButton()->click();
    wait_settled(w);
    QTest::qWait(100);
    w.playhead()->seek(10.2);
    shots.save(&w, "presentation-bbr-probertt.png");
    return 0;
}
