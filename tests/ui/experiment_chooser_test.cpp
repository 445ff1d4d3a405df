// The guide's experiment chooser (experiment_chooser.h): a title that fits
// its face is shown there; one that does not is shown as "Experiment N of
// M" on the face and whole, wrapped, beneath it — never cut short.
#include <QApplication>
#include <QLabel>
#include <QTest>
#include <gtest/gtest.h>

#include "ui/teaching/experiment_chooser.h"
#include "ui/teaching/experiment_panel.h"
#include "ui/shell/main_window.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;

namespace {
const QString kLong = QStringLiteral("7. The latency others pay (and the fix), told at length for a narrow guide");

std::vector<Experiment> two_experiments() {
    std::vector<Experiment> out(2);
    out[0].title = "1. Short";
    out[1].title = kLong.toStdString();
    for (Experiment& e : out) e.steps.resize(1);
    return out;
}
}  // namespace

TEST(ExperimentChooser, AWideFaceShowsTheTitleANarrowOneItsNumber) {
    ExperimentChooser c;
    c.addItems({QStringLiteral("1. Short"), kLong});
    c.setCurrentIndex(1);
    c.show();  // a hidden widget gets its resize event only when shown
    c.resize(c.fontMetrics().horizontalAdvance(kLong) * 2, c.sizeHint().height());
    c.refit();
    EXPECT_FALSE(c.shortened());
    EXPECT_EQ(c.shownText(), kLong);
    c.resize(c.fontMetrics().horizontalAdvance(kLong) / 2, c.sizeHint().height());
    EXPECT_TRUE(c.shortened());
    EXPECT_EQ(c.shownText(), QStringLiteral("Experiment 2 of 2"));
    EXPECT_LT(c.fontMetrics().horizontalAdvance(c.shownText()), c.width());
    c.setCurrentIndex(0);  // "1. Short" fits again
    EXPECT_FALSE(c.shortened());
    EXPECT_EQ(c.shownText(), QStringLiteral("1. Short"));
}

TEST(ExperimentChooser, TheGuideShowsTheWholeTitleBeneathAShortenedFace) {
    ExperimentPanel p;
    p.setExperiments(two_experiments(), {});
    p.resize(280, 500);
    p.show();
    p.setExperiment(1, 0);
    QApplication::processEvents();
    auto* chooser = p.findChild<ExperimentChooser*>();
    auto* heading = p.findChild<QLabel*>("experiment_title");
    ASSERT_TRUE(chooser && heading);
    ASSERT_TRUE(chooser->shortened()) << chooser->width();
    EXPECT_TRUE(heading->isVisible());
    EXPECT_EQ(heading->text(), kLong);
    p.setExperiment(0, 0);
    QApplication::processEvents();
    EXPECT_FALSE(chooser->shortened());
    EXPECT_FALSE(heading->isVisible());
}

TEST(ExperimentChooser, PickingAnExperimentInTheWindowShowsItsTitleBeneath) {
    auto w = inflight::ui::test::make_window();
    w->openExperiment(0);
    auto* chooser = w->guide()->findChild<ExperimentChooser*>();
    auto* heading = w->guide()->findChild<QLabel*>("experiment_title");
    ASSERT_TRUE(chooser && heading);
    ASSERT_GE(chooser->count(), 3);
    chooser->setCurrentIndex(2);  // as a click in its list does
    EXPECT_EQ(w->guide()->experimentIndex(), 2);
    EXPECT_EQ(heading->text(), QString::fromStdString(w->guide()->experiments()[2].title));
}
