#include "ui/teaching/sentence_lines.h"

#include <QFontMetricsF>
#include <QTextLayout>
#include <QTextOption>
#include <cmath>

namespace inflight::ui {
namespace {

bool starts_sentence(const QString& text, int at) {
    int i = at - 1;
    if (i < 0) return true;
    if (!text[i].isSpace()) return false;  // a word broken across lines
    while (i >= 0 && text[i].isSpace()) --i;
    return i >= 0 && QStringView(u".!?:").contains(text[i]);
}

}  // namespace

std::vector<int> sentence_line_tops(const QString& text, const QFont& font, int width_px) {
    std::vector<int> tops;
    if (text.isEmpty() || width_px <= 0) return tops;
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WordWrap);
    layout.setTextOption(option);
    const qreal leading = QFontMetricsF(font).leading();
    qreal y = 0;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width_px);
        line.setPosition(QPointF(0, y));
        if (starts_sentence(text, line.textStart())) tops.push_back(static_cast<int>(std::floor(y)));
        y += line.height() + leading;
    }
    layout.endLayout();
    return tops;
}

}  // namespace inflight::ui
