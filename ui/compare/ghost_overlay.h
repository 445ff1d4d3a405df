// The pinned run (A) drawn faded on every panel of the dashboard, under
// whatever runs now (B): its cwnd on the window panel, its smoothed RTT on
// the RTT panel, its delivery rate and steady-state throughput on the hero
// panel's trace, and for a run of one flow its advertised window (rwnd)
// on the window panel, dotted, by the panel's own rule (never widening the
// axis, hidden when above it throughout). Lighter colours, dashed where a
// line is smooth enough for dashes to read. The series join each chart's
// own axes; after each frame the axes grow, if needed, so the ghost is
// never cut off (the advertised window aside, as above).
// The same machinery draws the kernel run in a
// second overlay with its own style: one distinct colour on every panel,
// dash-dot, labelled "Linux 6.18.44 — measured", and a run that may still be
// streaming (its lines end where the measurement has got to); and an opened
// capture's measured stream in a third, labelled with its file name.
// A run of several flows is drawn as the aggregate and each flow:
// the total in flight on the window panel (as the panel's own total) with
// each TCP flow's cwnd, each TCP
// flow's smoothed RTT on the RTT panel (the aggregate's there is only the
// shortest flow's), and each flow's steady throughput beside the aggregate's
// on the hero panel — in the flows' own colours, faded and dashed like the
// rest of the ghost. One legend entry per group ("A cwnd, each flow"), so
// the legends stay short with many flows. A request/response flow's
// transactions are hollow diamonds on the RTT panel, beside the model's
// filled ones.
// When the run now shown has several flows, the delivery-rate chart gives
// its box to the throughput-per-flow chart (ThroughputChart): there the
// ghost is its aggregate throughput over time and each TCP flow's, counted
// the same way as that chart's areas (flow_throughput.h) and drawn in the
// chart's unit over the areas. Both charts always carry the ghost, so it
// shows on whichever is on screen.
#pragma once

#include <QColor>
#include <QObject>
#include <QPen>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <functional>
#include <vector>

#include "ui/session/run_snapshot.h"

class QAbstractSeries;
class QChart;
class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QScatterSeries;

namespace inflight::ui {

class Dashboard;
class ThroughputChart;
class WindowChart;

// How an overlay looks: the legend's prefix ("A cwnd"), and either the
// panels' own colours faded (the ghost) or one colour for every line.
struct OverlayStyle {
    QString label;              // "A", "Linux 6.18.44 — measured"
    QColor color;               // invalid: each panel's own colour, faded
    Qt::PenStyle dash = Qt::DashLine;
    double width = 2;
    // The label written on each chart, in the overlay's colour at the plot
    // area's top right, after a stroke in the overlay's line style: the
    // tag is the overlay's key on that chart (the chart's own key lists
    // none of its lines; the tag's tooltip names each). Listed there, a
    // run of several flows added up to seven lines to the RTT chart's key
    // and the panels outgrew a 1280×720 screen.
    bool tagged = false;
    // The window panel's line is the run's bytes in flight (each bucket's
    // most), not its cwnd: a capture's, where cwnd is not on the wire.
    bool in_flight = false;
};

// The ghost's look (A, faded, dashed) and the kernel run's (one strong
// colour that no panel uses, dash-dot, a little wider); a capture's as the
// kernel's in another colour no panel uses (brown), dash-dot-dot, its
// window line the bytes in flight.
OverlayStyle ghost_style();
OverlayStyle kernel_style(const QString& label);
OverlayStyle capture_style(const QString& label);

class GhostOverlay : public QObject {
    Q_OBJECT
public:
    explicit GhostOverlay(Dashboard* dashboard, OverlayStyle style = ghost_style());
    ~GhostOverlay() override;

    // A run to draw, or null to remove it. A run still streaming is drawn as
    // far as it has got (its steady throughput once it is done).
    void setGhost(SnapshotPtr ghost);
    SnapshotPtr ghost() const { return ghost_; }
    // A new look or label (the series are renamed, not rebuilt).
    void setStyle(const OverlayStyle& style);
    const OverlayStyle& style() const { return style_; }
    void restyle();

    // The ghost's series (null while nothing is pinned), for tests.
    QLineSeries* windowSeries() const { return cwnd_; }
    QLineSeries* rwndSeries() const { return rwnd_; }  // one flow: the advertised window
    QLineSeries* rttSeries() const { return srtt_; }
    QLineSeries* rateSeries() const { return rate_; }
    QLineSeries* throughputSeries() const { return throughput_; }
    // The aggregate throughput over time on the throughput-per-flow chart.
    QLineSeries* totalOverTimeSeries() const { return total_over_time_; }
    // Several flows: one series per flow (flow order; pings have none on the
    // window and RTT panels), empty otherwise.
    struct FlowGhost {
        int index;                       // as in Scenario::flows
        QLineSeries* cwnd = nullptr;     // TCP flows
        QLineSeries* srtt = nullptr;     // TCP flows
        QLineSeries* throughput = nullptr;
        QLineSeries* over_time = nullptr;  // TCP flows: on the throughput-per-flow chart
    };
    const std::vector<FlowGhost>& flowSeries() const { return flows_; }
    // Each request/response flow's transactions on the RTT panel, as
    // hollow diamonds in the overlay's colour (flow order; empty when no
    // flow is one).
    std::vector<QScatterSeries*> transactionSeries() const;
    // Each ping flow's replies on the RTT panel, as hollow rings in the
    // overlay's colour over the model's filled dots (flow order; empty when
    // no flow pings): a kernel's replies lie on the model's, and dots of
    // the same look hid them.
    std::vector<QScatterSeries*> pingSeries() const;
    // The tags' text on each chart (empty when not tagged or nothing drawn), for tests.
    QStringList tags() const;
    // Where this overlay's tag is drawn on `chart`, in its scene (empty: none).
    QRectF tagRect(const QChart* chart) const;
    // The stroke before the tag's words on `chart`: the overlay's line as drawn there.
    QPen tagStroke(const QChart* chart) const;

private:
    void drawWindow();
    // A line of the window chart's note while this overlay's window runs
    // above the plot: until when, and its peak.
    void noteAbovePlot(const Trace& t, const std::function<double(const TraceBucket&)>& window, double per);
    void drawRttAndRate();
    void drawShares();
    void drawOverTime();
    QLineSeries* addOverTimeSeries();
    QLineSeries* addSeries(QChart* chart, const QString& name);
    void removeSeries(QLineSeries*& s);

    void addFlowSeries();
    void addDotSeries();
    void drawDots();
    void rename();
    void placeTags();
    void removeTags();

    Dashboard* dashboard_;
    OverlayStyle style_;
    WindowChart* window_chart_;
    QChart* window_;
    QChart* rtt_;
    QChart* hero_;
    ThroughputChart* over_time_;  // the throughput-per-flow chart
    SnapshotPtr ghost_;
    QLineSeries* cwnd_ = nullptr;
    QLineSeries* rwnd_ = nullptr;
    QLineSeries* srtt_ = nullptr;
    QLineSeries* rate_ = nullptr;
    QLineSeries* throughput_ = nullptr;
    QLineSeries* total_over_time_ = nullptr;
    std::vector<FlowGhost> flows_;
    // A flow drawn as dots on the RTT panel: a request/response flow's
    // transactions or a ping flow's replies.
    struct DotGhost {
        int index;  // as in Scenario::flows
        bool ping;  // replies (rings), else transactions (diamonds)
        QScatterSeries* series;
    };
    std::vector<DotGhost> dots_;
    std::vector<QScatterSeries*> dotSeries(bool ping) const;
    struct Tag {
        QChart* chart;
        QGraphicsRectItem* box;
        QGraphicsSimpleTextItem* text;
        QGraphicsLineItem* stroke;  // a sample of the overlay's line, before the text
    };
    // Every series of this overlay, on whichever chart.
    std::vector<QAbstractSeries*> ownSeries() const;
    // The overlay's named lines on `chart`, one a line (a tag's tooltip).
    QString namesOn(const QChart* chart) const;
    std::vector<Tag> tags_;
};

}  // namespace inflight::ui
