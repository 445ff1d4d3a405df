// run_on_kernel: the steps of kernel_run.h, one after the other.
#include "app/kernel/kernel_run.h"

#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <utility>

#include "app/kernel/cpu_pressure.h"
#include "app/kernel/emulator.h"
#include "app/kernel/finite_sender.h"
#include "app/kernel/kernel_flows.h"
#include "app/kernel/kernel_recorder.h"
#include "app/kernel/netns.h"
#include "app/kernel/ping_flow.h"
#include "app/kernel/privileges.h"
#include "app/kernel/rpc_client.h"
#include "app/kernel/signal_stop.h"
#include "app/kernel/transfer.h"
#include "app/kernel/transfer_events.h"
#include "model/core/units.h"

namespace inflight::kernel {

namespace {

constexpr TimePs kSamplePeriod = from_ms(10);          // TCP_INFO readings
constexpr double kMinBucketS = 0.020;                  // two readings per trace bucket at least
constexpr int kMaxBuckets = 5000;                      // as the model's trace
constexpr TimePs kProgressPeriod = from_ms(100);
// The run's clock starts this long after the last sender is made, so that a
// flow starting at 0 s connects at a moment every reading can see.
constexpr TimePs kConnectLead = from_ms(1);

// " of flow 3" (1-based) when there are several flows, for an error line.
std::string which(std::size_t n, std::size_t i) { return n > 1 ? " of flow " + std::to_string(i + 1) : ""; }
// SCHED_FIFO priority of the emulator's threads: above every ordinary
// thread, low among real-time ones (the kernel's own sit at 50 and up).
constexpr int kEmulatorPriority = 10;

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
    for (const ResolvedFlow& f : resolve_flows(s))
        if (f.is_rpc()) {
            a.push_back("writes_held_by_nagle: 0, user space does not see Nagle hold a write (never measured)");
            break;
        }
    if (s.sndbuf_bytes < Limits::max_window_bytes)
        a.push_back("sndbuf: Linux counts its own per-packet overhead and unsent data in SO_SNDBUF (doubled), "
                    "so the bytes in flight it allows differ from the model's sndbuf");
    return a;
}

}  // namespace

std::string cpu_wait_words(const KernelFacts& f) {
    return "tasks waited for a CPU " + format_number(f.cpu_wait_share * 100, 2) + "% of the run";
}

// BBR asks for Linux's internal pacing
// itself (since 4.13, without an fq qdisc); another algorithm only when the
// flow asked for pacing (SO_MAX_PACING_RATE). With several flows, one
// clause per kind.
std::string kernel_pacing_words(const Scenario& s) {
    bool bbr = false, asked = false, unpaced = false;
    for (const ResolvedFlow& f : resolve_flows(s)) {
        if (f.kind != FlowKind::Tcp) continue;
        if (f.algorithm == Algorithm::Bbr) bbr = true;
        else if (f.pacing) asked = true;
        else unpaced = true;
    }
    std::string out;
    const auto add = [&out](const std::string& clause) { out += (out.empty() ? "" : "; ") + clause; };
    if (bbr) add("BBR: Linux TCP internal pacing (BBR asks for it, with or without --pacing; no fq qdisc)");
    if (asked) add("paced flows: Linux TCP internal pacing (SO_MAX_PACING_RATE set; no fq qdisc)");
    if (unpaced)
        add(std::string(bbr || asked ? "the others: " : "") + "none (Linux sends as cwnd and the ACK clock allow)");
    return out;
}

std::optional<std::string> kernel_limits_refusal(const Scenario& s, const KernelRunOptions& options) {
    const std::vector<ResolvedFlow> flows = resolve_flows(s);
    if (flows.size() > kKernelMaxFlows)
        return std::to_string(flows.size()) + " flows: a kernel run carries at most " + std::to_string(kKernelMaxFlows) +
               " on this machine (" + kKernelMaxFlowsWhy + "); use inflight run for more";
    const double honest_bps = emulator_honest_rate_bps(flows.size());
    if (s.bandwidth_bps > honest_bps && !options.beyond_honest_rate) {
        if (flows.size() <= kEmulatorFlowsAtFullRate)
            return "--bandwidth " + format_rate(s.bandwidth_bps) + " is above what the path emulator keeps honest on "
                   "this machine (" + format_rate(honest_bps) + ", measured); use a lower rate";
        return "--bandwidth " + format_rate(s.bandwidth_bps) + " with " + std::to_string(flows.size()) +
               " flows is above what the path emulator keeps honest on this machine (" + format_rate(honest_bps) +
               " from " + std::to_string(kEmulatorFlowsAtFullRate + 1) + " flows on, " +
               format_rate(kEmulatorHonestRateBps) + " with up to " + std::to_string(kEmulatorFlowsAtFullRate) +
               ", measured); use a lower rate or fewer flows";
    }
    return std::nullopt;
}

std::optional<std::string> kernel_run_refusal(const Scenario& s, const KernelRunOptions& options) {
    if (auto e = validate(s)) return e;
    if (auto e = kernel_limits_refusal(s, options)) return e;
    if (auto e = missing_privileges()) return e;
    if (access("/dev/net/tun", R_OK | W_OK) != 0)
        return std::string("no usable /dev/net/tun on this machine: load the TUN driver (sudo modprobe tun)");
    for (const ResolvedFlow& f : resolve_flows(s))
        if (std::string e = check_algorithm_available(f.algorithm); !e.empty()) return e;
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
    facts.pacing = kernel_pacing_words(s);
    facts.absent = absent_fields(s);
    facts.honest_rate_limit_bps = emulator_honest_rate_bps(flow_count(s));

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

    // 3. Emulator, receivers, senders. Declared after the guard: they stop first.
    const std::vector<ResolvedFlow> flows = resolve_flows(s);
    const std::size_t n = flows.size();
    LinkConfig data;
    data.rate_bps = s.bandwidth_bps;
    data.delay = from_seconds(s.rtt_s) / 2;
    data.buffer_bytes = static_cast<std::uint64_t>(buffer_bytes(s));
    data.loss = s.loss;
    data.loss_pattern = s.loss_pattern;
    data.seed = s.seed;
    if (s.aqm == Aqm::Codel) data.codel = codel_params(s);
    if (s.aqm == Aqm::FqCodel) data.fq_codel = codel_params(s);
    data.quantum_bytes = s.mss_bytes;
    data.flow_port_base = kPort;
    data.flow_port_is_destination = true;
    LinkConfig ack;
    ack.delay = from_seconds(s.rtt_s) - data.delay;
    ack.flow_port_base = kPort;
    ack.flow_port_is_destination = false;
    for (const ResolvedFlow& f : flows) {
        const TimePs rtt = from_seconds(f.rtt_s);
        data.flow_delays.push_back(rtt / 2);
        ack.flow_delays.push_back(rtt - rtt / 2);
    }
    LinkThread data_link(path.sender().tun_fd, path.receiver().tun_fd, data, s.mss_bytes, kEmulatorPriority,
                         LinkCapture{options.capture, true});
    LinkThread ack_link(path.receiver().tun_fd, path.sender().tun_fd, ack, s.mss_bytes, kEmulatorPriority,
                        LinkCapture{options.capture, false});
    data_link.start();
    ack_link.start();
    // A TCP flow is a receiver and a sender (a bulk one's, a finite flow's
    // transfers, or a request/response flow's client); a ping flow its echo
    // and prober (the other pointers stay null).
    std::vector<std::unique_ptr<Receiver>> receivers(n);
    std::vector<std::unique_ptr<Sender>> senders(n);
    std::vector<std::unique_ptr<FiniteSender>> finite(n);
    std::vector<std::unique_ptr<RpcClient>> rpcs(n);
    std::vector<std::unique_ptr<PingFlow>> pings(n);
    std::size_t first_tcp = n;
    for (std::size_t i = 0; i < n; ++i) {
        if (flows[i].kind != FlowKind::Tcp) continue;
        if (first_tcp == n) first_tcp = i;
        receivers[i] = std::make_unique<Receiver>();
        if (std::string e = receivers[i]->start(path.receiver().netns_fd, s, flows[i], i); !e.empty()) {
            out.error = "receiver" + which(n, i) + ": " + e;
            return out;
        }
    }
    if (first_tcp < n) facts.window_scaling = receivers[first_tcp]->window_scaling();
    // The senders connect (and the pings begin) at their flows' starts, counted from t0.
    const TimePs t0 = monotonic_now() + kConnectLead;
    const std::optional<double> cpu_waited_at_start_s = cpu_waited_s();
    const TimePs cpu_waited_read_at = monotonic_now();
    for (std::size_t i = 0; i < n; ++i) {
        const TimePs start_at = t0 + from_seconds(flows[i].start_s);
        const TimePs stop_at = t0 + from_seconds(std::min(flows[i].stop_s, s.duration_s + 1));
        if (flows[i].kind == FlowKind::Ping) {
            pings[i] = std::make_unique<PingFlow>();
            if (std::string e = pings[i]->start(path.sender().netns_fd, path.receiver().netns_fd, flows[i], i, t0,
                                                start_at, stop_at);
                !e.empty()) {
                out.error = "ping" + which(n, i) + ": " + e;
                return out;
            }
            continue;
        }
        if (flows[i].size_bytes) {
            // Transfers start from the flow's start until its stop (the end of the run at most).
            finite[i] = std::make_unique<FiniteSender>();
            if (std::string e = finite[i]->start(path.sender().netns_fd, s, flows[i], i, t0, start_at,
                                                 t0 + from_seconds(std::min(flows[i].stop_s, s.duration_s)));
                !e.empty()) {
                out.error = "sender" + which(n, i) + ": " + e;
                return out;
            }
            continue;
        }
        if (flows[i].is_rpc()) {
            // Transactions from the flow's start until its stop (the end of the run at most).
            rpcs[i] = std::make_unique<RpcClient>();
            if (std::string e = rpcs[i]->start(path.sender().netns_fd, s, flows[i], i, t0, start_at,
                                               t0 + from_seconds(std::min(flows[i].stop_s, s.duration_s)));
                !e.empty()) {
                out.error = "client" + which(n, i) + ": " + e;
                return out;
            }
            continue;
        }
        senders[i] = std::make_unique<Sender>();
        if (std::string e = senders[i]->start(path.sender().netns_fd, s, flows[i], i, start_at, stop_at); !e.empty()) {
            out.error = "sender" + which(n, i) + ": " + e;
            return out;
        }
    }
    for (std::size_t i = first_tcp; i < n; ++i) {
        if (!receivers[i]) continue;
        const std::string cc = senders[i]  ? senders[i]->congestion_control()
                               : finite[i] ? finite[i]->congestion_control()
                                           : rpcs[i]->congestion_control();
        if (facts.congestion_control.empty()) facts.congestion_control = cc;
        else if (cc != facts.congestion_control) facts.congestion_control = "per flow";
    }

    // 4. The readings: every flow's TCP_INFO at each tick.
    RunResult result;
    result.scenario = s;
    result.flows.resize(n);
    std::vector<std::vector<Event>> flow_events(n);
    std::vector<std::unique_ptr<KernelRecorder>> recorders;
    const int bucket_count = std::clamp(static_cast<int>(s.duration_s / kMinBucketS), 1, kMaxBuckets);
    for (std::size_t i = 0; i < n; ++i) {
        const ResolvedFlow& f = flows[i];
        FlowResult& fr = result.flows[i];
        recorders.emplace_back();
        fr.flow = f;
        if (f.kind != FlowKind::Tcp) continue;  // a ping's trace is made from its replies at the end
        Trace& trace = fr.trace;
        const double flow_bdp = s.bandwidth_bps / 8.0 * f.rtt_s;
        trace.bdp_bytes = flow_bdp;
        trace.buffer_bytes = static_cast<double>(data.buffer_bytes);
        trace.base_rtt_s = f.rtt_s;
        trace.mss_bytes = s.mss_bytes;
        KernelRecorder::Config rc;
        rc.duration_s = s.duration_s;
        rc.bucket_count = bucket_count;
        rc.window_start_s = s.duration_s / 2;
        rc.link_rate_bps = s.bandwidth_bps;
        rc.scenario_mss_bytes = s.mss_bytes;
        rc.bdp_bytes = flow_bdp;
        rc.buffer_bytes = buffer_bytes(s);
        rc.event_group_span_s = std::max(f.rtt_s, 0.1);
        rc.random_loss = s.loss > 0 && s.loss_pattern == LossPattern::Random;
        rc.bbr = f.algorithm == Algorithm::Bbr;
        rc.flow_index = static_cast<int>(i);
        rc.stop_s = f.stop_s;
        recorders.back() = std::make_unique<KernelRecorder>(rc, trace, flow_events[i]);
    }
    PathTraceBuilder path_trace(result.trace, s, bucket_count);

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
        const double t_s = to_seconds(std::min(now, t0 + duration) - t0);
        const QueueRange queue = data_link.take_queue_range();
        const LinkCounters c = data_link.counters();
        std::uint64_t received = 0;
        PathTraceBuilder::Sums sums;
        for (std::size_t i = 0; i < n; ++i) {
            if (!receivers[i]) continue;  // a ping: its replies are read at the end
            received += receivers[i]->bytes_received();
            const bool bbr = flows[i].algorithm == Algorithm::Bbr;
            KernelSample sample;
            sample.t_s = t_s;
            if (senders[i] || rpcs[i]) {
                const bool connected = senders[i] ? senders[i]->connected() : rpcs[i]->connected();
                if (!connected) continue;  // not started yet
                sample.tcp = read_tcp_sample(senders[i] ? senders[i]->socket_fd() : rpcs[i]->socket_fd(), bbr);
            } else {
                if (!finite[i]->started()) continue;
                sample.tcp = finite[i]->sample(bbr);  // the newest open transfer's
            }
            sample.queue = queue;
            const FlowLinkCounters& fc = c.flows[i];
            sample.drops_tail = fc.drops_tail;
            sample.drops_aqm = fc.drops_aqm;
            sample.drops_random = fc.drops_random;
            sample.ecn_marks = fc.ecn_marks;
            sample.received_bytes = receivers[i]->bytes_received();
            recorders[i]->add(sample);
            if (sample.tcp.ok) {
                sums.cwnd_bytes += sample.tcp.cwnd_bytes;
                sums.window_bytes += sample.tcp.peer_window_bytes > 0
                                         ? std::min(sample.tcp.cwnd_bytes, sample.tcp.peer_window_bytes)
                                         : sample.tcp.cwnd_bytes;
                sums.inflight_bytes += sample.tcp.inflight_bytes;
                if (!std::isnan(sample.tcp.peer_window_bytes))
                    sums.rwnd_bytes = (std::isnan(sums.rwnd_bytes) ? 0.0 : sums.rwnd_bytes) + sample.tcp.peer_window_bytes;
            }
            if (sample.tcp.ok && sample.tcp.mss_bytes > 0) facts.mss_bytes = sample.tcp.mss_bytes;
            if (std::string e = senders[i] ? senders[i]->error() : finite[i] ? finite[i]->error() : rpcs[i]->error();
                !e.empty()) {
                out.error = "sender" + which(n, i) + ": " + e;
                return out;
            }
        }
        path_trace.add(t_s, queue, received, sums);
        elapsed_s = t_s;
        if (stop_asked) {
            result.cancelled = true;
            out.signal = signals.signal_received();
            break;
        }
        if (now >= t0 + duration) break;
        if (progress && now >= next_progress) {
            next_progress += kProgressPeriod;
            const Trace& shown = n == 1 ? result.flows[0].trace : result.trace;
            std::vector<Event> events;
            for (const std::vector<Event>& e : flow_events) events.insert(events.end(), e.begin(), e.end());
            for (std::size_t i = 0; i < n; ++i)
                if (finite[i]) add_transfer_events(finite[i]->transfers(), flows[i], i, elapsed_s, events);
            std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.t_s < b.t_s; });
            progress(KernelProgressView{shown, events, result.flows, elapsed_s, s.duration_s});
        }
    }

    // 5. Stop everything, then describe the run.
    if (const std::optional<double> at_end_s = cpu_waited_s(); at_end_s && cpu_waited_at_start_s) {
        facts.cpu_wait_s = *at_end_s - *cpu_waited_at_start_s;
        const double span_s = to_seconds(monotonic_now() - cpu_waited_read_at);
        facts.cpu_wait_share = span_s > 0 ? *facts.cpu_wait_s / span_s : 0;
        facts.machine_busy = facts.cpu_wait_share > kBusyCpuWaitShare;
    }
    for (auto& sender : senders)
        if (sender) sender->stop();
    for (auto& f : finite)
        if (f) f->stop();
    for (auto& r : rpcs)
        if (r) r->stop();
    for (auto& receiver : receivers)
        if (receiver) receiver->stop();
    for (auto& ping : pings)
        if (ping) ping->stop();
    data_link.stop();
    ack_link.stop();
    facts.data_direction = honesty_of(data_link);
    facts.ack_direction = honesty_of(ack_link);
    facts.honest = facts.data_direction.p99_late_s <= kHonestP99LateS;
    facts.emulator_realtime = data_link.realtime() && ack_link.realtime();
    path.tear_down();
    path_trace.finish(elapsed_s);
    std::vector<Summary> each(n);
    std::vector<FlowWindowBytes> window(n);
    std::vector<PingCounts> ping_counts(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (pings[i]) {
            const PingFlow::Samples p = pings[i]->samples();
            FlowResult& fr = result.flows[i];
            fr.ping_rtt_samples_t_s = p.reply_t_s;
            fr.ping_rtt_samples_s = p.rtt_s;
            ping_trace(fr, s, bucket_count);
            each[i] = ping_flow_summary(fr, s.duration_s / 2);
            // A reply takes at most the flow's RTT, a full buffer's wait and the
            // echo's turn (100 ms is generous on this machine).
            const double patience_s = flows[i].rtt_s + s.buffer_s + 0.1;
            ping_counts[i] = {p.sent, PingFlow::lost(p, elapsed_s, patience_s)};
            continue;
        }
        recorders[i]->finish(elapsed_s, each[i]);
        window[i] = FlowWindowBytes{recorders[i]->window_bytes(),
                                    HalfBytes{recorders[i]->first_half_bytes(), recorders[i]->second_half_bytes()}};
        result.events.insert(result.events.end(), flow_events[i].begin(), flow_events[i].end());
        if (finite[i]) add_transfer_events(finite[i]->transfers(), flows[i], i, elapsed_s, result.events);
    }
    std::stable_sort(result.events.begin(), result.events.end(),
                     [](const Event& a, const Event& b) { return a.t_s < b.t_s; });
    // The receivers' ACKs per data segment: the data segments the path
    // delivered to each, the pure ACKs each sent back.
    const LinkCounters data_counts = data_link.counters(), ack_counts = ack_link.counters();
    for (std::size_t i = 0; i < n; ++i) {
        each[i].segments_received = data_counts.flows[i].payload_segments_out;
        each[i].acks_sent = ack_counts.flows[i].pure_acks;
    }
    summarize_kernel_flows(s, each, window, ping_counts, path_trace.window_queue_delays_s(), result);
    for (std::size_t i = 0; i < n; ++i) {
        if (finite[i]) fill_fct_summary(completion_times(finite[i]->transfers(), elapsed_s), result.flows[i].summary);
        if (rpcs[i]) {
            const std::vector<RpcTransaction> done = rpcs[i]->transactions();
            fill_transaction_summary(transaction_latencies(done, elapsed_s), result.flows[i].summary);
            result.flows[i].transaction_samples = transaction_samples(done, elapsed_s);
        }
    }
    if (n == 1) result.trace = std::exchange(result.flows[0].trace, Trace{});  // one flow: RunResult::flow_trace
    result.summary.wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    out.result = std::move(result);
    return out;
}

}  // namespace inflight::kernel
