// A power law through measured points: y ≈ c · x^k, found by least squares
// on ln y = ln c + k · ln x (Eigen), with R² of that line in log space.
// Used on loss sweeps, where Reno's exponent should come out near −0.5 and
// CUBIC's cubic region near −0.75 (response_theory.h). Plain C++, no Qt.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace inflight {

struct PowerFit {
    double exponent = 0;     // k
    double constant = 0;     // c, in the units of y (x is dimensionless or in its own units)
    double r_squared = 0;    // in log space; 1 when the points lie on the line
    std::size_t points = 0;  // how many points the fit rests on
};

// Needs at least two points with distinct x; every x and y must be > 0 and
// finite. Returns nothing otherwise.
std::optional<PowerFit> fit_power_law(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace inflight
