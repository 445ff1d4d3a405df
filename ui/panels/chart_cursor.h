// The playhead's cursor on one chart: a vertical line at a time t, drawn
// over the plot area, and mouse scrubbing: a click or drag on the plot
// reports the time under the pointer.
#pragma once

#include <QObject>

class QChartView;
class QGraphicsLineItem;

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

signals:
    void scrubbed(double t_s);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void place();

    QChartView* view_;
    QGraphicsLineItem* line_;
    double t_s_ = 0;
    bool shown_ = false;
};

}  // namespace inflight::ui
