#include "ui/panels/chart_cursor.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>

#include "ui/panels/chart_key.h"
#include "ui/panels/chart_style.h"

namespace inflight::ui {

namespace {
QValueAxis* x_axis(QChart* chart) {
    const auto axes = chart->axes(Qt::Horizontal);
    return axes.isEmpty() ? nullptr : qobject_cast<QValueAxis*>(axes.front());
}
}  // namespace

ChartCursor::ChartCursor(QChartView* view) : QObject(view), view_(view) {
    line_ = new QGraphicsLineItem(view->chart());
    line_->setZValue(1000);
    line_->setVisible(false);
    restyle(ChartStyle{});
    connect(view->chart(), &QChart::plotAreaChanged, this, [this] { place(); });
    if (QValueAxis* x = x_axis(view->chart()))
        connect(x, &QValueAxis::rangeChanged, this, [this] { place(); });
    view->viewport()->installEventFilter(this);
}

void ChartCursor::restyle(const ChartStyle& style) { line_->setPen(style.pen(style.colors().cursor, 1.5)); }

void ChartCursor::setTime(double t_s) {
    t_s_ = t_s;
    shown_ = true;
    place();
}

void ChartCursor::hide() {
    shown_ = false;
    line_->setVisible(false);
    for (Dot& d : dots_) d.item->setVisible(false);
}

std::vector<ChartCursor::Marker> ChartCursor::markers() const {
    std::vector<Marker> out;
    for (const Dot& d : dots_)
        if (d.series && d.item->isVisible()) out.push_back({d.series.data(), d.value});
    return out;
}

bool ChartCursor::isShown() const { return shown_; }

double ChartCursor::lineX() const { return line_->line().x1(); }

void ChartCursor::place() {
    QChart* chart = view_->chart();
    QValueAxis* x = x_axis(chart);
    if (!shown_ || !x || x->max() <= x->min()) {
        line_->setVisible(false);
        for (Dot& d : dots_) d.item->setVisible(false);
        return;
    }
    const QRectF area = chart->plotArea();
    const double f = (t_s_ - x->min()) / (x->max() - x->min());
    const double px = area.left() + std::clamp(f, 0.0, 1.0) * area.width();
    line_->setLine(px, area.top(), px, area.bottom());
    line_->setVisible(true);
    placeMarkers();
}

void ChartCursor::placeMarkers() {
    QChart* chart = view_->chart();
    std::vector<QXYSeries*> lines;
    for (QAbstractSeries* s : chart->series())
        if (auto* xy = qobject_cast<QXYSeries*>(s); xy && xy->isVisible() && flow_index_of(s) >= 0 &&
                                                    !qobject_cast<QScatterSeries*>(s))
            lines.push_back(xy);
    // A series replaced (a new frame) moves its dot; series dropped since
    // (another set of flows) are forgotten.
    std::erase_if(watched_, [](const QPointer<QXYSeries>& p) { return p.isNull(); });
    for (QXYSeries* s : lines)
        if (std::find(watched_.begin(), watched_.end(), s) == watched_.end()) {
            watched_.emplace_back(s);
            connect(s, &QXYSeries::pointsReplaced, this, [this] { if (shown_) placeMarkers(); });
        }
    while (dots_.size() < lines.size()) {
        auto* item = new QGraphicsEllipseItem(chart);
        item->setZValue(1001);
        dots_.push_back({nullptr, item, {}});
    }
    const QRectF area = chart->plotArea();
    for (std::size_t i = 0; i < dots_.size(); ++i) {
        Dot& d = dots_[i];
        d.series = i < lines.size() ? lines[i] : nullptr;
        bool on = false;
        if (d.series) {
            // The last point at or before the cursor (points run in time).
            const QList<QPointF> pts = d.series->points();
            auto it = std::upper_bound(pts.begin(), pts.end(), t_s_,
                                       [](double t, const QPointF& p) { return t < p.x(); });
            if (it != pts.begin()) {
                d.value = *std::prev(it);
                const QPointF at = chart->mapToPosition(d.value, d.series);
                const QPen pen = d.series->pen();
                const double r = std::max(3.0, pen.widthF() * 1.6);
                d.item->setRect(at.x() - r, at.y() - r, 2 * r, 2 * r);
                d.item->setBrush(pen.color());
                d.item->setPen(QPen(chart->backgroundBrush().color(), 1));
                on = area.adjusted(-1, -1, 1, 1).contains(at);
            }
        }
        d.item->setVisible(on);
    }
}

bool ChartCursor::eventFilter(QObject* watched, QEvent* event) {
    const bool press = event->type() == QEvent::MouseButtonPress;
    const bool drag = event->type() == QEvent::MouseMove;
    if (!press && !drag) return QObject::eventFilter(watched, event);
    auto* me = static_cast<QMouseEvent*>(event);
    if (!(me->buttons() & Qt::LeftButton)) return QObject::eventFilter(watched, event);
    QChart* chart = view_->chart();
    QValueAxis* x = x_axis(chart);
    const QPointF scene = view_->mapToScene(me->position().toPoint());
    const QPointF in_chart = chart->mapFromScene(scene);
    const QRectF area = chart->plotArea();
    if (!x || area.width() <= 0 || (press && !area.contains(in_chart))) return QObject::eventFilter(watched, event);
    const double f = std::clamp((in_chart.x() - area.left()) / area.width(), 0.0, 1.0);
    emit scrubbed(x->min() + f * (x->max() - x->min()));
    return true;
}

}  // namespace inflight::ui
