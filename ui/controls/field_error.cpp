#include "ui/controls/field_error.h"

#include <QEvent>

namespace inflight::ui {

namespace {
constexpr int kBorderPx = 1;
constexpr int kPadXPx = 3;
constexpr int kPadYPx = 1;
}  // namespace

FieldError::FieldError(QWidget* parent) : QLabel(parent) {
    setObjectName("error");
    setWordWrap(false);
    setTextFormat(Qt::PlainText);
    // As wide as the control, never widening the column.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    // Dark red on pale red in every look: its own background keeps the
    // contrast on the dark theme too.
    setStyleSheet(QStringLiteral("color: #b0201d; background: #fff4f4; border: %1px solid #d0312d; padding: %2px %3px;")
                      .arg(kBorderPx)
                      .arg(kPadYPx)
                      .arg(kPadXPx));
}

void FieldError::setForms(QStringList forms) {
    forms_ = std::move(forms);
    setToolTip(message());
    setAccessibleName(message());
    fit();
}

QSize FieldError::sizeHint() const {
    // No width of its own: it takes the control's (the forms fit it).
    return {0, fontMetrics().height() + 2 * (kBorderPx + kPadYPx)};
}

QSize FieldError::minimumSizeHint() const { return {0, sizeHint().height()}; }

int FieldError::textRoom() const { return width() - 2 * (kBorderPx + kPadXPx) - 1; }

void FieldError::fit() {
    QString shown;
    for (const QString& f : forms_) {
        shown = f;
        if (fontMetrics().horizontalAdvance(f) <= textRoom()) break;
    }
    if (fontMetrics().horizontalAdvance(shown) > textRoom())
        shown = fontMetrics().elidedText(shown, Qt::ElideRight, std::max(0, textRoom()));
    if (shown != text()) setText(shown);
}

void FieldError::resizeEvent(QResizeEvent* e) {
    QLabel::resizeEvent(e);
    fit();
}

void FieldError::changeEvent(QEvent* e) {
    QLabel::changeEvent(e);
    if (e->type() == QEvent::FontChange || e->type() == QEvent::StyleChange) {
        updateGeometry();
        fit();
    }
}

}  // namespace inflight::ui
