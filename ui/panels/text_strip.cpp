#include "panels/text_strip.h"

#include <QEvent>
#include <QPainter>
#include <QTextLayout>

namespace inflight::ui {

TextStrip::TextStrip(int lines, QWidget* parent) : QWidget(parent), lines_(std::max(1, lines)) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    fixHeight();
}

void TextStrip::fixHeight() { setFixedHeight(fontMetrics().lineSpacing() * lines_ + 2); }

void TextStrip::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) fixHeight();
    QWidget::changeEvent(e);
}

void TextStrip::setText(const QString& text) {
    if (text == text_) return;
    text_ = text;
    setAccessibleName(text);
    update();
}

void TextStrip::setDimmed(bool dimmed) {
    if (dimmed == dimmed_) return;
    dimmed_ = dimmed;
    update();
}

void TextStrip::setColor(const QColor& c) {
    color_ = c;
    update();
}

QSize TextStrip::sizeHint() const { return {fontMetrics().averageCharWidth() * 30, height()}; }
QSize TextStrip::minimumSizeHint() const { return {0, height()}; }

void TextStrip::paintEvent(QPaintEvent*) {
    QPainter p(this);
    QColor c = color_.isValid() ? color_ : palette().color(QPalette::WindowText);
    if (dimmed_) c = palette().color(QPalette::PlaceholderText);
    p.setPen(c);
    p.setFont(font());
    // Wrap at word boundaries into the reserved lines; elide the last one.
    const QFontMetrics fm = fontMetrics();
    QTextLayout layout(text_, font());
    layout.beginLayout();
    int y = 0;
    for (int i = 0; i < lines_; ++i) {
        QTextLine line = layout.createLine();
        if (!line.isValid()) break;
        line.setLineWidth(width());
        const bool last = i == lines_ - 1;
        const QString rest = text_.mid(line.textStart());
        if (last && fm.horizontalAdvance(rest) > width()) {
            p.drawText(QPoint(0, y + fm.ascent()), fm.elidedText(rest, Qt::ElideRight, width()));
            break;
        }
        p.drawText(QPoint(0, y + fm.ascent()), text_.mid(line.textStart(), line.textLength()));
        y += fm.lineSpacing();
    }
    layout.endLayout();
}

}  // namespace inflight::ui
