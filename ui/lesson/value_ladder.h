// The positions of a slider: an ordered list of "nice" values, so arrows step
// 1-1.2-1.5-2-2.5-3-4-5-6-8 through each decade (a log scale) and Page Up/Down
// jump a decade. Plain C++.
#pragma once

#include <cstddef>
#include <vector>

namespace inflight::ui {

class ValueLadder {
public:
    ValueLadder() = default;
    explicit ValueLadder(std::vector<double> values);  // ascending

    // Nice values from lo to hi (both included), `mantissas` per decade.
    static ValueLadder log(double lo, double hi,
                           const std::vector<double>& mantissas = {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8});
    // Powers of two and their 1.5x from lo to hi (byte sizes).
    static ValueLadder binary(double lo, double hi);

    std::size_t size() const { return values_.size(); }
    double at(std::size_t i) const { return values_[i]; }
    // Index of the value nearest to v on a log scale (0 matches only 0).
    std::size_t nearest(double v) const;
    // Steps per decade (or octave pair) for Page Up/Down.
    int page_step() const { return page_step_; }
    // Adds a value (keeps order; replaces a neighbour within `merge_ratio`).
    void insert(double v, double merge_ratio = 1.01);

private:
    std::vector<double> values_;
    int page_step_ = 10;
};

}  // namespace inflight::ui
