#include "ui/controls/stop_slider.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOptionSlider>

namespace inflight::ui {

void StopSlider::setMarks(std::vector<int> positions) {
    if (positions == marks_) return;
    marks_ = std::move(positions);
    update();
}

int StopSlider::centreX(int position) const {
    QStyleOptionSlider opt;
    initStyleOption(&opt);
    const QRect groove = style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderGroove, this);
    const QRect handle = style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, this);
    const int span = groove.width() - handle.width();
    return groove.x() + handle.width() / 2 +
           QStyle::sliderPositionFromValue(minimum(), maximum(), position, span, opt.upsideDown);
}

void StopSlider::paintEvent(QPaintEvent* e) {
    QSlider::paintEvent(e);
    if (marks_.empty()) return;
    QPainter p(this);
    QColor c = palette().color(QPalette::WindowText);
    c.setAlphaF(0.7);
    p.setPen(QPen(c, 2, Qt::SolidLine, Qt::FlatCap));
    for (int m : marks_) {
        if (m < minimum() || m > maximum()) continue;
        const int x = centreX(m);
        p.drawLine(QPoint(x, height() - kTickPx), QPoint(x, height() - 1));
    }
}

}  // namespace inflight::ui
