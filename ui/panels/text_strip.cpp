#include "ui/panels/text_strip.h"

#include <QEvent>
#include <QPainter>
#include <QTextLayout>

namespace inflight::ui {

TextStrip::TextStrip(int lines, QWidget* parent)
    : QWidget(parent), lines_(std::max(1, lines)), shown_lines_(lines_) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    fixHeight();
}

void TextStrip::fixHeight() {
    if (adaptive_) shown_lines_ = neededLines(width());
    else shown_lines_ = lines_;
    const int h = fontMetrics().lineSpacing() * shown_lines_ + 2;
    if (h != height() || minimumHeight() != h) setFixedHeight(h);
}

void TextStrip::setLines(int lines) {
    lines = std::max(1, lines);
    if (lines == lines_) return;
    lines_ = lines;
    fixHeight();
    update();
}

void TextStrip::setAdaptive(bool on) {
    adaptive_ = on;
    fixHeight();
}

int TextStrip::neededLines(int w) const {
    if (text_.isEmpty() || w <= 0) return 1;
    QTextLayout layout(text_, font());
    layout.beginLayout();
    int n = 0;
    while (n < lines_) {
        QTextLine line = layout.createLine();
        if (!line.isValid()) break;
        line.setLineWidth(w);
        ++n;
    }
    layout.endLayout();
    return std::max(1, n);
}

void TextStrip::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    if (adaptive_) fixHeight();
}

void TextStrip::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) fixHeight();
    QWidget::changeEvent(e);
}

void TextStrip::setText(const QString& text) {
    if (text == text_) return;
    text_ = text;
    setAccessibleName(text);
    if (adaptive_) fixHeight();
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

bool TextStrip::fitsWidth(int w) const {
    if (text_.isEmpty()) return true;
    const QFontMetrics fm = fontMetrics();
    QTextLayout layout(text_, font());
    layout.beginLayout();
    bool fits = true;
    for (int i = 0; i < lines_; ++i) {
        QTextLine line = layout.createLine();
        if (!line.isValid()) break;
        line.setLineWidth(w);
        if (i == lines_ - 1 && fm.horizontalAdvance(text_.mid(line.textStart())) > w) fits = false;
        if (line.naturalTextWidth() > w + 0.5) fits = false;  // one word wider than the strip
    }
    layout.endLayout();
    return fits;
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
