// The share bars in the real window at 1280×720, normal and presenting,
// light and dark: ten streams' heading names the fair-share marker in
// whole words beside its "+ N more", and a request/response flow's label
// ("write-write-read") is read whole where its figure can give way. The
// expected widths are the fonts' own measures of the words. Ten streams'
// panels lay out alike by any road, and their bands read their rate.
#include <QAreaSeries>
#include <QFontMetrics>
#include <QLineSeries>
#include <QTest>
#include <gtest/gtest.h>

#include "ui/panels/dashboard.h"
#include "ui/panels/hero_panel.h"
#include "ui/panels/share_bars.h"
#include "ui/panels/throughput_chart.h"
#include "ui/shell/main_window.h"
#include "ui/teaching/experiment_panel.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

// Opens experiment `experiment` (0-based) at `step` and runs its settings.
void set_step(MainWindow& w, int experiment, int step) {
    w.openExperiment(experiment);
    w.goToStep(step);
    QTest::mouseClick(w.guide()->setButton(), Qt::LeftButton);
    ASSERT_TRUE(wait_settled(w, 120000));
}

void look(MainWindow& w, bool presenting, bool dark) {
    w.setPresentation(presenting);
    if (presenting) w.showNormal();  // a projector of 1280×720 is a window of it (offscreen)
    w.setTheme(dark);
    w.resize(1280, 720);
    QTest::qWait(150);
}

QString where(bool presenting, bool dark) {
    return QStringLiteral("%1, %2").arg(presenting ? "presenting" : "normal", dark ? "dark" : "light");
}

QFont italic(const QFont& f) {
    QFont i = f;
    i.setItalic(true);
    return i;
}

}  // namespace

// Experiment 6, step 2: ten CUBIC streams, more than the bars' rows. The
// heading read "share of 65.4 Mbit/s ┆ fair": the aggregate's words went
// before the marker's name, cut to "fair".
TEST(ShareBarsAt720p, TenStreamsNameTheFairShareWholeBesideTheirGroup) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    set_step(*w, 5, 1);
    for (const bool presenting : {false, true})
        for (const bool dark : {false, true}) {
            look(*w, presenting, dark);
            const QString at = where(presenting, dark);
            ShareBars* bars = w->dashboard()->hero()->shareBars();
            ASSERT_TRUE(bars->isVisible()) << at.toStdString();
            ASSERT_TRUE(bars->grouped()) << at.toStdString();
            const QString heading = bars->shownHeading();
            EXPECT_TRUE(heading.endsWith(QStringLiteral("fair share")))
                << at.toStdString() << ": " << heading.toStdString();
            // Drawn whole: within the widget, left of the "+ N more" when it
            // shares the line, which shows whole in its own room.
            const QFontMetrics fm(bars->font());
            const int heading_px = fm.horizontalAdvance(heading);
            EXPECT_LE(heading_px, bars->width()) << at.toStdString();
            const QRectF more = bars->moreRect();
            const int more_px = QFontMetrics(italic(bars->font())).horizontalAdvance(bars->moreText());
            EXPECT_GE(more.width(), more_px) << at.toStdString() << ": " << bars->moreText().toStdString();
            EXPECT_LE(more.right(), bars->width() + 0.5) << at.toStdString();
            if (more.top() < bars->rowHeight()) {
                EXPECT_LT(heading_px, more.left()) << at.toStdString();
            } else {
                // On a row of its own, under the last bar, inside the widget.
                EXPECT_GE(more.top(), bars->barRect(bars->flowRows() - 1).bottom()) << at.toStdString();
                EXPECT_LE(more.bottom(), bars->height() + 0.5) << at.toStdString();
            }
            // Every flow is told: a bar each, the rest in the group.
            EXPECT_EQ(bars->moreText(), QStringLiteral("+ %1 more").arg(10 - bars->flowRows())) << at.toStdString();
        }
    look(*w, false, false);  // the light look again, for the tests after this one
}

// Experiment 10, step 4: two request/response flows, "write-write-read"
// and "nodelay". Their labels were elided to "write-writ…" at 45 % of the
// column while the figure beside it could have shown as its time alone.
TEST(ShareBarsAt720p, ARequestFlowsLabelIsReadWholeWhereItsFigureCanGiveWay) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    set_step(*w, 9, 3);
    for (const bool presenting : {false, true}) {
        look(*w, presenting, false);
        const QString at = where(presenting, false);
        ShareBars* bars = w->dashboard()->hero()->shareBars();
        ASSERT_TRUE(bars->isVisible()) << at.toStdString();
        ASSERT_EQ(bars->flowRows(), 2) << at.toStdString();
        const QFontMetrics fm(bars->font());
        for (int r = 0; r < 2; ++r) {
            const QString label = bars->rows()[static_cast<std::size_t>(r)].name;
            EXPECT_EQ(bars->drawnName(r), label) << at.toStdString();
            EXPECT_GE(bars->nameRect(r).width(), fm.horizontalAdvance(label)) << at.toStdString();
            EXPECT_TRUE(bars->rowToolTip(r).contains(label)) << at.toStdString();
            // The figure still shows whole, right of the name.
            const QString figure = bars->shownFigure(r);
            EXPECT_FALSE(figure.isEmpty());
            EXPECT_LE(bars->nameRect(r).right(), bars->barRect(r).left()) << at.toStdString();
            EXPECT_LE(bars->barRect(r).left() + fm.horizontalAdvance(figure), bars->width() + 0.5)
                << at.toStdString() << ": " << figure.toStdString();
        }
        EXPECT_EQ(bars->rows()[0].name, QStringLiteral("write-write-read"));
    }
}

// Experiment 6, step 2, beside the guide: the ten streams' panel came up
// two ways. Set it from a fresh start gave five bars in one column, the
// event log its counters and a blank room under them; presenting on and
// off again gave eight bars in two columns and the log's rows. (A chart
// asked for the room it last had.) The panels' room must not depend on the
// road to them, and the stacked throughput is drawn for the plot it is in.
TEST(ShareBarsAt720p, TenStreamsLayOutAlikeFreshAndAfterPresenting) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    set_step(*w, 5, 1);
    QTest::qWait(300);
    struct Layout {
        int bars = 0, bars_width = 0, log_height = 0, rate_height = 0;
        bool log_rows = false;
    };
    const auto now = [&w] {
        ShareBars* bars = w->dashboard()->hero()->shareBars();
        QWidget* log = w->dashboard()->panel(Dashboard::Panel::Events);
        auto* table = log->findChild<QWidget*>("event_log_table");
        return Layout{bars->flowRows(), bars->width(), log->height(), w->dashboard()->panel(Dashboard::Panel::Hero)->height(),
                      table && table->isVisible()};
    };
    const Layout fresh = now();
    look(*w, true, false);
    look(*w, false, false);
    QTest::qWait(300);
    const Layout again = now();
    EXPECT_EQ(fresh.bars, again.bars);
    EXPECT_EQ(fresh.bars_width, again.bars_width);
    EXPECT_EQ(fresh.rate_height, again.rate_height);
    EXPECT_EQ(fresh.log_height, again.log_height);
    EXPECT_EQ(fresh.log_rows, again.log_rows);
    EXPECT_TRUE(again.log_rows) << "the log has room for its rows";
    // Drawn for the plot it is in now, not the one presenting gave it.
    ThroughputChart* chart = w->dashboard()->hero()->throughputChart();
    EXPECT_EQ(chart->drawnColumns(), chart->maxColumns());
    // Each stream is held by its window: 65,535 B per 80 ms = 6.55 Mbit/s.
    // Past its first second, flow 1's band reads that rate in every column
    // (within 10%), not the bursts of its round trips (one column per
    // pixel, 2.7 RTTs each, gave up to 7.56).
    const double window_bps = 65535 * 8 / 0.080;
    ASSERT_FALSE(chart->areas().empty());
    int columns = 0;
    for (const QPointF& p : chart->areas()[0]->upperSeries()->points()) {
        if (p.x() < 1.0) continue;
        ++columns;
        EXPECT_NEAR(p.y() * chart->axisUnitBps(), window_bps, 0.10 * window_bps) << "at " << p.x() << " s";
    }
    EXPECT_GT(columns, 20);
}
