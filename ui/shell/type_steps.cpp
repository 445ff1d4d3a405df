#include "ui/shell/type_steps.h"

#include <algorithm>

namespace inflight::ui {

namespace {
constexpr double kEps = 1e-9;
}  // namespace

TypeScale TypeScale::next(QSize need, QSize room) const {
    TypeScale out = *this;
    if (need.width() <= room.width() && need.height() <= room.height()) return out;
    out.ceiling = std::min(ceiling, scale);
    out.scale = std::max(1.0, scale - kStep);
    return out;
}

std::optional<double> TypeScale::larger() const {
    const double up = std::min(kMostScale, scale + kStep);
    if (up <= scale + kEps || up >= ceiling - kEps) return std::nullopt;
    return up;
}

TypeScale TypeScale::refused(double tried) const {
    TypeScale out = *this;
    out.ceiling = std::min(ceiling, tried);
    return out;
}

}  // namespace inflight::ui
