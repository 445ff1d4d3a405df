#include "chart_style.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QPalette>
#include <QValueAxis>
#include <cmath>

namespace inflight::ui {

bool is_dark_palette() { return QApplication::palette().color(QPalette::Window).lightness() < 128; }

SeriesColors series_colors(bool dark) {
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
    return c;
}

QChartView* make_chart_view(QWidget* parent) {
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    auto* view = new QChartView(chart, parent);
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
    return axis;
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
    lf.setPointSizeF(std::max(8.0, lf.pointSizeF() * 0.9));
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

double nice_ceiling(double v) {
    if (!(v > 0) || !std::isfinite(v)) return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
        if (m * p >= v * 0.9999) return m * p;
    return 10 * p;
}

}  // namespace inflight::ui
