// The light and dark looks reach the buttons in the menu bar's corner (Pin
// as ghost, Sweep…, Real system), which sit under a style sheet: switched
// either way with View ▸ Dark theme (Ctrl+D), an enabled button's text
// stands out from its background as the window's text does, lighter on the
// dark look and darker on the light. (They kept the look before the switch:
// black text on the dark bar, near-white on the light one.)
#include <QApplication>
#include <cstdlib>
#include <QImage>
#include <QLabel>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <gtest/gtest.h>

#include "ui/shell/main_window.h"
#include "ui/shell/themes.h"
#include "test_helpers.h"

using namespace inflight::ui;
using inflight::ui::test::wait_settled;

namespace {
// The lightness of a button's background (its corner pixel) and of its
// text (the pixel that differs most from the background), as drawn.
struct Drawn {
    int background;
    int text;
};
Drawn drawn(QWidget* button) {
    // As the window draws it, grabbed from the window.
    QWidget* top = button->window();
    const QRect r(button->mapTo(top, QPoint(0, 0)), button->size());
    const QImage img = top->grab(r).toImage();
    const int background = QColor(img.pixel(1, 1)).lightness();
    int text = background;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const int l = QColor(img.pixel(x, y)).lightness();
            if (std::abs(l - background) > std::abs(text - background)) text = l;
        }
    return {background, text};
}

QToolButton* corner_button(MainWindow& w, const QString& text) {
    auto* bar = w.findChild<QToolBar*>("tools");
    if (!bar) return nullptr;
    for (QToolButton* b : bar->findChildren<QToolButton*>())
        if (b->text().remove('&') == text) return b;
    return nullptr;
}
}  // namespace

TEST(Themes, TheCornerButtonsTextFollowsTheLookBothWays) {
    MainWindow w(/*use_settings=*/false);
    w.resize(1280, 720);
    w.show();
    ASSERT_TRUE(wait_settled(w));
    for (const QString name : {QStringLiteral("Pin as ghost"), QStringLiteral("Sweep…"), QStringLiteral("Real system")}) {
        SCOPED_TRACE(name.toStdString());
        QToolButton* b = corner_button(w, name);
        ASSERT_NE(b, nullptr);
        ASSERT_TRUE(b->isEnabled());
        QTest::keyClick(&w, Qt::Key_D, Qt::ControlModifier);  // View ▸ Dark theme
        QTest::qWait(300);
        const Drawn dark = drawn(b);
        EXPECT_GT(dark.text, dark.background + 60) << "dark look: text " << dark.text << ", background " << dark.background;
        QTest::keyClick(&w, Qt::Key_D, Qt::ControlModifier);
        QTest::qWait(300);
        const Drawn light = drawn(b);
        EXPECT_LT(light.text, light.background - 60) << "light look: text " << light.text << ", background " << light.background;
    }
}

// The same for any widget under a style sheet, not only those buttons: a
// label whose sheet sets only its padding takes the dark theme's text
// colour, and the light one's back.
TEST(Themes, AWidgetUnderAStyleSheetTakesTheNewPalette) {
    apply_theme(Theme::Light);
    QWidget parent;
    auto* label = new QLabel(QStringLiteral("text"), &parent);
    label->setStyleSheet(QStringLiteral("QLabel { padding: 2px; }"));
    parent.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&parent));
    const int light_text = label->palette().color(QPalette::WindowText).lightness();
    ASSERT_LT(light_text, 128);
    apply_theme(Theme::Dark);
    QTest::qWait(100);
    EXPECT_GT(label->palette().color(QPalette::WindowText).lightness(), 128);
    apply_theme(Theme::Light);
    QTest::qWait(100);
    EXPECT_EQ(label->palette().color(QPalette::WindowText).lightness(), light_text);
}
