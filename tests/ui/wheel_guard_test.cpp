// The wheel over the left panel scrolls it: a choice under the pointer
// without the focus keeps its value (scrolling down to More ▸ Linux
// details passed over the MSS choice and set it to 9,000 B, re-running the
// model). Clicked into, the same choice takes the wheel.
#include <QApplication>
#include <QComboBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>
#include <QWheelEvent>
#include <gtest/gtest.h>

#include "ui/controls/controls_panel.h"
#include "ui/controls/param_slider.h"
#include "ui/controls/stop_slider.h"
#include "ui/shell/main_window.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

// One notch of the wheel, down, over the middle of `w`.
void wheel_down(QWidget* w) {
    const QPointF at(w->width() / 2.0, w->height() / 2.0);
    QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                  false);
    QApplication::sendEvent(w, &e);
}

QComboBox* mss_choice(MainWindow& w) {
    for (QComboBox* c : w.controls()->findChildren<QComboBox*>())
        for (int i = 0; i < c->count(); ++i)
            if (c->itemText(i).contains(QStringLiteral("Ethernet"))) return c;
    return nullptr;
}

}  // namespace

TEST(WheelGuard, TheWheelScrollsThePanelOverAChoiceWithoutTheFocus) {
    MainWindow w(/*use_settings=*/false);
    w.resize(1280, 720);
    w.show();
    ASSERT_TRUE(wait_settled(w));
    QComboBox* mss = mss_choice(w);
    ASSERT_NE(mss, nullptr);
    QScrollArea* scroll = nullptr;
    for (QScrollArea* a : w.findChildren<QScrollArea*>())
        if (a->widget() == w.controls()) scroll = a;
    ASSERT_NE(scroll, nullptr);
    ASSERT_GT(scroll->verticalScrollBar()->maximum(), 0) << "the panel does not scroll at 720 px: nothing to check";

    w.setFocus();
    const int index = mss->currentIndex();
    const int scrolled = scroll->verticalScrollBar()->value();
    wheel_down(mss);
    EXPECT_EQ(mss->currentIndex(), index) << "the MSS changed to " << mss->currentText().toStdString();
    EXPECT_GT(scroll->verticalScrollBar()->value(), scrolled) << "the panel did not scroll";
    EXPECT_FALSE(mss->hasFocus());

    // A slider too: the bandwidth keeps its value.
    StopSlider* bandwidth = w.controls()->bandwidth()->slider();
    const int rung = bandwidth->value();
    wheel_down(bandwidth);
    EXPECT_EQ(bandwidth->value(), rung);

    // Clicked into (it has the focus), the choice takes the wheel.
    mss->setFocus();
    ASSERT_TRUE(mss->hasFocus());
    wheel_down(mss);
    EXPECT_NE(mss->currentIndex(), index);
}
