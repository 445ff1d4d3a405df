// The simulation clock: integer picoseconds, so serialization times at up to
// 100 Gbit/s stay exact to well under a nanosecond and 600 s fits in int64.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

// The per-packet path's small functions are inlined whatever the optimizer
// guesses: a call per packet costs more than their bodies.
#if defined(__GNUC__)
#define INFLIGHT_HOT [[gnu::always_inline]] inline
#else
#define INFLIGHT_HOT inline
#endif
// A rare branch of a per-packet function, kept out of its body: the hot
// path then needs fewer registers and less code.
#if defined(__GNUC__)
#define INFLIGHT_COLD [[gnu::noinline, gnu::cold]]
#else
#define INFLIGHT_COLD
#endif

namespace inflight {

using TimePs = std::int64_t;

constexpr TimePs kPsPerSecond = 1'000'000'000'000;
constexpr TimePs kPsPerMs = 1'000'000'000;
constexpr TimePs kNever = std::numeric_limits<TimePs>::max();

constexpr TimePs from_ms(std::int64_t ms) { return ms * kPsPerMs; }
inline TimePs from_seconds(double s) { return static_cast<TimePs>(std::llround(s * 1e12)); }
constexpr double to_seconds(TimePs t) { return static_cast<double>(t) * 1e-12; }

// Time to serialize `bytes` at `rate_bps`, rounded to the nearest picosecond.
inline TimePs serialization_time(std::uint32_t bytes, double rate_bps) {
    return static_cast<TimePs>(std::llround(bytes * 8.0 * 1e12 / rate_bps));
}

}  // namespace inflight
