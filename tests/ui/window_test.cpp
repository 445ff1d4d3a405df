// The window driven as a student would, offscreen: controls re-run the model
// on the worker thread, the panels show the newest result, exports and
// scenario files behave.
#include <QApplication>
#include <QDir>
#include <QSet>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

#include "ui/panels/chart_style.h"
#include "ui/controls/controls_panel.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/hero_panel.h"
#include "ui/shell/main_window.h"
#include "ui/controls/param_slider.h"
#include "test_helpers.h"
#include "unbroken_values.h"

using namespace inflight;
using namespace inflight::ui;
using inflight::ui::test::wait_settled;
using inflight::ui::test::as_read;
using inflight::ui::test::wait_until;

namespace {

int slider_index_of(ParamSlider* p, double v) {
    // Walk the slider to find the position whose value is v.
    QSlider* s = p->slider();
    for (int i = s->minimum(); i <= s->maximum(); ++i) {
        s->setValue(i);
        if (p->value() == v) return i;
    }
    return -1;
}

class WindowTest : public ::testing::Test {
protected:
    void SetUp() override {
        w = test::make_window();
        ASSERT_TRUE(wait_settled(*w));
    }
    std::unique_ptr<MainWindow> w;
};

}  // namespace

TEST_F(WindowTest, MovingTheBandwidthSliderRerunsTheModelAndTheHeroNumberChanges) {
    const QString before = w->dashboard()->hero()->heroText();
    const quint64 gen = w->session()->generation();
    QSlider* s = w->controls()->bandwidth()->slider();
    s->setFocus();
    for (int i = 0; i < 10; ++i) QTest::keyClick(s, Qt::Key_Left);  // 100 → 10 Mbit/s, one decade
    EXPECT_DOUBLE_EQ(w->controls()->scenario().bandwidth_bps, 10e6);
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_GT(w->session()->generation(), gen);
    EXPECT_NE(w->dashboard()->hero()->heroText(), before);
    EXPECT_DOUBLE_EQ(w->dashboard()->shown()->result.scenario.bandwidth_bps, 10e6);
}

TEST_F(WindowTest, RwndAt64KbShowsRwndAsTheBindingLimit) {
    ASSERT_GE(slider_index_of(w->controls()->rwnd(), 65535), 0);
    EXPECT_EQ(w->controls()->scenario().rwnd_bytes, 65535u);
    ASSERT_TRUE(wait_settled(*w));
    const QString limit = w->dashboard()->hero()->limitText();
    EXPECT_TRUE(as_read(limit).startsWith("limited by rwnd: 65,535 B per")) << limit.toStdString();
    EXPECT_TRUE(limit.contains(QStringLiteral("65,535\u00A0B"))) << "the figure whole with its unit";
    // And the round trip with its "per": "80 ms" alone on a line read as a figure of its own.
    EXPECT_TRUE(limit.contains(QStringLiteral("per\u00A080\u00A0ms"))) << limit.toStdString();
}

TEST_F(WindowTest, ADragOfFiftyChangesEndsShowingTheLastValuesResult) {
    QSlider* s = w->controls()->bandwidth()->slider();
    const int start = s->value();
    for (int i = 1; i <= 50; ++i) {
        s->setValue(start + (i % 2 ? 1 : -1) * (i % 7));  // wander around, as a hand does
        QCoreApplication::processEvents();
    }
    s->setValue(start - 5);  // the last value: 100 → 40 Mbit/s
    const double last = w->controls()->bandwidth()->value();
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_DOUBLE_EQ(w->dashboard()->shown()->result.scenario.bandwidth_bps, last);
    QTest::qWait(200);  // nothing older arrives afterwards
    EXPECT_DOUBLE_EQ(w->dashboard()->shown()->result.scenario.bandwidth_bps, last);
}

TEST_F(WindowTest, ExportWritesAPngOfTheExpectedSizeAndACsvNamingTheParameters) {
    QTemporaryDir dir;
    const QString png = dir.filePath("dash.png");
    ASSERT_TRUE(w->exportImage(png, -1, 2.0)) << w->bannerText().toStdString();
    const QImage img(png);
    EXPECT_EQ(img.size(), w->dashboard()->size() * 2);

    const QString panel = dir.filePath("window.png");
    ASSERT_TRUE(w->exportImage(panel, static_cast<int>(Dashboard::Panel::Window), 1.0));
    EXPECT_EQ(QImage(panel).size(), w->dashboard()->panel(Dashboard::Panel::Window)->size());

    const QString svg = dir.filePath("dash.svg");
    ASSERT_TRUE(w->exportImage(svg, -1, 1.0));
    QFile svg_file(svg);
    ASSERT_TRUE(svg_file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(svg_file.readAll().contains("<svg"));

    const QString csv = dir.filePath("trace.csv");
    ASSERT_TRUE(w->exportTraceCsv(csv));
    QFile f(csv);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    EXPECT_TRUE(text.startsWith("#"));
    for (const char* key : {"bandwidth", "rtt", "loss", "rwnd", "sndbuf", "buffer", "algo", "seed"})
        EXPECT_TRUE(text.left(text.indexOf("\n\n") > 0 ? text.indexOf("\n\n") : 4000).contains(key)) << key;

    const QString events = dir.filePath("events.csv");
    ASSERT_TRUE(w->exportEventsCsv(events));
    EXPECT_TRUE(QFile::exists(events));
}

TEST_F(WindowTest, AnUnwritableExportPathGivesAClearMessageAndLeavesNoFile) {
    const QString path = "/nonexistent-dir/inflight.png";
    EXPECT_FALSE(w->exportImage(path, -1, 1.0));
    EXPECT_TRUE(w->bannerText().contains("nonexistent-dir")) << w->bannerText().toStdString();
    EXPECT_FALSE(QFile::exists(path));
}

TEST_F(WindowTest, LoadingAMalformedScenarioShowsAnErrorAndLeavesTheControlsAsTheyWere) {
    QTemporaryDir dir;
    const Scenario before = w->controls()->scenario();
    const quint64 gen = w->session()->generation();
    for (const QByteArray& bad : {QByteArray("{ \"bandwidth\": \"fast\" }"), QByteArray("not json at all"),
                                  QByteArray("{ \"bandwith\": \"10Mbps\" }"), QByteArray("{ \"rtt\": 5 }")}) {
        const QString path = dir.filePath("bad.json");
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bad);
        f.close();
        EXPECT_FALSE(w->loadScenario(path)) << bad.toStdString();
        EXPECT_FALSE(w->bannerText().isEmpty());
        EXPECT_TRUE(w->controls()->scenario() == before);
        EXPECT_EQ(w->controls()->bandwidth()->value(), before.bandwidth_bps);
        EXPECT_EQ(w->session()->generation(), gen);
    }
}

TEST_F(WindowTest, AGoodScenarioFileSetsTheControlsAndReruns) {
    QTemporaryDir dir;
    const QString path = dir.filePath("lesson.json");
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({ "algo": "reno", "bandwidth": "20Mbps", "rtt": "40ms", "loss": "0.01%" })");
    f.close();
    ASSERT_TRUE(w->loadScenario(path)) << w->bannerText().toStdString();
    EXPECT_EQ(w->controls()->scenario().algorithm, Algorithm::Reno);
    EXPECT_DOUBLE_EQ(w->controls()->bandwidth()->value(), 20e6);
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_DOUBLE_EQ(w->dashboard()->shown()->result.scenario.rtt_s, 0.040);

    const QString saved = dir.filePath("saved.json");
    ASSERT_TRUE(w->saveScenario(saved));
    ASSERT_TRUE(w->loadScenario(saved));
    EXPECT_TRUE(w->controls()->scenario() == w->dashboard()->shown()->result.scenario);
}

TEST_F(WindowTest, ATypedValueOutOfRangeIsRefusedInPlaceAndNotRun) {
    const quint64 gen = w->session()->generation();
    ParamSlider* bw = w->controls()->bandwidth();
    QLineEdit* edit = bw->edit();
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, "50 Gbit/s");
    QTest::keyClick(edit, Qt::Key_Return);
    EXPECT_TRUE(bw->hasError());
    EXPECT_DOUBLE_EQ(bw->value(), 100e6);
    EXPECT_EQ(w->session()->generation(), gen);

    edit->selectAll();
    QTest::keyClicks(edit, "25");  // a bare number is read as Mbit/s
    QTest::keyClick(edit, Qt::Key_Return);
    EXPECT_FALSE(bw->hasError());
    EXPECT_DOUBLE_EQ(bw->value(), 25e6);
    EXPECT_GT(w->session()->generation(), gen);
}

TEST(WindowSettings, TheLastScenarioAndThemeComeBackNextTime) {
    Scenario s;
    {
        MainWindow w(/*use_settings=*/true);
        w.show();
        ASSERT_TRUE(wait_settled(w));
        QSlider* rtt = w.controls()->rtt()->slider();
        rtt->setValue(rtt->value() - 3);  // a shorter RTT
        s = w.controls()->scenario();
        w.setTheme(true);
        w.close();
    }
    MainWindow again(/*use_settings=*/true);
    EXPECT_TRUE(again.controls()->scenario() == s);
    EXPECT_TRUE(is_dark_palette());
    again.setTheme(false);
    EXPECT_FALSE(is_dark_palette());
}

TEST_F(WindowTest, EverySliderIsReachedByTabAndSteppedByKeys) {
    ParamSlider* rtt = w->controls()->rtt();
    const double before = rtt->value();
    rtt->slider()->setFocus();
    QTest::keyClick(rtt->slider(), Qt::Key_PageUp);  // a decade: 80 → 800 ms
    EXPECT_DOUBLE_EQ(rtt->value(), before * 10);
    QTest::keyClick(rtt->slider(), Qt::Key_PageDown);
    EXPECT_DOUBLE_EQ(rtt->value(), before);
    // Tab walks through every slider of the panel.
    QSet<QWidget*> reached;
    QWidget* start = w->controls()->bandwidth()->slider();
    start->setFocus();
    for (int i = 0; i < 60; ++i) {
        reached.insert(QApplication::focusWidget());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    }
    for (ParamSlider* p : {w->controls()->bandwidth(), w->controls()->rtt(), w->controls()->loss(),
                           w->controls()->rwnd(), w->controls()->sndbuf(), w->controls()->buffer()})
        EXPECT_TRUE(reached.contains(p->slider()));
}

// A message with a long unbroken word (here a path of 600 characters) is
// cut at the window's edge; it never widens the window past the screen (a
// 300-digit number did: the title and the right-hand panels left a 1280 px
// screen). Its tooltip says it whole.
TEST_F(WindowTest, ALongUnbrokenMessageDoesNotWidenTheWindow) {
    w->resize(1280, 720);
    ASSERT_TRUE(wait_settled(*w));
    const int width_before = w->width();
    const QString path = QStringLiteral("/nonexistent/") + QString(600, QLatin1Char('x')) + QStringLiteral(".json");
    EXPECT_FALSE(w->loadScenario(path));
    ASSERT_TRUE(w->bannerText().contains(QString(300, QLatin1Char('x')))) << w->bannerText().toStdString();
    QTest::qWait(100);
    QApplication::processEvents();
    EXPECT_LE(w->width(), width_before);
    EXPECT_LE(w->minimumSizeHint().width(), 1280);
}
