#include "cubic.h"

#include <algorithm>
#include <cmath>

namespace inflight {

double Cubic::w_cubic_segments(double t_s) const {
    const double d = t_s - k_s_;
    return p_.c * d * d * d + w_max_seg_;
}

void Cubic::start_epoch(const CcState& s, TimePs now) {
    epoch_start_ = now;
    const double cwnd_epoch = s.cwnd_bytes / s.mss_bytes;
    // A window already at or above W_max (no reduction yet, or a reduction
    // made smaller than the window since) starts on the plateau: K = 0.
    if (w_max_seg_ <= cwnd_epoch) {
        w_max_seg_ = cwnd_epoch;
        k_s_ = 0;
    } else {
        k_s_ = std::cbrt((w_max_seg_ - cwnd_epoch) / p_.c);
    }
    w_est_seg_ = cwnd_epoch;
}

void Cubic::on_ack(CcState& s, const AckInfo& ack) {
    if (ack.recovery == RecoveryState::Recovery || !ack.cwnd_limited) return;  // no growth in recovery
    if (s.cwnd_bytes < s.ssthresh_bytes) {
        slow_start(s, ack.acked_bytes);
        return;
    }
    if (epoch_start_ < 0) start_epoch(s, ack.now);

    // Per-ACK arithmetic in segments; one division (1/cwnd) on this hot path.
    const double mss = s.mss_bytes;
    const double cwnd_seg = s.cwnd_bytes * (1.0 / mss);
    const double acked_per_cwnd = static_cast<double>(ack.acked_bytes) / s.cwnd_bytes;  // acked_seg / cwnd_seg
    const double t_s = to_seconds(ack.now - epoch_start_);

    // §4.3 Reno-friendly estimate.
    const double alpha = w_est_seg_ >= cwnd_prior_seg_ ? 1.0 : alpha_aimd_;
    w_est_seg_ += alpha * acked_per_cwnd;

    if (w_cubic_segments(t_s) < w_est_seg_) {
        s.cwnd_bytes = std::max(s.cwnd_bytes, w_est_seg_ * mss);
        return;
    }
    // §4.4/4.5 concave and convex regions: grow toward W_cubic(t + RTT).
    const double target = std::clamp(w_cubic_segments(t_s + s.srtt_s), cwnd_seg, 1.5 * cwnd_seg);
    s.cwnd_bytes += (target - cwnd_seg) * acked_per_cwnd * mss;
}

void Cubic::reduce(CcState& s) {
    const double cwnd_seg = s.cwnd_bytes / s.mss_bytes;
    w_max_seg_ = (p_.fast_convergence && cwnd_seg < w_max_seg_) ? cwnd_seg * (1.0 + p_.beta) / 2.0 : cwnd_seg;
    cwnd_prior_seg_ = cwnd_seg;
    s.ssthresh_bytes = std::max(s.cwnd_bytes * p_.beta, 2.0 * s.mss_bytes);
    epoch_start_ = -1;
}

void Cubic::on_congestion_event(CcState& s, TimePs) {
    reduce(s);
    s.cwnd_bytes = s.ssthresh_bytes;
}

void Cubic::on_rto(CcState& s, TimePs) { reduce(s); }

}  // namespace inflight
