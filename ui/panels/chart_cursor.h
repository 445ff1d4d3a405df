// The playhead's cursor on one chart: a vertical line at a time t, drawn
// over the plot area, and mouse scrubbing: a click or drag on the plot
// reports the time under the pointer. With several flows, a dot on each
// flow's line (series tagged by tag_flow_series, pings' dots excepted) at
// the cursor's time, in the flow's colour: where each flow is at that moment.
#pragma once

#include <QObject>
#include <QPointF>
#include <QPointer>
#include <vector>

class QChartView;
class QGraphicsEllipseItem;
class QGraphicsLineItem;
class QXYSeries;

namespace inflight::ui {

struct ChartStyle;

class ChartCursor : public QObject {
    Q_OBJECT
public:
    explicit ChartCursor(QChartView* view);

    void setTime(double t_s);
    void hide();
    void restyle(const ChartStyle& style);
    bool isShown() const;
    double time() const { return t_s_; }
    // The x position (chart scene coordinates) of the line, for tests.
    double lineX() const;
    // The flow markers shown now: each one's series and its point (chart
    // coordinates: time, value), for tests.
    struct Marker {
        QXYSeries* series;
        QPointF value;
    };
    std::vector<Marker> markers() const;

signals:
    void scrubbed(double t_s);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void place();
    void placeMarkers();

    QChartView* view_;
    QGraphicsLineItem* line_;
    struct Dot {
        QPointer<QXYSeries> series;
        QGraphicsEllipseItem* item;
        QPointF value;
    };
    std::vector<Dot> dots_;
    std::vector<QPointer<QXYSeries>> watched_;  // series whose replace() moves the dots
    double t_s_ = 0;
    bool shown_ = false;
};

}  // namespace inflight::ui
