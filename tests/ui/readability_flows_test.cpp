// The readability test with several flows: each flow preset of the
// controls — CUBIC vs BBR, ten streams,
// bulk + ping, two RTTs, bulk + web pages — in the normal look, the
// presentation look, and the presentation look with the guide open or with
// the run pinned for compare (the dock's summary in place of its table), at
// 1280×720 (a projector) and 1920×1080; and every step of every guided
// experiment (1–4 with one flow, 5–7 over flows) in the presentation look
// with the guide open at 1280×720. Nothing shown is cut short (readability.h), every chart keeps
// a plot area of at least 120 px (720p; 100 px with the guide open in the
// presentation look) / 180 px (1080p), and the window
// stays exactly the size it was given: a layout whose minimum is above the
// screen pushes the replay bar off a 720 px projector.
//
// What makes it hold there: the keys fold each group of flows into one
// entry when that saves lines, the narrow headline keeps only the bold
// words (the rest go under the share bars), the share bars keep to five
// rows in one column, the time axes drop ticks rather than cut them, and the
// zoom hint is drawn inside the plot instead of on a title line.
#include <QDockWidget>
#include <QPushButton>
#include <QTest>
#include <gtest/gtest.h>

#include "ui/compare/compare_controller.h"
#include "ui/lesson/flow_presets.h"
#include "readability.h"
#include "ui/shell/analysis_tools.h"
#include "ui/shell/main_window.h"
#include "ui/teaching/experiment_panel.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

enum class Look { Normal, NormalGuide, Presentation, PresentationGuide, PresentationCompare };
const char* look_name(Look l) {
    switch (l) {
    case Look::Normal: return "normal";
    case Look::NormalGuide: return "normal + guide";
    case Look::Presentation: return "presentation";
    case Look::PresentationGuide: return "presentation + guide";
    case Look::PresentationCompare: return "presentation + compare";
    }
    return "";
}

CompareController* compare_of(MainWindow& w) { return w.findChild<AnalysisTools*>("analysis_tools")->compare(); }

// The presets with several flows (One flow is the single-flow suite's).
constexpr FlowPreset kPresets[] = {FlowPreset::CubicVsBbr, FlowPreset::TenStreams, FlowPreset::BulkPing,
                                   FlowPreset::TwoRtts, FlowPreset::BulkWeb};

// 180 px at 1080p; 120 px at 720p, or 100 px with the guide open in the
// presentation look (a dock takes its room, as in the single-flow suite).
int min_plot_px(QSize size, bool crowded) { return size.height() >= 1080 ? 180 : crowded ? 100 : 120; }

// Puts the window in `look` at `size`: a projector of that size is a
// normal window of it (offscreen, full screen is the platform's screen).
bool presents(Look look) { return look != Look::Normal && look != Look::NormalGuide; }
bool guided(Look look) { return look == Look::NormalGuide || look == Look::PresentationGuide; }

void enter(MainWindow& w, Look look, QSize size, int experiment) {
    if (presents(look)) {
        w.setPresentation(true);
        w.showNormal();
    }
    if (guided(look)) w.openExperiment(experiment);
    if (look == Look::PresentationCompare) compare_of(w)->pinAction()->trigger();
    w.resize(size);
    QTest::qWait(150);
}

void leave(MainWindow& w, Look look) {
    if (guided(look)) w.guide()->parentWidget()->hide();
    if (look == Look::PresentationCompare) compare_of(w)->unpinAction()->trigger();
    if (presents(look)) w.setPresentation(false);
    QTest::qWait(100);
}

// The problems of the window as shown, each line prefixed with `where`, and
// its size if it is not `size` (with what its minimum height is made of).
QStringList problems_at(MainWindow& w, QSize size, bool crowded, const QString& where) {
    QStringList out;
    if (w.size() != size)
        out << QStringLiteral("%1: the window is %2×%3, not %4×%5 — %6")
                   .arg(where)
                   .arg(w.width()).arg(w.height()).arg(size.width()).arg(size.height())
                   .arg(minimum_heights(&w));
    for (const QString& p : readability_problems(&w, min_plot_px(size, crowded))) out << where + QStringLiteral(": ") + p;
    return out;
}

class ReadabilityFlows : public ::testing::TestWithParam<int> {};

}  // namespace

TEST_P(ReadabilityFlows, EachPresetIsReadableAndTheWindowKeepsItsSizeInEveryLook) {
    const FlowPreset preset = kPresets[GetParam()];
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    emit w->guide()->applyScenario(apply_preset(preset, Scenario{}));
    ASSERT_TRUE(wait_settled(*w, 120000));
    QStringList all;
    for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
        for (Look look : {Look::Normal, Look::NormalGuide, Look::Presentation, Look::PresentationGuide,
                          Look::PresentationCompare}) {
            w->resize(size);
            QTest::qWait(60);
            // The guide opens on the first experiment over flows (5).
            enter(*w, look, size, 4);
            ASSERT_TRUE(wait_settled(*w, 120000));
            const QString where = QStringLiteral("%1×%2 %3").arg(size.width()).arg(size.height()).arg(look_name(look));
            all << problems_at(*w, size, guided(look) || look == Look::PresentationCompare, where);
            leave(*w, look);
            w->resize(size);
            QTest::qWait(60);
            if (w->size() != size)
                all << QStringLiteral("%1: after leaving, the window is %2×%3")
                           .arg(where).arg(w->width()).arg(w->height());
        }
    }
    EXPECT_TRUE(all.isEmpty()) << preset_name(preset) << ":\n  " << all.join(QStringLiteral("\n  ")).toStdString();
}

INSTANTIATE_TEST_SUITE_P(FlowPresets, ReadabilityFlows, ::testing::Range(0, 5),
                         [](const ::testing::TestParamInfo<int>& i) {
                             std::string s = preset_name(kPresets[i.param]);
                             for (char& c : s)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return s;
                         });

// A lecturer running experiments 1–10 on a 1280×720 projector, the guide
// beside the panels: at every step, after Set it and the run, the window is
// still 1280×720 and nothing in it is cut short.
class ReadabilityFlowExperiments : public ::testing::TestWithParam<int> {};

TEST_P(ReadabilityFlowExperiments, EveryStepInThePresentationLookWithTheGuideFits720p) {
    const int experiment = GetParam();
    const QSize size(1280, 720);
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    QStringList all;
    // The normal look too: a laptop of that size, the guide open beside the panels.
    for (Look look : {Look::PresentationGuide, Look::NormalGuide}) {
        enter(*w, look, size, experiment);
        ASSERT_EQ(w->guide()->experimentIndex(), experiment);
        const int steps =
            static_cast<int>(w->guide()->experiments()[static_cast<std::size_t>(experiment)].steps.size());
        for (int step = 0; step < steps; ++step) {
            w->goToStep(step);
            w->guide()->setButton()->click();
            ASSERT_TRUE(wait_settled(*w, 120000));
            QTest::qWait(100);
            all << problems_at(*w, size, true,
                               QStringLiteral("%1, experiment %2 step %3").arg(look_name(look)).arg(experiment + 1).arg(step + 1));
        }
        leave(*w, look);
    }
    EXPECT_TRUE(all.isEmpty()) << "\n  " << all.join(QStringLiteral("\n  ")).toStdString();
}

INSTANTIATE_TEST_SUITE_P(EveryExperiment, ReadabilityFlowExperiments, ::testing::Range(0, 10),
                         [](const ::testing::TestParamInfo<int>& i) {
                             return "Experiment" + std::to_string(i.param + 1);
                         });
