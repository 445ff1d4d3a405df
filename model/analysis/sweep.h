// Sweeps (response curves): one scenario run at many values of one
// parameter, for one or several algorithms, in parallel on every core.
//
//   values  x_i = from · (to/from)^(i/(n−1)),  i = 0 … n−1   (log spacing)
//   runs    run_scenario(base with param = x_i, algorithm = a) for every i, a
//   result  per (i, a): the steady-state summary figures; per (i, a) the
//           theory curve where one exists (response_theory.h)
//
// Every parameter a sweep can take (bandwidth, RTT, loss, buffer, rwnd)
// spans decades, and the response laws are power laws, so points are spaced
// evenly on a log axis; that is also what makes a least-squares line in
// log–log space (power_fit.h) weigh each decade alike. rwnd values are
// rounded to whole bytes (the first and last are exactly from and to).
//
// Each run is independent and deterministic (same scenario and seed, same
// bits on every thread), and
// results are stored by (point, algorithm) index, so the result does not
// depend on the number of threads or on the order runs finish in.
// Plain C++, no Qt.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/scenario.h"

namespace inflight {

// The parameters a sweep can take: the parameter table's rows with a sweep
// rank (parameters.h), in rank order (rank 1 is Bandwidth).
enum class SweepParam { Bandwidth, Rtt, Loss, Buffer, Rwnd };
inline constexpr SweepParam kAllSweepParams[] = {SweepParam::Bandwidth, SweepParam::Rtt,
                                                 SweepParam::Loss, SweepParam::Buffer,
                                                 SweepParam::Rwnd};
// "bandwidth", "rtt", "loss", "buffer", "rwnd": the run option's name.
const char* to_string(SweepParam p);
std::optional<SweepParam> sweep_param_from_string(std::string_view name);
// The scenario parameter a sweep parameter sets.
Param scenario_param(SweepParam p);
// The swept value of `s` in SI base units (bytes for rwnd).
double sweep_value(const Scenario& s, SweepParam p);
// `s` with the swept parameter set to `value` (SI base units; rwnd rounded
// to whole bytes).
Scenario with_sweep_value(Scenario s, SweepParam p, double value);

inline constexpr int kMinSweepPoints = 2;
inline constexpr int kMaxSweepPoints = 40;

// Checks a number of points, kMinSweepPoints … kMaxSweepPoints: nothing, or
// "--points: 1 is out of range; allowed 2 – 40", showing the value as
// `as_written` when given (the command line passes the user's text).
std::optional<std::string> validate_sweep_points(long long points, std::string_view as_written = {});

struct SweepSpec {
    Scenario base;                      // every other parameter
    SweepParam param = SweepParam::Loss;
    double from = 1e-5, to = 1e-2;      // SI base units, from < to
    int points = 13;                    // kMinSweepPoints … kMaxSweepPoints
    std::vector<Algorithm> algorithms = {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr};
};

// Checks a spec: points in range, from < to, both ends valid values of the
// parameter (validate_param), at least one algorithm, no algorithm twice, and
// the base scenario valid. Returns one line naming what is wrong, e.g.
// "--points: 1 is out of range; allowed 2 – 40"; option names are the
// command line's ("--from", "--to", "--points", "--algo").
std::optional<std::string> validate_sweep(const SweepSpec& spec);

// The n log-spaced values from `from` to `to`, both included.
std::vector<double> sweep_values(const SweepSpec& spec);

// One flow's figures at one point of a sweep whose scenario lists flows.
struct SweepFlowSample {
    double throughput_bps = 0;
    double share = 0;  // of the aggregate throughput
};

// One run's steady-state figures (Summary, over the second half of the run).
struct SweepSample {
    double throughput_bps = 0;
    double mean_rtt_s = 0;
    double utilisation = 0;
    double mean_cwnd_packets = 0;
    std::uint64_t window_congestion_events = 0;  // in the steady-state window
    std::uint64_t congestion_events = 0;         // whole run
    bool few_events = false;
    double wall_seconds = 0;
    // When the base scenario lists flows: each flow's throughput and share,
    // in the scenario's order (the figures above are then the aggregate).
    std::vector<SweepFlowSample> flows;
    double jain_index = 1;
};

struct SweepSeries {
    Algorithm algorithm = Algorithm::Cubic;
    std::vector<SweepSample> samples;     // one per point
    std::vector<double> theory_bps;       // one per point; NaN where no law applies
    std::vector<const char*> theory_law;  // one per point: "mathis", "rfc9438", "rwnd", ... or ""
};

struct SweepResult {
    SweepSpec spec;
    std::vector<double> values;           // the swept values, SI base units
    std::vector<double> link_bps;         // the link rate at each point
    std::vector<SweepSeries> series;      // one per algorithm, in spec order
    bool cancelled = false;               // samples of unfinished runs are zero
    std::size_t runs_done = 0;
    unsigned threads_used = 0;
    double wall_seconds = 0;
};

struct SweepProgress {
    std::size_t runs_done;    // including this one
    std::size_t runs_total;
    std::size_t point;        // the run that just finished
    std::size_t series;
    unsigned worker;          // 0 … threads_used−1
};

struct SweepControl {
    // Set from any thread to stop the sweep promptly: the runs in flight
    // stop at their next bucket, no new run starts; the result then has
    // cancelled = true.
    const std::atomic<bool>* cancel = nullptr;
    // Called after each run, on the worker thread that ran it, one call at a
    // time (the sweep serialises them).
    std::function<void(const SweepProgress&)> on_progress;
    // Worker threads; 0 means std::thread::hardware_concurrency(). Never more
    // than there are runs.
    unsigned threads = 0;
};

// Runs a spec that validate_sweep() accepts (throws std::invalid_argument
// otherwise).
SweepResult run_sweep(const SweepSpec& spec, const SweepControl& control = {});

}  // namespace inflight
