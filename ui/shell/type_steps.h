// The presentation look's type size over the normal one, and the rule that
// picks it on a given screen. Plain arithmetic on sizes, so the rule is
// tested without a window.
//
// The rule: the type is the largest size of the ladder 1.5, 1.4, … 1.0
// (half as large again, down to the normal type and never below it) at
// which the window's parts, laid out at that size, need no more than the
// screen. The window picks it afresh, from the top of the ladder, whenever
// what it shows changes (presenting starts, another step or experiment,
// other flows); while the same thing is shown the type only ever steps
// down from where it is (a finished run's wrapped rows or a longer key
// asking for more), never up. So the size depends on what is shown and on
// the screen, not on when a layout pass or a timer happened to run, and it
// settles in at most as many steps as the ladder has.
#pragma once

#include <functional>
#include <QSize>
#include <vector>

namespace inflight::ui::type_steps {

constexpr double kMostScale = 1.5;  // half as large again, for the back of a hall
constexpr double kStep = 0.1;

// The ladder's sizes from `from` (at most kMostScale) down to 1, largest first.
std::vector<double> ladder(double from = kMostScale);

// The next size down from `scale`, or nothing at the normal type.
std::vector<double> below(double scale);

// The first size of `sizes` at which `need_at(size)` fits `room`; the last
// size (the smallest tried) when none does. `need_at` lays the parts out at
// that size and measures them.
double fitting_scale(const std::vector<double>& sizes, QSize room, const std::function<QSize(double)>& need_at);

}  // namespace inflight::ui::type_steps
