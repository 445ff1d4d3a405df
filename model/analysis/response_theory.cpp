// The laws of response_theory.h, each written once.
#include "model/analysis/response_theory.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "model/tcp/receive_buffer.h"

namespace inflight {

// Mathis et al. 1997: a Reno sawtooth under deterministic loss p averages
// √(3/2)/√p packets.
double mathis_window_packets(double loss) { return std::sqrt(1.5 / loss); }

// RFC 9438 §5, Figure "AVG_W_cubic": ⁴√(C(3+β)/(4(1−β))) · ⁴√(RTT³) / ⁴√(p³).
double cubic_window_packets(double loss, double rtt_s) {
    const double scale = std::pow(kCubicC * (3 + kCubicBeta) / (4 * (1 - kCubicBeta)), 0.25);
    return scale * std::pow(rtt_s, 0.75) / std::pow(loss, 0.75);
}

// RFC 9438 §5: CUBIC's average window is the larger of its cubic term and
// the Reno-friendly window.
double cubic_response_window_packets(double loss, double rtt_s) {
    return std::max(cubic_window_packets(loss, rtt_s), mathis_window_packets(loss));
}

// A window W per round, where a round is the base RTT plus the
// serialization of its first segment (min(W, MSS) bytes) at the link rate.
double window_limit_bps(double window_bytes, double rtt_s, double link_bps, std::uint32_t mss_bytes) {
    const double round_s = rtt_s + 8.0 * std::min(window_bytes, static_cast<double>(mss_bytes)) / link_bps;
    return 8.0 * window_bytes / round_s;
}

// rate = W · MSS / RTT with Mathis' W.
double mathis_throughput_bps(double loss, double rtt_s, std::uint32_t mss_bytes) {
    return mathis_window_packets(loss) * (8.0 * mss_bytes) / rtt_s;
}

// rate = W · MSS / RTT with RFC 9438's W.
double cubic_throughput_bps(double loss, double rtt_s, std::uint32_t mss_bytes) {
    return cubic_response_window_packets(loss, rtt_s) * (8.0 * mss_bytes) / rtt_s;
}

const char* to_string(TheoryLaw law) {
    switch (law) {
        case TheoryLaw::None: return "";
        case TheoryLaw::Link: return "link";
        case TheoryLaw::Rwnd: return "rwnd";
        case TheoryLaw::Sndbuf: return "sndbuf";
        case TheoryLaw::Mathis: return "mathis";
        case TheoryLaw::Rfc9438: return "rfc9438";
    }
    return "";
}

// theory = min(link, window laws, loss law).
TheoryLevels theory_levels(const Scenario& path, const ResolvedFlow& flow) {
    TheoryLevels t;
    t.bdp_bytes = bdp_bytes(path.bandwidth_bps, flow.rtt_s);
    t.buffer_bytes = std::floor(buffer_bytes(path));  // whole bytes, as the bottleneck holds them
    if (path.loss > 0 && flow.algorithm == Algorithm::Reno) {
        t.loss_window_packets = mathis_window_packets(path.loss);
        t.loss_law = TheoryLaw::Mathis;
    } else if (path.loss > 0 && flow.algorithm == Algorithm::Cubic) {
        t.loss_window_packets = cubic_response_window_packets(path.loss, flow.rtt_s);
        t.loss_law = TheoryLaw::Rfc9438;
    }
    // A window below the 1 GiB default is a limit: the flow's rwnd, or the
    // window Linux's receive buffer advertises at most.
    const std::uint64_t receive_window = ReceiveBuffer::largest_window(flow);
    if (receive_window < Limits::max_window_bytes) t.rwnd_bytes = static_cast<double>(receive_window);
    if (receive_window < flow.rwnd_bytes)
        t.rwnd_source = flow.tcp.rcvbuf_bytes != 0 ? WindowSource::SoRcvbuf : WindowSource::Autotuning;
    if (flow.sndbuf_bytes < Limits::max_window_bytes) t.sndbuf_bytes = static_cast<double>(flow.sndbuf_bytes);

    t.throughput_bps = path.bandwidth_bps;
    t.binding = TheoryLaw::Link;
    const auto consider = [&](double bps, TheoryLaw law) {
        t.has_law = true;
        if (bps < t.throughput_bps) {
            t.throughput_bps = bps;
            t.binding = law;
        }
    };
    if (t.rwnd_bytes > 0)
        consider(window_limit_bps(t.rwnd_bytes, flow.rtt_s, path.bandwidth_bps, path.mss_bytes), TheoryLaw::Rwnd);
    if (t.sndbuf_bytes > 0)
        consider(window_limit_bps(t.sndbuf_bytes, flow.rtt_s, path.bandwidth_bps, path.mss_bytes), TheoryLaw::Sndbuf);
    if (t.loss_law == TheoryLaw::Mathis) consider(mathis_throughput_bps(path.loss, flow.rtt_s, path.mss_bytes), t.loss_law);
    if (t.loss_law == TheoryLaw::Rfc9438) consider(cubic_throughput_bps(path.loss, flow.rtt_s, path.mss_bytes), t.loss_law);
    return t;
}

TheoryLevels theory_levels(const Scenario& s) { return theory_levels(s, resolve_flow(s, 0)); }

TheoryPoint theory_throughput(const Scenario& s) {
    const TheoryLevels t = theory_levels(s);
    if (!t.has_law) return {std::numeric_limits<double>::quiet_NaN(), to_string(TheoryLaw::None)};
    return {t.throughput_bps, to_string(t.binding)};
}

}  // namespace inflight
