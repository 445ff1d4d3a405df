// The presentation look's type size over the normal one, in steps: as
// large as kMostScale, or as large as the screen has room for. Plain
// arithmetic on sizes, so the rule is tested without a window.
//
//   need > room:  one step down (no lower than the normal type), and the
//                 size that did not fit becomes the ceiling for what is
//                 shown now;
//   need fits:    one step up (no higher than kMostScale) is worth trying
//                 while it stays under the ceiling; the window tries it on
//                 its layout before showing it, and a size that does not
//                 fit becomes the ceiling (refused).
//
// The ceiling holds until what is shown changes (another step, other
// flows): the window then starts again from no ceiling, so a short
// experiment after a tall one gets its larger type back, and a type found
// too large is never tried again for the same content (no see-saw).
#pragma once

#include <optional>
#include <QSize>

namespace inflight::ui {

struct TypeScale {
    static constexpr double kMostScale = 1.5;   // half as large again, for the back of a hall
    static constexpr double kStep = 0.1;
    static constexpr double kNoCeiling = 100;

    double scale = kMostScale;
    double ceiling = kNoCeiling;  // a scale found too large for what is shown

    // One step down when the window's parts need more than the screen.
    TypeScale next(QSize need, QSize room) const;
    // The larger size worth trying, if any.
    std::optional<double> larger() const;
    // `tried` did not fit: the ceiling for what is shown now.
    TypeScale refused(double tried) const;
};

}  // namespace inflight::ui
