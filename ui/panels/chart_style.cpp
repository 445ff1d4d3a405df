#include "ui/panels/chart_style.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QPalette>
#include <QValueAxis>
#include <QFontMetrics>
#include <algorithm>
#include <cmath>

#include "model/core/units.h"

namespace inflight::ui {

namespace {
// Lines at the back of a lecture hall: more than twice as thick.
constexpr double kPresentationLineScale = 2.2;

// Okabe & Ito (2008), "Color Universal Design": eight colours told apart
// with every common colour-vision deficiency.
SeriesColors okabe_ito() {
    const QColor orange("#E69F00"), sky("#56B4E9"), green("#009E73"), blue("#0072B2"),
        vermillion("#D55E00"), purple("#CC79A7"), black("#000000");
    SeriesColors c;
    c.cwnd = vermillion;
    c.window = QColor("#9a9a9a");
    c.inflight = blue;
    c.ssthresh = purple;
    c.rtt = blue;
    c.envelope = QColor(86, 180, 233, 120);
    c.srtt = orange;
    c.min_rtt = green;
    c.base_rtt = black;
    c.rate = blue;
    c.btlbw = vermillion;
    c.pacing = green;
    c.link = black;
    c.calm = QColor(86, 180, 233, 85);
    c.warm = QColor(230, 159, 0, 95);
    c.theory = black;
    c.rwnd_level = purple;
    c.cursor = black;
    c.advertised = green;
    return c;
}
}  // namespace

QPen ChartStyle::pen(const QColor& c, double width, Qt::PenStyle style, bool always) const {
    QPen p(c, presentation ? width * kPresentationLineScale : width);
    p.setStyle(presentation || always ? style : Qt::SolidLine);
    return p;
}

bool is_dark_palette() { return QApplication::palette().color(QPalette::Window).lightness() < 128; }

SeriesColors ChartStyle::colors(bool dark) const {
    if (presentation) return okabe_ito();
    SeriesColors c;
    c.cwnd = dark ? QColor("#ff8c69") : QColor("#c0392b");
    c.window = dark ? QColor("#7a7a7a") : QColor("#a8a8a8");  // broad, under cwnd
    c.inflight = dark ? QColor("#66c2ff") : QColor("#1f6fb2");
    c.ssthresh = dark ? QColor("#c9a0ff") : QColor("#7b3fb5");
    c.rtt = c.inflight;
    c.envelope = dark ? QColor(102, 194, 255, 110) : QColor(31, 111, 178, 90);
    c.srtt = dark ? QColor("#ffd166") : QColor("#b8860b");
    c.min_rtt = dark ? QColor("#7ee081") : QColor("#2e8b57");
    c.base_rtt = dark ? QColor("#bbbbbb") : QColor("#555555");
    c.rate = c.inflight;
    c.btlbw = c.cwnd;
    c.pacing = c.min_rtt;
    c.link = c.base_rtt;
    c.calm = dark ? QColor(80, 160, 220, 60) : QColor(120, 180, 230, 70);
    c.warm = dark ? QColor(240, 140, 60, 70) : QColor(245, 160, 80, 80);
    c.theory = dark ? QColor("#f0f0f0") : QColor("#222222");
    c.rwnd_level = c.ssthresh;
    c.cursor = dark ? QColor("#ffffff") : QColor("#000000");
    // Teal: no other line of the window panel is drawn in it.
    c.advertised = dark ? QColor("#4dd0c0") : QColor("#00897b");
    return c;
}

namespace {
// A chart view that asks for a readable plot (kPreferredPlotPx under its
// fonts), not for the room it has. QGraphicsView asks for its scene's
// size, and a chart's scene is the size the layout last gave it: so a
// chart asked for whatever room it had, and the room a panel got depended
// on the road to it (experiment 6's ten streams beside the guide: the
// event log 148 px tall after Set it, 214 px after presenting on and off).
class SteadyChartView : public QChartView {
public:
    using QChartView::QChartView;
    QSize sizeHint() const override {
        const QSize least = minimumSizeHint().expandedTo(minimumSize());
        return {least.width(), std::max(least.height(), chart_view_min_height(this, kPreferredPlotPx))};
    }
};
}  // namespace

QChartView* make_chart_view(QWidget* parent) {
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    auto* view = new SteadyChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing, true);
    view->setFrameShape(QFrame::NoFrame);
    view->setFocusPolicy(Qt::NoFocus);
    style_chart(chart);
    return view;
}

QValueAxis* make_axis(QChart* chart, Qt::Alignment side, const QString& title) {
    auto* axis = new QValueAxis(chart);
    axis->setTitleText(title);
    axis->setLabelFormat("%g");
    axis->setTickCount(5);
    chart->addAxis(axis, side);
    // A vertical axis follows its plot's height and its range both ways
    // (fit_vertical_ticks): a dock that opens and closes again, or F11 there
    // and back, leaves as many labels as the height allows.
    if (side & (Qt::AlignLeft | Qt::AlignRight)) {
        const auto fit = [chart, axis] { fit_vertical_ticks(axis, chart->plotArea().height()); };
        QObject::connect(chart, &QChart::plotAreaChanged, axis, fit);
        QObject::connect(axis, &QValueAxis::rangeChanged, axis, fit);
    }
    return axis;
}

QValueAxis* make_time_axis(QChart* chart) {
    QValueAxis* axis = make_axis(chart, Qt::AlignBottom, QString());
    axis->setLabelFormat(QStringLiteral("%g s"));
    axis->setTitleVisible(false);
    const auto fit = [chart, axis] { fit_time_ticks(axis, chart->plotArea().width()); };
    QObject::connect(chart, &QChart::plotAreaChanged, axis, fit);
    QObject::connect(axis, &QValueAxis::rangeChanged, axis, fit);
    return axis;
}

namespace {
// Whether (range / intervals) has at most two significant digits.
bool round_step(double range, int intervals) {
    const double step = range / intervals;
    const double p = std::pow(10.0, std::floor(std::log10(step)) - 1);
    return std::abs(step / p - std::round(step / p)) < 1e-6;
}
}  // namespace

void fit_time_ticks(QValueAxis* axis, double plot_width_px) {
    constexpr int kMostTicks = 5;
    constexpr double kGapPx = 10;
    const double range = axis->max() - axis->min();
    if (!(range > 0) || plot_width_px <= 0) return;
    const QFontMetrics fm(axis->labelsFont());
    const QString fmt = axis->labelFormat();
    // Every label of n ticks, not only the ends': "1.5 s" between "0 s" and
    // "6 s" is the widest, and Qt elides a label wider than its share ("1....").
    const auto widest = [&](int n) {
        int w = 0;
        for (int k = 0; k < n; ++k)
            w = std::max(w, fm.horizontalAdvance(QString::asprintf(qPrintable(fmt), axis->min() + range * k / (n - 1))));
        return static_cast<double>(w);
    };
    int n = kMostTicks;
    while (n > 2 && (!round_step(range, n - 1) || plot_width_px / (n - 1) < widest(n) + kGapPx)) --n;
    if (n != axis->tickCount()) axis->setTickCount(n);
}

void style_chart(QChart* chart) {
    const QPalette pal = QApplication::palette();
    const QColor bg = pal.color(QPalette::Base);
    const QColor fg = pal.color(QPalette::Text);
    QColor grid = fg;
    grid.setAlpha(40);
    chart->setBackgroundBrush(bg);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(fg);
    chart->legend()->setLabelColor(fg);
    QFont lf = QApplication::font();
    lf.setPointSizeF(std::max(8.0, lf.pointSizeF() * 0.88));
    chart->legend()->setFont(lf);
    for (QAbstractAxis* a : chart->axes()) {
        a->setLabelsColor(fg);
        a->setTitleBrush(fg);
        a->setGridLineColor(grid);
        a->setLinePenColor(grid);
        QFont f = a->labelsFont();
        f.setPointSizeF(std::max(8.0, QApplication::font().pointSizeF() * 0.9));
        a->setLabelsFont(f);
        a->setTitleFont(f);
    }
}

double round_tick_step(double least_step) {
    if (!(least_step > 0) || !std::isfinite(least_step)) return 0;
    const double p = std::pow(10.0, std::floor(std::log10(least_step)));
    for (double m : {1.0, 2.0, 2.5, 5.0})
        if (m * p >= least_step * (1 - 1e-9)) return m * p;
    return 10 * p;
}

void fit_vertical_ticks(QValueAxis* axis, double plot_height_px) {
    // The law: labels sit at whole multiples of a round step (1, 2, 2.5 or
    // 5 × 10^k) counted from zero, at least 1.6 label lines apart and at
    // most kMostIntervals per axis; the smallest such step is taken. The top
    // of the axis need not carry a label, so a 0–5000 axis on a 120 px plot
    // reads 0, 2000, 4000 rather than only its two ends (an evenly divided
    // axis with a fixed count of ticks has no round middle on such a range).
    constexpr double kMostIntervals = 6;
    constexpr double kLinesApart = 1.6;
    const double range = axis->max() - axis->min();
    if (!(range > 0) || !(plot_height_px > 0)) return;
    const double line = QFontMetrics(axis->labelsFont()).height();
    const double intervals = std::min(kMostIntervals, plot_height_px / (kLinesApart * line));
    double step = round_tick_step(range / std::max(1.0, intervals));
    // Fewer than three labels (the step rounded up past half the range):
    // a round step of at most half the range, if its labels still stand a
    // line and a fifth apart — a short plot then reads 0, a middle and a top.
    const auto labels = [range](double s) { return std::floor(range / s * (1 + 1e-9)) + 1; };
    if (labels(step) < 3) {
        const double finer = round_tick_step(range / 4);  // at most half the range: three labels or more
        if (finer > 0 && labels(finer) >= 3 && plot_height_px * finer / range >= 1.2 * line) step = finer;
    }
    const double anchor = axis->min() <= 0 && axis->max() >= 0 ? 0.0 : axis->min();
    if (axis->tickType() != QValueAxis::TicksDynamic) axis->setTickType(QValueAxis::TicksDynamic);
    if (axis->tickAnchor() != anchor) axis->setTickAnchor(anchor);
    if (axis->tickInterval() != step) axis->setTickInterval(step);
}

int chart_view_min_height(const QChartView* view, int plot_px) {
    const QChart* c = view->chart();
    int chrome = 16;  // the chart's margins and the plot's frame
    for (const QAbstractAxis* a : c->axes(Qt::Horizontal)) chrome += QFontMetrics(a->labelsFont()).height() + 6;
    // The first and last labels of a vertical axis stand half out of the plot.
    // (Measured: a 172 px view has a 110 px plot in the presentation type,
    // 2.5 px less than this gives in the normal one.)
    for (const QAbstractAxis* a : c->axes(Qt::Vertical)) chrome = std::max(chrome, 16 + QFontMetrics(a->labelsFont()).height() * 2 + 6);
    chrome += 6;
    if (!c->title().isEmpty() || c->property("may_have_title").toBool()) chrome += QFontMetrics(c->titleFont()).height() + 4;
    return plot_px + chrome;
}

double nice_ceiling(double v) {
    if (!(v > 0) || !std::isfinite(v)) return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
        if (m * p >= v * 0.9999) return m * p;
    return 10 * p;
}

LinkScale link_scale(double data_top_bps, double link_bps) {
    const bool on = !(data_top_bps > 0) || link_bps <= 2 * data_top_bps;
    return {on, on ? std::max(data_top_bps, link_bps) : data_top_bps,
            on ? QObject::tr("link")
               : QObject::tr("link %1 (off scale)").arg(QString::fromStdString(format_rate(link_bps)))};
}

void set_axis_range(QValueAxis* axis, double min, double max) {
    if (!axis) return;
    const double span = max - min;
    if (axis->tickType() == QValueAxis::TicksDynamic && std::isfinite(span) && span > 0 &&
        !(axis->tickInterval() > 0 && span / axis->tickInterval() <= kMostLabelIntervals))
        axis->setTickInterval(round_tick_step(span / 6));
    axis->setRange(min, max);
}

void grow_axis(QChart* chart, QValueAxis* axis, Qt::Orientation o, double top) {
    if (!axis || !std::isfinite(top) || top <= axis->max()) return;
    set_axis_range(axis, axis->min(), nice_ceiling(top));
    if (axis->tickType() != QValueAxis::TicksDynamic || !chart) return;
    const QRectF plot = chart->plotArea();
    if (plot.isEmpty()) return;
    if (o == Qt::Vertical) fit_vertical_ticks(axis, plot.height());
    else fit_time_ticks(axis, plot.width());
}

}  // namespace inflight::ui
