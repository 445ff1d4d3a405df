#include "ui/lesson/value_ladder.h"

#include <algorithm>
#include <cmath>

namespace inflight::ui {

ValueLadder::ValueLadder(std::vector<double> values) : values_(std::move(values)) {}

ValueLadder ValueLadder::log(double lo, double hi, const std::vector<double>& mantissas) {
    std::vector<double> v;
    for (double decade = std::pow(10.0, std::floor(std::log10(lo))); decade <= hi * 1.0001; decade *= 10)
        for (double m : mantissas) {
            const double x = m * decade;
            if (x >= lo * 0.9999 && x <= hi * 1.0001) v.push_back(x);
        }
    if (v.empty() || v.front() > lo * 1.0001) v.insert(v.begin(), lo);
    if (v.back() < hi * 0.9999) v.push_back(hi);
    ValueLadder l(std::move(v));
    l.page_step_ = static_cast<int>(mantissas.size());
    return l;
}

ValueLadder ValueLadder::binary(double lo, double hi) {
    std::vector<double> v;
    for (double p = lo; p <= hi * 1.0001; p *= 2) {
        v.push_back(p);
        if (p * 1.5 <= hi * 1.0001) v.push_back(p * 1.5);
    }
    ValueLadder l(std::move(v));
    l.page_step_ = 6;  // a factor of eight
    return l;
}

std::size_t ValueLadder::nearest(double v) const {
    if (values_.empty()) return 0;
    if (!(v > 0)) return 0;  // zero ("none") is always the first rung when present
    std::size_t best = 0;
    double best_d = INFINITY;
    for (std::size_t i = 0; i < values_.size(); ++i) {
        if (values_[i] <= 0) continue;
        const double d = std::fabs(std::log(values_[i]) - std::log(v));
        if (d < best_d) { best_d = d; best = i; }
    }
    return best;
}

void ValueLadder::insert(double v, double merge_ratio) {
    for (double& x : values_)
        if (x > 0 && v > 0 && std::max(x, v) / std::min(x, v) < merge_ratio) { x = v; return; }
    values_.insert(std::upper_bound(values_.begin(), values_.end(), v), v);
}

}  // namespace inflight::ui
