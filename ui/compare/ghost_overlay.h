// The pinned run (A) drawn faded on every panel of the dashboard, under
// whatever runs now (B): its cwnd on the window panel, its smoothed RTT on
// the RTT panel, its delivery rate and steady-state throughput on the hero
// panel's trace. Lighter colours, dashed where a line is smooth enough for
// dashes to read. The series join each chart's own axes; after each frame
// the axes grow, if needed, so the ghost is never cut off.
#pragma once

#include <QObject>

#include "session/run_snapshot.h"

class QChart;
class QLineSeries;

namespace inflight::ui {

class Dashboard;
class WindowChart;

class GhostOverlay : public QObject {
    Q_OBJECT
public:
    explicit GhostOverlay(Dashboard* dashboard);
    ~GhostOverlay() override;

    // A finished run to draw faded, or null to remove it.
    void setGhost(SnapshotPtr ghost);
    SnapshotPtr ghost() const { return ghost_; }
    void restyle();

    // The ghost's series (null while nothing is pinned), for tests.
    QLineSeries* windowSeries() const { return cwnd_; }
    QLineSeries* rttSeries() const { return srtt_; }
    QLineSeries* rateSeries() const { return rate_; }
    QLineSeries* throughputSeries() const { return throughput_; }

private:
    void drawWindow();
    void drawRttAndRate();
    QLineSeries* addSeries(QChart* chart, const QString& name);
    void removeSeries(QLineSeries*& s);

    Dashboard* dashboard_;
    WindowChart* window_chart_;
    QChart* window_;
    QChart* rtt_;
    QChart* hero_;
    SnapshotPtr ghost_;
    QLineSeries* cwnd_ = nullptr;
    QLineSeries* srtt_ = nullptr;
    QLineSeries* rate_ = nullptr;
    QLineSeries* throughput_ = nullptr;
};

}  // namespace inflight::ui
