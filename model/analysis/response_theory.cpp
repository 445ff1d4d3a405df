#include "model/analysis/response_theory.h"

#include <cmath>
#include <limits>

namespace inflight {

double mathis_window_packets(double loss) { return std::sqrt(1.5 / loss); }

// RFC 9438 §5, Figure "AVG_W_cubic": ⁴√(C(3+β)/(4(1−β))) · ⁴√(RTT³) / ⁴√(p³).
double cubic_window_packets(double loss, double rtt_s) {
    const double scale = std::pow(kCubicC * (3 + kCubicBeta) / (4 * (1 - kCubicBeta)), 0.25);
    return scale * std::pow(rtt_s, 0.75) / std::pow(loss, 0.75);
}

double cubic_response_window_packets(double loss, double rtt_s) {
    return std::max(cubic_window_packets(loss, rtt_s), mathis_window_packets(loss));
}

TheoryPoint theory_throughput(const Scenario& s) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double bits_per_packet = 8.0 * s.mss_bytes;
    TheoryPoint best{s.bandwidth_bps, "link"};
    bool has_law = false;
    const auto consider = [&](double bps, const char* law) {
        has_law = true;
        if (bps < best.throughput_bps) best = {bps, law};
    };
    // A window below the 1 GiB default is a deliberate limit.
    if (s.rwnd_bytes < Limits::max_window_bytes) consider(8.0 * s.rwnd_bytes / s.rtt_s, "rwnd");
    if (s.sndbuf_bytes < Limits::max_window_bytes) consider(8.0 * s.sndbuf_bytes / s.rtt_s, "sndbuf");
    if (s.loss > 0) {
        if (s.algorithm == Algorithm::Reno)
            consider(mathis_window_packets(s.loss) * bits_per_packet / s.rtt_s, "mathis");
        else if (s.algorithm == Algorithm::Cubic)
            consider(cubic_response_window_packets(s.loss, s.rtt_s) * bits_per_packet / s.rtt_s,
                     "rfc9438");
    }
    if (!has_law) return {nan, ""};
    return best;
}

}  // namespace inflight
