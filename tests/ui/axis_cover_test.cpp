// Axes cover the data and no more than it needs: the
// window chart's y axis reaches the slow-start peak of cwnd, and the
// delivery-rate axis follows the trace, not a link rate 400× above it.
// Expected figures from arithmetic on the scenario:
//   100 Mbit/s × 80 ms = 666.7 packets of 1500 B in the pipe, a 100 ms
//   buffer = 833.3 more: slow start overshoots to about twice the 1500
//   packets the path holds before the first loss is seen, ≈ 3000 packets.
//   CUBIC at 0.01% loss and 80 ms gets ≈ 24 Mbit/s (the loss wall, RFC
//   9438 §5's response function) whatever the link, so at 10 Gbit/s the
//   link is 400× the rate.
#include <QAbstractAxis>
#include <QApplication>
#include <QFontMetrics>
#include <QChart>
#include <QChartView>
#include <QLegendMarker>
#include <QValueAxis>
#include <gtest/gtest.h>

#include "ui/panels/chart_frame.h"
#include "ui/panels/hero_panel.h"
#include "ui/panels/window_chart.h"
#include "ui/teaching/experiment_panel.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

QValueAxis* vertical(QChartView* v) {
    const auto axes = v->chart()->axes(Qt::Vertical);
    return axes.isEmpty() ? nullptr : qobject_cast<QValueAxis*>(axes.front());
}

}  // namespace

TEST(AxisCover, TheWindowAxisReachesTheSlowStartPeakOfCwnd) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    Scenario s;  // CUBIC, 100 Mbit/s, 80 ms, 100 ms buffer
    s.loss = 1e-4;
    emit w->guide()->applyScenario(s);
    ASSERT_TRUE(wait_settled(*w, 60000));
    const RunResult& r = w->dashboard()->shown()->result;
    const double mss = r.trace.mss_bytes;
    const double pipe_pkts = 100e6 * 0.080 / 8 / mss, buffer_pkts = 100e6 * 0.100 / 8 / mss;
    const double overshoot = 2 * (pipe_pkts + buffer_pkts);  // 3000 packets
    ASSERT_NEAR(overshoot, 3000, 1);
    double peak = 0;
    for (const TraceBucket& b : r.trace.buckets) peak = std::max(peak, b.cwnd_bytes.max / mss);
    // The run does overshoot that far (else this test tests nothing).
    ASSERT_GT(peak, 0.9 * overshoot) << peak;
    QValueAxis* y = vertical(w->dashboard()->windowChart()->view());
    ASSERT_NE(y, nullptr);
    EXPECT_EQ(y->titleText(), "packets");
    EXPECT_GE(y->max(), peak) << "the cwnd spike runs off the top";
    EXPECT_GE(y->max(), overshoot);
    // Covering, not dwarfing: the peak fills at least half the height.
    EXPECT_LE(y->max(), 2 * peak);
    EXPECT_GE(y->min(), 0);
}

TEST(AxisCover, AtTenGbitTheDeliveryRateAxisFollowsTheTraceNotTheLink) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    Scenario s;
    s.bandwidth_bps = 10e9;
    s.loss = 1e-4;
    emit w->guide()->applyScenario(s);
    ASSERT_TRUE(wait_settled(*w, 120000));
    const RunResult& r = w->dashboard()->shown()->result;
    // The loss wall: ≈ 24 Mbit/s on a 10 Gbit/s link.
    ASSERT_GT(r.summary.throughput_bps, 15e6);
    ASSERT_LT(r.summary.throughput_bps, 40e6);
    double trace_max = 0;
    for (const TraceBucket& b : r.trace.buckets)
        if (std::isfinite(b.delivery_rate_bps.max)) trace_max = std::max(trace_max, b.delivery_rate_bps.max);
    ASSERT_GT(trace_max, 0);
    ASSERT_LT(trace_max, 0.5 * s.bandwidth_bps) << "the trace is not far below the link; nothing to test";

    HeroPanel* hero = w->dashboard()->hero();
    QValueAxis* y = vertical(hero->view());
    ASSERT_NE(y, nullptr);
    const double per_bps = y->titleText() == "Gbit/s" ? 1e-9 : y->titleText() == "Mbit/s" ? 1e-6 : 0;
    ASSERT_GT(per_bps, 0) << y->titleText().toStdString();
    const double top_bps = y->max() / per_bps;
    EXPECT_GE(top_bps, trace_max) << "the trace runs off the top";
    EXPECT_LE(top_bps, 2 * trace_max) << "axis " << top_bps / 1e6 << " Mbit/s for a trace of at most "
                                      << trace_max / 1e6 << " Mbit/s";
    EXPECT_LT(top_bps, s.bandwidth_bps / 4) << "the axis still runs to the link";
    // The link is not drawn on this scale, and its legend entry says so.
    bool says_off_scale = false;
    for (QLegendMarker* m : hero->view()->chart()->legend()->markers())
        says_off_scale |= m->label().contains("off scale");
    EXPECT_TRUE(says_off_scale);
}

TEST(AxisCover, AtOneHundredMbitTheLinkIsOnTheDeliveryRateScale) {
    // The other side of the rule: the link near the data stays on the scale.
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    Scenario s;  // no loss: CUBIC fills the 100 Mbit/s link
    s.loss = 0;
    emit w->guide()->applyScenario(s);
    ASSERT_TRUE(wait_settled(*w, 60000));
    QValueAxis* y = vertical(w->dashboard()->hero()->view());
    ASSERT_NE(y, nullptr);
    ASSERT_EQ(y->titleText(), "Mbit/s");
    EXPECT_GE(y->max(), 100);
    EXPECT_LE(y->max(), 2.5 * 100);  // at most the cap on stray samples
}

// At its least width a chart draws its value axis whole. Qt Charts gives
// the vertical axes at most 40% of a chart's width and elides their labels
// past that ("15…" for 1500: the window panel presenting on a 1024×768
// projector, its type larger, its column narrow). Laid out at the width it
// asks for, the plot starts right of the widest label and the axis title,
// in any type: the normal one and the presentation's largest (1.5×).
TEST(AxisCover, AtItsLeastWidthAChartsValueAxisIsDrawnWhole) {
    const QFont normal = QApplication::font();
    for (double scale : {1.0, 1.5}) {
        QFont f = normal;
        f.setPointSizeF(normal.pointSizeF() * scale);
        QApplication::setFont(f);
        WindowChart chart;  // its axes take the type in force (chart_style.cpp)
        QValueAxis* y = vertical(chart.view());
        ASSERT_NE(y, nullptr);
        y->setRange(0, 1500);
        chart.resize(chart.minimumSizeHint().width(), 300);
        chart.show();
        QCoreApplication::processEvents();
        const QFontMetrics labels(y->labelsFont()), title(y->titleFont());
        const int need_px = labels.horizontalAdvance(QStringLiteral("1500")) + title.height();
        const QRectF plot = chart.view()->chart()->plotArea();
        EXPECT_GE(plot.left(), need_px) << "at " << scale << "×: the plot starts at " << plot.left()
                                        << " px, the label and title need " << need_px << " px";
    }
    QApplication::setFont(normal);
}
