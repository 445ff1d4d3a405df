// Shared look of every chart: no animation, our own axis ranges, colours
// from the active palette (light or dark), fonts big enough for a projector.
// Whether the presentation look is on is a ChartStyle value, held by each
// dashboard and handed to its charts, so two windows may differ.
#pragma once

#include <QColor>
#include <QPen>
#include <QString>

class QChart;
class QChartView;
class QValueAxis;
class QWidget;

namespace inflight::ui {

struct SeriesColors {
    QColor cwnd, window, inflight, ssthresh, rtt, srtt, min_rtt, base_rtt, rate, btlbw, pacing, link;
    QColor calm, warm, envelope;
    QColor theory, rwnd_level, cursor;
    QColor advertised;  // the receiver's advertised window (rwnd) over time
};

bool is_dark_palette();

// How one dashboard's charts are drawn. The presentation look: thick lines,
// the Okabe–Ito colours (safe for colour-blind viewers, readable on a
// washed-out projector) on white whatever the palette, and line styles that
// carry the distinctions colour alone would (dotted in-flight, dash-dot
// min RTT). Off by default.
struct ChartStyle {
    bool presentation = false;

    // The series colours for a light or dark palette (or Okabe–Ito).
    SeriesColors colors(bool dark) const;
    SeriesColors colors() const { return colors(is_dark_palette()); }
    // A series pen: `width` scaled up in the presentation look; `style` used
    // there only unless `always` (ssthresh and reference lines are always
    // dashed).
    QPen pen(const QColor& c, double width, Qt::PenStyle style = Qt::SolidLine, bool always = false) const;
};

// A chart view with animations off, a compact legend and no OpenGL.
QChartView* make_chart_view(QWidget* parent);
QValueAxis* make_axis(QChart* chart, Qt::Alignment side, const QString& title);
// The time axis along the bottom: the unit on each tick ("10 s"), no title
// line (a line of height given back to the plot). Its ticks follow the
// plot's width and the range (fit_time_ticks), so a narrow chart shows
// fewer whole labels instead of five cut ones.
QValueAxis* make_time_axis(QChart* chart);
// At most five ticks on a time axis, fewer when the plot is narrow: each
// interval at least as wide as the widest label plus a gap, and round
// steps (two significant digits).
void fit_time_ticks(QValueAxis* axis, double plot_width_px);
// Re-applies background, text and grid colours from the current palette.
void style_chart(QChart* chart);
// A vertical axis's labels: at multiples of a round step from zero, as
// many as fit with 1.6 lines of the labels' font between them (at most six
// intervals), whatever the axis's top; a plot of 120 px in either look
// keeps at least three. Recomputed from the height and range alone, so it
// grows back as readily as it shrinks.
void fit_vertical_ticks(QValueAxis* axis, double plot_height_px);
// The least of 1, 2, 2.5, 5 × 10^k that is at least `least_step` (0 for
// a step that is not a positive finite number).
double round_tick_step(double least_step);
// The chart view's minimum height for a plot area of `plot_px` under the
// current fonts (title line, tick labels, margins).
int chart_view_min_height(const QChartView* view, int plot_px);
// The plot height a chart view asks for (its size hint) where a panel has
// room: 120 px, read from across a room at 720p.
constexpr int kPreferredPlotPx = 120;
// A "nice" upper bound for an axis: the least of 1, 1.2, 1.5, 2, 2.5, 3,
// 4, 5, 6, 8 × 10^k at or above v.
double nice_ceiling(double v);
// A rate chart's range against its link. The link is on the scale unless
// it is more than twice the data's top (24 Mbit/s on a 10 Gbit/s path,
// request/response flows at 1.6 Mbit/s on 100 Mbit/s): then the data would
// lie along the floor, so the axis is the data's and the link's key entry
// says it is off the scale. No data yet: the link.
struct LinkScale {
    bool link_on_scale;
    double top_bps;     // what the axis must hold: the data's top, and the link's when on the scale
    QString link_name;  // "link", or "link 100 Mbit/s (off scale)"
};
LinkScale link_scale(double data_top_bps, double link_bps);
// axis->setRange(min, max), but first, when the axis's label step would
// cut the new range into more than kMostLabelIntervals, a step of about
// six intervals of it: Qt Charts lays out every label of a range in
// quadratic time, and a 1 Gbit/s run's window (tens of thousands of
// packets) on an axis left at a step of 200 held the window for 0.3 s, a
// 10 Gbit/s run's for 2 s. The panels fit their steps to the plot after.
inline constexpr double kMostLabelIntervals = 50;
void set_axis_range(QValueAxis* axis, double min, double max);
// Grows `axis` (of `chart`, along `o`) to hold [its min, top], never
// shrinking it: through set_axis_range (a 10 Gbit/s capture drawn over a
// 50 Mbit/s run's axes held the window for minutes before), then its
// labels fitted to the plot (fit_vertical_ticks, fit_time_ticks).
void grow_axis(QChart* chart, QValueAxis* axis, Qt::Orientation o, double top);

}  // namespace inflight::ui
