// The window's command keys after typing in a field, as a student does:
// type "40 ms" in the RTT box and press Ctrl+→ for the next step or Ctrl+E
// to export. A text field claims Ctrl+→ (next word) and, on X11, Ctrl+E
// (end of line) before any shortcut is looked at, so both did nothing and
// later keys went on into the field.
#include <QApplication>
#include <QDockWidget>
#include <QJsonObject>
#include <QLineEdit>
#include <QTest>
#include <QTimer>
#include <gtest/gtest.h>

#include "app/formats/scenario_file.h"
#include "ui/controls/controls_panel.h"
#include "ui/controls/param_slider.h"
#include "ui/export/export_dialog.h"
#include "ui/teaching/experiment_panel.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

QJsonObject scenario_json(const Scenario& s) { return scenario_to_json(s); }

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

// With the guide closed, a step's key opens it and does nothing more: Set
// it (Ctrl+Return) replaced the settings with a step no one could see,
// and Ctrl+→ moved to a step unseen. Once open, the keys act.
TEST_F(FieldShortcutsTest, AStepsKeyWithTheGuideClosedOpensItAndChangesNothing) {
    QDockWidget* dock = nullptr;
    for (QWidget* p = w->guide(); p && !dock; p = p->parentWidget()) dock = qobject_cast<QDockWidget*>(p);
    ASSERT_NE(dock, nullptr);
    dock->hide();
    ASSERT_FALSE(dock->isVisible());
    const int step = w->guide()->stepIndex();
    const QJsonObject before = scenario_json(w->controls()->scenario());
    QTest::keyClick(keyTarget(), Qt::Key_Right, Qt::ControlModifier);
    EXPECT_TRUE(dock->isVisible());
    EXPECT_EQ(w->guide()->stepIndex(), step) << "the step moved unseen";
    dock->hide();
    QTest::keyClick(keyTarget(), Qt::Key_Return, Qt::ControlModifier);
    EXPECT_TRUE(dock->isVisible());
    EXPECT_EQ(scenario_json(w->controls()->scenario()), before) << "the settings changed unseen";
    // Open, the keys act: the next step, and its settings put in place.
    QTest::keyClick(keyTarget(), Qt::Key_Right, Qt::ControlModifier);
    EXPECT_EQ(w->guide()->stepIndex(), step + 1);
    QTest::keyClick(keyTarget(), Qt::Key_Return, Qt::ControlModifier);
    EXPECT_NE(scenario_json(w->controls()->scenario()), before);
}
