// CUBIC, RFC 9438. Window in segments, time in seconds:
//   W_cubic(t) = C·(t − K)³ + W_max,   K = ∛((W_max − cwnd_epoch)/C)      (§4.2)
//   t counts from the start of the epoch: congestion avoidance resuming after
//   recovery. Per ACK: target = W_cubic(t + SRTT) clamped to [cwnd, 1.5·cwnd],
//   cwnd += (target − cwnd)/cwnd.
//   Reno-friendly region (§4.3): W_est += α·acked/cwnd, α = 3(1−β)/(1+β), and
//   α = 1 once W_est ≥ cwnd_prior; if W_cubic(t) < W_est then cwnd = W_est.
//   Congestion event (§4.6): ssthresh = cwnd·β (cwnd for flight_size, as Linux),
//   W_max = cwnd, or cwnd·(1+β)/2 with fast convergence (§4.7) when cwnd < W_max.
//   Timeout (§4.8): the same ssthresh; the sender sets cwnd = 1 segment.
// C = 0.4, β = 0.7. No HyStart: slow start is RFC 5681's.
#pragma once

#include <algorithm>

#include "model/cc/congestion_control.h"

namespace inflight {

struct CubicParams {
    double c = 0.4;      // RFC 9438 §5: C = 0.4
    double beta = 0.7;   // RFC 9438 §4.6: β_cubic = 0.7
    bool fast_convergence = true;
};

class Cubic final : public CongestionControl {
public:
    explicit Cubic(CubicParams p = {}) : CongestionControl(Algorithm::Cubic), p_(p) {}
    void on_ack(CcState& s, const AckInfo& ack) override;
    void on_congestion_event(CcState& s, TimePs now) override;
    void on_rto(CcState& s, TimePs now) override;

    // The cubic window function of the current epoch, in segments.
    double w_cubic_segments(double t_s) const {
        const double d = t_s - k_s_;
        return p_.c * d * d * d + w_max_seg_;
    }
    double k_s() const { return k_s_; }
    double w_max_segments() const { return w_max_seg_; }
    // Starts an epoch at `now` from the current cwnd (exposed for tests).
    void start_epoch(const CcState& s, TimePs now);

private:
    void reduce(CcState& s);

    CubicParams p_;
    double alpha_aimd_ = 3.0 * (1.0 - p_.beta) / (1.0 + p_.beta);  // §4.3 α_cubic
    double w_max_seg_ = 0;          // window before the last reduction
    double cwnd_prior_seg_ = 0;     // cwnd when ssthresh was last set
    double k_s_ = 0;                // time to return to W_max
    TimePs epoch_start_ = -1;       // -1: no epoch yet (next CA ACK starts one)
    double w_est_seg_ = 0;          // Reno-friendly estimate
};

// Every ACK: inlined into the sender's ACK path (cc_dispatch.h).
INFLIGHT_HOT void Cubic::on_ack(CcState& s, const AckInfo& ack) {
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

}  // namespace inflight
