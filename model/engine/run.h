// Running a scenario: the one entry point the app, the command line, the
// tests and the benchmarks share. No global state: any number of runs may go
// on at once on different threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "model/core/packet_tap.h"
#include "model/core/result.h"

namespace inflight {

// A view of the run so far, handed to the consumer while the run goes on.
// Valid only during the callback: copy what you keep.
struct Progress {
    const Trace& trace;                // buckets completed so far
    const std::vector<Event>& events;  // events so far
    // Each flow's trace so far (flows[i].trace; summaries are empty until
    // the run ends). With one flow, flows[0].trace is empty: `trace` is it.
    const std::vector<FlowResult>& flows;
    double sim_time_s;
    double duration_s;
};

struct RunControl {
    // Set to true from any thread to stop the run promptly (within a
    // millisecond or so of wall time); the result then has cancelled = true.
    // It is read at every trace bucket's end and, within a long bucket, every
    // kMomentsPerCancelCheck moments (a moment is ~0.1 µs of work).
    const std::atomic<bool>* cancel = nullptr;
    static constexpr std::uint32_t kMomentsPerCancelCheck = 8192;
    // Called on the running thread every few percent of the run.
    std::function<void(const Progress&)> on_progress;
    // Told of every packet a capture at the senders would see (packet_tap.h),
    // on the running thread, in time order; null: none (the usual case).
    PacketTap* tap = nullptr;
};

// Runs a scenario that validate() accepts (throws std::invalid_argument
// otherwise).
RunResult run_scenario(const Scenario& scenario, const RunControl& control = {});

}  // namespace inflight
