// A short note drawn inside a chart's plot area, at its top left, on a
// backing of the chart's background colour: "window ≈ 44 pkts, 6.6 % of the
// pipe · Ctrl+F zooms". A chart title would keep a line of height reserved
// for it in every run (and cut it short when narrow); the note takes no
// height of its own and wraps to the plot's width. When the wrapped note
// would cover more than half the plot it is not drawn and the chart view's
// tooltip carries it instead, so it is never cut.
#pragma once

#include <QObject>
#include <QRectF>
#include <QString>

class QChart;
class QChartView;
class QGraphicsRectItem;
class QGraphicsTextItem;

namespace inflight::ui {

class PlotNote : public QObject {
    Q_OBJECT
public:
    explicit PlotNote(QChartView* view);

    void setText(const QString& text);
    QString text() const { return text_; }
    // Whether the note is drawn in the plot (false: empty, or in the tooltip).
    bool drawn() const;
    // Where it is drawn, in the chart's scene (empty when it is not).
    QRectF sceneRect() const;
    // After a palette or font change.
    void restyle();
    // Width kept clear at the plot's top right (an overlay's tag there): the
    // note wraps before it.
    void setRightReserve(double px);

private:
    void place();

    QChartView* view_;
    QGraphicsRectItem* backing_;
    QGraphicsTextItem* item_;
    QString text_;
    double right_reserve_px_ = 0;
};

}  // namespace inflight::ui
