// The window's command keys after typing in a field, as a student does:
// type "40 ms" in the RTT box and press Ctrl+→ for the next step or Ctrl+E
// to export. A text field claims Ctrl+→ (next word) and, on X11, Ctrl+E
// (end of line) before any shortcut is looked at, so both did nothing and
// later keys went on into the field.
#include <QApplication>
#include <QLineEdit>
#include <QTest>
#include <QTimer>
#include <gtest/gtest.h>

#include "ui/controls/controls_panel.h"
#include "ui/controls/param_slider.h"
#include "ui/export/export_dialog.h"
#include "ui/teaching/experiment_panel.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

class FieldShortcutsTest : public ::testing::Test {
protected:
    void SetUp() override {
        w = make_window();
        w->activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(w.get()));
        ASSERT_TRUE(wait_settled(*w));
    }
    // Types `text` into `p`'s box without pressing Return: the focus stays there.
    static void type_only(ParamSlider* p, const char* text) {
        p->edit()->setFocus();
        p->edit()->selectAll();
        QTest::keyClicks(p->edit(), QString::fromUtf8(text));
        ASSERT_TRUE(p->edit()->hasFocus());
    }
    // Where the next key goes: the focus widget, or the window.
    QWidget* keyTarget() const { return QApplication::focusWidget() ? QApplication::focusWidget() : w.get(); }
    std::unique_ptr<MainWindow> w;
};

}  // namespace

TEST_F(FieldShortcutsTest, CtrlRightAfterTypingInAFieldGoesToTheNextStepAndTakesTheValue) {
    w->openExperiment(0);
    ASSERT_EQ(w->guide()->stepIndex(), 0);
    ParamSlider* rtt = w->controls()->rtt();
    type_only(rtt, "40 ms");
    QTest::keyClick(rtt->edit(), Qt::Key_Right, Qt::ControlModifier);
    EXPECT_EQ(w->guide()->stepIndex(), 1);
    // The typed value was taken as on leaving the field, and the field is left.
    EXPECT_DOUBLE_EQ(rtt->value(), 0.040);
    EXPECT_FALSE(rtt->edit()->hasFocus());
    // Keys after it do not land in the field.
    QTest::keyClicks(keyTarget(), "5");
    EXPECT_EQ(rtt->edit()->text(), "40 ms");
    // And Ctrl+← from a field goes back a step.
    type_only(rtt, "50 ms");
    QTest::keyClick(rtt->edit(), Qt::Key_Left, Qt::ControlModifier);
    EXPECT_EQ(w->guide()->stepIndex(), 0);
}

TEST_F(FieldShortcutsTest, CtrlEAfterTypingInAFieldOpensTheExportDialog) {
    ParamSlider* bw = w->controls()->bandwidth();
    type_only(bw, "50 Mbit/s");
    bool opened = false;
    QTimer::singleShot(100, [&] {
        if (auto* d = qobject_cast<ExportDialog*>(QApplication::activeModalWidget())) {
            opened = true;
            d->reject();
        }
    });
    QTest::keyClick(bw->edit(), Qt::Key_E, Qt::ControlModifier);
    QTest::qWait(300);
    EXPECT_TRUE(opened);
    EXPECT_DOUBLE_EQ(bw->value(), 50e6);
}

TEST_F(FieldShortcutsTest, TheFieldKeepsItsOwnEditingKeys) {
    ParamSlider* rtt = w->controls()->rtt();
    type_only(rtt, "40 ms");
    // Select all and cut stay the field's: the text goes, the focus stays.
    QTest::keyClick(rtt->edit(), Qt::Key_A, Qt::ControlModifier);
    EXPECT_EQ(rtt->edit()->selectedText(), "40 ms");
    QTest::keyClick(rtt->edit(), Qt::Key_X, Qt::ControlModifier);
    EXPECT_TRUE(rtt->edit()->text().isEmpty());
    EXPECT_TRUE(rtt->edit()->hasFocus());
    // A key no command uses is the field's too: Home moves in it.
    QTest::keyClicks(rtt->edit(), "70 ms");
    QTest::keyClick(rtt->edit(), Qt::Key_Home);
    EXPECT_EQ(rtt->edit()->cursorPosition(), 0);
    EXPECT_TRUE(rtt->edit()->hasFocus());
}
