// The theory overlay in the window: a toggle that draws the predicted mean
// window and shows the predicted throughput beside the measured one.
#include <QLineSeries>
#include <QTest>
#include <gtest/gtest.h>

#include "ui/controls/controls_panel.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/hero_panel.h"
#include "ui/shell/main_window.h"
#include "test_helpers.h"
#include "ui/panels/window_chart.h"

using namespace inflight;
using namespace inflight::ui;
using inflight::ui::test::wait_settled;

TEST(TheoryOverlay, CtrlTShowsTheRenoWindowAndThePredictedThroughput) {
    MainWindow w(/*use_settings=*/false);
    w.show();
    Scenario s;
    s.algorithm = Algorithm::Reno;
    s.loss = 1e-4;
    s.duration_s = 20;
    w.controls()->setScenario(s);
    emit w.controls()->scenarioChanged(s);
    ASSERT_TRUE(wait_settled(w));
    EXPECT_TRUE(w.dashboard()->hero()->theoryText().isEmpty());
    QTest::keyClick(&w, Qt::Key_T, Qt::ControlModifier);
    ASSERT_TRUE(w.dashboard()->theoryShown());
    EXPECT_TRUE(w.dashboard()->hero()->theoryText().contains("18.4 Mbit/s"))
        << w.dashboard()->hero()->theoryText().toStdString();
    QLineSeries* line = w.dashboard()->windowChart()->theoryWindowSeries();
    ASSERT_TRUE(line->isVisible());
    ASSERT_EQ(line->count(), 2);
    EXPECT_NEAR(line->at(0).y(), 122.47, 0.01);  // packets
    // The model was not told: the same settings give the same result with the overlay on.
    const double measured = w.dashboard()->shown()->result.summary.throughput_bps;
    emit w.controls()->scenarioChanged(s);
    ASSERT_TRUE(wait_settled(w));
    EXPECT_DOUBLE_EQ(w.dashboard()->shown()->result.summary.throughput_bps, measured);
    QTest::keyClick(&w, Qt::Key_T, Qt::ControlModifier);
    EXPECT_FALSE(line->isVisible());
    EXPECT_TRUE(w.dashboard()->hero()->theoryText().isEmpty());
}
