// The readability test: the main window rendered offscreen at
// 1280×720 and 1920×1080, in each mode — normal, guide open, presentation,
// compare dock open, real-system dock open — after a finished run of each
// of the three experiments and of BBR. Nothing a user is shown may be cut
// short (readability.h says how each text is measured against its room),
// no two sibling text widgets overlap, also while the run is replayed (the
// replay bar's readout then shows its longest text), and every chart keeps a plot area of at least 120 px (720p) / 180 px
// (1080p); with a dock open under the panels at 720p, 100 px (the dock
// takes its room and the window may not grow past the screen).
#include <QDockWidget>
#include <QTest>
#include <gtest/gtest.h>

#include "ui/compare/compare_controller.h"
#include "ui/controls/controls_panel.h"
#include "ui/lesson/playhead.h"
#include "readability.h"
#include "ui/shell/analysis_tools.h"
#include "ui/shell/main_window.h"
#include "ui/teaching/experiment_panel.h"
#include "test_helpers.h"
#include "model/core/units.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

struct Case {
    const char* name;
    Scenario scenario;
    bool theory = false;
};

Scenario loss_wall() {  // experiment 1: the loss wall at 10 Gbit/s
    Scenario s;
    s.bandwidth_bps = 10e9;
    s.loss = 1e-4;
    return s;
}
Scenario rwnd() {  // experiment 2: no window scaling
    Scenario s;
    s.bandwidth_bps = 1e9;
    s.rwnd_bytes = 65535;
    return s;
}
Scenario bufferbloat() {  // experiment 3: a 500 ms buffer
    Scenario s;
    s.rtt_s = 0.020;
    s.buffer_s = 0.5;
    return s;
}
Scenario bbr() {
    Scenario s;
    s.algorithm = Algorithm::Bbr;
    return s;
}

const Case kCases[] = {
    {"loss_wall", loss_wall(), true},
    {"rwnd", rwnd(), false},
    {"bufferbloat", bufferbloat(), false},
    {"bbr", bbr(), false},
};

enum class Mode { Normal, Guide, Presentation, Compare, RealSystem };
const char* mode_name(Mode m) {
    switch (m) {
    case Mode::Normal: return "normal";
    case Mode::Guide: return "guide open";
    case Mode::Presentation: return "presentation";
    case Mode::Compare: return "compare dock";
    case Mode::RealSystem: return "real-system dock";
    }
    return "";
}

class Readability : public ::testing::TestWithParam<int> {
protected:
    void SetUp() override {
        w = make_window();
        ASSERT_TRUE(wait_settled(*w));
        tools = w->findChild<AnalysisTools*>("analysis_tools");
        ASSERT_TRUE(tools);
    }

    void enter(Mode m, QSize size) {
        switch (m) {
        case Mode::Normal: break;
        case Mode::Guide: w->openExperiment(0); break;
        case Mode::Presentation:
            w->setPresentation(true);
            // Offscreen, full screen is the platform's own screen; a
            // projector of `size` is a normal window of that size.
            w->showNormal();
            break;
        case Mode::Compare: tools->compare()->pinAction()->trigger(); break;
        case Mode::RealSystem: tools->bridgeDock()->show(); break;
        }
        // A projector of this size (offscreen, full screen takes the
        // platform's own screen size).
        w->resize(size);
        QTest::qWait(120);
    }
    void leave(Mode m) {
        switch (m) {
        case Mode::Normal: break;
        case Mode::Guide: w->guide()->parentWidget()->hide(); break;
        case Mode::Presentation: w->setPresentation(false); break;
        case Mode::Compare: tools->compare()->unpinAction()->trigger(); break;
        case Mode::RealSystem: tools->bridgeDock()->hide(); break;
        }
        QTest::qWait(60);
    }

    std::unique_ptr<MainWindow> w;
    AnalysisTools* tools = nullptr;
};

}  // namespace

TEST_P(Readability, NothingShownIsCutShortInAnyModeAt720pAnd1080p) {
    const Case& c = kCases[GetParam()];
    w->setTheory(c.theory);
    emit w->guide()->applyScenario(c.scenario);
    ASSERT_TRUE(wait_settled(*w, 60000));
    QStringList all;
    for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
        for (Mode m : {Mode::Normal, Mode::Guide, Mode::Presentation, Mode::Compare, Mode::RealSystem}) {
            w->resize(size);
            enter(m, size);
            ASSERT_TRUE(wait_settled(*w, 60000));
            EXPECT_EQ(w->size(), size) << mode_name(m);
            const bool dock = m == Mode::Compare || m == Mode::RealSystem;
            const int min_plot = size.height() >= 1080 ? 180 : dock ? 100 : 120;
            for (const QString& p : readability_problems(w.get(), min_plot))
                all << QStringLiteral("%1×%2 %3: %4").arg(size.width()).arg(size.height()).arg(mode_name(m), p);
            // Replaying: the bar's readout of the sample under the cursor
            // (its longest text) and a selected event row.
            w->playhead()->seek(0.75 * w->playhead()->duration());
            QTest::qWait(60);
            for (const QString& p : readability_problems(w.get(), min_plot))
                all << QStringLiteral("%1×%2 %3, replaying: %4").arg(size.width()).arg(size.height()).arg(mode_name(m), p);
            w->playhead()->setDuration(w->playhead()->duration());  // no cursor again
            leave(m);
        }
    }
    EXPECT_TRUE(all.isEmpty()) << c.name << ":\n  " << all.join(QStringLiteral("\n  ")).toStdString();
}

INSTANTIATE_TEST_SUITE_P(ThreeExperimentsAndBbr, Readability, ::testing::Range(0, 4),
                         [](const ::testing::TestParamInfo<int>& i) { return std::string(kCases[i.param].name); });
