// The one entry point for running a scenario on this machine's Linux TCP
// stack, in real time: its flows (one, or up to kKernelMaxFlows each with
// its own algorithm, RTT, start, stop and windows): TCP bulk flows, finite
// transfers (size=, every=: a new connection each) and pings. Everything
// privileged sits behind it, in order:
//   1. checks, creating nothing: the scenario, the emulator's honest rate,
//      CAP_NET_ADMIN + CAP_SYS_ADMIN, /dev/net/tun, the algorithm
//   2. leftovers of killed runs removed; two namespaces with TUN devices
//   3. the emulator's two threads, the receiver, the sender
//   4. TCP_INFO every 10 ms for the scenario's duration in wall time, into
//      the model's Trace / events / Summary, with progress callbacks
//   5. everything torn down (guards), also on cancel and SIGINT/SIGTERM
// The result is the model's RunResult plus KernelFacts (what the kernel
// engine adds: version, MSS, pacing, the emulator's honesty) — or one line
// of error. A command-line subcommand or a window button is a thin call.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/capture/pcap_file_writer.h"
#include "model/core/result.h"
#include "model/core/scenario.h"

namespace inflight::kernel {

// The highest link rate at which the emulator stays honest on this machine.
// Measured with tests/kernel/kernel_try --sweep-rate on the 2-core CI VM
// (kernel 6.18, emulator threads SCHED_FIFO): CUBIC, 20 ms, buffer 50 ms
// (the queue never empties), 10 s runs. 100…800 Mbit/s: goodput exactly
// 1448/1500 of the rate (utilisation 0.965), the data direction's p99 write
// lateness 45…150 µs; 1000 Mbit/s: utilisation 0.956 and p99 lateness 12 ms
// (the emulator fell behind). The limit is the last honest rate measured.
inline constexpr double kEmulatorHonestRateBps = 800e6;

// With more flows the same two cores also carry a sender and a receiver
// thread per flow. Measured the same way with --parallel N (p99 lateness of
// the data direction): 2 flows at 800 Mbit/s 160-470 µs in three runs; 3
// flows at 800 once 5.8 ms; 10 flows at 800 1.06 ms, 16 flows 9.9 ms; 10 and
// 16 flows at 600 and 700 Mbit/s 125-200 µs. From three flows on, the limit
// is 600 Mbit/s, a step below the highest rate seen honest.
inline constexpr std::size_t kEmulatorFlowsAtFullRate = 2;
inline constexpr double kEmulatorHonestRateManyFlowsBps = 600e6;

// The highest honest link rate for a run of this many flows (pings and
// transfers count: each is a thread beside the emulator's).
constexpr double emulator_honest_rate_bps(std::size_t flows) {
    return flows <= kEmulatorFlowsAtFullRate ? kEmulatorHonestRateBps : kEmulatorHonestRateManyFlowsBps;
}

// The most flows a kernel run carries on this machine: each is a sender and
// a receiver thread and a socket read every 10 ms, beside the emulator's
// two real-time threads, on 2 cores. Measured with --parallel N (CUBIC,
// 20 ms, 50 ms buffer, 10 s): 20 and 32 flows at 100 Mbit/s p99 60 µs,
// 32 flows at 400 and 600 Mbit/s 85 and 110 µs. The window draws at most
// 16 flows of its own; the reason is given with a refusal.
inline constexpr std::size_t kKernelMaxFlows = 32;
inline constexpr const char* kKernelMaxFlowsWhy =
    "two cores carry the emulator and a sender and receiver thread per flow; measured honest up to 32";

// How late the emulator's writes were, per direction.
struct EmulatorHonesty {
    std::uint64_t writes = 0;
    double max_late_s = 0;
    double p99_late_s = 0;
    std::uint64_t write_errors = 0;
};

struct KernelFacts {
    std::string engine = "kernel";
    std::string kernel_release;   // uname -r, e.g. "6.18.44-…"
    std::string kernel_version;   // uname -v
    std::string congestion_control;  // as the socket reports it
    std::uint32_t mtu_bytes = 0;  // the TUN devices' MTU (the scenario's packet size)
    std::uint32_t mss_bytes = 0;  // tcpi_snd_mss: payload per segment actually used
    std::string pacing;           // which pacing was in force, in words
    bool window_scaling = true;   // in the receiver's namespace
    double honest_rate_limit_bps = kEmulatorHonestRateBps;
    EmulatorHonesty data_direction, ack_direction;
    bool honest = true;           // the data direction's p99 lateness under kHonestP99LateS
    bool emulator_realtime = false;  // its threads ran SCHED_FIFO (needs CAP_SYS_NICE)
    // The time some task waited for a CPU while the flows ran
    // (cpu_pressure.h), its share of that span, and whether the share
    // exceeds kBusyCpuWaitShare; nothing where the kernel has no PSI.
    std::optional<double> cpu_wait_s;
    double cpu_wait_share = 0;
    bool machine_busy = false;
    std::string sender_netns, receiver_netns;
    int leftovers_removed = 0;    // namespaces of killed runs removed at this start
    // Trace/Summary fields the kernel could not give as the model does (one
    // line each: field and why).
    std::vector<std::string> absent;
};

struct KernelOutcome {
    std::optional<RunResult> result;  // set on success (cancelled = true when stopped early)
    KernelFacts facts;
    std::string error;                // one line when the run could not be made
    int signal = 0;                   // SIGINT / SIGTERM that stopped the run, else 0
    bool ok() const { return error.empty() && result.has_value(); }
};

struct KernelProgressView {
    const Trace& trace;               // buckets so far (several flows: the path's)
    const std::vector<Event>& events; // every flow's so far, in time order
    const std::vector<FlowResult>& flows;  // each flow as it ran, its trace so far (one flow too)
    double elapsed_s;
    double duration_s;
};
// Called on the running thread about every 100 ms.
using KernelProgress = std::function<void(const KernelProgressView&)>;

// p99 write lateness above this makes a run "not honest" in its facts.
inline constexpr double kHonestP99LateS = 1e-3;

struct KernelRunOptions {
    // Only for re-measuring kEmulatorHonestRateBps (tests/kernel/kernel_try
    // --sweep-rate): run above it instead of refusing.
    bool beyond_honest_rate = false;
    // Where the emulator writes what the sender's interface sees (both
    // directions), or null. Opened by the caller; finished by the caller.
    capture::PcapFileWriter* capture = nullptr;
};

// The scenario's values beyond what a kernel run carries here: more than
// kKernelMaxFlows flows, or a link rate above emulator_honest_rate_bps for
// that many flows. Needs no privileges, so the command line reads them as
// out-of-range values; one line, or nothing.
std::optional<std::string> kernel_limits_refusal(const Scenario& s, const KernelRunOptions& options = {});

// The checks of step 1 only: nothing when a run could start.
std::optional<std::string> kernel_run_refusal(const Scenario& s, const KernelRunOptions& options = {});

// How the kernel paces the scenario's TCP flows, in words for the summary's
// Pacing line: "BBR: Linux TCP internal pacing (...); the others: none (...)".
std::string kernel_pacing_words(const Scenario& s);

// "tasks waited for a CPU 65% of the run": the facts' CPU pressure in
// words, for every place that says so (summary, status line, compare).
std::string cpu_wait_words(const KernelFacts& f);

KernelOutcome run_on_kernel(const Scenario& s, const KernelProgress& progress = {},
                            const std::atomic<bool>* cancel = nullptr, const KernelRunOptions& options = {});

}  // namespace inflight::kernel
