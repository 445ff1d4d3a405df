// A control's text box refuses what it cannot run, in place: the words
// name what was typed and the allowed range (the scenario's ranges: base
// RTT 1 ms – 1000 ms, bandwidth 1 Mbit/s – 10 Gbit/s in the
// window, up to 100 Gbit/s on the command line), nothing is run, the column
// of controls is never covered by the message, and Escape puts the previous
// value back.
#include <QAbstractButton>
#include <QAbstractSlider>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTest>
#include <gtest/gtest.h>

#include "ui/controls/controls_panel.h"
#include "ui/controls/param_slider.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

class FieldErrors : public ::testing::Test {
protected:
    void SetUp() override {
        w = make_window();
        ASSERT_TRUE(wait_settled(*w));
    }
    // Types `text` and presses Return, without waiting for a run.
    static void type(ParamSlider* p, const char* text) {
        p->edit()->setFocus();
        p->edit()->selectAll();
        QTest::keyClicks(p->edit(), QString::fromUtf8(text));
        QTest::keyClick(p->edit(), Qt::Key_Return);
    }
    std::unique_ptr<MainWindow> w;
};

}  // namespace

TEST_F(FieldErrors, MinusFiveMsInTheRttFieldIsOutOfRangeNotMisunderstood) {
    ParamSlider* rtt = w->controls()->rtt();
    const quint64 gen = w->session()->generation();
    type(rtt, "-5 ms");
    ASSERT_TRUE(rtt->hasError());
    const QString e = rtt->errorText();
    EXPECT_FALSE(e.contains("not understood")) << e.toStdString();
    EXPECT_TRUE(e.contains("-5 ms")) << e.toStdString();
    EXPECT_TRUE(e.contains("out of range")) << e.toStdString();
    // The allowed range in words: 1 ms to 1000 ms (written "1 s").
    EXPECT_TRUE(e.contains("1 ms")) << e.toStdString();
    EXPECT_TRUE(e.contains("1 s") || e.contains("1000 ms") || e.contains("1,000 ms")) << e.toStdString();
    // Refused: the value and the run stay, the box says so where it is.
    EXPECT_DOUBLE_EQ(rtt->value(), 0.080);
    QTest::qWait(50);
    EXPECT_EQ(w->session()->generation(), gen);
    QLabel* shown = nullptr;  // each control has one; only the RTT's shows
    int visible = 0;
    for (QLabel* l : w->controls()->findChildren<QLabel*>("error"))
        if (l->isVisible()) { shown = l; ++visible; }
    ASSERT_NE(shown, nullptr);
    EXPECT_EQ(visible, 1);
    EXPECT_EQ(shown->text(), e);
    // Over the RTT control, not somewhere else in the window.
    const QRect box(rtt->mapTo(w.get(), QPoint(0, 0)), rtt->size());
    EXPECT_TRUE(box.intersects(QRect(shown->mapTo(w.get(), QPoint(0, 0)), shown->size())));
}

// The message covers no control: it floated over the slider and, once its
// words took two lines, hid the row below. It now sits under the slider in
// the column: the controls below move down by its height while it shows and
// come back to the pixel when it goes; the red box keeps the box's height
// (its 2 px lower style-sheet frame once moved the column by itself).
TEST_F(FieldErrors, AnErrorCoversNoControlAndTheColumnComesBackWhenItGoes) {
    ParamSlider* rtt = w->controls()->rtt();
    ParamSlider* loss = w->controls()->loss();
    // Measured inside the controls panel: focusing the RTT field may scroll
    // the controls column (the scroll area keeps the focus in view), which
    // moves everything in the window alike and is not what this is about.
    const QPoint before = loss->mapTo(w->controls(), QPoint(0, 0));
    const int edit_height = rtt->edit()->height();
    type(rtt, "-5 ms");
    ASSERT_TRUE(rtt->hasError());
    QTest::qWait(50);
    EXPECT_EQ(rtt->edit()->height(), edit_height);
    QLabel* shown = nullptr;
    for (QLabel* l : w->controls()->findChildren<QLabel*>("error"))
        if (l->isVisible()) shown = l;
    ASSERT_NE(shown, nullptr);
    const QRect box(shown->mapTo(w->controls(), QPoint(0, 0)), shown->size());
    // Every line of it shown, under the slider, over no other control.
    EXPECT_GE(box.height(), shown->heightForWidth(shown->width()));
    EXPECT_GE(box.top(), rtt->slider()->mapTo(w->controls(), QPoint(0, rtt->slider()->height())).y());
    for (QWidget* c : w->controls()->findChildren<QWidget*>()) {
        if (!c->isVisible() || c == shown || c->isAncestorOf(shown) || shown->isAncestorOf(c)) continue;
        if (!(qobject_cast<QLineEdit*>(c) || qobject_cast<QAbstractSlider*>(c) || qobject_cast<QAbstractButton*>(c) ||
              qobject_cast<QComboBox*>(c)))
            continue;
        const QRect r(c->mapTo(w->controls(), QPoint(0, 0)), c->size());
        EXPECT_FALSE(box.intersects(r)) << c->metaObject()->className() << " " << c->accessibleName().toStdString();
    }
    const QPoint during = loss->mapTo(w->controls(), QPoint(0, 0));
    EXPECT_EQ(during.x(), before.x());
    EXPECT_GE(during.y(), box.bottom());
    QTest::keyClick(rtt->edit(), Qt::Key_Escape);
    ASSERT_FALSE(rtt->hasError());
    QTest::qWait(50);
    EXPECT_EQ(loss->mapTo(w->controls(), QPoint(0, 0)), before);
    EXPECT_EQ(rtt->edit()->height(), edit_height);
}

TEST_F(FieldErrors, EscapeRestoresThePreviousValueAndClearsTheError) {
    ParamSlider* rtt = w->controls()->rtt();
    const quint64 gen = w->session()->generation();
    type(rtt, "-5 ms");
    ASSERT_TRUE(rtt->hasError());
    ASSERT_EQ(rtt->edit()->text(), "-5 ms");
    QTest::keyClick(rtt->edit(), Qt::Key_Escape);
    EXPECT_FALSE(rtt->hasError());
    EXPECT_EQ(rtt->edit()->text(), "80 ms");
    EXPECT_DOUBLE_EQ(rtt->value(), 0.080);
    // Escape half-way through typing, before Return, also puts it back.
    rtt->edit()->selectAll();
    QTest::keyClicks(rtt->edit(), "250");
    QTest::keyClick(rtt->edit(), Qt::Key_Escape);
    EXPECT_EQ(rtt->edit()->text(), "80 ms");
    QTest::qWait(50);
    EXPECT_EQ(w->session()->generation(), gen);
    // And a good value after an error is taken: 40 ms runs.
    type(rtt, "40 ms");
    EXPECT_FALSE(rtt->hasError());
    EXPECT_DOUBLE_EQ(rtt->value(), 0.040);
    EXPECT_GT(w->session()->generation(), gen);
}

TEST_F(FieldErrors, TwentyGbitPerSecondSaysTheWindowStopsAtTenAndTheCommandLineGoesFurther) {
    ParamSlider* bw = w->controls()->bandwidth();
    const quint64 gen = w->session()->generation();
    type(bw, "20 Gbit/s");
    ASSERT_TRUE(bw->hasError());
    const QString e = bw->errorText();
    EXPECT_TRUE(e.contains("20 Gbit/s")) << e.toStdString();
    EXPECT_TRUE(e.contains("1 Mbit/s")) << e.toStdString();
    EXPECT_TRUE(e.contains("10 Gbit/s")) << e.toStdString();
    // Why: the window's limit, and where a faster path can be run.
    EXPECT_TRUE(e.contains("inflight run")) << e.toStdString();
    EXPECT_TRUE(e.contains("100 Gbit/s")) << e.toStdString();
    EXPECT_DOUBLE_EQ(bw->value(), 100e6);
    EXPECT_EQ(w->session()->generation(), gen);
    // Below the range there is no command-line note: it is no help there.
    type(bw, "500 kbit/s");
    ASSERT_TRUE(bw->hasError());
    EXPECT_FALSE(bw->errorText().contains("inflight run")) << bw->errorText().toStdString();
    // 10 Gbit/s itself is allowed.
    type(bw, "10 Gbit/s");
    EXPECT_FALSE(bw->hasError()) << bw->errorText().toStdString();
    EXPECT_DOUBLE_EQ(bw->value(), 10e9);
}

TEST_F(FieldErrors, WordsThatAreNotANumberAreNotUnderstoodAndSaySo) {
    ParamSlider* rtt = w->controls()->rtt();
    type(rtt, "fast");
    ASSERT_TRUE(rtt->hasError());
    EXPECT_TRUE(rtt->errorText().contains("not understood")) << rtt->errorText().toStdString();
    EXPECT_TRUE(rtt->errorText().contains("1 ms")) << rtt->errorText().toStdString();
    // Typing again clears the error until the next Return.
    QTest::keyClick(rtt->edit(), Qt::Key_Backspace);
    EXPECT_FALSE(rtt->hasError());
}
