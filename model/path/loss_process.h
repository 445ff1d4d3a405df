// Loss unrelated to congestion, applied to data packets leaving the link.
//   even:   exactly one packet in every 1/p; the fraction carries over, so
//           p = 0.03% loses packets 3334, 6667, 10000, ... (fixed-point, exact)
//   random: each packet independently with probability p (Bernoulli, seeded)
#pragma once

#include <cmath>
#include <cstdint>
#include <random>

#include "model/core/scenario.h"

namespace inflight {

class LossProcess {
public:
    LossProcess(double p, LossPattern pattern, std::uint64_t seed)
        : pattern_(pattern), rng_(seed) {
        // p in 2^-52 units, rounded up so that n·step reaches 2^52 at exactly
        // n = ⌈1/p⌉: integer arithmetic makes "one in every 1/p" exact.
        step_ = static_cast<std::uint64_t>(std::ceil(p * static_cast<double>(kOne)));
    }

    bool enabled() const { return step_ != 0; }

    // Is the next packet leaving the link lost?
    bool lose_next() {
        if (step_ == 0) return false;
        if (pattern_ == LossPattern::Even) {
            accumulated_ += step_;
            if (accumulated_ < kOne) return false;
            accumulated_ -= kOne;
            return true;
        }
        return (rng_() >> 12) < step_;  // 52 uniform bits below p·2^52
    }

private:
    static constexpr std::uint64_t kOne = 1ull << 52;
    LossPattern pattern_;
    std::mt19937_64 rng_;
    std::uint64_t step_ = 0;
    std::uint64_t accumulated_ = 0;
};

}  // namespace inflight
