// Exports as figures (export/dashboard_figure.h): the PNG has exactly the
// asked size, no text anywhere is elided (in the SVG no "…" and no "...",
// every chart's plot area clipped), the caption names the scenario, the
// presentation look shows in the file, the event log is whole rows and
// "+M more" rather than a scroll bar, and a path that cannot be written
// leaves nothing. Then the window's dialog and File ▸ Export image.
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <gtest/gtest.h>

#include "finished_run.h"

#include "ui/export/dashboard_figure.h"
#include "ui/export/export_dialog.h"
#include "ui/export/exporter.h"
#include "ui/export/figure_layout.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/event_log_view.h"
#include "ui/panels/hero_panel.h"
#include "ui/panels/text_strip.h"
#include "readability.h"
#include "model/engine/run.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

SnapshotPtr finished(const Scenario& s) { return test::finished_snapshot(s, 0); }

// The cases a slide is made of: 0 CUBIC at 0.01 % loss, 1 bufferbloat
// (20 ms RTT behind a 500 ms buffer), 2 BBR.
Scenario slide_case(int which) {
    Scenario s;
    if (which == 0) s.loss = 1e-4;
    if (which == 1) s.rtt_s = 0.020, s.buffer_s = 0.500;
    if (which == 2) s.algorithm = Algorithm::Bbr;
    return s;
}

// The scenarios a slide is made of, each run once.
const SnapshotPtr& run_of(int which) {
    static const SnapshotPtr runs[] = {finished(slide_case(0)), finished(slide_case(1)), finished(slide_case(2))};
    return runs[which];
}

FigureOptions options(QSize size, bool presentation = false, double scale = 1.0) {
    FigureOptions o;
    o.size = size;
    o.presentation = presentation;
    o.scale = scale;
    return o;
}

QByteArray read_all(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool elided(const QString& t) { return t.contains(QChar(0x2026)) || t.contains(QLatin1String("...")); }

// The stroke widths of the lines inside the plot-area clip groups (the series).
std::vector<double> series_stroke_widths(const QByteArray& svg) {
    std::vector<double> out;
    const QString text = QString::fromUtf8(svg);
    static const QRegularExpression group(QStringLiteral("<g clip-path=\"url\\(#inflight-plot-\\d+\\)\">(.*?)</g></g>"),
                                          QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression width(QStringLiteral("stroke-width=\"([0-9.]+)\""));
    for (auto g = group.globalMatch(text); g.hasNext();) {
        const QString body = g.next().captured(1);
        for (auto w = width.globalMatch(body); w.hasNext();) out.push_back(w.next().captured(1).toDouble());
    }
    return out;
}

}  // namespace

TEST(FigureLayout, LargeFiguresAreTheFullHdLayoutAtAHigherPixelRatio) {
    const FigureGeometry uhd = figure_geometry(QSize(3840, 2160), false);
    EXPECT_EQ(uhd.logical, QSize(1920, 1080));
    EXPECT_DOUBLE_EQ(uhd.pixel_ratio, 2.0);
    const FigureGeometry hd = figure_geometry(QSize(1280, 720), false);
    EXPECT_EQ(hd.logical, QSize(1280, 720));
    EXPECT_DOUBLE_EQ(hd.pixel_ratio, 1.0);
    EXPECT_EQ(figure_geometry(QSize(1920, 1080), false).body_px, uhd.body_px);
    EXPECT_GT(figure_geometry(QSize(1920, 1080), true).body_px, uhd.body_px);
    EXPECT_LE(hd.body_px, uhd.body_px);
    EXPECT_TRUE(figure_geometry(QSize(1080, 1920), false).one_column);
    EXPECT_FALSE(uhd.one_column);
    // The command line repeats this range (app/cli/figure_options.h); its test pins the same words.
    EXPECT_EQ(figure_size_range_text(), QStringLiteral("960x540 – 7680x4320"));
    EXPECT_TRUE(figure_size_allowed(QSize(960, 540)));
    EXPECT_FALSE(figure_size_allowed(QSize(959, 540)));
    EXPECT_FALSE(figure_size_allowed(QSize(7681, 1080)));
}

TEST(FigureLayout, TheCaptionNamesTheScenariosFigures) {
    const QString c = figure_caption(slide_case(0));
    for (const char* part : {"CUBIC", "100 Mbit/s", "RTT 80 ms", "loss 0.01% (even)", "buffer 100 ms", "40 s",
                             "Inflight " INFLIGHT_VERSION})
        EXPECT_TRUE(c.contains(QString::fromUtf8(part))) << part << " in " << c.toStdString();
    EXPECT_FALSE(c.contains('\n'));
    Scenario other = slide_case(1);
    other.algorithm = Algorithm::Reno;
    other.aqm = Aqm::Codel;
    other.ecn = true;
    other.loss = 1e-3;
    other.loss_pattern = LossPattern::Random;
    other.seed = 7;
    const QString o = figure_caption(other);
    for (const char* part : {"Reno", "RTT 20 ms", "loss 0.1% (random, seed 7)", "buffer 500 ms, CoDel with ECN"})
        EXPECT_TRUE(o.contains(QString::fromUtf8(part))) << part << " in " << o.toStdString();
    EXPECT_FALSE(o.contains("CUBIC"));
}

TEST(DashboardFigure, ThePngHasExactlyTheAskedSize) {
    QTemporaryDir dir;
    const std::pair<QSize, double> cases[] = {{QSize(1920, 1080), 1.0}, {QSize(1280, 720), 1.0},
                                              {QSize(3840, 2160), 1.0}, {QSize(960, 540), 1.0},
                                              {QSize(1001, 777), 1.0},  {QSize(1080, 1350), 1.0},
                                              {QSize(1280, 720), 2.0}};
    for (const auto& [size, scale] : cases) {
        const QString path = dir.filePath(QStringLiteral("f-%1x%2@%3.png").arg(size.width()).arg(size.height()).arg(scale));
        ASSERT_EQ(save_figure(run_of(0), path, options(size, false, scale)), std::nullopt) << path.toStdString();
        EXPECT_EQ(QImage(path).size(), size * scale) << path.toStdString();
    }
}

TEST(DashboardFigure, EveryTextFitsItsRoomAtTheUsualSizesInBothLooks) {
    for (const QSize size : {QSize(1280, 720), QSize(1920, 1080), QSize(3840, 2160), QSize(1080, 1350)})
        for (const bool presentation : {false, true})
            for (int which = 0; which < 3; ++which) {
                DashboardFigure f(run_of(which), options(size, presentation));
                EXPECT_EQ(f.misfits().join(" | ").toStdString(), "")
                    << size.width() << "x" << size.height() << (presentation ? " presentation" : "") << " run "
                    << which;
            }
}

TEST(DashboardFigure, TheWindowsReadabilityCheckFindsNothingInTheFigure) {
    // A second, independent measure (readability.h, the window's test):
    // every label, strip, legend entry, title and tick whole, plot areas high enough.
    for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)})
        for (const bool presentation : {false, true})
            for (int which = 0; which < 3; ++which) {
                DashboardFigure f(run_of(which), options(size, presentation));
                EXPECT_EQ(test::readability_problems(&f, 100).join(" | ").toStdString(), "")
                    << size.width() << "x" << size.height() << (presentation ? " presentation" : "") << " run "
                    << which;
            }
}

TEST(DashboardFigure, TheSmallestFigureKeepsEveryTextWhole) {
    for (const bool presentation : {false, true}) {
        DashboardFigure f(run_of(2), options(kMinFigureSize, presentation));
        EXPECT_EQ(f.misfits().join(" | ").toStdString(), "") << (presentation ? "presentation" : "normal");
    }
}

TEST(DashboardFigure, TheSvgHasNoElidedTextAndEveryChartIsClippedToItsPlotArea) {
    for (const bool presentation : {false, true}) {
        DashboardFigure f(run_of(0), options(QSize(1920, 1080), presentation));
        const QByteArray svg = f.toSvg();
        const QStringList texts = svg_texts(svg);
        ASSERT_GT(texts.size(), 20);
        for (const QString& t : texts) EXPECT_FALSE(elided(t)) << t.toStdString();
        EXPECT_FALSE(QString::fromUtf8(svg).contains(QChar(0x2026)));
        // Three charts: the window, the RTT and the delivery rate; each with
        // its clip path, used once, and the marks gone.
        EXPECT_EQ(svg.count("<clipPath id=\"inflight-plot-"), 3);
        for (int i = 0; i < 3; ++i)
            EXPECT_EQ(svg.count("<g clip-path=\"url(#inflight-plot-" + QByteArray::number(i) + ")\">"), 1) << i;
        EXPECT_FALSE(svg.contains("inflight-plot-begin")) << "a mark was left in";
        EXPECT_FALSE(svg.contains("inflight-plot-end"));
        EXPECT_TRUE(svg.contains("version=\"1.1\""));
        EXPECT_TRUE(svg.contains("<svg width=\"1920\" height=\"1080\""));
        // The groups stay balanced.
        EXPECT_EQ(svg.count("<g "), svg.count("</g>"));
        // The lines are inside the clip groups.
        EXPECT_FALSE(series_stroke_widths(svg).empty());
        EXPECT_TRUE(texts.contains(f.caption())) << f.caption().toStdString();
        // No picture in a vector figure: the panels' frames are lines (the
        // style's frame picture went in as blurred fragments at their edges).
        EXPECT_EQ(svg.count("<image"), 0);
    }
}

TEST(DashboardFigure, TheWindowChartsClipLiesBelowItsPanelTitle) {
    // The spike that ran over "Window vs the pipe": the clip starts under the title.
    DashboardFigure f(run_of(0), options(QSize(1920, 1080)));
    const QByteArray svg = f.toSvg();
    static const QRegularExpression rect(
        QStringLiteral("<clipPath id=\"inflight-plot-0\"><rect x=\"([0-9.]+)\" y=\"([0-9.]+)\""));
    const QRegularExpressionMatch m = rect.match(QString::fromUtf8(svg));
    ASSERT_TRUE(m.hasMatch());
    QWidget* panel = f.dashboard()->panel(Dashboard::Panel::Window);
    const QPoint top = panel->mapTo(&f, QPoint(0, 0));
    EXPECT_GT(m.captured(2).toDouble(), top.y() + panel->fontMetrics().height());
}

TEST(DashboardFigure, ThePresentationLookShowsInTheFile) {
    DashboardFigure normal(run_of(0), options(QSize(1920, 1080), false));
    DashboardFigure slide(run_of(0), options(QSize(1920, 1080), true));
    const QByteArray a = normal.toSvg(), b = slide.toSvg();
    const std::vector<double> wa = series_stroke_widths(a), wb = series_stroke_widths(b);
    ASSERT_FALSE(wa.empty());
    ASSERT_FALSE(wb.empty());
    EXPECT_GT(*std::max_element(wb.begin(), wb.end()), 1.8 * *std::max_element(wa.begin(), wa.end()));
    // cwnd in Okabe–Ito vermillion.
    EXPECT_TRUE(b.toLower().contains("#d55e00"));
    EXPECT_FALSE(a.toLower().contains("#d55e00"));
    // And in the pixels: the presentation PNG has vermillion, the normal one none.
    const auto vermillion = [](const QImage& img) {
        int n = 0;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2) {
                const QColor c = img.pixelColor(x, y);
                n += std::abs(c.red() - 0xD5) < 12 && std::abs(c.green() - 0x5E) < 12 && std::abs(c.blue() - 0x00) < 12;
            }
        return n;
    };
    const int in_slide = vermillion(slide.toImage()), in_normal = vermillion(normal.toImage());
    EXPECT_GT(in_slide, 150);
    EXPECT_LT(in_normal, in_slide / 20);
}

TEST(DashboardFigure, TheEventLogIsWholeRowsAndACountOfTheRestNeverAScrollBar) {
    DashboardFigure f(run_of(0), options(QSize(1920, 1080)));
    auto* table = f.dashboard()->events()->findChild<QTableView*>();
    ASSERT_NE(table, nullptr);
    EXPECT_FALSE(table->verticalScrollBar()->isVisible());
    EXPECT_FALSE(table->horizontalScrollBar()->isVisible());
    const int total = static_cast<int>(run_of(0)->result.events.size());
    ASSERT_GT(total, 30) << "the test needs more events than fit";
    EXPECT_GT(f.eventRowsShown(), 5);
    EXPECT_EQ(f.eventRowsShown() + f.eventsLeftOut(), total);
    auto* more = f.findChild<QLabel*>("more_events");
    ASSERT_NE(more, nullptr);
    EXPECT_TRUE(more->isVisibleTo(&f));
    EXPECT_EQ(more->text(), QStringLiteral("+%L1 more events").arg(f.eventsLeftOut()));
    // The rows shown are whole: together no taller than the table's room.
    int used = 0;
    for (int r = 0; r < f.eventRowsShown(); ++r) used += table->rowHeight(r);
    EXPECT_LE(used, table->viewport()->height());
    EXPECT_GT(used + table->rowHeight(f.eventRowsShown()), table->viewport()->height());
    // No filter in a figure.
    EXPECT_FALSE(f.dashboard()->events()->findChild<QComboBox*>()->isVisibleTo(&f));
}

TEST(DashboardFigure, TooSmallForATableTheEventLogIsItsCounters) {
    DashboardFigure f(run_of(0), options(kMinFigureSize, true));
    auto* table = f.dashboard()->events()->findChild<QTableView*>();
    EXPECT_FALSE(table->isVisibleTo(&f));
    EXPECT_EQ(f.eventRowsShown(), 0);
    auto* more = f.findChild<QLabel*>("more_events");
    EXPECT_TRUE(more->text().contains(QString::number(run_of(0)->result.events.size()))) << more->text().toStdString();
    EXPECT_FALSE(f.dashboard()->events()->countersText().isEmpty());
}

TEST(DashboardFigure, AnUnwritablePathLeavesNoFileAndSaysWhichPath) {
    for (const QString& path : {QStringLiteral("/nonexistent-dir/f.png"), QStringLiteral("/nonexistent-dir/f.svg"),
                                QStringLiteral("/proc/inflight-figure.png")}) {
        const std::optional<QString> err = save_figure(run_of(0), path, options(QSize(1280, 720)));
        ASSERT_TRUE(err.has_value()) << path.toStdString();
        EXPECT_TRUE(err->contains(path)) << err->toStdString();
        EXPECT_FALSE(err->contains('\n'));
        EXPECT_FALSE(QFileInfo::exists(path));
    }
}

TEST(DashboardFigure, ARunStillGoingIsNotDrawn) {
    QTemporaryDir dir;
    auto partial = std::make_shared<RunSnapshot>(*run_of(0));
    partial->done = false;
    const QString path = dir.filePath("f.png");
    const std::optional<QString> err = save_figure(partial, path, options(QSize(1280, 720)));
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(err->contains("still going")) << err->toStdString();
    EXPECT_FALSE(QFileInfo::exists(path));
}

TEST(ExportDialog, OffersTheSlideSizesACustomOneAndThePresentationLook) {
    ExportDialog d(nullptr, /*presenting=*/true);
    EXPECT_EQ(d.target(), -1);
    EXPECT_EQ(d.figureSize(), QSize(1920, 1080));
    EXPECT_TRUE(d.presentation());
    EXPECT_EQ(ExportDialog::presets(), (QList<QSize>{{1280, 720}, {1920, 1080}, {3840, 2160}}));
    auto* size = d.findChildren<QComboBox*>().at(2);
    size->setCurrentIndex(2);
    EXPECT_EQ(d.figure().size, QSize(3840, 2160));
    d.setFigureSize(QSize(1000, 700));
    EXPECT_EQ(size->currentText(), "Custom");
    EXPECT_EQ(d.figure().size, QSize(1000, 700));
    d.setFigureSize(QSize(100, 100));  // clamped to the allowed range
    EXPECT_EQ(d.figureSize(), kMinFigureSize);
    d.findChild<QCheckBox*>()->setChecked(false);
    EXPECT_FALSE(d.figure().presentation);
    // PNG 2×: the same figure at twice the pixels; SVG has no scale.
    auto* format = d.findChildren<QComboBox*>().at(1);
    format->setCurrentIndex(1);
    EXPECT_DOUBLE_EQ(d.figure().scale, 2.0);
    format->setCurrentIndex(2);
    EXPECT_TRUE(d.svg());
    EXPECT_DOUBLE_EQ(d.figure().scale, 1.0);
    // A panel is exported as on screen: no figure size for it.
    d.findChildren<QComboBox*>().at(0)->setCurrentIndex(1);
    EXPECT_FALSE(size->isEnabled());
}

TEST(FigureExportInTheWindow, TheDialogsFigureIsWrittenAtItsSize) {
    auto w = test::make_window();
    ASSERT_TRUE(test::wait_settled(*w));
    QTest::qWait(200);  // the window's own layout settles first
    QWidget* hero = w->dashboard()->hero()->findChild<QWidget*>("hero");
    const QFont hero_font = hero->font();
    const QSize dash_size = w->dashboard()->size();
    QTemporaryDir dir;
    const QString png = dir.filePath("slide.png");
    ASSERT_TRUE(w->exportFigure(png, options(QSize(1920, 1080), true))) << w->bannerText().toStdString();
    EXPECT_EQ(QImage(png).size(), QSize(1920, 1080));
    const QString svg = dir.filePath("slide.svg");
    ASSERT_TRUE(w->exportFigure(svg, options(QSize(1280, 720))));
    for (const QString& t : svg_texts(read_all(svg))) EXPECT_FALSE(elided(t)) << t.toStdString();
    // The window itself is untouched by the figure's fonts and layout.
    EXPECT_EQ(hero->font(), hero_font);
    EXPECT_EQ(w->dashboard()->size(), dash_size);
    EXPECT_FALSE(w->exportFigure("/nonexistent-dir/slide.png", options(QSize(1280, 720))));
    EXPECT_TRUE(w->bannerText().contains("/nonexistent-dir/slide.png")) << w->bannerText().toStdString();
}

// An SVG's title carries what the user named (a flow's label, a capture's
// file name): with XML's special characters in it the file must still be
// XML (a reader gets to its end without an error) and the title read back
// must be the text as given.
TEST(SvgExport, ATitleWithXmlsSpecialCharactersStaysWellFormed) {
    QLabel label(QStringLiteral("figure"));
    label.resize(200, 100);
    const QString title = QStringLiteral("Time-sequence graph of a<b&c \"d\" 'e'");
    const QByteArray svg = render_svg(&label, label.size(), QRectF(0, 0, 200, 100), title);
    QXmlStreamReader xml(svg);
    QString read_title;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("title")) read_title = xml.readElementText();
    }
    EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString() << " at line " << xml.lineNumber();
    EXPECT_EQ(read_title, title);
}
