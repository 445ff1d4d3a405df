// A manual driver, not a test: runs one scenario on the kernel and prints
// its summary and facts, to check figures by hand.
//   kernel_try [--algo cubic] [--bandwidth 20Mbps] [--rtt 40ms] [--buffer 40ms]
//              [--loss 2%] [--random] [--rwnd 65535] [--sndbuf N] [--pacing]
//              [--codel] [--ecn] [--duration 10s]
//   kernel_try --sweep-rate [--duration 10s]   the emulator's honest rate:
//              CUBIC, 20 ms, buffer 50 ms (the queue never empties, so an
//              honest link delivers 1448/1500 of C as goodput) at
//              100..1000 Mbit/s, beyond the limit
#include <cstdio>
#include <cstring>
#include <string>

#include "app/kernel/kernel_run.h"
#include "model/core/units.h"

using namespace inflight;

namespace {

void print(const kernel::KernelOutcome& o) {
    if (!o.ok()) {
        std::printf("error: %s\n", o.error.c_str());
        return;
    }
    const Summary& s = o.result->summary;
    const kernel::KernelFacts& f = o.facts;
    std::printf("%s %s  %s, MTU %u, MSS %u, window scaling %s\n  pacing: %s\n", f.engine.c_str(),
                f.kernel_release.c_str(), f.congestion_control.c_str(), f.mtu_bytes, f.mss_bytes,
                f.window_scaling ? "on" : "off", f.pacing.c_str());
    std::printf("  window %.1f–%.1f s: goodput %s (utilisation %.3f), mean cwnd %.1f packets\n", s.window_start_s,
                s.window_end_s, format_rate(s.throughput_bps, 4).c_str(), s.utilisation, s.mean_cwnd_packets);
    std::printf("  srtt mean %s, min %s, max %s, p95 %s; binding %s (%.2f)\n", format_time(s.mean_rtt_s).c_str(),
                format_time(s.min_rtt_s).c_str(), format_time(s.max_rtt_s).c_str(), format_time(s.p95_rtt_s).c_str(),
                to_string(s.binding_limit), s.binding_fractions[static_cast<int>(s.binding_limit)]);
    std::printf("  drops tail %llu aqm %llu random %llu, marks %llu, retransmits %llu, congestion events %llu\n",
                (unsigned long long)s.drops_tail, (unsigned long long)s.drops_aqm,
                (unsigned long long)s.drops_random, (unsigned long long)s.ecn_marks,
                (unsigned long long)s.retransmits, (unsigned long long)s.congestion_events);
    std::printf("  emulator data: %llu writes, late p99 %.0f µs max %.0f µs; ack: p99 %.0f µs max %.0f µs; %s\n",
                (unsigned long long)f.data_direction.writes, f.data_direction.p99_late_s * 1e6,
                f.data_direction.max_late_s * 1e6, f.ack_direction.p99_late_s * 1e6, f.ack_direction.max_late_s * 1e6,
                f.honest ? "honest" : "NOT honest");
    std::printf("  namespaces %s / %s, leftovers removed %d, wall %.1f s, %zu events, %zu buckets\n",
                f.sender_netns.c_str(), f.receiver_netns.c_str(), f.leftovers_removed, s.wall_seconds,
                o.result->events.size(), o.result->trace.buckets.size());
}

}  // namespace

int main(int argc, char** argv) {
    Scenario s;
    s.bandwidth_bps = 20e6;
    s.rtt_s = 0.040;
    s.buffer_s = 0.040;
    s.duration_s = 10;
    bool sweep = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : "";
        auto take = [&] { ++i; return std::string(v); };
        if (a == "--algo") s.algorithm = algorithm_from_string(take()).value_or(Algorithm::Cubic);
        else if (a == "--bandwidth") s.bandwidth_bps = parse_rate_bps(take(), a).value;
        else if (a == "--rtt") s.rtt_s = parse_time_s(take(), a).value;
        else if (a == "--buffer") s.buffer_s = parse_time_s(take(), a).value;
        else if (a == "--loss") s.loss = parse_loss_fraction(take(), a).value;
        else if (a == "--random") s.loss_pattern = LossPattern::Random;
        else if (a == "--rwnd") s.rwnd_bytes = parse_size_bytes(take(), a).value;
        else if (a == "--sndbuf") s.sndbuf_bytes = parse_size_bytes(take(), a).value;
        else if (a == "--pacing") s.pacing = true;
        else if (a == "--codel") s.aqm = Aqm::Codel;
        else if (a == "--ecn") s.ecn = true;
        else if (a == "--duration") s.duration_s = parse_time_s(take(), a).value;
        else if (a == "--sweep-rate") sweep = true;
        else {
            std::fprintf(stderr, "unknown option %s\n", a.c_str());
            return 2;
        }
    }
    if (!sweep) {
        const kernel::KernelOutcome o = kernel::run_on_kernel(s);
        print(o);
        return o.ok() ? 0 : 1;
    }
    s.algorithm = Algorithm::Cubic;
    s.rtt_s = 0.020;
    s.buffer_s = 0.050;
    kernel::KernelRunOptions beyond;
    beyond.beyond_honest_rate = true;
    for (double mbps : {100.0, 200.0, 300.0, 400.0, 500.0, 600.0, 700.0, 800.0, 1000.0}) {
        s.bandwidth_bps = mbps * 1e6;
        const kernel::KernelOutcome o = kernel::run_on_kernel(s, {}, nullptr, beyond);
        if (!o.ok()) {
            std::printf("%6.0f Mbit/s: error %s\n", mbps, o.error.c_str());
            continue;
        }
        const auto& f = o.facts;
        std::printf("%6.0f Mbit/s: goodput %7.1f Mbit/s utilisation %.3f srtt %.1f ms, data late p99 %5.0f µs "
                    "max %6.0f µs, ack late p99 %5.0f µs, drops tail %llu\n",
                    mbps, o.result->summary.throughput_bps / 1e6, o.result->summary.utilisation,
                    o.result->summary.mean_rtt_s * 1e3, f.data_direction.p99_late_s * 1e6,
                    f.data_direction.max_late_s * 1e6, f.ack_direction.p99_late_s * 1e6,
                    (unsigned long long)o.result->summary.drops_tail);
        std::fflush(stdout);
    }
    return 0;
}
