// Simulated packets per second for the three single-flow benchmark scenarios
// (40 s simulated each), the several-flow rows, the worst path's peak
// memory, and the bare loop they are measured against (the bound: a
// single-flow row costs at most 8 bare-loop packets per packet).
//   ./model_bench                       all rows
//   ./model_bench --benchmark_filter=Bbr10G
// Targets: ≥ 25 M packets/s on one core; BBR 10 Gbit/s ≤ 1.5 s;
// ≥ 20 M packets/s with 10 flows, ≥ 15 M with 100.
// Each row's x_bare counter is its CPU time per packet over the bare loop's
// (measured once per process, best of five). On a shared machine prefer
// instruction counts: model_count runs one row under valgrind.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>

#include "bench_rows.h"

using namespace inflight;
using namespace inflight::bench;

namespace {
double cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

constexpr std::uint64_t kBarePackets = 10'000'000;

// The bare loop's CPU seconds per packet, best of five.
double bare_seconds_per_packet() {
    static const double best = [] {
        double b = 1e9;
        for (int i = 0; i < 5; ++i) {
            const double t0 = cpu_seconds();
            benchmark::DoNotOptimize(bench::BareLoop::run(kBarePackets));
            b = std::min(b, (cpu_seconds() - t0) / kBarePackets);
        }
        return b;
    }();
    return best;
}

void run_row(benchmark::State& state, const char* name) {
    const Scenario s = *named_row(name);
    std::uint64_t packets = 0;
    double best_cpu_per_packet = 1e9;
    for (auto _ : state) {
        const double t0 = cpu_seconds();
        const RunResult r = run_scenario(s);
        const double cpu = cpu_seconds() - t0;
        packets += r.summary.packets_simulated;
        best_cpu_per_packet = std::min(best_cpu_per_packet, cpu / static_cast<double>(r.summary.packets_simulated));
        state.counters["packets"] = static_cast<double>(r.summary.packets_simulated);
    }
    state.counters["packets_per_s"] = benchmark::Counter(static_cast<double>(packets), benchmark::Counter::kIsRate);
    state.counters["cpu_ns_per_pkt"] = best_cpu_per_packet * 1e9;
    state.counters["x_bare"] = best_cpu_per_packet / bare_seconds_per_packet();
}
}  // namespace

static void BM_BareLoop(benchmark::State& st) {
    for (auto _ : st) benchmark::DoNotOptimize(bench::BareLoop::run(kBarePackets));
    st.counters["packets_per_s"] = benchmark::Counter(static_cast<double>(kBarePackets * st.iterations()),
                                                      benchmark::Counter::kIsRate);
    st.counters["cpu_ns_per_pkt"] = bare_seconds_per_packet() * 1e9;
}
static void Cubic100M(benchmark::State& st) { run_row(st, "Cubic100M"); }
static void Cubic1G(benchmark::State& st) { run_row(st, "Cubic1G"); }
static void Bbr10G(benchmark::State& st) { run_row(st, "Bbr10G"); }
static void Cubic10Flows1G(benchmark::State& st) { run_row(st, "Cubic10Flows1G"); }
static void Cubic100Flows10G(benchmark::State& st) { run_row(st, "Cubic100Flows10G"); }
static void FqCodelMix100M(benchmark::State& st) { run_row(st, "FqCodelMix100M"); }
static void WorstPathMemory(benchmark::State& st) { run_row(st, "WorstPathMemory"); }

BENCHMARK(BM_BareLoop)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(Cubic100M)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(Cubic1G)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(Bbr10G)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);
BENCHMARK(Cubic10Flows1G)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(Cubic100Flows10G)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK(FqCodelMix100M)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(WorstPathMemory)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

BENCHMARK_MAIN();
