#include "panels/rtt_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>

#include "panels/chart_key.h"
#include "panels/trace_series.h"

namespace inflight::ui {

RttChart::RttChart(QWidget* parent) : ChartFrame(tr("RTT (ms)"), parent) {
    env_lo_ = line();
    env_hi_ = line();
    envelope_ = band(env_hi_, env_lo_, tr("RTT samples (min–max)"));
    srtt_ = line(tr("smoothed RTT"));
    min_rtt_ = line(tr("min RTT"));
    base_ = line(tr("base RTT"));
    // The base RTT broad and underneath, min RTT dashed over it: where the
    // two coincide (an empty queue) both show.
    addSeries({envelope_, base_, srtt_, min_rtt_});
    restyle(ChartStyle{});
    clear();
}

void RttChart::restyle(const ChartStyle& style) {
    const SeriesColors c = style.colors();
    envelope_->setBrush(c.envelope);
    envelope_->setPen(style.pen(c.rtt, 1.5));
    srtt_->setPen(style.pen(c.srtt, 1.2));
    min_rtt_->setPen(style.pen(c.min_rtt, 1.8, Qt::DashDotLine, true));
    base_->setPen(style.pen(c.base_rtt, 3.5, Qt::SolidLine));
    style_chart(chart());
    key()->setFont(chart()->legend()->font());
}

void RttChart::clear() {
    for (QLineSeries* s : {env_lo_, env_hi_, srtt_, min_rtt_, base_}) s->clear();
    xAxis()->setRange(0, 40);
    yAxis()->setRange(0, 100);
}

void RttChart::setTrace(const Trace& t, double duration_s) {
    const ColumnRange r{0, duration_s, columns()};
    QList<QPointF> lo, hi;
    minmax_envelope(t, &TraceBucket::rtt_s, r, 1e3, &lo, &hi);
    env_lo_->replace(lo);
    env_hi_->replace(hi);
    srtt_->replace(level_line(t, &TraceBucket::srtt_s, r, 1e3));
    min_rtt_->replace(level_line(t, &TraceBucket::min_rtt_s, r, 1e3));
    base_->replace({{0, t.base_rtt_s * 1e3}, {duration_s, t.base_rtt_s * 1e3}});
    double top = t.base_rtt_s;
    for (const QPointF& p : hi) top = std::max(top, p.y() / 1e3);
    xAxis()->setRange(0, duration_s);
    yAxis()->setRange(0, nice_ceiling(top * 1e3 * 1.08));
    yAxis()->applyNiceNumbers();
    fit_vertical_ticks(yAxis(), chart()->plotArea().height());
}

}  // namespace inflight::ui
