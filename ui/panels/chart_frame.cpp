// ChartFrame: the view, the time axis and the value axis of a panel chart
// (chart_frame.h).
#include "ui/panels/chart_frame.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QFontMetrics>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "ui/panels/chart_key.h"
#include "ui/panels/chart_style.h"
#include <QLegend>

namespace inflight::ui {

ChartFrame::ChartFrame(const QString& y_title, QWidget* parent) : QWidget(parent) {
    view_ = make_chart_view(this);
    x_ = make_time_axis(view_->chart());
    y_ = make_axis(view_->chart(), Qt::AlignLeft, y_title);
    view_->chart()->legend()->hide();
    key_ = new ChartKey(view_->chart(), this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(view_, 1);
    layout->addWidget(key_);
    // A wider range may need wider labels: the layout asks again.
    connect(y_, &QValueAxis::rangeChanged, this, [this] { updateGeometry(); });
}

int ChartFrame::least_width_px() const {
    // The gaps: the chart's margins (4 px a side, chart_style.cpp), the
    // labels' padding and tick marks, and the title's (Qt Charts' defaults
    // come to about 20 px in all).
    constexpr int kGapsPx = 28;
    constexpr double kMostAxisShare = 0.4;
    const QFontMetrics labels(y_->labelsFont()), title(y_->titleFont());
    int widest_px = 0;
    for (double v : {y_->min(), y_->max()})
        widest_px = std::max(widest_px, labels.horizontalAdvance(QString::asprintf("%g", v)));
    const int axis_px = widest_px + (y_->titleText().isEmpty() ? 0 : title.height()) + kGapsPx;
    return static_cast<int>(std::ceil(axis_px / kMostAxisShare));
}

QSize ChartFrame::minimumSizeHint() const {
    QSize s = QWidget::minimumSizeHint();
    s.setWidth(std::max(s.width(), least_width_px()));
    return s;
}

QChart* ChartFrame::chart() const { return view_->chart(); }

QLineSeries* ChartFrame::line(const QString& name) const {
    auto* s = new QLineSeries(chart());
    if (!name.isEmpty()) s->setName(name);
    return s;
}

QAreaSeries* ChartFrame::band(QLineSeries* upper, QLineSeries* lower, const QString& name) const {
    auto* s = new QAreaSeries(upper, lower);
    s->setName(name);
    return s;
}

void ChartFrame::addSeries(std::initializer_list<QAbstractSeries*> series) {
    for (QAbstractSeries* s : series) {
        chart()->addSeries(s);
        s->attachAxis(x_);
        s->attachAxis(y_);
    }
}

void ChartFrame::dropSeries(QAbstractSeries* series) {
    if (!series) return;
    chart()->removeSeries(series);
    delete series;
}

int ChartFrame::columns() const { return std::max(100, static_cast<int>(chart()->plotArea().width())); }

int ChartFrame::columnsFor(int lines) const {
    const int px = lines <= 4 ? 1 : lines <= 8 ? 2 : 3;
    return std::max(100, static_cast<int>(chart()->plotArea().width()) / px);
}

}  // namespace inflight::ui
