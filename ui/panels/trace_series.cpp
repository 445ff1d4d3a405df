#include "ui/panels/trace_series.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace inflight::ui {

namespace {

struct Column {
    double lo = INFINITY, hi = -INFINITY, last = NAN, first_t = NAN;
    bool any() const { return lo <= hi; }
};

int column_of(const TraceBucket& b, const ColumnRange& r) {
    const double mid = 0.5 * (b.t_start_s + b.t_end_s);
    const double f = (mid - r.t0_s) / std::max(1e-12, r.t1_s - r.t0_s);
    return std::clamp(static_cast<int>(f * r.columns), 0, r.columns - 1);
}

double column_x(int c, const ColumnRange& r) {
    return r.t0_s + (c + 0.5) * (r.t1_s - r.t0_s) / r.columns;
}

std::vector<Column> columns_of(const Trace& t, MinMax TraceBucket::*field, const ColumnRange& r) {
    std::vector<Column> cols(static_cast<std::size_t>(std::max(1, r.columns)));
    for (const TraceBucket& b : t.buckets) {
        const MinMax& m = b.*field;
        if (!std::isfinite(m.min) || !std::isfinite(m.max)) continue;
        Column& c = cols[static_cast<std::size_t>(column_of(b, r))];
        c.lo = std::min(c.lo, m.min);
        c.hi = std::max(c.hi, m.max);
        c.last = m.max;
    }
    return cols;
}

}  // namespace

QList<QPointF> minmax_line(const Trace& t, MinMax TraceBucket::*field, const ColumnRange& r,
                           double scale) {
    // Fewer buckets than columns: one point per bucket, its max then min.
    QList<QPointF> pts;
    if (static_cast<int>(t.buckets.size()) <= r.columns) {
        pts.reserve(static_cast<qsizetype>(t.buckets.size() * 2));
        for (const TraceBucket& b : t.buckets) {
            const MinMax& m = b.*field;
            if (!std::isfinite(m.min) || !std::isfinite(m.max)) continue;
            const double x = 0.5 * (b.t_start_s + b.t_end_s);
            pts.append({x, m.min * scale});
            if (m.max != m.min) pts.append({x, m.max * scale});
        }
        return pts;
    }
    const auto cols = columns_of(t, field, r);
    pts.reserve(static_cast<qsizetype>(cols.size() * 2));
    for (std::size_t i = 0; i < cols.size(); ++i) {
        const Column& c = cols[i];
        if (!c.any()) continue;
        const double x = column_x(static_cast<int>(i), r);
        // Draw toward the next column: if it is higher, min first then max.
        double next = c.last;
        for (std::size_t j = i + 1; j < cols.size(); ++j)
            if (cols[j].any()) { next = 0.5 * (cols[j].lo + cols[j].hi); break; }
        const bool rising = next >= 0.5 * (c.lo + c.hi);
        pts.append({x, (rising ? c.lo : c.hi) * scale});
        if (c.hi != c.lo) pts.append({x, (rising ? c.hi : c.lo) * scale});
    }
    return pts;
}

void minmax_envelope(const Trace& t, MinMax TraceBucket::*field, const ColumnRange& r, double scale,
                     QList<QPointF>* lower, QList<QPointF>* upper) {
    lower->clear();
    upper->clear();
    const auto cols = columns_of(t, field, r);
    for (std::size_t i = 0; i < cols.size(); ++i) {
        if (!cols[i].any()) continue;
        const double x = column_x(static_cast<int>(i), r);
        lower->append({x, cols[i].lo * scale});
        upper->append({x, cols[i].hi * scale});
    }
}

QList<QPointF> level_line(const Trace& t, const std::function<double(const TraceBucket&)>& field,
                          const ColumnRange& r, double scale) {
    QList<QPointF> pts;
    int last_col = -1;
    for (const TraceBucket& b : t.buckets) {
        const double v = field(b);
        if (!std::isfinite(v)) continue;
        const int c = column_of(b, r);
        const QPointF p(b.t_end_s, v * scale);
        if (c == last_col && !pts.isEmpty()) pts.back() = p;
        else pts.append(p);
        last_col = c;
    }
    return pts;
}

double series_max(const Trace& t, MinMax TraceBucket::*field, double from_s) {
    double m = 0;
    for (const TraceBucket& b : t.buckets)
        if (b.t_start_s >= from_s && std::isfinite((b.*field).max)) m = std::max(m, (b.*field).max);
    return m;
}

QList<QPointF> point_dots(const std::vector<double>& t, const std::vector<double>& v, const ColumnRange& r, int max_dots) {
    const std::size_t n = std::min(t.size(), v.size());
    QList<QPointF> out;
    if (static_cast<int>(n) <= max_dots) {
        out.reserve(static_cast<qsizetype>(n));
        for (std::size_t i = 0; i < n; ++i)
            if (std::isfinite(v[i])) out.append({t[i], v[i] * 1e3});
        return out;
    }
    std::vector<double> lo(static_cast<std::size_t>(r.columns), INFINITY), hi(lo.size(), -INFINITY);
    for (std::size_t i = 0; i < n; ++i) {
        if (!std::isfinite(v[i])) continue;
        const double fr = (t[i] - r.t0_s) / std::max(1e-12, r.t1_s - r.t0_s);
        const auto c = static_cast<std::size_t>(std::clamp(static_cast<int>(fr * r.columns), 0, r.columns - 1));
        lo[c] = std::min(lo[c], v[i]);
        hi[c] = std::max(hi[c], v[i]);
    }
    for (std::size_t c = 0; c < lo.size(); ++c) {
        if (lo[c] > hi[c]) continue;
        const double x = r.t0_s + (static_cast<double>(c) + 0.5) * (r.t1_s - r.t0_s) / r.columns;
        out.append({x, lo[c] * 1e3});
        if (hi[c] != lo[c]) out.append({x, hi[c] * 1e3});
    }
    return out;
}

}  // namespace inflight::ui
