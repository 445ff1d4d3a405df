#include "ui/shell/type_steps.h"

#include <algorithm>
#include <cmath>

namespace inflight::ui::type_steps {

namespace {
constexpr double kEps = 1e-9;
bool fits(QSize need, QSize room) { return need.width() <= room.width() && need.height() <= room.height(); }
}  // namespace

std::vector<double> ladder(double from) {
    std::vector<double> out;
    // Whole steps counted from the normal type, so 1.4 is the same 1.4
    // whichever size the count started from.
    const int steps = static_cast<int>(std::floor((std::min(from, kMostScale) - 1.0) / kStep + kEps));
    for (int k = std::max(0, steps); k >= 0; --k) out.push_back(1.0 + k * kStep);
    return out;
}

std::vector<double> below(double scale) {
    if (scale <= 1.0 + kEps) return {};
    return ladder(scale - kStep);
}

double fitting_scale(const std::vector<double>& sizes, QSize room, const std::function<QSize(double)>& need_at) {
    if (sizes.empty()) return 1.0;
    for (double s : sizes)
        if (fits(need_at(s), room)) return s;
    return sizes.back();
}

}  // namespace inflight::ui::type_steps
