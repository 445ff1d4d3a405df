// Simulated packets per second for model.md's three benchmark scenarios
// (40 s simulated each), flows.md's several-flow rows, plus the worst path's
// peak memory.
//   ./model_bench                       all rows
//   ./model_bench --benchmark_filter=Bbr10G
// Targets (model.md): ≥ 25 M packets/s on one core; BBR 10 Gbit/s ≤ 1.5 s.
// flows.md: ≥ 20 M packets/s with 10 flows, ≥ 15 M with 100.
#include <benchmark/benchmark.h>

#include "run.h"

using namespace inflight;

namespace {
void run_row(benchmark::State& state, const Scenario& s) {
    std::uint64_t packets = 0;
    for (auto _ : state) {
        const RunResult r = run_scenario(s);
        packets += r.summary.packets_simulated;
        state.counters["packets"] = static_cast<double>(r.summary.packets_simulated);
    }
    state.counters["packets_per_s"] = benchmark::Counter(static_cast<double>(packets), benchmark::Counter::kIsRate);
}

Scenario row(Algorithm a, double bw, double rtt_s, double buffer_s) {
    Scenario s;
    s.algorithm = a;
    s.bandwidth_bps = bw;
    s.rtt_s = rtt_s;
    s.buffer_s = buffer_s;
    return s;
}
Scenario flows(std::size_t n, double bw, double rtt_s) {
    Scenario s = row(Algorithm::Cubic, bw, rtt_s, 0.100);
    s.flows.assign(n, FlowSpec{});
    return s;
}

// CUBIC bulk + a ping every 100 ms + a 100 KB page every 2 s, under fq_codel.
Scenario fq_codel_mix() {
    Scenario s = row(Algorithm::Cubic, 100e6, 0.020, 0.200);
    s.aqm = Aqm::FqCodel;
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    FlowSpec web;
    web.size_bytes = 100'000;
    web.every_s = 2;
    web.label = "web";
    s.flows = {FlowSpec{}, ping, web};
    return s;
}
}  // namespace

static void Cubic100M(benchmark::State& st) { run_row(st, row(Algorithm::Cubic, 100e6, 0.080, 0.100)); }
static void Cubic1G(benchmark::State& st) { run_row(st, row(Algorithm::Cubic, 1e9, 0.020, 0.100)); }
static void Bbr10G(benchmark::State& st) { run_row(st, row(Algorithm::Bbr, 10e9, 0.100, 0.100)); }
static void Cubic10Flows1G(benchmark::State& st) { run_row(st, flows(10, 1e9, 0.020)); }
static void Cubic100Flows10G(benchmark::State& st) { run_row(st, flows(100, 10e9, 0.020)); }
static void FqCodelMix100M(benchmark::State& st) { run_row(st, fq_codel_mix()); }
// The worst path for memory: 10 Gbit/s, 1000 ms RTT, 1000 ms buffer.
static void WorstPathMemory(benchmark::State& st) { run_row(st, row(Algorithm::Cubic, 10e9, 1.0, 1.0)); }

BENCHMARK(Cubic100M)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(Cubic1G)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(Bbr10G)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);
BENCHMARK(Cubic10Flows1G)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(Cubic100Flows10G)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK(FqCodelMix100M)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(WorstPathMemory)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

BENCHMARK_MAIN();
