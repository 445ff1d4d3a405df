// A label for text that changes many times a second (the hero number, the
// streaming status, the counters). Unlike QLabel, setText() never asks the
// window to lay itself out again: the strip reserves `lines` lines of its
// font up front, wraps or elides inside them, and only repaints. A QLabel
// here cost a whole-window layout pass on every frame.
#pragma once

#include <QWidget>

namespace inflight::ui {

class TextStrip : public QWidget {
    Q_OBJECT
public:
    explicit TextStrip(int lines = 1, QWidget* parent = nullptr);

    void setText(const QString& text);
    QString text() const { return text_; }
    // Dims the text (a stale result while a new run streams in).
    void setDimmed(bool dimmed);
    void setColor(const QColor& c);  // overrides the palette text colour
    // Adaptive: the strip is as high as its text needs, up to `lines` lines
    // (its height changes only when the count of lines does, never per
    // character). Off by default: always `lines` lines high.
    void setAdaptive(bool on);
    // The most lines the text may take (the `lines` it was made with).
    void setLines(int lines);
    int lines() const { return lines_; }

    // Whether the whole text fits its reserved lines at the current width
    // (false: the last line is drawn elided).
    bool fits() const { return fitsWidth(width()); }
    bool fitsWidth(int width) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void fixHeight();

    int neededLines(int width) const;

    int lines_;
    int shown_lines_;
    bool adaptive_ = false;
    QString text_;
    bool dimmed_ = false;
    QColor color_;
};

}  // namespace inflight::ui
