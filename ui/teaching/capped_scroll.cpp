#include "ui/teaching/capped_scroll.h"

#include <algorithm>
#include <QEvent>
#include <QResizeEvent>
#include <QScrollBar>

namespace inflight::ui {

CappedScroll::CappedScroll(QWidget* content, int max_lines, double parent_share, QWidget* parent)
    : QScrollArea(parent), max_lines_(max_lines), parent_share_(parent_share) {
    setWidget(content);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    // A new text (or type size) in the content changes the height it asks.
    content->installEventFilter(this);
    // A taller parent gives it more room.
    if (parent) parent->installEventFilter(this);
}

int CappedScroll::capPx() const {
    const int lines = max_lines_ * fontMetrics().lineSpacing();
    const QWidget* p = parentWidget();
    return p ? std::max(lines, static_cast<int>(p->height() * parent_share_)) : lines;
}

int CappedScroll::shownHeight() const {
    const QWidget* c = widget();
    if (!c) return 0;
    const int width = std::max(1, viewport()->width());
    const int need = c->hasHeightForWidth() ? c->heightForWidth(width) : c->sizeHint().height();
    return std::min(need, capPx()) + 2 * frameWidth();
}

QSize CappedScroll::sizeHint() const { return {QScrollArea::sizeHint().width(), shownHeight()}; }

QSize CappedScroll::minimumSizeHint() const {
    return {QScrollArea::minimumSizeHint().width(), shownHeight()};
}

void CappedScroll::resizeEvent(QResizeEvent* e) {
    QScrollArea::resizeEvent(e);
    // Narrower, the text wraps to more lines (wider, fewer).
    if (e->oldSize().width() != e->size().width()) updateGeometry();
}

bool CappedScroll::eventFilter(QObject* watched, QEvent* e) {
    if (watched == widget() && (e->type() == QEvent::LayoutRequest || e->type() == QEvent::FontChange))
        updateGeometry();
    else if (watched == parentWidget() && e->type() == QEvent::Resize &&
             static_cast<QResizeEvent*>(e)->oldSize().height() != static_cast<QResizeEvent*>(e)->size().height())
        updateGeometry();
    return QScrollArea::eventFilter(watched, e);
}

}  // namespace inflight::ui
