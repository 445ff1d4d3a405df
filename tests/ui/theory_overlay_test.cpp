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
#include "ui/panels/chart_key.h"
#include "ui/panels/window_chart.h"
#include "model/analysis/response_theory.h"
#include "model/analysis/sweep.h"
#include "model/core/units.h"

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

// One law everywhere: the window's overlay and the sweep's curve give the
// same figure for the same scenario, to the last bit. 65,535 B over 80 ms
// at 10 Mbit/s: 524,280 bits per 80 ms + 1.2 ms of one segment's
// serialization = 6.46 Mbit/s.
TEST(TheoryOverlay, TheWindowLimitEqualsTheSweepsCurve) {
    MainWindow w(/*use_settings=*/false);
    w.show();
    Scenario s;
    s.algorithm = Algorithm::Cubic;
    s.bandwidth_bps = 10e6;
    s.rwnd_bytes = 65535;
    s.duration_s = 4;
    w.controls()->setScenario(s);
    emit w.controls()->scenarioChanged(s);
    ASSERT_TRUE(wait_settled(w));
    QTest::keyClick(&w, Qt::Key_T, Qt::ControlModifier);
    const QString text = w.dashboard()->hero()->theoryText();
    EXPECT_TRUE(text.contains("6.46 Mbit/s")) << text.toStdString();
    EXPECT_TRUE(text.contains("limited by rwnd")) << text.toStdString();
    // Its level in the window panel's key is the theory's, not a second
    // "rwnd" beside the run's own advertised window.
    const QStringList keys = w.dashboard()->windowChart()->key()->names();
    EXPECT_TRUE(keys.contains(QStringLiteral("theory: rwnd"))) << keys.join(" | ").toStdString();
    EXPECT_FALSE(keys.contains(QStringLiteral("rwnd"))) << keys.join(" | ").toStdString();

    SweepSpec spec;
    spec.base = s;
    spec.param = SweepParam::Rwnd;
    spec.from = 65535;
    spec.to = 131072;
    spec.points = 2;
    spec.algorithms = {Algorithm::Cubic};
    const SweepResult sweep = run_sweep(spec);
    ASSERT_EQ(sweep.series.size(), 1u);
    ASSERT_EQ(sweep.values.front(), 65535);
    const RunResult& shown = w.dashboard()->shown()->result;
    ASSERT_EQ(shown.flows.size(), 1u);
    const double overlay_bps = theory_levels(shown.scenario, shown.flows.front().flow).throughput_bps;
    EXPECT_EQ(overlay_bps, sweep.series[0].theory_bps[0]);
    EXPECT_NEAR(overlay_bps, 524280 / 0.0812, 1e-6);
    EXPECT_TRUE(text.contains(QString::fromStdString(format_rate(sweep.series[0].theory_bps[0]))));
}
