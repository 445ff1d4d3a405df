// Windowed running max (or min) over a sliding window of "time" (rounds or
// microseconds), keeping the best, second-best and third-best samples from
// successive sub-windows — the technique of Kathleen Nichols' algorithm used
// by Linux lib/win_minmax.c. O(1) per sample.
#pragma once

#include <cstdint>
#include <functional>

namespace inflight {

template <typename Better>  // Better(a, b): a is at least as good as b
class WindowedFilter {
public:
    struct Sample { std::int64_t t; double v; };

    double best() const { return s_[0].v; }
    void reset(std::int64_t t, double v) { s_[0] = s_[1] = s_[2] = Sample{t, v}; }

    // Adds sample v at time t; the window is `window` long.
    double update(std::int64_t window, std::int64_t t, double v) {
        Better better;
        const Sample val{t, v};
        if (better(v, s_[0].v) || t - s_[2].t > window) {  // new best, or nothing left in the window
            reset(t, v);
            return best();
        }
        if (better(v, s_[1].v)) s_[2] = s_[1] = val;
        else if (better(v, s_[2].v)) s_[2] = val;
        return subwin_update(window, val);
    }

private:
    double subwin_update(std::int64_t window, const Sample& val) {
        const std::int64_t dt = val.t - s_[0].t;
        if (dt > window) {  // the best expired: promote the others
            s_[0] = s_[1];
            s_[1] = s_[2];
            s_[2] = val;
            if (val.t - s_[0].t > window) {
                s_[0] = s_[1];
                s_[1] = s_[2];
                s_[2] = val;
            }
        } else if (s_[1].t == s_[0].t && dt > window / 4) {
            s_[2] = s_[1] = val;  // a quarter of the window passed with no second choice
        } else if (s_[2].t == s_[1].t && dt > window / 2) {
            s_[2] = val;          // half the window passed with no third choice
        }
        return best();
    }

    Sample s_[3]{};
};

using WindowedMax = WindowedFilter<std::greater_equal<double>>;

}  // namespace inflight
