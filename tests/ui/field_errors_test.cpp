// A control's text box refuses what it cannot run, in place: the words
// name what was typed and the allowed range (the scenario's ranges: base
// RTT 1 ms – 1000 ms, bandwidth 1 Mbit/s – 10 Gbit/s in the
// window, up to 100 Gbit/s on the command line), nothing is run, no other
// field moves or is covered by the message, and Escape puts the previous
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
    EXPECT_EQ(shown->toolTip(), e);  // the whole message; the line shows what fits
    EXPECT_EQ(shown->text(), rtt->errorShown());
    // Over the RTT control, not somewhere else in the window.
    const QRect box(rtt->mapTo(w.get(), QPoint(0, 0)), rtt->size());
    EXPECT_TRUE(box.intersects(QRect(shown->mapTo(w.get(), QPoint(0, 0)), shown->size())));
}

// A refusal moves no other field and covers none: it floated over the
// slider and, once its words took two lines, hid the row below; then it sat
// under the slider and pushed every field below down by its height, so a
// second click aimed at the next field could miss it. It now takes the
// slider's row, always as high as its one line: every other control stays
// to the pixel, in the normal look and presenting (larger type). The line
// names the problem and fits the column; the tooltip has the whole message.
TEST_F(FieldErrors, ARefusalIsOneLineInTheSlidersRowAndMovesNoOtherField) {
    for (const bool presenting : {false, true}) {
        if (presenting) {
            w->setPresentation(true);
            w->showNormal();
            w->resize(1280, 720);
            QTest::qWait(150);
        }
        ParamSlider* bw = w->controls()->bandwidth();
        for (const auto& [typed, says] : {std::pair{"abc", "not understood"}, std::pair{"0 Mbps", "below"}}) {
            const std::string at = std::string(presenting ? "presenting, " : "normal, ") + typed;
            // Every control's place, inside the controls panel: focusing the
            // field may scroll the column, which moves everything alike.
            std::vector<std::pair<QWidget*, QRect>> before;
            for (QWidget* c : w->controls()->findChildren<QWidget*>())
                if (c->isVisible() && (qobject_cast<QLineEdit*>(c) || qobject_cast<QAbstractSlider*>(c) ||
                                       qobject_cast<QAbstractButton*>(c) || qobject_cast<QComboBox*>(c)))
                    before.emplace_back(c, QRect(c->mapTo(w->controls(), QPoint(0, 0)), c->size()));
            const int edit_height = bw->edit()->height();
            type(bw, typed);
            ASSERT_TRUE(bw->hasError()) << at;
            QTest::qWait(50);
            EXPECT_EQ(bw->edit()->height(), edit_height) << at;
            QLabel* shown = nullptr;
            for (QLabel* l : w->controls()->findChildren<QLabel*>("error"))
                if (l->isVisible()) shown = l;
            ASSERT_NE(shown, nullptr) << at;
            const QRect box(shown->mapTo(w->controls(), QPoint(0, 0)), shown->size());
            // One line, whole, naming the problem; the tooltip has it all.
            const QFontMetrics fm(shown->font());
            EXPECT_LT(box.height(), 2 * fm.lineSpacing()) << at;
            EXPECT_GE(box.height(), fm.height()) << at;
            EXPECT_LE(fm.horizontalAdvance(shown->text()), box.width()) << at << ": " << shown->text().toStdString();
            EXPECT_FALSE(shown->text().endsWith(QChar(0x2026))) << at << ": " << shown->text().toStdString();
            EXPECT_TRUE(shown->text().contains(QLatin1String(says))) << at << ": " << shown->text().toStdString();
            EXPECT_TRUE(bw->errorText().contains(QLatin1String("1 Mbit/s"))) << at;
            EXPECT_EQ(shown->toolTip(), bw->errorText()) << at;
            // Under the field, in the control's own box, over no other control.
            const QRect own(bw->mapTo(w->controls(), QPoint(0, 0)), bw->size());
            EXPECT_TRUE(own.contains(box)) << at;
            EXPECT_GE(box.top(), QRect(bw->edit()->mapTo(w->controls(), QPoint(0, 0)), bw->edit()->size()).bottom()) << at;
            // Every other control where it was, to the pixel.
            for (const auto& [c, r] : before) {
                if (c == bw->slider()) continue;  // the refusal takes its row
                EXPECT_EQ(QRect(c->mapTo(w->controls(), QPoint(0, 0)), c->size()), r)
                    << at << ": " << c->metaObject()->className() << " " << c->accessibleName().toStdString();
                if (c->isVisible() && c != bw->edit()) {
                    EXPECT_FALSE(box.intersects(r)) << at << ": " << c->accessibleName().toStdString();
                }
            }
            QTest::keyClick(bw->edit(), Qt::Key_Escape);
            ASSERT_FALSE(bw->hasError()) << at;
            QTest::qWait(50);
            EXPECT_TRUE(bw->slider()->isVisible()) << at;
            for (const auto& [c, r] : before)
                EXPECT_EQ(QRect(c->mapTo(w->controls(), QPoint(0, 0)), c->size()), r) << at << " after Escape";
        }
    }
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
