// Presentation mode: larger type, thicker lines, the Okabe–Ito colours on
// white, secondary controls hidden; and everything back afterwards.
#include <QApplication>
#include <QLabel>
#include <QLineSeries>
#include <QMenuBar>
#include <QPalette>
#include <QTest>
#include <gtest/gtest.h>

#include "ui/panels/chart_style.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/hero_panel.h"
#include "ui/shell/main_window.h"
#include "test_helpers.h"
#include "ui/panels/window_chart.h"

using namespace inflight;
using namespace inflight::ui;
using inflight::ui::test::wait_settled;

TEST(PresentationMode, EnlargesFontsAndLineWidthsAndRestoresThem) {
    MainWindow w(/*use_settings=*/false);
    w.resize(1280, 720);
    w.show();
    ASSERT_TRUE(wait_settled(w));
    const double font_before = QApplication::font().pointSizeF();
    const double hero_before = w.dashboard()->hero()->findChild<QWidget*>("hero")->font().pointSizeF();
    const double line_before = w.dashboard()->windowChart()->cwndSeries()->pen().widthF();
    const QColor cwnd_before = w.dashboard()->windowChart()->cwndSeries()->pen().color();

    QTest::keyClick(&w, Qt::Key_F11);
    ASSERT_TRUE(w.presenting());
    EXPECT_GE(QApplication::font().pointSizeF(), 1.4 * font_before);
    EXPECT_GE(w.dashboard()->hero()->findChild<QWidget*>("hero")->font().pointSizeF(), 1.4 * hero_before);
    EXPECT_GE(w.dashboard()->windowChart()->cwndSeries()->pen().widthF(), 2 * line_before);
    EXPECT_EQ(w.dashboard()->windowChart()->cwndSeries()->pen().color(), QColor("#D55E00"));  // Okabe–Ito vermillion
    EXPECT_NE(w.dashboard()->windowChart()->cwndSeries()->pen().color(), cwnd_before);
    EXPECT_EQ(QApplication::palette().color(QPalette::Window), QColor(Qt::white));
    EXPECT_EQ(QApplication::palette().color(QPalette::WindowText), QColor(Qt::black));
    EXPECT_TRUE(w.isFullScreen());
    EXPECT_FALSE(w.menuBar()->isVisible());

    QTest::keyClick(&w, Qt::Key_F5);  // the older key leaves it too
    ASSERT_FALSE(w.presenting());
    EXPECT_DOUBLE_EQ(QApplication::font().pointSizeF(), font_before);
    EXPECT_DOUBLE_EQ(w.dashboard()->windowChart()->cwndSeries()->pen().widthF(), line_before);
    EXPECT_EQ(w.dashboard()->windowChart()->cwndSeries()->pen().color(), cwnd_before);
    EXPECT_FALSE(w.dashboard()->style().presentation);
}

TEST(PresentationMode, LinesThatShareAColourFamilyDifferInStyleToo) {
    const ChartStyle presenting{true};
    const SeriesColors c = presenting.colors(false);
    // In-flight and min RTT get their own dash patterns, not only a hue.
    EXPECT_EQ(presenting.pen(c.inflight, 1, Qt::DotLine).style(), Qt::DotLine);
    EXPECT_EQ(presenting.pen(c.min_rtt, 1, Qt::DashDotLine).style(), Qt::DashDotLine);
    EXPECT_EQ(ChartStyle{}.pen(c.inflight, 1, Qt::DotLine).style(), Qt::SolidLine);
}

// The look belongs to a dashboard, not to the process: two dashboards in
// one process, one presenting, draw their charts differently.
TEST(PresentationMode, TwoDashboardsInOneProcessKeepTheirOwnLook) {
    Dashboard presenting, normal;
    presenting.setPresentation(true);
    presenting.restyle();
    normal.restyle();
    const QPen big = presenting.windowChart()->cwndSeries()->pen();
    const QPen usual = normal.windowChart()->cwndSeries()->pen();
    EXPECT_EQ(big.color(), QColor("#D55E00"));  // Okabe–Ito vermillion
    EXPECT_NE(usual.color(), QColor("#D55E00"));
    EXPECT_GE(big.widthF(), 2 * usual.widthF());
    EXPECT_TRUE(presenting.style().presentation);
    EXPECT_FALSE(normal.style().presentation);
    // Restyling the presenting one again leaves the other as it was.
    presenting.restyle();
    EXPECT_EQ(normal.windowChart()->cwndSeries()->pen(), usual);
    presenting.setPresentation(false);  // the process-wide fallback back to normal
}

TEST(PresentationMode, AWindowClosedWhilePresentingGivesTheApplicationItsFontAndPaletteBack) {
    // The presentation look scales the application's font and sets its
    // palette; a window destroyed in that look must not leave them to the
    // next window (found when a later test's window came out 1280x819).
    const QFont font_before = QApplication::font();
    const QColor window_before = QApplication::palette().color(QPalette::Window);
    {
        auto w = inflight::ui::test::make_window();
        w->setPresentation(true);
        ASSERT_GT(QApplication::font().pointSizeF(), font_before.pointSizeF());
    }
    EXPECT_EQ(QApplication::font().pointSizeF(), font_before.pointSizeF());
    EXPECT_EQ(QApplication::palette().color(QPalette::Window), window_before);
}

// The presentation look is on white, its reference lines (the link, the
// base RTT, theory) Okabe–Ito black: the dark theme chosen while presenting
// (Ctrl+D) would draw them black on dark grey, unseen. It is kept and
// applied when presenting ends.
TEST(PresentationMode, TheDarkThemeChosenWhilePresentingWaitsForItsEnd) {
    MainWindow w(/*use_settings=*/false);
    w.resize(1280, 720);
    w.show();
    ASSERT_TRUE(wait_settled(w));
    QTest::keyClick(&w, Qt::Key_F11);
    ASSERT_TRUE(w.presenting());
    QTest::keyClick(&w, Qt::Key_D, Qt::ControlModifier);
    EXPECT_EQ(QApplication::palette().color(QPalette::Window), QColor(Qt::white));
    EXPECT_EQ(QApplication::palette().color(QPalette::WindowText), QColor(Qt::black));
    EXPECT_EQ(w.dashboard()->windowChart()->cwndSeries()->pen().color(), QColor("#D55E00"));
    // The key is seen to have been heard: a line over the window's foot
    // (the status bar is hidden while presenting) says when the look
    // follows, whole inside the window and in the presentation's type.
    const auto* notice = w.findChild<QLabel*>(QStringLiteral("notice"));
    ASSERT_NE(notice, nullptr);
    EXPECT_TRUE(notice->isVisible());
    EXPECT_TRUE(notice->text().contains(QStringLiteral("dark look follows when the presentation ends"))) << notice->text().toStdString();
    EXPECT_TRUE(w.rect().contains(notice->geometry())) << notice->geometry().y() << " in " << w.height();
    EXPECT_GE(notice->height(), notice->heightForWidth(notice->width())) << "its lines whole";
    EXPECT_GE(notice->font().pointSizeF(), QApplication::font().pointSizeF());
    EXPECT_TRUE(QTest::qWaitFor([&] { return !notice->isVisible(); }, 6000)) << "it goes after a few seconds";
    QTest::keyClick(&w, Qt::Key_F11);
    ASSERT_FALSE(w.presenting());
    EXPECT_LT(QApplication::palette().color(QPalette::Window).lightness(), 128);  // the dark theme now
    w.setTheme(false);
    EXPECT_GE(QApplication::palette().color(QPalette::Window).lightness(), 128);
}
