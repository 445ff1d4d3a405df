#include "panels/chart_cursor.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsLineItem>
#include <QMouseEvent>
#include <QValueAxis>
#include <algorithm>

#include "panels/chart_style.h"

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
}

bool ChartCursor::isShown() const { return shown_; }

double ChartCursor::lineX() const { return line_->line().x1(); }

void ChartCursor::place() {
    QChart* chart = view_->chart();
    QValueAxis* x = x_axis(chart);
    if (!shown_ || !x || x->max() <= x->min()) {
        line_->setVisible(false);
        return;
    }
    const QRectF area = chart->plotArea();
    const double f = (t_s_ - x->min()) / (x->max() - x->min());
    const double px = area.left() + std::clamp(f, 0.0, 1.0) * area.width();
    line_->setLine(px, area.top(), px, area.bottom());
    line_->setVisible(true);
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
