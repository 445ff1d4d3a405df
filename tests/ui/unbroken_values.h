// Where Qt's line breaker may part a value that must stay whole on one
// line: a number and its unit ("215 ms", "6.5 Mbit/s", "0.066 %"), or a
// count after its name ("RTOs 0", "tail 2,738"). Read from a label's text
// as Qt lays it out: rich text as its document holds it.
#pragma once

#include <QLabel>
#include <QRegularExpression>
#include <QStringList>
#include <QTextBoundaryFinder>
#include <QTextDocument>

namespace inflight::ui::test {

// The text as a reader sees it: no-break spaces as spaces, word joiners
// (drawn as nothing) gone.
inline QString as_read(QString text) {
    return text.replace(QChar(0x00A0), QLatin1Char(' ')).remove(QChar(0x2060));
}

inline QString shown_text(const QLabel* l) {
    if (l->textFormat() != Qt::RichText && !Qt::mightBeRichText(l->text())) return l->text();
    QTextDocument d;
    d.setHtml(l->text());
    return d.toRawText();
}

// Each value in `text` that a line may break inside, as “value” at offset;
// `values` (if given) counts the values found.
inline QStringList parted_values(const QString& text, int* values = nullptr) {
    // A unit after a number, or a count after its name; the space and the
    // slash as plain text or kept whole (no-break space, word joiner).
    static const QRegularExpression unit_after(QStringLiteral(
        "(?<![\\p{L}\\p{N}_.,])(\\d+(?:[.,]\\d+)*)()[ \\x{00A0}]"
        "([kMG]?bit/\\x{2060}?s|ms|µs|s|[KMG]i?B|B|packets|BDP|%)(?![\\p{L}\\p{N}_])"));
    static const QRegularExpression count_after(QStringLiteral(
        "(?<![\\p{L}])(congestion[ \\x{00A0}]events|tail|AQM|link[ \\x{00A0}]loss|ECN[ \\x{00A0}]marks|retransmits|RTOs)"
        "()[ \\x{00A0}](\\d+(?:,\\d+)*)(?![\\p{N}])"));
    QStringList parted;
    QTextBoundaryFinder lines(QTextBoundaryFinder::Line, text);
    for (const QRegularExpression* re : {&unit_after, &count_after})
        for (auto it = re->globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            if (values) ++*values;
            // From the first part's end to the value's end: no break.
            for (qsizetype p = m.capturedEnd(1); p < m.capturedEnd(); ++p) {
                lines.setPosition(p);
                if (lines.isAtBoundary()) {
                    parted << QStringLiteral("“%1” at %2").arg(m.captured()).arg(p - m.capturedStart());
                    break;
                }
            }
        }
    return parted;
}

}  // namespace inflight::ui::test
