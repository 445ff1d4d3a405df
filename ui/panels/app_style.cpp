#include "ui/panels/app_style.h"

#include <QPainter>
#include <QPainterPath>
#include <QStyleFactory>
#include <QStyleOption>

namespace inflight::ui {

QColor indicator_edge_color(const QPalette& palette) {
    const QColor a = palette.color(QPalette::Window), b = palette.color(QPalette::WindowText);
    return QColor((a.red() + b.red()) / 2, (a.green() + b.green()) / 2, (a.blue() + b.blue()) / 2);
}

AppStyle::AppStyle() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))) {}

void AppStyle::drawPrimitive(PrimitiveElement pe, const QStyleOption* opt, QPainter* p, const QWidget* w) const {
    QProxyStyle::drawPrimitive(pe, opt, p, w);
    const bool check = pe == PE_IndicatorCheckBox, radio = pe == PE_IndicatorRadioButton;
    if (!(check || radio) || !opt) return;
    if ((opt->state & State_HasFocus) && (opt->state & State_KeyboardFocusChange)) return;  // Fusion's highlight
    // Fusion's own outline, same geometry (qfusionstyle.cpp): a 1 px
    // rectangle on the half pixel, or the circle about the centre.
    p->save();
    p->setRenderHint(QPainter::Antialiasing, true);
    p->setBrush(Qt::NoBrush);
    p->setPen(QPen(indicator_edge_color(opt->palette), 1));
    if (check) {
        p->translate(0.5, 0.5);
        p->drawRect(QRectF(opt->rect.adjusted(0, 0, -1, -1)));
    } else {
        const QPointF centre = opt->rect.center() + QPoint(1, 1);
        const qreal radius = (opt->rect.width() + (opt->rect.width() + 1) % 2) / 2.0 - 1;
        p->drawEllipse(centre, radius, radius);
    }
    p->restore();
}

}  // namespace inflight::ui
