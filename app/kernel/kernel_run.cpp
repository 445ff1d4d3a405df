// run_on_kernel: the steps of kernel_run.h, one after the other.
#include "app/kernel/kernel_run.h"

#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "app/kernel/emulator.h"
#include "app/kernel/kernel_recorder.h"
#include "app/kernel/netns.h"
#include "app/kernel/privileges.h"
#include "app/kernel/signal_stop.h"
#include "app/kernel/transfer.h"
#include "model/core/units.h"

namespace inflight::kernel {

namespace {

constexpr TimePs kSamplePeriod = from_ms(10);          // TCP_INFO readings
constexpr double kMinBucketS = 0.020;                  // two readings per trace bucket at least
constexpr int kMaxBuckets = 5000;                      // as the model's trace
constexpr TimePs kProgressPeriod = from_ms(100);
// SCHED_FIFO priority of the emulator's threads: above every ordinary
// thread, low among real-time ones (the kernel's own sit at 50 and up).
constexpr int kEmulatorPriority = 10;

std::string describe_pacing(const Scenario& s) {
    if (s.algorithm == Algorithm::Bbr)
        return "Linux TCP internal pacing (BBR asks for it, with or without --pacing; no fq qdisc)";
    if (s.pacing) return "Linux TCP internal pacing (SO_MAX_PACING_RATE set; no fq qdisc)";
    return "none (Linux sends as cwnd and the ACK clock allow)";
}

EmulatorHonesty honesty_of(LinkThread& link) {
    const LatenessStats l = link.lateness();
    EmulatorHonesty h;
    h.writes = l.writes();
    h.max_late_s = to_seconds(l.max());
    h.p99_late_s = to_seconds(l.quantile(0.99));
    h.write_errors = link.counters().write_errors;
    return h;
}

std::vector<std::string> absent_fields(const Scenario& s) {
    std::vector<std::string> a = {
        "trace.rtt_s: the range of the kernel's srtt per bucket (TCP_INFO has no per-ACK samples)",
        "summary RTT figures: over the window's 10 ms srtt readings, not per-ACK samples",
        "limit pacing: the kernel does not say when pacing held a segment back (never reported)",
        "summary.rtos: entries into TCP_CA_Loss seen by the 10 ms readings",
    };
    if (s.algorithm != Algorithm::Bbr) a.push_back("trace.cc (BBR's bw, min_rtt, gains): NaN, not BBR");
    if (s.sndbuf_bytes < Limits::max_window_bytes)
        a.push_back("sndbuf: Linux counts its own per-packet overhead and unsent data in SO_SNDBUF (doubled), "
                    "so the bytes in flight it allows differ from the model's sndbuf");
    return a;
}

}  // namespace

std::optional<std::string> kernel_run_refusal(const Scenario& s, const KernelRunOptions& options) {
    if (auto e = validate(s)) return e;
    // The emulator has one queue (tail drop or the model's CoDel); a queue
    // per flow is not built into it yet, and a kernel run is one flow.
    if (s.aqm == Aqm::FqCodel)
        return std::string("--aqm fq_codel: the kernel run's path emulator has no fq_codel yet (one flow, one queue); "
                           "use --aqm none or --aqm codel");
    if (s.bandwidth_bps > kEmulatorHonestRateBps && !options.beyond_honest_rate)
        return "--bandwidth " + format_rate(s.bandwidth_bps) + " is above what the path emulator keeps honest on "
               "this machine (" + format_rate(kEmulatorHonestRateBps) + ", measured); use a lower rate";
    if (auto e = missing_privileges()) return e;
    if (access("/dev/net/tun", R_OK | W_OK) != 0)
        return std::string("no usable /dev/net/tun on this machine: load the TUN driver (sudo modprobe tun)");
    if (std::string e = check_algorithm_available(s.algorithm); !e.empty()) return e;
    return std::nullopt;
}

KernelOutcome run_on_kernel(const Scenario& s, const KernelProgress& progress, const std::atomic<bool>* cancel,
                            const KernelRunOptions& options) {
    const auto wall_start = std::chrono::steady_clock::now();
    KernelOutcome out;
    KernelFacts& facts = out.facts;
    utsname u{};
    if (uname(&u) == 0) {
        facts.kernel_release = u.release;
        facts.kernel_version = u.version;
    }
    facts.mtu_bytes = s.mss_bytes;
    facts.pacing = describe_pacing(s);
    facts.absent = absent_fields(s);

    // 1. Checks, creating nothing.
    if (auto e = kernel_run_refusal(s, options)) {
        out.error = *e;
        return out;
    }

    // 2. The path's namespaces and devices (torn down by the guard).
    SignalStopScope signals;
    facts.leftovers_removed = remove_leftovers();
    PathGuard path;
    if (std::string e = path.create(s.mss_bytes); !e.empty()) {
        out.error = "could not make the private path: " + e;
        return out;
    }
    facts.sender_netns = path.sender().name;
    facts.receiver_netns = path.receiver().name;

    // 3. Emulator, receiver, sender. Declared after the guard: they stop first.
    const TimePs rtt = from_seconds(s.rtt_s);
    LinkConfig data;
    data.rate_bps = s.bandwidth_bps;
    data.delay = rtt / 2;
    data.buffer_bytes = static_cast<std::uint64_t>(buffer_bytes(s));
    data.loss = s.loss;
    data.loss_pattern = s.loss_pattern;
    data.seed = s.seed;
    if (s.aqm == Aqm::Codel) data.codel = codel_params(s);
    LinkConfig ack;
    ack.delay = rtt - rtt / 2;
    LinkThread data_link(path.sender().tun_fd, path.receiver().tun_fd, data, s.mss_bytes, kEmulatorPriority,
                         LinkCapture{options.capture, true});
    LinkThread ack_link(path.receiver().tun_fd, path.sender().tun_fd, ack, s.mss_bytes, kEmulatorPriority,
                        LinkCapture{options.capture, false});
    data_link.start();
    ack_link.start();
    Receiver receiver;
    if (std::string e = receiver.start(path.receiver().netns_fd, s); !e.empty()) {
        out.error = "receiver: " + e;
        return out;
    }
    facts.window_scaling = receiver.window_scaling();
    Sender sender;
    const TimePs t0 = monotonic_now();
    if (std::string e = sender.start(path.sender().netns_fd, s); !e.empty()) {
        out.error = "sender: " + e;
        return out;
    }
    facts.congestion_control = sender.congestion_control();

    // 4. The readings.
    RunResult result;
    result.scenario = s;
    Trace& trace = result.trace;
    trace.bdp_bytes = bdp_bytes(s);
    trace.buffer_bytes = static_cast<double>(data.buffer_bytes);
    trace.base_rtt_s = s.rtt_s;
    trace.mss_bytes = s.mss_bytes;
    KernelRecorder::Config rc;
    rc.duration_s = s.duration_s;
    rc.bucket_count = std::clamp(static_cast<int>(s.duration_s / kMinBucketS), 1, kMaxBuckets);
    rc.window_start_s = s.duration_s / 2;
    rc.link_rate_bps = s.bandwidth_bps;
    rc.scenario_mss_bytes = s.mss_bytes;
    rc.bdp_bytes = bdp_bytes(s);
    rc.buffer_bytes = buffer_bytes(s);
    rc.event_group_span_s = std::max(s.rtt_s, 0.1);
    rc.random_loss = s.loss > 0 && s.loss_pattern == LossPattern::Random;
    rc.bbr = s.algorithm == Algorithm::Bbr;
    KernelRecorder recorder(rc, trace, result.events);

    const TimePs duration = from_seconds(s.duration_s);
    TimePs next_progress = t0 + kProgressPeriod;
    double elapsed_s = 0;
    for (std::int64_t k = 1;; ++k) {
        const TimePs tick = std::min(t0 + k * kSamplePeriod, t0 + duration);
        const timespec ts{static_cast<time_t>(tick / kPsPerSecond), static_cast<long>((tick % kPsPerSecond) / 1000)};
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR && !signals.signal_received()) {
        }
        const bool stop_asked = (cancel && cancel->load()) || signals.signal_received() != 0;
        const TimePs now = monotonic_now();
        KernelSample sample;
        sample.t_s = to_seconds(std::min(now, t0 + duration) - t0);
        sample.tcp = read_tcp_sample(sender.socket_fd(), rc.bbr);
        sample.queue = data_link.take_queue_range();
        const LinkCounters c = data_link.counters();
        sample.drops_tail = c.drops_tail;
        sample.drops_aqm = c.drops_aqm;
        sample.drops_random = c.drops_random;
        sample.ecn_marks = c.ecn_marks;
        sample.received_bytes = receiver.bytes_received();
        recorder.add(sample);
        elapsed_s = sample.t_s;
        if (sample.tcp.ok && sample.tcp.mss_bytes > 0) facts.mss_bytes = sample.tcp.mss_bytes;
        if (std::string e = sender.error(); !e.empty()) {
            out.error = "sender: " + e;
            return out;
        }
        if (stop_asked) {
            result.cancelled = true;
            out.signal = signals.signal_received();
            break;
        }
        if (now >= t0 + duration) break;
        if (progress && now >= next_progress) {
            next_progress += kProgressPeriod;
            progress(KernelProgressView{trace, result.events, elapsed_s, s.duration_s});
        }
    }

    // 5. Stop everything, then describe the run.
    sender.stop();
    receiver.stop();
    data_link.stop();
    ack_link.stop();
    facts.data_direction = honesty_of(data_link);
    facts.ack_direction = honesty_of(ack_link);
    facts.honest = facts.data_direction.p99_late_s <= kHonestP99LateS;
    facts.emulator_realtime = data_link.realtime() && ack_link.realtime();
    path.tear_down();
    recorder.finish(elapsed_s, result.summary);
    // The receiver's ACKs per data segment: the data segments the path
    // delivered to it, the pure ACKs it sent back.
    result.summary.segments_received = data_link.counters().payload_segments_out;
    result.summary.acks_sent = ack_link.counters().pure_acks;
    for (FlowResult& f : result.flows) {
        f.summary.segments_received = result.summary.segments_received;
        f.summary.acks_sent = result.summary.acks_sent;
    }
    result.summary.wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    out.result = std::move(result);
    return out;
}

}  // namespace inflight::kernel
