// Presenting on a 1280×720 projector (the geometry tests' screen): the
// type steps down for a tall layout (experiment 7's flows beside the guide)
// and back up when a short one follows (experiment 1), to the size that
// experiment gets when presenting starts on it, full screen throughout.
#include <QApplication>
#include <QLineEdit>
#include <QToolButton>
#include <QElapsedTimer>
#include <QPushButton>
#include <QScreen>
#include <QTest>
#include <gtest/gtest.h>

#include "test_helpers.h"
#include "ui/controls/controls_panel.h"
#include "ui/controls/param_slider.h"
#include "ui/shell/main_window.h"
#include "ui/teaching/experiment_panel.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

// Waits until the window fills the screen and its type has not changed
// for half a second; the type's size then.
double settled_type(MainWindow& w) {
    const QRect screen = w.screen()->geometry();
    double last = QApplication::font().pointSizeF();
    QElapsedTimer still;
    still.start();
    wait_until([&] {
        const double now = QApplication::font().pointSizeF();
        if (now != last) {
            last = now;
            still.restart();
        }
        return still.elapsed() > 500 && w.isFullScreen() && w.geometry() == screen;
    }, 15000);
    return last;
}

// Sets every step of experiment `e` (index) with Set it; the smallest type seen.
double walk(MainWindow& w, int e) {
    w.openExperiment(e);
    double least = 1e9;
    const auto steps = w.guide()->experiments()[static_cast<std::size_t>(e)].steps.size();
    for (int s = 0; s < static_cast<int>(steps); ++s) {
        w.goToStep(s);
        if (w.guide()->setButton()->isEnabled()) w.guide()->setButton()->click();
        EXPECT_TRUE(wait_settled(w, 120000));
        least = std::min(least, settled_type(w));
    }
    return least;
}

}  // namespace

TEST(PresentationTypeAt720p, AShortExperimentAfterATallOneGetsItsLargerTypeBack) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w, 60000));
    const double normal = QApplication::font().pointSizeF();
    w->openExperiment(0);
    w->setPresentation(true);
    // Experiment 1 alone: the type it gets.
    w->goToStep(0);
    w->guide()->setButton()->click();
    ASSERT_TRUE(wait_settled(*w, 60000));
    const double short_alone = settled_type(*w);
    const double tall = walk(*w, 6);
    ASSERT_LT(tall, short_alone) << "experiment 7 needed no smaller type (" << tall / normal << "×): "
                                    "nothing here to step back up from";
    w->openExperiment(0);
    w->goToStep(0);
    w->guide()->setButton()->click();
    ASSERT_TRUE(wait_settled(*w, 60000));
    const double after = settled_type(*w);
    EXPECT_EQ(after, short_alone) << "experiment 1 after 7 at " << after / normal << "×, alone at "
                                  << short_alone / normal << "× (7 stepped down to " << tall / normal << "×)";
    EXPECT_TRUE(w->isFullScreen());
    EXPECT_EQ(w->geometry(), w->screen()->geometry());
    w->setPresentation(false);
}

// Presenting experiment 5's buffer sweep: each run of the same two flows
// may step the type down, never up, so the Buffer slider being dragged
// stays where it is under the pointer (it went from y≈600 to y≈568 and
// back between runs when every finished run chose the type afresh).
TEST(PresentationTypeAt720p, ASweepOfOneStepsFlowsNeverStepsTheTypeUp) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w, 60000));
    w->openExperiment(4);
    w->setPresentation(true);
    w->goToStep(1);
    w->guide()->setButton()->click();
    ASSERT_TRUE(wait_settled(*w, 120000));
    double last = settled_type(*w);
    const double first = last;
    for (const char* buffer : {"40ms", "80ms", "160ms", "320ms", "640ms", "20ms", "160ms"}) {
        type_value(w->controls()->buffer(), buffer);
        ASSERT_TRUE(wait_settled(*w, 120000));
        const double now = settled_type(*w);
        EXPECT_LE(now, last) << "the type stepped up after the run at " << buffer;
        last = now;
    }
    EXPECT_GE(last, first - 3 * 0.1 * first) << "the type stepped down more than three rungs";  // still presentation type
    w->setPresentation(false);
}

// Presenting, More opened for experiment 5 step 3's Duration: every field
// shows its value whole ("50 Mbit/", "40 m" and "60" were cut until the
// next run, the column as narrow as the folded controls had asked).
TEST(PresentationTypeAt720p, OpeningMoreKeepsEveryFieldWhole) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w, 60000));
    w->controls()->moreButton()->setChecked(false);
    w->openExperiment(4);
    w->setPresentation(true);
    w->goToStep(2);
    w->guide()->setButton()->click();
    ASSERT_TRUE(wait_settled(*w, 120000));
    settled_type(*w);
    w->controls()->moreButton()->setChecked(true);
    QTest::qWait(300);
    settled_type(*w);
    QStringList cut;
    int seen = 0;
    for (ParamSlider* p : w->controls()->findChildren<ParamSlider*>()) {
        QLineEdit* e = p->edit();
        if (!e->isVisible()) continue;
        ++seen;
        // The text's room: the contents less the text margins and the 2 px Qt keeps each side.
        const int room = e->contentsRect().width() - e->textMargins().left() - e->textMargins().right() - 4;
        const int need = e->fontMetrics().horizontalAdvance(e->text());
        if (need > room) cut << QStringLiteral("“%1” needs %2 px of %3").arg(e->text()).arg(need).arg(room);
    }
    EXPECT_GE(seen, 7);  // bandwidth, RTT, loss, rwnd, sndbuf, buffer and duration at least
    // The column as wide as the opened controls ask (under a window
    // manager's style their rows asked for more than the folded ones).
    const QWidget* viewport = w->controls()->parentWidget();
    ASSERT_TRUE(viewport);
    EXPECT_GE(viewport->width(), w->controls()->sizeHint().width());
    EXPECT_TRUE(cut.isEmpty()) << cut.join(QStringLiteral("; ")).toStdString();
    w->setPresentation(false);
}

// Presenting experiment 10 (small writes: one or two request/response
// flows, labelled), every step Set and run gets a type larger than the
// normal one. Steps 1, 3 and 4 fell back to the normal type: each rung of
// the ladder was measured in the type the fit began with (Qt posts a new
// application font to the windows), and the flows' table asked for its
// Start and Every columns, which hold only their defaults there.
TEST(PresentationTypeAt720p, EveryStepOfTheSmallWritesExperimentGetsLargerThanNormalType) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w, 60000));
    const double normal = QApplication::font().pointSizeF();
    w->setPresentation(true);
    w->openExperiment(9);
    for (int step = 0; step < 4; ++step) {
        w->goToStep(step);
        w->guide()->setButton()->click();
        ASSERT_TRUE(wait_settled(*w, 60000));
        const double type = settled_type(*w);
        EXPECT_GT(type, normal * 1.05) << "experiment 10 step " << step + 1 << " at " << type / normal << "×";
        EXPECT_EQ(w->geometry(), w->screen()->geometry());
    }
    w->setPresentation(false);
}
