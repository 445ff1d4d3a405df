// Whether a run's partial result is worth a provisional frame.
//
// A provisional frame costs the window a copy of the run so far (on the
// model's thread) and a draw (on the UI thread: 20–30 ms for 16 flows at
// 1 Gbit/s). When the finished run will follow within that draw, the frame
// only delays it: the finished snapshot waits behind it. So a partial result
// is posted only while the run's estimated remaining wall time exceeds
// kFinalSoonMs; the estimate assumes the rest of the run simulates as fast as
// what ran so far (wall time per simulated second, a bulk flow's steady
// cost).
#pragma once

#include <limits>

namespace inflight::ui {

inline constexpr double kFinalSoonMs = 40;

// `elapsed_ms` of wall time have simulated `sim_time_s` of `duration_s`.
inline double remaining_wall_ms(double elapsed_ms, double sim_time_s, double duration_s) {
    if (sim_time_s <= 0) return std::numeric_limits<double>::infinity();  // nothing simulated yet: no estimate
    return elapsed_ms * (duration_s - sim_time_s) / sim_time_s;
}

inline bool worth_a_provisional_frame(double elapsed_ms, double sim_time_s, double duration_s) {
    return remaining_wall_ms(elapsed_ms, sim_time_s, duration_s) > kFinalSoonMs;
}

}  // namespace inflight::ui
