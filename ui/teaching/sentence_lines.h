// Where the sentences of a wrapped paragraph begin, as lines: the top (in
// pixels from the paragraph's top) of each line whose first word starts a
// sentence. The paragraph is laid out as a word-wrapped plain-text QLabel
// draws it (QTextLayout at the label's width, lines a font's line spacing
// apart), so a scroll that stops at one of these tops shows a whole line
// that begins a sentence, never the foot of a line or half a sentence.
#pragma once

#include <QFont>
#include <QString>
#include <vector>

namespace inflight::ui {

// A sentence begins at the text's start and after ". ", "! ", "? " or ": ".
std::vector<int> sentence_line_tops(const QString& text, const QFont& font, int width_px);

}  // namespace inflight::ui
