// A short note drawn inside a chart's plot area, at its top left, on a
// backing of the chart's background colour: "window ≈ 44 pkts, 6.6 % of the
// pipe · Ctrl+F zooms". A chart title would keep a line of height reserved
// for it in every run (and cut it short when narrow); the note takes no
// height of its own and wraps to the plot's width. When the wrapped note
// would cover more than half the plot its shorter form is drawn, if it has
// one that fits, else nothing; the chart view's tooltip then carries it
// whole, so it is never cut.
#pragma once

#include <QObject>
#include <QRectF>
#include <QString>

class QChart;
class QChartView;
class QGraphicsRectItem;
class QGraphicsTextItem;

namespace inflight::ui {

// A plot zoomed to its steady state (Ctrl+F) has its axis top this much
// above the largest value it zooms to, and its note keeps to that headroom
// (PlotNote::setMostOfPlot(kZoomedNoteShare)): the note never lies over
// the data the zoom is for (presenting at 720 px, three lines of it lay over
// the very RTTs).
inline constexpr double kZoomHeadroom = 1.3;
inline constexpr double kZoomedNoteShare = 1 - 1 / kZoomHeadroom;

// A note and its shorter form (PlotNote::setText).
struct NoteText {
    QString whole, shorter;
};
// The note of a plot zoomed to its steady state (Ctrl+F) that leaves the
// run's peak, `peak` with its unit ("669 pkts", "150 ms"), above it.
NoteText zoomed_peak_note(const QString& peak);

class PlotNote : public QObject {
    Q_OBJECT
public:
    explicit PlotNote(QChartView* view);

    // `shorter`, if given, is drawn where `text` would cover too much of
    // the plot (a presentation's short plot): the figure without the
    // advice. The tooltip carries `text` whenever it is not drawn whole.
    void setText(const QString& text, const QString& shorter = QString());
    void setText(const NoteText& t) { setText(t.whole, t.shorter); }
    QString text() const { return text_; }
    // What is drawn: text(), its shorter form, or empty.
    QString drawnText() const;
    // Whether the note is drawn in the plot (false: empty, or in the tooltip).
    bool drawn() const;
    // Where it is drawn, in the chart's scene (empty when it is not).
    QRectF sceneRect() const;
    // After a palette or font change.
    void restyle();
    // Width kept clear at the plot's top right (an overlay's tag there): the
    // note wraps before it.
    void setRightReserve(double px);
    // The share of the plot's height the note may cover (kMostOfPlot by
    // default): less where it lies over the data it speaks of.
    static constexpr double kMostOfPlot = 0.5;
    void setMostOfPlot(double share);

private:
    void place();

    QChartView* view_;
    QGraphicsRectItem* backing_;
    QGraphicsTextItem* item_;
    QString text_;
    QString shorter_;
    double right_reserve_px_ = 0;
    double most_of_plot_ = kMostOfPlot;
};

}  // namespace inflight::ui
