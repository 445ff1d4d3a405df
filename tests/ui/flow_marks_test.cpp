// Sixteen flows, each its own mark wherever its colour shows (the window
// draws up to 16 flows; flow_palette.h). Okabe–Ito has seven
// colours, so flows 8–14 and 15–16 reuse them: in the charts the line
// style tells them apart (solid, dashed, dotted), and where the colour
// shows without a line — the share bars, the flow list's swatch, the event
// log's flow column, the stacked throughput areas — the fill does (plain, striped, dotted). Checked on
// what is drawn: each flow's swatch or bar rendered, compared pixel by
// pixel with every other flow's.
#include <QAreaSeries>
#include <QIcon>
#include <QImage>
#include <QPainter>
#include <QPixmap>
#include <QSet>
#include <QTest>
#include <gtest/gtest.h>

#include "finished_run.h"
#include <map>
#include <set>
#include <utility>

#include "ui/controls/flow_list_model.h"
#include "ui/panels/event_log_view.h"
#include "ui/panels/flow_palette.h"
#include "ui/panels/share_bars.h"
#include "ui/panels/throughput_chart.h"
#include "model/engine/run.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

constexpr int kFlows = 16;  // the window's most (FlowLimits::max_flows_window)

// An item view's decoration drawn as it would be, 16×16 on white.
QImage decoration_image(const QVariant& v) {
    QImage img(16, 16, QImage::Format_RGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    if (v.canConvert<QIcon>() && v.typeId() == QMetaType::QIcon) p.drawPixmap(0, 0, v.value<QIcon>().pixmap(16, 16));
    else if (v.typeId() == QMetaType::QPixmap) p.drawPixmap(QRect(0, 0, 16, 16), v.value<QPixmap>());
    else if (v.typeId() == QMetaType::QColor) p.fillRect(QRect(0, 0, 16, 16), v.value<QColor>());
    else ADD_FAILURE() << "a decoration of type " << v.typeName();
    p.end();
    return img;
}

// Every pair of images differs somewhere.
void expect_all_different(const std::vector<QImage>& imgs, const char* where) {
    for (std::size_t i = 0; i < imgs.size(); ++i)
        for (std::size_t j = i + 1; j < imgs.size(); ++j)
            EXPECT_NE(imgs[i], imgs[j]) << where << ": flows " << i + 1 << " and " << j + 1 << " look the same";
}

// The share of a rectangle's pixels in a colour.
double share_in(const QImage& img, const QRect& r, const QColor& c) {
    int in = 0, all = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x, ++all) in += img.pixelColor(x, y).rgb() == c.rgb();
    return all ? static_cast<double>(in) / all : 0;
}

}  // namespace

TEST(FlowMarks, SixteenFlowsAreSixteenColourAndStylePairsInEveryLook) {
    // Seven colours × (solid, dashed, dotted) for lines; × (plain, striped,
    // dotted) for fills; the presentation look's styles cycle by flow.
    std::set<std::pair<QRgb, int>> fills, lines, presented;
    for (int i = 0; i < kFlows; ++i) {
        const QRgb c = flow_colour(i, false).rgb();
        fills.insert({c, static_cast<int>(flow_fill(i))});
        lines.insert({c, static_cast<int>(flow_pen_style(i, false))});
        presented.insert({c, static_cast<int>(flow_pen_style(i, true))});
    }
    EXPECT_EQ(fills.size(), static_cast<std::size_t>(kFlows));
    EXPECT_EQ(lines.size(), static_cast<std::size_t>(kFlows));
    EXPECT_EQ(presented.size(), static_cast<std::size_t>(kFlows));
    // The first seven flows as they always were: plain fills, solid lines.
    for (int i = 0; i < kFlowColourCount; ++i) {
        EXPECT_EQ(flow_fill(i), FlowFill::Plain) << i;
        EXPECT_EQ(flow_pen_style(i, false), Qt::SolidLine) << i;
    }
    // Flow 8 is flow 1's blue, striped; flow 15 is blue again, dotted.
    EXPECT_EQ(flow_colour(7, false), flow_colour(0, false));
    EXPECT_EQ(flow_fill(7), FlowFill::Striped);
    EXPECT_EQ(flow_fill(14), FlowFill::Dotted);
}

TEST(FlowMarks, EveryFlowsFillDrawsDifferentlyOnLightAndDark) {
    for (bool dark : {false, true}) {
        const QColor surface = dark ? QColor(0x2a, 0x2a, 0x2a) : QColor(Qt::white);
        std::vector<QImage> imgs;
        for (int i = 0; i < kFlows; ++i) {
            QImage img(24, 12, QImage::Format_RGB32);
            img.fill(surface);
            QPainter p(&img);
            paint_flow_fill(p, QRectF(0, 0, 24, 12), i, dark, surface);
            p.end();
            // A plain fill is its colour; a pattern leaves a fair part of
            // the surface showing, and keeps most of the colour.
            const double colour = share_in(img, img.rect(), flow_colour(i, dark));
            if (flow_fill(i) == FlowFill::Plain) {
                EXPECT_EQ(colour, 1.0) << "flow " << i + 1;
            } else {
                EXPECT_GT(colour, 0.35) << "flow " << i + 1;
                EXPECT_GT(share_in(img, img.rect(), surface), 0.08) << "flow " << i + 1;
            }
            imgs.push_back(img);
        }
        expect_all_different(imgs, dark ? "fills on dark" : "fills on light");
    }
}

TEST(FlowMarks, FlowEightsShareBarIsStripedBesideFlowOnesPlainBar) {
    ShareBars bars;
    std::vector<ShareRow> rows;
    for (int i = 0; i < ShareBars::kMaxRows; ++i) {
        ShareRow r;
        r.name = QStringLiteral("flow %1").arg(i + 1);
        r.flow = i;
        r.share = 1.0 / ShareBars::kMaxRows;
        r.value = QStringLiteral("12 %");
        rows.push_back(r);
    }
    bars.setRows(rows, 0, QStringLiteral("share of 100 Mbit/s"));
    bars.resize(500, bars.height());
    bars.show();
    QTest::qWait(10);
    ASSERT_EQ(bars.flowRows(), 8);
    const QImage img = bars.grab().toImage();
    const QColor blue = flow_colour(0, false);
    // The bars' inside (a pixel in from each edge: antialiased edges).
    const auto inside = [&](int r) { return bars.barRect(r).toAlignedRect().adjusted(1, 1, -1, -1); };
    ASSERT_GE(inside(0).width(), 6);
    EXPECT_GT(share_in(img, inside(0), blue), 0.95);
    const double striped = share_in(img, inside(7), blue);
    EXPECT_GT(striped, 0.35);
    EXPECT_LT(striped, 0.9);
    EXPECT_GT(share_in(img, inside(7), bars.palette().color(QPalette::Window)), 0.05);
}

TEST(FlowMarks, TheFlowListsSwatchesAreSixteenDifferentIcons) {
    FlowListModel m;
    Scenario s;
    FlowSpec f;
    f.algorithm = Algorithm::Cubic;
    s.flows.assign(kFlows, f);
    m.setScenario(s);
    ASSERT_EQ(m.rowCount(), kFlows);
    std::vector<QImage> imgs;
    for (int i = 0; i < kFlows; ++i)
        imgs.push_back(decoration_image(m.data(m.index(i, FlowListModel::Flow), Qt::DecorationRole)));
    expect_all_different(imgs, "flow list");
}

TEST(FlowMarks, TheEventLogsFlowColumnShowsSixteenDifferentSwatches) {
    // Sixteen CUBIC flows on a short lossy path: each flow's SYN and its
    // losses put rows of its own in the log.
    Scenario s;
    s.bandwidth_bps = 20e6;
    s.duration_s = 3;
    s.loss = 1e-3;
    FlowSpec f;
    f.algorithm = Algorithm::Cubic;
    s.flows.assign(kFlows, f);
    const SnapshotPtr snap = test::finished_snapshot(s);
    EventLogView log;
    log.resize(700, 400);
    log.setSnapshot(snap);
    const EventTableModel* m = log.tableModel();
    std::map<int, QImage> by_flow;
    for (int row = 0; row < m->rowCount(); ++row) {
        const int flow = snap->result.events[static_cast<std::size_t>(row)].flow;
        if (flow < 0 || by_flow.count(flow)) continue;
        by_flow[flow] = decoration_image(m->data(m->index(row, EventTableModel::kFlow), Qt::DecorationRole));
    }
    ASSERT_EQ(by_flow.size(), static_cast<std::size_t>(kFlows)) << "a row for every flow";
    std::vector<QImage> imgs;
    for (const auto& [flow, img] : by_flow) imgs.push_back(img);
    expect_all_different(imgs, "event log");
    // The first seven keep today's plain colour.
    EXPECT_EQ(by_flow[0].pixelColor(8, 8), flow_colour(0, false));
}

TEST(FlowMarks, TheStackedThroughputAreasOfSixteenFlowsAreSixteenDifferentFills) {
    // Sixteen TCP flows, no trace yet: the areas are made and styled.
    RunResult r;
    FlowSpec f;
    f.algorithm = Algorithm::Cubic;
    r.scenario.flows.assign(kFlows, f);
    r.flows.resize(kFlows);
    ThroughputChart chart;
    chart.setRun(r);
    ASSERT_EQ(chart.areas().size(), static_cast<std::size_t>(kFlows));
    std::vector<QImage> imgs;
    for (int i = 0; i < kFlows; ++i) {
        const QBrush b = chart.areas()[static_cast<std::size_t>(i)]->brush();
        // The first seven: their colour, plain, as before.
        if (i < kFlowColourCount) {
            EXPECT_EQ(b.style(), Qt::SolidPattern) << i;
            EXPECT_EQ(b.color(), flow_colour(i, false)) << i;
        }
        QImage img(40, 40, QImage::Format_RGB32);
        img.fill(Qt::white);
        QPainter p(&img);
        p.fillRect(img.rect(), b);
        p.end();
        imgs.push_back(img);
    }
    expect_all_different(imgs, "stacked areas");
}
