#include "ui/lesson/theory_levels.h"

#include "model/analysis/response_theory.h"

namespace inflight::ui {

TheoryLevels theory_levels(const Scenario& s) {
    TheoryLevels t;
    const double bits_per_packet = 8.0 * s.mss_bytes;
    if (s.loss > 0 && s.algorithm == Algorithm::Reno) {
        t.loss_window_packets = mathis_window_packets(s.loss);
        t.loss_law = "Reno √(3/2)/√p";
    } else if (s.loss > 0 && s.algorithm == Algorithm::Cubic) {
        t.loss_window_packets = cubic_response_window_packets(s.loss, s.rtt_s);
        t.loss_law = "CUBIC RFC 9438 §5";
    }
    if (s.rwnd_bytes < Limits::max_window_bytes) t.rwnd_bytes = static_cast<double>(s.rwnd_bytes);
    if (s.sndbuf_bytes < Limits::max_window_bytes) t.sndbuf_bytes = static_cast<double>(s.sndbuf_bytes);

    t.throughput_bps = s.bandwidth_bps;
    t.binding = "link";
    const double window_rtt = s.rtt_s + bits_per_packet / s.bandwidth_bps;
    const auto consider = [&](double bps, const char* what) {
        if (bps < t.throughput_bps) {
            t.throughput_bps = bps;
            t.binding = what;
        }
    };
    if (t.loss_window_packets > 0) consider(t.loss_window_packets * bits_per_packet / s.rtt_s, "loss law");
    if (t.rwnd_bytes > 0) consider(8.0 * t.rwnd_bytes / window_rtt, "rwnd");
    if (t.sndbuf_bytes > 0) consider(8.0 * t.sndbuf_bytes / window_rtt, "send buffer");
    return t;
}

}  // namespace inflight::ui
