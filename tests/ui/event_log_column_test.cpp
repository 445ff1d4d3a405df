// The event log stays in its column while its "Show" row comes and goes. In
// a window a window manager leaves 1278×695 of a 1280×720 screen, with the
// guide open beside experiment 5's two flows, the right column (the share
// bars over the log) is narrow: squeezed to its counters the log asks for
// less width than with its row of filters. When a resize gave it room for
// its rows again, the row came back from inside the dashboard's layout
// pass: the log's box was laid out for its new (wider) least width while
// the other panels kept the old column, and the box covered the right edge
// of the round-trip time chart ("120 s" read "12(") and cut the table's
// last heading ("what happ").
#include <QGroupBox>
#include <QHeaderView>
#include <QLayout>
#include <QStyle>
#include <QTableView>
#include <QTest>
#include <gtest/gtest.h>

#include "test_helpers.h"
#include "tools_helpers.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/event_log_view.h"
#include "ui/shell/main_window.h"
#include "ui/teaching/experiment_panel.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

QRect in_dashboard(const Dashboard* d, Dashboard::Panel p) {
    const QWidget* w = d->panel(p);
    return QRect(w->mapTo(d, QPoint(0, 0)), w->size());
}

QString text(const QRect& r) {
    return QStringLiteral("%1,%2 %3×%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

}  // namespace

TEST(EventLogColumn, TheShowRowComingBackInAResizeKeepsTheLogInItsColumn) {
    auto w = std::make_unique<MainWindow>(/*use_settings=*/false);
    w->resize(1278, 695);
    w->show();
    ASSERT_TRUE(wait_settled(*w, 60000));
    w->openExperiment(4);  // 5. Two algorithms, one link: CUBIC and BBR
    w->goToStep(0);
    QTest::mouseClick(w->guide()->setButton(), Qt::LeftButton);
    ASSERT_TRUE(wait_settled(*w, 120000));
    settle_layouts();
    Dashboard* d = w->dashboard();
    EventLogView* log = d->events();
    ASSERT_TRUE(log->showsFlows()) << "the step runs two flows";
    ASSERT_TRUE(w->guide()->isVisible());

    // Squeezed to its counters (a lower window), then given its room back:
    // the rows return in the resize that makes room for them.
    for (const int low : {560, 540}) {
        w->resize(1278, low);
        settle_layouts();
        ASSERT_TRUE(log->compact()) << "at " << low << " px the log keeps its counters alone";
        w->resize(1278, 695);
        settle_layouts();
        ASSERT_FALSE(log->compact()) << "back at 695 px the log shows its rows";
        ASSERT_TRUE(log->kindFilter()->isVisible() && log->flowFilter()->isVisible()) << "the Show row is back";

        const QRect box = in_dashboard(d, Dashboard::Panel::Events);
        const QRect rate = in_dashboard(d, Dashboard::Panel::Hero);  // the column's other panel
        const QRect rtt = in_dashboard(d, Dashboard::Panel::Rtt);
        const QRect pipe = in_dashboard(d, Dashboard::Panel::Window);
        const QString where = QStringLiteral("after %1 px: log %2, rate %3, RTT %4")
                                  .arg(low).arg(text(box), text(rate), text(rtt));
        EXPECT_EQ(box.left(), rate.left()) << where.toStdString();
        EXPECT_EQ(box.right(), rate.right()) << where.toStdString();
        EXPECT_FALSE(box.intersects(rtt)) << where.toStdString();
        EXPECT_FALSE(box.intersects(pipe)) << where.toStdString();
        EXPECT_TRUE(d->rect().contains(box)) << where.toStdString();
        // The log inside its box, its table's columns inside the log.
        EXPECT_TRUE(QRect(QPoint(0, 0), d->panel(Dashboard::Panel::Events)->size())
                        .contains(QRect(log->mapTo(d->panel(Dashboard::Panel::Events), QPoint(0, 0)), log->size())))
            << where.toStdString();
        EXPECT_GE(box.width(), d->panel(Dashboard::Panel::Events)->minimumSizeHint().width()) << where.toStdString();
    }

    // The counters alone are read from the top of the box, any room to spare
    // under them: they stood at its foot under a blank room (experiment 8's
    // fourth step beside the guide, the log too low for a row of its table).
    int compact_with_room = 0;
    for (int h = 560; h <= 695; h += 5) {
        w->resize(1278, h);
        settle_layouts();
        if (!log->compact()) continue;
        QWidget* counters = log->layout()->itemAt(0)->widget();
        compact_with_room += log->height() > counters->height() + 20;
        EXPECT_LE(counters->y(), log->layout()->contentsMargins().top()) << "at " << h << " px: blank room over the counters";
    }
    EXPECT_GE(compact_with_room, 1) << "no height left the counters alone with room to spare (the check asks nothing)";
}

// Either the counters alone, or the counters over the "Show" row over a
// table with at least its header and one row in view: never the "Show"
// row without its table, nor the row laid over the counters' last line. At
// 1280×720 beside the guide, experiment 8's fourth step (four transfers,
// three lines of counters) showed the "Show" row over "retransmits 17 ·
// RTOs 0" and no table, and other steps of experiments 6 and 8 a blank
// box under the counters.
TEST(EventLogColumn, TheLogIsItsCountersOrItsCountersShowRowAndTableNeverHalf) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w, 60000));
    EventLogView* log = w->dashboard()->events();
    for (const auto& [experiment, steps] : {std::pair<int, int>{5, 4}, {7, 6}}) {
        w->openExperiment(experiment);
        for (int step = 0; step < steps; ++step) {
            w->goToStep(step);
            QTest::mouseClick(w->guide()->setButton(), Qt::LeftButton);
            ASSERT_TRUE(wait_settled(*w, 120000));
            settle_layouts();
            const std::string at = "experiment " + std::to_string(experiment + 1) + ", step " + std::to_string(step + 1);
            QWidget* counters = log->layout()->itemAt(0)->widget();
            const int counters_need = counters->hasHeightForWidth() ? counters->heightForWidth(counters->width())
                                                                    : counters->sizeHint().height();
            EXPECT_GE(counters->height(), counters_need) << at << ": the counters' lines whole";
            if (log->compact()) {
                EXPECT_FALSE(log->kindFilter()->isVisible()) << at;
                EXPECT_FALSE(log->table()->isVisible()) << at;
                continue;
            }
            ASSERT_TRUE(log->kindFilter()->isVisible()) << at;
            ASSERT_TRUE(log->table()->isVisible()) << at << ": the Show row without its table";
            EXPECT_GE(log->kindFilter()->y(), counters->geometry().bottom()) << at << ": the Show row over the counters";
            const QTableView* t = log->table();
            EXPECT_GE(t->height(), t->horizontalHeader()->height() + t->verticalHeader()->defaultSectionSize())
                << at << ": the table shows its header and one row";
            EXPECT_LE(t->geometry().bottom(), log->height()) << at;
        }
    }
}

// Experiment 5, step 1 beside the guide at 1280×720: with the flow column,
// "what happened" kept a header view's default section size (100 px) where
// 79 px were left, so its last 21 px lay past the table's edge: the heading
// read "what happer" and each sentence was wrapped wider than it is shown.
// Every column lies inside the table; the last one takes what is left.
TEST(EventLogColumn, WhatHappenedLiesInsideTheTable) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w, 60000));
    w->openExperiment(4);
    w->goToStep(0);
    QTest::mouseClick(w->guide()->setButton(), Qt::LeftButton);
    ASSERT_TRUE(wait_settled(*w, 120000));
    settle_layouts();
    EventLogView* log = w->dashboard()->events();
    ASSERT_TRUE(log->showsFlows());
    ASSERT_FALSE(log->compact());
    const QHeaderView* head = log->table()->horizontalHeader();
    int columns_px = 0;
    for (int c = 0; c < head->count(); ++c)
        if (!head->isSectionHidden(c)) columns_px += head->sectionSize(c);
    EXPECT_LE(columns_px, log->table()->viewport()->width());
    // Its heading is elided to the column (QHeaderView clips it mid-letter
    // otherwise), or whole where it fits; the tooltip says it whole.
    const int text_column = head->count() - 1;
    const QString heading = head->model()->headerData(text_column, Qt::Horizontal).toString();
    const int margins = 2 * (head->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, head) + 1);
    EXPECT_LE(head->fontMetrics().horizontalAdvance(heading), head->sectionSize(text_column) - margins) << heading.toStdString();
    EXPECT_TRUE(heading == QStringLiteral("what happened") || heading.endsWith(QChar(0x2026))) << heading.toStdString();
    EXPECT_EQ(head->model()->headerData(text_column, Qt::Horizontal, Qt::ToolTipRole).toString(), QStringLiteral("what happened"));
}
