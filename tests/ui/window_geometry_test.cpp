// A class at 1280×720: every step of every built-in experiment, set with
// "Set it" as a student would, in the normal look and in presentation mode
// (full screen on the projector), in order 1 → 7 and then back to 1. After
// each step's run has finished the window must lie within the screen (in
// presentation: fill it exactly, still full screen), and everything the
// step asks the student to act on or read must be shown whole inside the
// window: the guide's chooser, its step's Check line and buttons, the
// replay bar, the four panels, and the event log's rows where the step
// names the event log.
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QTableView>
#include <QTest>
#include <gtest/gtest.h>

#include "readability.h"
#include "test_helpers.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/event_log_view.h"
#include "ui/shell/main_window.h"
#include "ui/teaching/experiment_panel.h"
#include "ui/teaching/playback_bar.h"
#include "ui/sweep/sweep_window.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

const QSize kProjector(1280, 720);

bool fits(QSize need, QSize room) { return need.width() <= room.width() && need.height() <= room.height(); }

bool names(const Step& s, const char* words) {
    const QString all = QString::fromStdString(s.todo + " " + s.watch + " " + s.why + " " + s.check.text);
    return all.contains(QLatin1String(words), Qt::CaseInsensitive);
}

// `w` shown, and whole: its rectangle inside the window, not cut by any
// parent (what a scroll area hides counts as shown: it can be scrolled to).
void expect_whole(QWidget* w, QMainWindow* top, const QString& what, QStringList* problems) {
    if (!w || !w->isVisible()) {
        *problems << QStringLiteral("%1 hidden").arg(what);
        return;
    }
    const QRect r(w->mapTo(top, QPoint(0, 0)), w->size());
    const QRect vis = visible_rect(w, top);
    if (vis != r || !top->rect().contains(r))
        *problems << QStringLiteral("%1 cut: %2×%3 at %4,%5 shows %6×%7 in a %8×%9 window")
                         .arg(what).arg(r.width()).arg(r.height()).arg(r.x()).arg(r.y())
                         .arg(vis.width()).arg(vis.height()).arg(top->width()).arg(top->height());
}

QStringList step_problems(MainWindow& w, const Step& step, bool presenting) {
    QStringList p;
    const QRect screen = w.screen()->geometry();
    if (!screen.contains(w.frameGeometry()) || !screen.contains(w.geometry()))
        p << QStringLiteral("window %1×%2 at %3,%4 (frame %5×%6 at %7,%8) outgrows the %9×%10 screen (%11)")
                 .arg(w.width()).arg(w.height()).arg(w.x()).arg(w.y())
                 .arg(w.frameGeometry().width()).arg(w.frameGeometry().height())
                 .arg(w.frameGeometry().x()).arg(w.frameGeometry().y())
                 .arg(screen.width()).arg(screen.height()).arg(minimum_heights(&w));
    if (presenting && !w.isFullScreen()) p << QStringLiteral("left full screen");
    // Presenting, the window is the screen's size whatever its parts need:
    // what they need must fit it too, or they are drawn squeezed.
    if (!fits(w.minimumSizeHint(), screen.size()))
        p << QStringLiteral("its parts need %1×%2 (%3)")
                 .arg(w.minimumSizeHint().width()).arg(w.minimumSizeHint().height()).arg(minimum_heights(&w));
    ExperimentPanel* g = w.guide();
    expect_whole(g->parentWidget(), &w, QStringLiteral("the guide"), &p);
    expect_whole(g->findChild<QLabel*>("check"), &w, QStringLiteral("the step's Check line"), &p);
    expect_whole(g->setButton(), &w, QStringLiteral("Set it"), &p);
    expect_whole(g->findChild<QPushButton*>("next_step"), &w, QStringLiteral("Next"), &p);
    expect_whole(g->findChild<QPushButton*>("previous_step"), &w, QStringLiteral("Previous"), &p);
    expect_whole(w.playback(), &w, QStringLiteral("the replay bar"), &p);
    Dashboard* d = w.dashboard();
    expect_whole(d->headline(), &w, QStringLiteral("the hero number"), &p);
    expect_whole(d->panel(Dashboard::Panel::Window), &w, QStringLiteral("the window panel"), &p);
    expect_whole(d->panel(Dashboard::Panel::Rtt), &w, QStringLiteral("the RTT panel"), &p);
    expect_whole(d->panel(Dashboard::Panel::Hero), &w, QStringLiteral("the rate panel"), &p);
    expect_whole(d->panel(Dashboard::Panel::Events), &w, QStringLiteral("the event log"), &p);
    if (names(step, "event log")) {
        QTableView* rows = d->events()->table();
        expect_whole(rows, &w, QStringLiteral("the event log's rows (the step names the log)"), &p);
        // A few entries to read: four lines of rows at least, and two whole
        // entries (a sentence wraps to two or three lines in a narrow column).
        const int line = rows->verticalHeader()->defaultSectionSize();
        int whole = 0;
        for (int r = 0; r < rows->model()->rowCount(); ++r) {
            const int y = rows->rowViewportPosition(r);
            if (y >= 0 && y + rows->rowHeight(r) <= rows->viewport()->height()) ++whole;
        }
        if (rows->isVisible() && (rows->viewport()->height() < 4 * line || whole < std::min(2, rows->model()->rowCount())))
            p << QStringLiteral("the event log shows %1 px of rows (%2 whole), not four lines and two whole entries")
                     .arg(rows->viewport()->height()).arg(whole);
    }
    return p;
}

// The problems of `step` once the window has settled, each prefixed with
// `where`. The normal look fits itself to the screen once its layout has
// settled (a timer); presenting, the type is fitted in the layout pass
// itself: give it a moment, then measure.
void measure_settled(MainWindow& w, const Step& step, bool presenting, const QString& where, QStringList* all) {
    const QRect screen = w.screen()->geometry();
    wait_until([&] {
        return screen.contains(w.frameGeometry()) && screen.contains(w.geometry()) && (!presenting || w.isFullScreen()) &&
               fits(w.minimumSizeHint(), screen.size());
    }, 3000);
    QTest::qWait(60);
    for (int pass = 0; pass < 10; ++pass) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
    }
    for (const QString& p : step_problems(w, step, presenting)) *all << where + QStringLiteral(": ") + p;
}

// Every step of experiment `e` (0-based), set with "Set it" as a student
// would, measured once its run has finished.
void walk_steps(MainWindow& w, int e, bool presenting, QStringList* all) {
    const Experiment& x = w.guide()->experiments()[static_cast<std::size_t>(e)];
    for (int s = 0; s < static_cast<int>(x.steps.size()); ++s) {
        w.goToStep(s);
        if (w.guide()->setButton()->isEnabled()) w.guide()->setButton()->click();
        const QString where = QStringLiteral("experiment %1 step %2").arg(e + 1).arg(s + 1);
        if (!wait_settled(w, 120000)) {
            *all << where + QStringLiteral(": the run did not finish");
            continue;
        }
        measure_settled(w, x.steps[static_cast<std::size_t>(s)], presenting, where, all);
    }
}

}  // namespace

class ClassAt720p : public ::testing::TestWithParam<bool> {};

TEST_P(ClassAt720p, EveryStepOfEveryExperimentFitsTheScreenAndShowsWhatItNames) {
    const bool presenting = GetParam();
    ASSERT_EQ(QApplication::primaryScreen()->geometry().size(), kProjector) << "the platform's screen";
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w, 60000));
    const int count = static_cast<int>(w->guide()->experiments().size());
    ASSERT_GE(count, 7);
    w->openExperiment(0);
    if (presenting) w->setPresentation(true);
    QTest::qWait(100);
    QStringList all;
    std::vector<int> order;
    for (int e = 0; e < 7; ++e) order.push_back(e);
    order.push_back(0);  // after experiment 7, back to the first
    for (const int e : order) {
        w->openExperiment(e);
        walk_steps(*w, e, presenting, &all);
    }
    if (presenting) {
        // F11 there and back: the normal look gets its window and its event log back.
        w->setPresentation(false);
        QTest::qWait(100);
        ASSERT_TRUE(wait_settled(*w));
        const QRect screen = w->screen()->geometry();
        wait_until([&] { return screen.contains(w->frameGeometry()) && screen.contains(w->geometry()); }, 3000);
        QStringList back = step_problems(*w, w->guide()->experiments()[0].steps[0], false);
        for (const QString& p : back) all << QStringLiteral("after presentation: %1").arg(p);
    }
    EXPECT_TRUE(all.isEmpty()) << (presenting ? "presentation" : "normal") << " look:\n  "
                               << all.join(QStringLiteral("\n  ")).toStdString();
}

// The next chapter (experiments 8 – 10), walked the same way, and each
// experiment measured also as it opens, before its first "Set it": the
// window then holds the previous experiment's last run beside the new
// guide (experiment 8's four transfers beside experiment 10's first step
// made the window 759 px tall on a 720 px screen, its buttons below it).
TEST_P(ClassAt720p, TheNextChapterFitsAsEachExperimentOpensAndAtEveryStep) {
    const bool presenting = GetParam();
    ASSERT_EQ(QApplication::primaryScreen()->geometry().size(), kProjector) << "the platform's screen";
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w, 60000));
    const int count = static_cast<int>(w->guide()->experiments().size());
    ASSERT_EQ(count, 10);
    w->openExperiment(7);
    if (presenting) w->setPresentation(true);
    QTest::qWait(100);
    QStringList all;
    for (const int e : {7, 8, 9, 7, 9}) {  // 8 → 9 → 10, then 8's last step beside 10's first
        w->openExperiment(e);
        // As it opens the window shows another step's run: the log's room
        // for a step that names it comes with the step's own "Set it".
        Step opening = w->guide()->experiments()[static_cast<std::size_t>(e)].steps.front();
        opening.todo.clear();
        opening.watch.clear();
        opening.check.text.clear();
        measure_settled(*w, opening, presenting, QStringLiteral("experiment %1 as it opens").arg(e + 1), &all);
        walk_steps(*w, e, presenting, &all);
    }
    EXPECT_TRUE(all.isEmpty()) << (presenting ? "presentation" : "normal") << " look:\n  "
                               << all.join(QStringLiteral("\n  ")).toStdString();
}

INSTANTIATE_TEST_SUITE_P(BothLooks, ClassAt720p, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& i) {
                             return std::string(i.param ? "Presentation" : "Normal");
                         });

// The sweep window at 1280×720 opens inside the screen, frame and all,
// with its Export buttons in view.
TEST(SweepAt720p, OpensInsideTheScreenWithItsExportButtonsInView) {
    SweepWindow s;
    s.show();
    const QRect screen = s.screen()->geometry();
    ASSERT_EQ(screen.size(), kProjector);
    EXPECT_TRUE(wait_until([&] { return screen.contains(s.frameGeometry()) && screen.contains(s.geometry()); }, 3000))
        << s.frameGeometry().width() << "×" << s.frameGeometry().height() << " (least height "
        << s.minimumSizeHint().height() << ")";
    for (QPushButton* b : s.findChildren<QPushButton*>()) {
        if (!b->text().startsWith(QLatin1String("Export"))) continue;
        const QRect r(b->mapTo(&s, QPoint(0, 0)), b->size());
        EXPECT_TRUE(s.rect().contains(r)) << b->text().toStdString();
    }
}
