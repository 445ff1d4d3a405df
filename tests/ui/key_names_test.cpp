// A crowded key names a flow as the roomy key does when its label is short
// ("bulk", "web"), and by its number only when the label is long ("flow 2
// (cubic)" is 2): the presentation look's narrow keys and the normal look's
// wide ones speak of the same flows.
#include <QAreaSeries>
#include <QChart>
#include <QLineSeries>
#include <gtest/gtest.h>

#include "ui/panels/chart_key.h"
#include "ui/panels/chart_style.h"
#include "ui/panels/flow_lines.h"

using namespace inflight::ui;

TEST(KeyNames, ACrowdedKeyKeepsAFlowsOwnShortLabel) {
    QChart chart;
    const ChartStyle style;
    const std::vector<ShownFlow> flows{{0, inflight::FlowKind::Tcp, QStringLiteral("bulk")},
                                       {1, inflight::FlowKind::Tcp, QStringLiteral("flow 2 (cubic)")},
                                       {2, inflight::FlowKind::Tcp, QStringLiteral("web")}};
    for (const ShownFlow& f : flows) {
        auto* s = new QLineSeries;
        s->append(0, 1);
        s->append(1, 2);
        chart.addSeries(s);
        style_flow_series(s, f, QStringLiteral("smoothed RTT"), style, 2);
    }
    ChartKey key(&chart);
    key.refresh();
    // The widest key that no longer shows the full names.
    int w = 1200;
    key.resize(w, key.heightForWidth(w));
    ASSERT_EQ(key.detail(), ChartKey::Detail::Full);
    while (w > 40 && key.detail() == ChartKey::Detail::Full) {
        w -= 10;
        key.resize(w, key.heightForWidth(w));
    }
    ASSERT_EQ(key.detail(), ChartKey::Detail::Short) << "at " << w << " px";
    const QStringList shown = key.shownTexts();
    EXPECT_TRUE(shown.contains(QStringLiteral("bulk"))) << shown.join(", ").toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("web"))) << shown.join(", ").toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("2"))) << shown.join(", ").toStdString();
}

// A long label of the user's is cut to its first letters, not replaced by
// the flow's number: experiment 10's key read "cwnd: ━ 1 / ━ nodelay",
// which reads as a cwnd of 1.
TEST(KeyNames, AUsersLongLabelKeepsItsFirstLettersNotANumber) {
    ShownFlow given{0, inflight::FlowKind::Tcp, QStringLiteral("write-write-read")};
    given.label_given = true;
    EXPECT_EQ(key_short_name(given), QStringLiteral("write-w…"));
    ShownFlow spaced{1, inflight::FlowKind::Tcp, QStringLiteral("video call")};
    spaced.label_given = true;
    EXPECT_EQ(key_short_name(spaced), QStringLiteral("video c…"));
    const ShownFlow models_own{2, inflight::FlowKind::Tcp, QStringLiteral("flow 3 (cubic)")};
    EXPECT_EQ(key_short_name(models_own), QStringLiteral("3"));
    ShownFlow short_given{3, inflight::FlowKind::Tcp, QStringLiteral("nodelay")};
    short_given.label_given = true;
    EXPECT_EQ(key_short_name(short_given), QStringLiteral("nodelay"));
}

// In the dark look the RTT chart's key showed the smoothed RTT (#ffd166,
// 1.2 px) as an olive stroke and the RTT samples band as a swatch darker
// than anything on the plot: a thin line on half-covered pixel rows blends
// with the background, and a narrow band is drawn as its edges. Each
// stroke now has rows of the series' own colour, and a band's swatch its
// edges in the band's pen.
TEST(KeyNames, EachStrokeAndBandSwatchShowsItsSeriesOwnColour) {
    QChart chart;
    const QColor yellow("#ffd166"), blue("#66c2ff");
    auto* srtt = new QLineSeries;
    srtt->setName(QStringLiteral("smoothed RTT"));
    srtt->append(0, 1);
    srtt->append(1, 2);
    chart.addSeries(srtt);
    srtt->setPen(QPen(yellow, 1.2));  // after addSeries: the chart's theme sets its own
    // A band's edges are not owned by its QAreaSeries: the chart owns them,
    // as ChartFrame::line gives them.
    auto* hi = new QLineSeries(&chart);
    auto* lo = new QLineSeries(&chart);
    for (auto* l : {hi, lo}) {
        l->append(0, 1);
        l->append(1, 2);
    }
    auto* band = new QAreaSeries(hi, lo);
    band->setName(QStringLiteral("RTT samples (min–max)"));
    chart.addSeries(band);
    band->setBrush(QColor(102, 194, 255, 110));
    band->setPen(QPen(blue, 1.5));
    ChartKey key(&chart);
    QPalette dark = key.palette();
    dark.setColor(QPalette::Window, QColor("#202124"));
    dark.setColor(QPalette::WindowText, QColor("#e8e8e8"));
    key.setPalette(dark);
    key.setAutoFillBackground(true);
    key.refresh();
    key.resize(600, key.heightForWidth(600));
    const QImage img = key.grab().toImage();
    // Some pixel row of each stroke is the series' colour itself.
    const auto has_colour = [&](const QRect& r, const QColor& c) {
        for (int y = r.top(); y <= r.bottom(); ++y)
            if (img.pixelColor(r.center().x(), y).name() == c.name()) return true;
        return false;
    };
    const QRect s = key.strokeRect(srtt->name()), b = key.strokeRect(band->name());
    ASSERT_FALSE(s.isEmpty());
    ASSERT_FALSE(b.isEmpty());
    EXPECT_TRUE(has_colour(s, yellow)) << "the smoothed RTT's stroke";
    EXPECT_TRUE(has_colour(b, blue)) << "the band's edge";
}
