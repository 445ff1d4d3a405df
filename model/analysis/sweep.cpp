#include "model/analysis/sweep.h"

#include <chrono>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "model/analysis/response_theory.h"
#include "model/engine/run.h"
#include "model/core/parameters.h"
#include "model/core/units.h"

namespace inflight {
namespace {

// A run of the sweep: which point, which algorithm.
struct Job {
    std::size_t point;
    std::size_t series;
};

SweepSample sample_of(const RunResult& r) {
    const Summary& s = r.summary;
    SweepSample out;
    out.throughput_bps = s.throughput_bps;
    out.mean_rtt_s = s.mean_rtt_s;
    out.utilisation = s.utilisation;
    out.mean_cwnd_packets = s.mean_cwnd_packets;
    out.window_congestion_events = s.window_congestion_events;
    out.congestion_events = s.congestion_events;
    out.few_events = s.few_events;
    out.wall_seconds = s.wall_seconds;
    out.jain_index = s.jain_index;
    if (!r.scenario.flows.empty())
        for (const FlowResult& f : r.flows) out.flows.push_back({f.summary.throughput_bps, f.summary.share});
    return out;
}

// A value as the checks print it: enough digits that a value just outside a
// limit never reads as the limit itself.
std::string format_value(SweepParam p, double v) {
    switch (param_row(scenario_param(p)).type) {
        case ParamType::Rate: return format_rate(v, 9);
        case ParamType::Time: return format_time(v, 9);
        case ParamType::Loss: return format_loss(v, 9);
        case ParamType::Window: return format_size(static_cast<std::uint64_t>(std::llround(v)));
        default: return param_human_number(scenario_param(p), v);
    }
}

}  // namespace

const char* to_string(SweepParam p) { return key(scenario_param(p)); }

std::optional<SweepParam> sweep_param_from_string(std::string_view name) {
    for (SweepParam p : kAllSweepParams)
        if (name == to_string(p)) return p;
    return std::nullopt;
}

// The sweep parameters are the table's rows with a sweep rank, in rank order.
Param scenario_param(SweepParam p) {
    for (const ParamRow& row : param_table())
        if (row.sweep_rank == static_cast<int>(p) + 1) return row.param;
    return Param::Loss;
}

double sweep_value(const Scenario& s, SweepParam p) { return number(s, scenario_param(p)); }

Scenario with_sweep_value(Scenario s, SweepParam p, double value) {
    set_number(s, scenario_param(p), value);
    return s;
}

std::optional<std::string> validate_sweep_points(long long points, std::string_view as_written) {
    if (points >= kMinSweepPoints && points <= kMaxSweepPoints) return std::nullopt;
    return "--points: " + (as_written.empty() ? std::to_string(points) : std::string(as_written)) +
           " is out of range; allowed " + std::to_string(kMinSweepPoints) + " – " +
           std::to_string(kMaxSweepPoints);
}

std::optional<std::string> validate_sweep(const SweepSpec& spec) {
    if (auto err = validate_sweep_points(spec.points)) return err;
    const Param param = scenario_param(spec.param);
    const std::string allowed = allowed_range(param);
    for (const auto& [name, value] : {std::pair{"--from", spec.from}, std::pair{"--to", spec.to}}) {
        if (std::isnan(value)) return std::string(name) + ": nan is not a number; allowed " + allowed;
        // Log spacing needs a positive start; 0 is a valid loss but not a sweep end.
        if (!(value > 0))
            return std::string(name) + ": " + format_value(spec.param, value) +
                   " cannot end a log-spaced sweep; use a value above 0 within " + allowed;
        if (auto err = validate_param(with_sweep_value(spec.base, spec.param, value), param, name))
            return err;
    }
    if (!(spec.from < spec.to))
        return "--to: " + format_value(spec.param, spec.to) + " is not above --from " +
               format_value(spec.param, spec.from) + "; a sweep needs from < to";
    if (spec.algorithms.empty()) return std::string("--algo: no algorithm given; use e.g. --algo reno,cubic,bbr");
    for (std::size_t a = 0; a < spec.algorithms.size(); ++a)
        for (std::size_t b = a + 1; b < spec.algorithms.size(); ++b)
            if (spec.algorithms[a] == spec.algorithms[b])
                return std::string("--algo: ") + to_string(spec.algorithms[a]) +
                       " is listed twice; list each of reno, cubic, bbr at most once";
    // The rest of the base scenario (the swept value is replaced at every point).
    const Scenario probe = with_sweep_value(spec.base, spec.param, spec.from);
    for (Param p : kAllParams)
        if (p != param && p != Param::Algorithm)
            if (auto err = validate_param(probe, p, std::string("--") + key(p))) return err;
    return std::nullopt;
}

std::vector<double> sweep_values(const SweepSpec& spec) {
    std::vector<double> v(static_cast<std::size_t>(spec.points));
    const double last = static_cast<double>(spec.points - 1);
    const double ratio = spec.to / spec.from;
    for (int i = 0; i < spec.points; ++i)
        v[static_cast<std::size_t>(i)] = spec.from * std::pow(ratio, i / last);
    v.front() = spec.from;  // exact ends, whatever pow's rounding
    v.back() = spec.to;
    if (param_row(scenario_param(spec.param)).type == ParamType::Window)  // whole bytes
        for (double& x : v) x = std::round(x);
    return v;
}

SweepResult run_sweep(const SweepSpec& spec, const SweepControl& control) {
    if (auto err = validate_sweep(spec)) throw std::invalid_argument(*err);
    const auto start = std::chrono::steady_clock::now();

    SweepResult result;
    result.spec = spec;
    result.values = sweep_values(spec);
    const std::size_t n_points = result.values.size();
    const std::size_t n_series = spec.algorithms.size();
    for (double v : result.values)
        result.link_bps.push_back(with_sweep_value(spec.base, spec.param, v).bandwidth_bps);
    for (Algorithm a : spec.algorithms) {
        SweepSeries series;
        series.algorithm = a;
        series.samples.resize(n_points);
        for (double v : result.values) {
            Scenario s = with_sweep_value(spec.base, spec.param, v);
            s.algorithm = a;
            const TheoryPoint t = theory_throughput(s);
            series.theory_bps.push_back(t.throughput_bps);
            series.theory_law.push_back(t.law);
        }
        result.series.push_back(std::move(series));
    }

    // Point-major order, so the first results to finish cover every
    // algorithm at the low end of the range.
    std::vector<Job> jobs;
    for (std::size_t p = 0; p < n_points; ++p)
        for (std::size_t a = 0; a < n_series; ++a) jobs.push_back({p, a});

    unsigned threads = control.threads ? control.threads : std::thread::hardware_concurrency();
    threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(jobs.size())));
    result.threads_used = threads;

    std::atomic<std::size_t> next_job{0};
    std::atomic<bool> any_cancelled{false};
    std::mutex progress_mutex;  // serialises on_progress and runs_done
    const auto cancel_requested = [&] { return control.cancel && control.cancel->load(); };

    const auto worker = [&](unsigned worker_index) {
        RunControl rc;
        rc.cancel = control.cancel;
        while (!cancel_requested()) {
            const std::size_t j = next_job.fetch_add(1);
            if (j >= jobs.size()) return;
            const Job job = jobs[j];
            Scenario s = with_sweep_value(spec.base, spec.param, result.values[job.point]);
            s.algorithm = spec.algorithms[job.series];
            const RunResult r = run_scenario(s, rc);
            if (r.cancelled) {
                any_cancelled = true;
                return;
            }
            // Each slot is written by exactly one worker; nothing else reads
            // it until the threads are joined.
            result.series[job.series].samples[job.point] = sample_of(r);
            std::lock_guard lock(progress_mutex);
            ++result.runs_done;
            if (control.on_progress)
                control.on_progress({result.runs_done, jobs.size(), job.point, job.series, worker_index});
        }
    };

    if (threads == 1) {
        worker(0);  // on the caller's thread: no thread to start for one run or one core
    } else {
        std::vector<std::thread> pool;
        pool.reserve(threads);
        for (unsigned w = 0; w < threads; ++w) pool.emplace_back(worker, w);
        for (std::thread& t : pool) t.join();
    }

    result.cancelled = any_cancelled || result.runs_done < jobs.size();
    result.wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace inflight
