// A scroll area as high as its content, up to `max_lines` lines of its
// font or `parent_share` of its parent's height, whichever is more;
// content taller than that scrolls inside it. For a text that must stay in
// view (the guide's Check line) yet can never make the window taller,
// however long it grows.
#pragma once

#include <QScrollArea>

namespace inflight::ui {

class CappedScroll : public QScrollArea {
public:
    CappedScroll(QWidget* content, int max_lines, double parent_share, QWidget* parent);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The most it asks for.
    int capPx() const;

protected:
    void resizeEvent(QResizeEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    // The content's height at the viewport's width, at most capPx().
    int shownHeight() const;

    int max_lines_;
    double parent_share_;
};

}  // namespace inflight::ui
