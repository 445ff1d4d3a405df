// Turns a model Trace into chart points at the resolution of the screen: one
// column per pixel, keeping each column's min and max, so sawtooth peaks and
// 200 ms ProbeRTT notches survive however long the run.
#pragma once

#include <QList>
#include <QPointF>
#include <functional>
#include <vector>

#include "model/core/result.h"

namespace inflight::ui {

struct ColumnRange {
    double t0_s = 0, t1_s = 1;  // the x range the columns cover
    int columns = 600;
};

// A line that zig-zags between each column's min and max (a "min/max per
// pixel" line), values multiplied by `scale`.
QList<QPointF> minmax_line(const Trace& t, MinMax TraceBucket::*field, const ColumnRange& r,
                           double scale);
// The lower and upper edges of the same envelope, for an area series.
void minmax_envelope(const Trace& t, MinMax TraceBucket::*field, const ColumnRange& r, double scale,
                     QList<QPointF>* lower, QList<QPointF>* upper);
// A per-bucket level (the value at the end of each column); non-finite values
// are left out. `field` is a member (&TraceBucket::srtt_s) or a reader.
QList<QPointF> level_line(const Trace& t, const std::function<double(const TraceBucket&)>& field,
                          const ColumnRange& r, double scale);
// Points over time (a ping's replies, a flow's transactions) as dots, the
// values in ms: every one, or past `max_dots` each pixel column's lowest
// and highest (what a column can show).
QList<QPointF> point_dots(const std::vector<double>& t_s, const std::vector<double>& v_s, const ColumnRange& r,
                          int max_dots);
// Largest finite max of a series (0 if none), over the buckets that start
// at `from_s` or later (all of them by default).
double series_max(const Trace& t, MinMax TraceBucket::*field, double from_s = 0);

}  // namespace inflight::ui
