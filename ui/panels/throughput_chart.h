// Throughput over time, one stacked area per TCP flow in its colour, with
// the link rate as a dashed line (it replaces the single delivery-rate
// trace when a run has several flows).
//
// What is stacked: each flow's delivered packets per chart column
// (flow_throughput.h). Unlike the delivery-rate samples (each a rate over
// its own, overlapping, interval) these are counts over one shared
// interval, so the areas add up: the top edge is the aggregate delivered
// in that column, at most the link rate (up to a packet per flow at the
// column's edges, and a shift of each flow's ACKs by its own RTT). Each
// column is drawn as a step over its time span.
//
// Other lines may be drawn over the areas (the ghost of a pinned run):
// addOverlay() keeps them above the areas however many flows come, in the
// chart's axes, each over a halo in the plot's background (a wider line
// that follows its points and width) so a faded line reads even over an
// area of its own colour; growTo() widens the axes to hold them.
#pragma once

#include <QPointer>
#include <QWidget>
#include <algorithm>
#include <vector>

#include "ui/panels/chart_style.h"
#include "model/core/result.h"

class QAreaSeries;
class QChartView;
class QLineSeries;
class QValueAxis;

namespace inflight::ui {

class ChartKey;

class ThroughputChart : public QWidget {
    Q_OBJECT
public:
    explicit ThroughputChart(QWidget* parent = nullptr);

    // The run so far (or finished): its flows' traces.
    void setRun(const RunResult& r);
    void restyle(const ChartStyle& style);

    QChartView* view() const { return view_; }
    // The stacked flows, bottom first (indices into the scenario's flows),
    // and their areas in the same order (the pool may hold more, hidden).
    const std::vector<int>& stackedFlows() const { return flows_; }
    std::vector<QAreaSeries*> areas() const {
        return {areas_.begin(), areas_.begin() + static_cast<std::ptrdiff_t>(std::min(areas_.size(), flows_.size()))};
    }
    QLineSeries* link() const { return link_; }
    double rateAxisTop() const;
    // Bits per second of the y axis's unit (1e6 for Mbit/s, 1e9 for Gbit/s).
    double axisUnitBps() const { return unit_bps_; }

    // The most columns a run is drawn in: one per kColumnPx of the plot
    // (at least kLeastColumns). Each area's edge is drawn in the plot's
    // background to part neighbours of like colour; at one column per pixel
    // those edges' steps covered the plot (ten streams' bands washed out
    // to streaks), and the flows' rates read through the noise of a few
    // RTTs per column.
    static constexpr int kColumnPx = 4, kLeastColumns = 30;
    int maxColumns() const;
    // The columns the run on screen was drawn in (0 before the first).
    int drawnColumns() const { return drawn_columns_; }

signals:
    // The plot has widened or narrowed since the run on screen was drawn:
    // its columns no longer fit the plot, so the run wants drawing
    // again (back from presenting, the run kept the narrower plot's
    // columns until something else redrew it).
    void columnsChanged();

public:

    // A line over the areas, on the chart's axes (the caller keeps it and
    // its points, in axisUnitBps(); removeOverlay() gives it back).
    void addOverlay(QLineSeries* s);
    void removeOverlay(QLineSeries* s);
    // Widens the axes, if needed, to hold [0, duration_s] × [0, top_in_unit]
    // (never narrows them; the next setRun() fits them to that run again).
    void growTo(double duration_s, double top_in_unit);

private:
    void ensureAreas(const std::vector<int>& flows);
    struct Overlay {
        QPointer<QLineSeries> line;  // not owned
        QLineSeries* halo;           // owned (by the chart once added)
    };
    void attachOnTop(const Overlay& o);
    void styleHalo(const Overlay& o);

    QChartView* view_;
    ChartKey* key_;
    QValueAxis* x_;
    QValueAxis* y_;
    QLineSeries* link_;
    std::vector<int> flows_;
    std::vector<QAreaSeries*> areas_;
    std::vector<QLineSeries*> edges_;  // the upper edge of each area (the lower is the one below's)
    QLineSeries* floor_;               // zero, under the first area
    std::vector<Overlay> overlays_;    // over the areas
    double unit_bps_ = 1e6;
    int drawn_columns_ = 0;
    ChartStyle style_;
};

}  // namespace inflight::ui
