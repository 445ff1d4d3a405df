// The exponent of a loss sweep: throughput ≈ c · p^k per algorithm
// (power_fit.h), over the points where loss, not the link, holds the flow
// back. Near the link rate the curve flattens to C whatever the law, so
// points at or above kLinkLimitedUtilisation are left out.
//
// For CUBIC a second fit covers only its cubic region: the points where
// RFC 9438's cubic term exceeds the Reno-friendly window (response_theory.h),
// where the exponent should be near −0.75; above the crossover loss rate
// CUBIC follows Reno's −0.5. Plain C++, no Qt.
#pragma once

#include <optional>

#include "model/analysis/power_fit.h"
#include "model/analysis/sweep.h"

namespace inflight {

inline constexpr double kLinkLimitedUtilisation = 0.9;

struct LossSweepFit {
    std::optional<PowerFit> loss_limited;  // every point below kLinkLimitedUtilisation
    std::optional<PowerFit> cubic_region;  // CUBIC only, loss-limited points in the cubic region
};

// For series `series` of a loss sweep; both fits empty for other sweeps or
// when fewer than two points qualify.
LossSweepFit fit_loss_sweep(const SweepResult& r, std::size_t series);

}  // namespace inflight
