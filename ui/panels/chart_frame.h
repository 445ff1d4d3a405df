// The frame panels 1 and 2 are drawn in: a chart view filling the widget
// (chart_style.h's make_chart_view), time in seconds along the bottom, one
// value axis on the left, and series that join both axes in the order they
// are added (the order they are drawn in).
#pragma once

#include <QWidget>
#include <initializer_list>

class QAbstractSeries;
class QAreaSeries;
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;

namespace inflight::ui {

class ChartKey;

class ChartFrame : public QWidget {
    Q_OBJECT
public:
    QChartView* view() const { return view_; }
    // At least as wide as its value axis needs to be drawn whole (least_width_px).
    QSize minimumSizeHint() const override;
    // The least width at which Qt Charts draws the value axis's labels and
    // title unsqueezed: it gives the vertical axes at most 40% of the chart's
    // width (its layout's maxAxisPortion) and squeezes them past it, eliding
    // the labels ("15…" for 1500). The axis needs its widest label of the
    // range in force, its title's line and the gaps between them.
    int least_width_px() const;
    // The key under the chart (Qt Charts' own legend is hidden).
    ChartKey* key() const { return key_; }

protected:
    ChartFrame(const QString& y_title, QWidget* parent);

    QChart* chart() const;
    QValueAxis* xAxis() const { return x_; }
    QValueAxis* yAxis() const { return y_; }
    // A line of the chart named `name` in the legend (not yet added).
    QLineSeries* line(const QString& name = {}) const;
    // The band between `lower` and `upper`, named `name` (not yet added).
    QAreaSeries* band(QLineSeries* upper, QLineSeries* lower, const QString& name) const;
    // Adds `series` to the chart, drawn in this order, on both axes.
    void addSeries(std::initializer_list<QAbstractSeries*> series);
    // Takes `series` off the chart and deletes it (per-flow series, made
    // while several flows are shown).
    void dropSeries(QAbstractSeries* series);
    // Columns for series drawn one value per pixel (at least 100).
    int columns() const;
    // Columns for `lines` lines drawn together: one per pixel for up to four,
    // then one per 2 px (up to eight) or 3 px, so sixteen flows' lines cost
    // what five did: each column still keeps its min and max, so peaks and
    // notches survive, 2–3 px coarser where a dozen lines cross anyway.
    int columnsFor(int lines) const;

private:
    QChartView* view_;
    ChartKey* key_;
    QValueAxis* x_;
    QValueAxis* y_;
};

}  // namespace inflight::ui
