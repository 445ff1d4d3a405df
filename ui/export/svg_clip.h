// Chart plot areas clipped in SVG. Qt 6.4's QSvgGenerator ignores the
// painter's clip, so a chart's lines are written whole: a cwnd spike above
// the axis's top runs over the panel's title. SvgPlotClips marks, in each
// chart's own stacking order, where its series begin and end being painted
// (two invisible marker items around them), and afterwards turns each pair
// of marks into a group clipped to that chart's plot area. Axes, legend and
// everything else stay unclipped.
#pragma once

#include <QByteArray>
#include <QRectF>
#include <vector>

class QGraphicsItem;
class QWidget;

namespace inflight::ui {

class SvgPlotClips {
public:
    // Marks every visible chart under (or being) `root`; plot areas are
    // taken in root's coordinates, the coordinates `root->render()` paints in.
    explicit SvgPlotClips(QWidget* root);
    ~SvgPlotClips();  // removes the marks
    SvgPlotClips(const SvgPlotClips&) = delete;
    SvgPlotClips& operator=(const SvgPlotClips&) = delete;

    // How many charts were marked.
    int charts() const { return static_cast<int>(plots_.size()); }
    // The SVG root->render() painted, with each marked chart's series in a
    // <g clip-path> of its plot area (<clipPath> in <defs>), the marks
    // removed, and the header declaring SVG 1.1 (clip paths are not in
    // SVG Tiny 1.2, which QSvgGenerator declares).
    QByteArray apply(const QByteArray& svg) const;

private:
    std::vector<QGraphicsItem*> marks_;  // owned by their charts until removed here
    std::vector<QRectF> plots_;
};

// The marker text of chart `index` (begin or end), as it appears in the
// painted SVG before apply(); for tests.
QByteArray svg_plot_mark(int index, bool begin);

}  // namespace inflight::ui
