// Readable at 1280×720, in the window: the guide's first tick (only runs
// started after a step opens count; a closed guide counts nothing), modes
// that leave no trace (F11 there and back), and docks that take their room
// from the event log and give it back.
#include <QChartView>
#include <QApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QScrollArea>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <gtest/gtest.h>

#include <utility>

#include "ui/compare/compare_controller.h"
#include "ui/controls/controls_panel.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/event_log_view.h"
#include "ui/panels/rtt_chart.h"
#include "ui/shell/analysis_tools.h"
#include "ui/shell/main_window.h"
#include "ui/teaching/experiment_panel.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

AnalysisTools* tools_of(MainWindow& w) { return w.findChild<AnalysisTools*>("analysis_tools"); }

QScrollArea* controls_column(MainWindow& w) { return qobject_cast<QScrollArea*>(w.controls()->parentWidget()->parentWidget()); }

// The toolbar button that shows `a`.
QToolButton* button_for(QToolBar* bar, QAction* a) { return qobject_cast<QToolButton*>(bar->widgetForAction(a)); }

// The window's and the RTT chart's heights once the layout has settled: the
// same for 100 ms (a fixed wait is outrun by a sanitizer build on a busy
// machine).
std::pair<int, int> settled_heights(MainWindow& w) {
    std::pair<int, int> now{w.height(), w.dashboard()->rttChart()->height()};
    for (int tries = 0; tries < 30; ++tries) {
        QTest::qWait(100);
        const std::pair<int, int> later{w.height(), w.dashboard()->rttChart()->height()};
        if (later == now) break;
        now = later;
    }
    return now;
}

}  // namespace

// Start, change the bandwidth once, Ctrl+1: step 1 has not been done yet
// (it asks for a drag from 100 Mbit/s to 10 Gbit/s with the step in front of
// the student), so it must not show as ticked. The run on screen when the
// step opens is where a drag starts: it counts as the sweep's first point,
// the runs before it do not.
TEST(GuideFirstTick, RunsBeforeTheStepOpensDoNotTickIt) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    type_value(w->controls()->bandwidth(), "10Gbps");
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_FALSE(w->guide()->ticked(0)) << "the hidden guide counted runs";
    QTest::keyClick(w.get(), Qt::Key_1, Qt::ControlModifier);
    ASSERT_EQ(w->guide()->experimentIndex(), 0);
    QTest::qWait(50);
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_FALSE(w->guide()->ticked(0));
    EXPECT_TRUE(w->guide()->checkDetail().startsWith("so far 1 run, at 10 Gbit/s;"))
        << w->guide()->checkDetail().toStdString();
    // With the step open, the same drag ticks it.
    type_value(w->controls()->bandwidth(), "100Mbps");
    ASSERT_TRUE(wait_settled(*w));
    type_value(w->controls()->bandwidth(), "10Gbps");
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_TRUE(w->guide()->ticked(0)) << w->guide()->checkDetail().toStdString();
}

TEST(GuideFirstTick, AClosedGuideCountsNoRuns) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    w->openExperiment(0);
    w->guide()->parentWidget()->hide();  // the dock closed by the student
    for (const char* v : {"100Mbps", "10Gbps"}) {
        type_value(w->controls()->bandwidth(), v);
        ASSERT_TRUE(wait_settled(*w));
    }
    EXPECT_FALSE(w->guide()->ticked(0));
}

// F11 on and off restores exactly: the toolbar's buttons follow their
// actions, the controls column keeps its width, fonts and styles return.
TEST(ModeRoundTrip, PresentationThereAndBackLeavesNoTrace) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    QTest::qWait(50);
    AnalysisTools* tools = tools_of(*w);
    ASSERT_TRUE(tools);
    QAction* unpin = tools->compare()->unpinAction();
    QToolButton* unpin_button = button_for(tools->toolBar(), unpin);
    ASSERT_TRUE(unpin_button);
    const bool unpin_before = unpin_button->isEnabled();
    EXPECT_FALSE(unpin_before);
    const int column_before = controls_column(*w)->width();
    const QSize size_before = w->size();
    const double font_before = QApplication::font().pointSizeF();

    QTest::keyClick(w.get(), Qt::Key_F11);
    QTest::qWait(50);
    ASSERT_TRUE(w->presenting());
    QTest::keyClick(w.get(), Qt::Key_F11);
    QTest::qWait(50);
    ASSERT_FALSE(w->presenting());

    EXPECT_EQ(unpin_button->isEnabled(), unpin->isEnabled());
    EXPECT_FALSE(unpin_button->isEnabled()) << "Unpin ghost enabled with nothing pinned";
    EXPECT_EQ(controls_column(*w)->width(), column_before);
    EXPECT_EQ(w->size(), size_before);
    EXPECT_DOUBLE_EQ(QApplication::font().pointSizeF(), font_before);
    EXPECT_TRUE(w->menuBar()->isVisible());
}

// Opening the compare table or the real-system panel takes room from the
// event log, never squashing the RTT chart below its minimum; closing it
// gives the room back and the window keeps its height.
TEST(DockRoom, TheRealSystemPanelNeitherGrowsTheWindowNorCrushesTheRttChart) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    QTest::qWait(50);
    AnalysisTools* tools = tools_of(*w);
    const int height_before = w->height();
    const int rtt_before = w->dashboard()->rttChart()->height();
    tools->bridgeDock()->show();
    QTest::qWait(100);
    EXPECT_LE(w->height(), height_before);
    EXPECT_GE(w->dashboard()->rttChart()->height(), 150);
    // At least the chart view's own minimum (a readable plot under its
    // fonts): the dock took the log's room, not the chart's.
    EXPECT_GE(w->dashboard()->rttChart()->view()->height(), w->dashboard()->rttChart()->view()->minimumHeight());
    tools->bridgeDock()->hide();
    QTest::qWait(100);
    EXPECT_EQ(w->height(), height_before);
    EXPECT_EQ(w->dashboard()->rttChart()->height(), rtt_before);
}

TEST(DockRoom, TheCompareTableTakesItsRoomFromTheEventLog) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    AnalysisTools* tools = tools_of(*w);
    const auto [height_before, rtt_before] = settled_heights(*w);
    tools->compare()->pinAction()->trigger();
    const auto [height_pinned, rtt_pinned] = settled_heights(*w);
    ASSERT_TRUE(tools->compareDock()->isVisible());
    EXPECT_LE(height_pinned, height_before);
    EXPECT_GE(rtt_pinned, 150);
    tools->compare()->unpinAction()->trigger();
    const auto [height_after, rtt_after] = settled_heights(*w);
    EXPECT_EQ(height_after, height_before);
    EXPECT_EQ(rtt_after, rtt_before);
}
