#include "ui/shell/notice.h"

#include <QEvent>

namespace inflight::ui {

Notice::Notice(QWidget* window) : QLabel(window) {
    setObjectName(QStringLiteral("notice"));
    setWordWrap(true);
    setAlignment(Qt::AlignCenter);
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setStyleSheet(QStringLiteral("background: rgba(20, 20, 20, 225); color: white; border-radius: 6px; padding: 8px 16px;"));
    hide();
    hide_timer_.setSingleShot(true);
    connect(&hide_timer_, &QTimer::timeout, this, &QWidget::hide);
    window->installEventFilter(this);
}

void Notice::say(const QString& text, int ms) {
    setText(text);
    show();
    raise();
    place();
    hide_timer_.start(ms);
}

bool Notice::eventFilter(QObject* watched, QEvent* e) {
    if (watched == parentWidget() && isVisible() && (e->type() == QEvent::Resize || e->type() == QEvent::FontChange))
        place();
    return QLabel::eventFilter(watched, e);
}

void Notice::place() {
    const QRect room = parentWidget()->rect();
    const int most_px = room.width() * 4 / 5;
    // On one line where it fits (a wrapping label's own hint is narrower).
    setWordWrap(false);
    const int one_line_px = sizeHint().width();
    setWordWrap(true);
    const int width_px = std::min(most_px, one_line_px);
    const int height_px = heightForWidth(width_px) > 0 ? heightForWidth(width_px) : sizeHint().height();
    const int foot_gap_px = fontMetrics().height() * 2;
    setGeometry(room.center().x() - width_px / 2, room.bottom() - foot_gap_px - height_px, width_px, height_px);
}

}  // namespace inflight::ui
