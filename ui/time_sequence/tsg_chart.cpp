// The time–sequence graph's chart (tsg_chart.h).
#include "ui/time_sequence/tsg_chart.h"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QTimer>
#include <QValueAxis>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "model/core/units.h"
#include "ui/panels/chart_key.h"
#include "ui/panels/plot_note.h"

namespace inflight::ui {
namespace {

// A size to three figures in the unit that fits it, as the axis counts
// (powers of 1000): "1.08 GB", "250 KB", "812 bytes".
QString approximate_bytes(double bytes) {
    const char* units[] = {"bytes", "KB", "MB", "GB", "TB"};
    int u = 0;
    while (u < 4 && bytes >= 999.5) bytes /= 1000, ++u;
    return QString::fromStdString(format_number(bytes, 3)) + QLatin1Char(' ') + QLatin1String(units[u]);
}

constexpr double kWheelStep = 0.8;  // one notch shows 80% of the time range
constexpr double kHeadroom = 0.04;  // the bytes fitted with this share of the range above and below

// Labels at whole multiples of a round step, as many as fit the axis's
// length with a gap between them (at most eight intervals).
void fit_round_ticks(QValueAxis* axis, double length_px, double label_px) {
    const double range = axis->max() - axis->min();
    if (!(range > 0) || !(length_px > 0)) return;
    const double intervals = std::clamp(std::floor(length_px / std::max(1.0, label_px)), 1.0, 8.0);
    const double step = round_tick_step(range / intervals);
    if (!(step > 0)) return;
    if (axis->tickType() != QValueAxis::TicksDynamic) axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(std::ceil(axis->min() / step - 1e-9) * step);
    axis->setTickInterval(step);
}

}  // namespace

TimeSequenceChart::TimeSequenceChart(QWidget* parent) : ChartFrame(tr("sequence (MB)"), parent) {
    setObjectName("time_sequence_chart");
    window_ = line(tr("ACK + receive window"));
    ack_ = line(tr("ACK"));
    sack_ = new QScatterSeries(chart());
    sack_->setName(tr("SACK blocks"));
    data_ = new QScatterSeries(chart());
    data_->setName(tr("data sent"));
    retx_ = new QScatterSeries(chart());
    retx_->setName(tr("retransmission"));
    // Drawn in this order: the ACK line over the data marks, so a flat
    // stretch during recovery shows; retransmissions on top.
    addSeries({window_, sack_, data_, ack_, retx_});
    note_ = new PlotNote(view());
    restyle(style_);
    view()->setRubberBand(QChartView::RectangleRubberBand);
    view()->viewport()->installEventFilter(this);
    view()->setToolTip(tr("Drag a rectangle to zoom in, the wheel zooms the time around the pointer; "
                          "double-click shows the whole connection"));
    connect(xAxis(), &QValueAxis::rangeChanged, this, [this] { scheduleRedraw(); });
    connect(chart(), &QChart::plotAreaChanged, this, [this] { scheduleRedraw(); });
}

void TimeSequenceChart::restyle(const ChartStyle& style) {
    style_ = style;
    const SeriesColors c = style.colors();
    const double mark = style.presentation ? 5 : 3.5;
    data_->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    data_->setMarkerSize(mark);
    data_->setColor(c.inflight);
    data_->setBorderColor(c.inflight);
    retx_->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    retx_->setMarkerSize(mark * 2.2);
    retx_->setColor(c.cwnd);
    retx_->setBorderColor(c.cwnd);
    sack_->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    sack_->setMarkerSize(mark);
    sack_->setColor(c.srtt);
    sack_->setBorderColor(c.srtt);
    ack_->setPen(style.pen(c.min_rtt, 2));
    window_->setPen(style.pen(c.ssthresh, 1.5, Qt::DashLine, true));
    style_chart(chart());
    if (note_) note_->restyle();
    key()->refresh();
}

QSize TimeSequenceChart::sizeHint() const {
    const QSize hint = ChartFrame::sizeHint();
    return {hint.width(), std::max(hint.height(), kPreferredHeightPx)};
}

void TimeSequenceChart::changeEvent(QEvent* event) {
    ChartFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) restyle(style_);
}

void TimeSequenceChart::setGraph(TimeSequencePtr graph) {
    graph_ = std::move(graph);
    window_->setVisible(graph_ && graph_->window_known);
    key()->refresh();
    resetZoom();
}

void TimeSequenceChart::clear() {
    graph_.reset();
    note_->setText(QString());
    for (QXYSeries* s : std::initializer_list<QXYSeries*>{data_, retx_, sack_, ack_, window_}) s->clear();
}

void TimeSequenceChart::resetZoom() {
    if (!graph_) return;
    // The whole connection, to a round time.
    const double end = std::max(graph_->end_s(), 1e-3);
    const double step = round_tick_step(end / 20);
    showTimes(0, step > 0 ? std::ceil(end / step + 1e-9) * step : end * 1.01);
}

void TimeSequenceChart::showRange(double t0_s, double t1_s, double y0_bytes, double y1_bytes) {
    if (!(t1_s > t0_s) || !(y1_bytes > y0_bytes)) return;
    drawing_ = true;
    setYUnit(y1_bytes);
    // Fixed ticks while the range changes: a step fitted to the range before
    // (or to another unit) would lay out a tick per step of the new one,
    // hundreds of thousands of them; redraw() fits a round step again.
    for (QValueAxis* a : {xAxis(), yAxis()})
        if (a->tickType() != QValueAxis::TicksFixed) a->setTickType(QValueAxis::TicksFixed);
    yAxis()->setRange(y0_bytes * y_per_byte_, y1_bytes * y_per_byte_);
    xAxis()->setRange(t0_s, t1_s);
    drawing_ = false;
    redraw();
}

void TimeSequenceChart::showTimes(double t0_s, double t1_s) {
    if (!graph_ || !(t1_s > t0_s)) return;
    double lo = NAN, hi = NAN;
    for (const capture::TsgColumn& c : capture::decimate(*graph_, t0_s, t1_s, columns()))
        // The window's edge is left out: a large receive window would flatten the rest.
        for (double v : {c.data_lo, c.data_hi, c.retx_lo, c.retx_hi, c.ack_lo, c.ack_hi}) {
            if (std::isnan(v)) continue;
            lo = std::isnan(lo) ? v : std::min(lo, v);
            hi = std::isnan(hi) ? v : std::max(hi, v);
        }
    if (std::isnan(lo)) lo = 0, hi = 1;
    const double pad = std::max(1.0, (hi - lo) * kHeadroom);
    showRange(t0_s, t1_s, std::max(0.0, lo - pad), hi + pad);
}

void TimeSequenceChart::setYUnit(double top_bytes) {
    const double old = y_per_byte_;
    if (top_bytes < 10e3) {
        y_per_byte_ = 1;
        yAxis()->setTitleText(tr("sequence (bytes)"));
    } else if (top_bytes < 10e6) {
        y_per_byte_ = 1e-3;
        yAxis()->setTitleText(tr("sequence (KB)"));
    } else {
        y_per_byte_ = 1e-6;
        yAxis()->setTitleText(tr("sequence (MB)"));
    }
    (void)old;
}

void TimeSequenceChart::scheduleRedraw() {
    if (drawing_ || redraw_pending_) return;
    redraw_pending_ = true;
    QTimer::singleShot(0, this, [this] {
        redraw_pending_ = false;
        if (!graph_) return;
        // A rubber band or Qt's zoom-out changed the axes: the same range, in the unit that fits it.
        const double y0 = yAxis()->min() / y_per_byte_, y1 = yAxis()->max() / y_per_byte_;
        drawing_ = true;
        setYUnit(y1);
        yAxis()->setRange(y0 * y_per_byte_, y1 * y_per_byte_);
        drawing_ = false;
        redraw();
    });
}

void TimeSequenceChart::redraw() {
    if (!graph_) return;
    const double t0 = xAxis()->min(), t1 = xAxis()->max();
    const double k = y_per_byte_;
    QList<QPointF> data, retx, sack, ack, window;
    const int n = columns();
    // New data in one column is one contiguous span (first transmissions
    // go in sequence order), so a burst within a pixel column is drawn as
    // the bar it is: marks one marker apart down the span, not only its
    // two ends with a gap between (at most kMaxFill a column).
    constexpr int kMaxFill = 256;
    const double bytes_shown = (yAxis()->max() - yAxis()->min()) / k;
    const double px_per_byte = bytes_shown > 0 ? chart()->plotArea().height() / bytes_shown : 0;
    const double fill_step_bytes = px_per_byte > 0 ? data_->markerSize() / px_per_byte : 0;
    for (const capture::TsgColumn& c : capture::decimate(*graph_, t0, t1, n)) {
        const double x = (c.t0_s + c.t1_s) / 2;
        const auto marks = [&](QList<QPointF>& out, double lo, double hi) {
            if (std::isnan(lo)) return;
            out << QPointF(x, hi * k);
            if (hi != lo) out << QPointF(x, lo * k);
        };
        marks(data, c.data_lo, c.data_hi);
        if (fill_step_bytes > 0 && c.data_hi - c.data_lo > fill_step_bytes) {
            const double step = std::max(fill_step_bytes, (c.data_hi - c.data_lo) / kMaxFill);
            for (double v = c.data_hi - step; v > c.data_lo; v -= step) data << QPointF(x, v * k);
        }
        marks(retx, c.retx_lo, c.retx_hi);
        marks(sack, c.sack_lo, c.sack_hi);
        // A line zig-zags between each column's lowest and highest value.
        if (!std::isnan(c.ack_lo)) ack << QPointF(x, c.ack_lo * k) << QPointF(x, c.ack_hi * k);
        if (!std::isnan(c.edge_lo)) window << QPointF(x, c.edge_lo * k) << QPointF(x, c.edge_hi * k);
    }
    double edge_top = NAN;
    for (const QPointF& p : window) edge_top = std::isnan(edge_top) ? p.y() : std::max(edge_top, p.y());
    if (!std::isnan(edge_top) && edge_top > yAxis()->max() && window_->isVisible())
        note_->setText(tr("ACK + receive window runs above the plot (up to %1)").arg(approximate_bytes(edge_top / k)));
    else
        note_->setText(QString());
    data_->replace(data);
    retx_->replace(retx);
    sack_->replace(sack);
    ack_->replace(ack);
    window_->replace(window);
    // Round labels from the bottom of the range shown, in time and in bytes.
    yAxis()->setLabelFormat(QStringLiteral("%g"));
    const QFontMetrics fy(yAxis()->labelsFont()), fx(xAxis()->labelsFont());
    fit_round_ticks(yAxis(), chart()->plotArea().height(), 2.2 * fy.height());
    const double widest = fx.horizontalAdvance(QString::asprintf("%g s", t1 + (t1 - t0) / 7)) + 2.0 * fx.height();
    fit_round_ticks(xAxis(), chart()->plotArea().width(), widest);
    emit redrawn(t0, t1);
}

QString TimeSequenceChart::noteText() const { return note_->text(); }

int TimeSequenceChart::pointsDrawn() const {
    return static_cast<int>(data_->count() + retx_->count() + sack_->count() + ack_->count() + window_->count());
}

double TimeSequenceChart::shownT0() const { return xAxis()->min(); }
double TimeSequenceChart::shownT1() const { return xAxis()->max(); }

bool TimeSequenceChart::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view()->viewport() && graph_) {
        if (event->type() == QEvent::MouseButtonDblClick) {
            resetZoom();
            return true;
        }
        if (event->type() == QEvent::Wheel) {
            const auto* w = static_cast<QWheelEvent*>(event);
            const double notches = w->angleDelta().y() / 120.0;
            if (notches == 0) return true;
            const QPointF at = chart()->mapToValue(chart()->mapFromScene(view()->mapToScene(w->position().toPoint())));
            const double f = std::pow(kWheelStep, notches);
            const double t0 = xAxis()->min(), t1 = xAxis()->max();
            const double x = std::clamp(at.x(), t0, t1);
            const double full = std::max(graph_->end_s(), 1e-3) * 1.01;
            const double n0 = std::max(0.0, x - (x - t0) * f), n1 = std::min(full, x + (t1 - x) * f);
            if (n1 - n0 > 1e-6) showTimes(n0, n1);
            return true;
        }
    }
    return ChartFrame::eventFilter(watched, event);
}

}  // namespace inflight::ui
