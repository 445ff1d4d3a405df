// The docks under the panels at 1280×720, opened and then presenting
// (larger type, the menu and status bars hidden). The time–sequence
// graph's summary line — segments, retransmissions, SACK blocks, the final
// ACK — lies whole inside the window and is not cut by the dock around it:
// the graph gives up height first, the line under it is the figure a
// lecturer reads out. The Real system dock's four command blocks fit the
// screen's width: no block is scrolled out of sight to the side.
#include <QDockWidget>
#include <QLabel>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>
#include <gtest/gtest.h>

#include "readability.h"
#include "tools_helpers.h"
#include "ui/real_system/bridge_panel.h"
#include "ui/shell/analysis_tools.h"
#include "ui/time_sequence/tsg_loader.h"
#include "ui/time_sequence/tsg_view.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

// The summary's rectangle in the window it is shown in (the main window,
// or the dock's own when it opened floating at the screen's foot), whole
// and as shown; that window on the screen.
void expect_summary_on_screen(MainWindow& w, QDockWidget* dock, TimeSequenceView* view, const char* look) {
    const auto* summary = view->findChild<QLabel*>(QStringLiteral("tsg_summary"));
    ASSERT_NE(summary, nullptr);
    ASSERT_TRUE(summary->isVisible());
    ASSERT_FALSE(summary->text().isEmpty());
    const QWidget* top = dock->isFloating() ? static_cast<QWidget*>(dock) : &w;
    const QRect whole(summary->mapTo(top, QPoint(0, 0)), summary->size());
    EXPECT_TRUE(top->rect().contains(whole)) << look << ": the summary at y " << whole.top() << "–" << whole.bottom()
                                             << " in a window " << top->height() << " px high"
                                             << (dock->isFloating() ? " (the dock, floating)" : "");
    EXPECT_EQ(visible_rect(summary, top), whole) << look << ": the summary is cut by the dock around it";
    if (dock->isFloating()) {
        const QRect f = dock->frameGeometry();
        EXPECT_TRUE(w.screen()->geometry().contains(f))
            << look << ": the floating dock at " << f.x() << "," << f.y() << ", " << f.width() << "×" << f.height()
            << " is not inside the screen";
    }
}
}  // namespace

TEST(TimeSequenceAt720p, TheSummaryLineIsWholeOnScreenInBothLooks) {
    auto w = make_window();
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "cubic", "loss": "0.01%", "duration": 10})"));
    AnalysisTools* tools = tools_of(*w);
    TimeSequenceView* view = tools->timeSequence();
    tools->timeSequenceDock()->toggleViewAction()->trigger();
    ASSERT_TRUE(wait_until([&] { return view->chart()->graph() && !view->loader()->busy(); }, 60000));
    settle_layouts();
    expect_summary_on_screen(*w, tools->timeSequenceDock(), view, "the normal look");

    w->setPresentation(true);
    settle_layouts();
    expect_summary_on_screen(*w, tools->timeSequenceDock(), view, "presenting");
    w->setPresentation(false);
    settle_layouts();
    expect_summary_on_screen(*w, tools->timeSequenceDock(), view, "back to the normal look");
}

TEST(RealSystemAt720p, TheCommandBlocksFitTheScreensWidthInBothLooks) {
    auto w = make_window();
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "cubic", "duration": 5})"));
    AnalysisTools* tools = tools_of(*w);
    QDockWidget* dock = tools->bridgeDock();
    dock->toggleViewAction()->trigger();
    const auto* scroll = qobject_cast<QScrollArea*>(dock->widget());
    ASSERT_NE(scroll, nullptr);
    for (bool presenting : {false, true}) {
        w->setPresentation(presenting);
        settle_layouts();
        const char* look = presenting ? "presenting" : "the normal look";
        EXPECT_TRUE(w->screen()->geometry().contains(dock->frameGeometry())) << look << ": the dock off the screen";
        EXPECT_LE(tools->bridge()->minimumSizeHint().width(), scroll->viewport()->width())
            << look << ": the blocks need more than the dock's width";
        EXPECT_FALSE(scroll->horizontalScrollBar()->isVisible()) << look << ": the dock scrolls sideways";
    }
    w->setPresentation(false);
}
