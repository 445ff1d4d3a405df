#include "panels/rtt_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>

#include "panels/chart_style.h"
#include "panels/trace_series.h"

namespace inflight::ui {

RttChart::RttChart(QWidget* parent) : QWidget(parent) {
    view_ = make_chart_view(this);
    QChart* chart = view_->chart();
    x_ = make_axis(chart, Qt::AlignBottom, tr("time (s)"));
    y_ = make_axis(chart, Qt::AlignLeft, tr("RTT (ms)"));
    env_lo_ = new QLineSeries(chart);
    env_hi_ = new QLineSeries(chart);
    envelope_ = new QAreaSeries(env_hi_, env_lo_);
    envelope_->setName(tr("measured RTT (min–max)"));
    srtt_ = new QLineSeries(chart);
    srtt_->setName(tr("smoothed RTT"));
    min_rtt_ = new QLineSeries(chart);
    min_rtt_->setName(tr("min RTT"));
    base_ = new QLineSeries(chart);
    base_->setName(tr("base RTT"));
    for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{envelope_, srtt_, min_rtt_, base_}) {
        chart->addSeries(s);
        s->attachAxis(x_);
        s->attachAxis(y_);
    }
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view_);
    restyle();
    clear();
}

void RttChart::restyle() {
    const SeriesColors c = series_colors(is_dark_palette());
    envelope_->setBrush(c.envelope);
    envelope_->setPen(series_pen(c.rtt, 1.5));
    srtt_->setPen(series_pen(c.srtt, 1.2));
    min_rtt_->setPen(series_pen(c.min_rtt, 1.5, Qt::DashDotLine));
    base_->setPen(series_pen(c.base_rtt, 1.5, Qt::DashLine, true));
    style_chart(view_->chart());
}

void RttChart::clear() {
    for (QLineSeries* s : {env_lo_, env_hi_, srtt_, min_rtt_, base_}) s->clear();
    x_->setRange(0, 40);
    y_->setRange(0, 100);
}

void RttChart::setTrace(const Trace& t, double duration_s) {
    const int cols = std::max(100, static_cast<int>(view_->chart()->plotArea().width()));
    const ColumnRange r{0, duration_s, cols};
    QList<QPointF> lo, hi;
    minmax_envelope(t, &TraceBucket::rtt_s, r, 1e3, &lo, &hi);
    env_lo_->replace(lo);
    env_hi_->replace(hi);
    srtt_->replace(level_line(t, &TraceBucket::srtt_s, r, 1e3));
    min_rtt_->replace(level_line(t, &TraceBucket::min_rtt_s, r, 1e3));
    base_->replace({{0, t.base_rtt_s * 1e3}, {duration_s, t.base_rtt_s * 1e3}});
    double top = t.base_rtt_s;
    for (const QPointF& p : hi) top = std::max(top, p.y() / 1e3);
    x_->setRange(0, duration_s);
    y_->setRange(0, nice_ceiling(top * 1e3 * 1.08));
    y_->applyNiceNumbers();
}

}  // namespace inflight::ui
