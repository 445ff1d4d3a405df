// Screenshots for the README and for looking at the window: a guided
// experiment in progress, and presentation mode replaying a BBR ProbeRTT
// notch and the loss wall with the theory overlay. Run it under Xvfb (or
// QT_QPA_PLATFORM=offscreen): ui_shots OUTDIR
#include <QApplication>
#include <QDir>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>
#include <cstdio>

#include "controls/controls_panel.h"
#include "teaching/experiment_panel.h"
#include "shell/main_window.h"
#include "controls/param_slider.h"
#include "lesson/playhead.h"
#include "test_helpers.h"
#include "shell/themes.h"

using namespace inflight::ui;
using inflight::ui::test::wait_settled;

namespace {

void type_value(ParamSlider* p, const QString& text) {
    p->edit()->setFocus();
    p->edit()->selectAll();
    QTest::keyClicks(p->edit(), text);
    QTest::keyClick(p->edit(), Qt::Key_Return);
}

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
    save(&w, out.filePath("guided-experiment.png"));

    // Presentation: the loss wall with the theory overlay.
    w.setTheory(true);
    w.setPresentation(true);
    w.resize(1920, 1080);  // a projector; without a window manager full screen may not resize
    QTest::qWait(300);
    type_value(w.controls()->bandwidth(), "1Gbps");
    wait_settled(w);
    w.playhead()->seek(24.0);
    save(&w, out.filePath("presentation-loss-wall.png"));

    // Presentation: stopped inside a BBR ProbeRTT notch.
    w.setTheory(false);
    w.openExperiment(3);
    w.goToStep(1);
    w.guide()->setButton()->click();
    wait_settled(w);
    QTest::qWait(100);
    w.playhead()->seek(10.2);
    save(&w, out.filePath("presentation-bbr-probertt.png"));
    return 0;
}
