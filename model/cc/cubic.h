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
// C = 0.4, β = 0.7. Slow start is RFC 5681's, until the first loss.
// With HyStart on (the `hystart` switch; hystart.h), slow start ends as in
// Linux: HyStart sets ssthresh = cwnd, and the epoch that follows has no
// W_max: W_max = cwnd, K = 0, and — Linux bictcp_update, while
// last_max_cwnd == 0 — cwnd grows by at least 1 segment per 20 acknowledged
// (ca->cnt ≤ 20: 5% per RTT) until the first congestion event sets W_max.
// An RTO restarts HyStart (cubictcp_state on TCP_CA_Loss).
#pragma once

#include <algorithm>

#include "model/cc/congestion_control.h"
#include "model/cc/hystart.h"

namespace inflight {

struct CubicParams {
    double c = 0.4;      // RFC 9438 §5: C = 0.4
    double beta = 0.7;   // RFC 9438 §4.6: β_cubic = 0.7
    bool fast_convergence = true;
};

class Cubic final : public CongestionControl {
public:
    explicit Cubic(CubicParams p = {}, bool hystart = false, bool paced = false)
        : CongestionControl(Algorithm::Cubic), p_(p), hystart_on_(hystart), hystart_(paced) {}
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
    const Hystart& hystart() const { return hystart_; }

private:
    void reduce(CcState& s);
    // The congestion-avoidance step of RFC 9438 for one ACK.
    INFLIGHT_HOT void avoid_congestion(CcState& s, TimePs now, std::uint32_t acked_bytes);
    // HyStart's part of an ACK (cubictcp_acked), with HyStart on; true when
    // it ended slow start (ssthresh = cwnd).
    INFLIGHT_COLD bool hystart_ack(CcState& s, TimePs now, TimePs rtt);
    // Congestion avoidance with no W_max yet (after HyStart): at least 5% per RTT.
    INFLIGHT_COLD void avoid_congestion_without_wmax(CcState& s, TimePs now, std::uint32_t acked_bytes);

    CubicParams p_;
    double alpha_aimd_ = 3.0 * (1.0 - p_.beta) / (1.0 + p_.beta);  // §4.3 α_cubic
    double w_max_seg_ = 0;          // window before the last reduction
    double cwnd_prior_seg_ = 0;     // cwnd when ssthresh was last set
    double k_s_ = 0;                // time to return to W_max
    TimePs epoch_start_ = -1;       // -1: no epoch yet (next CA ACK starts one)
    double w_est_seg_ = 0;          // Reno-friendly estimate
    bool hystart_on_;
    bool no_wmax_ = false;          // HyStart ended slow start; no congestion event since
    Hystart hystart_;
};

// Every ACK: inlined into the sender's ACK path (cc_dispatch.h).
INFLIGHT_HOT void Cubic::on_ack(CcState& s, const AckInfo& ack) {
    if (ack.recovery == RecoveryState::Recovery || !ack.cwnd_limited) {  // no growth in recovery
        if (hystart_on_) [[unlikely]] hystart_ack(s, ack.now, ack.rtt);  // Linux's pkts_acked runs still
        return;
    }
    if (s.cwnd_bytes < s.ssthresh_bytes) {
        // HyStart runs in slow start only: its delay_min needs no sample from
        // congestion avoidance, as only an RTO (which clears it) reopens slow start.
        if (!hystart_on_ || !hystart_ack(s, ack.now, ack.rtt)) {
            slow_start(s, ack.acked_bytes);
            return;
        }
        // HyStart ended slow start on this ACK: congestion avoidance takes it (as Linux's cong_avoid).
    }
    if (epoch_start_ < 0) start_epoch(s, ack.now);
    if (no_wmax_) [[unlikely]] return avoid_congestion_without_wmax(s, ack.now, ack.acked_bytes);
    avoid_congestion(s, ack.now, ack.acked_bytes);
}

INFLIGHT_HOT void Cubic::avoid_congestion(CcState& s, TimePs now, std::uint32_t acked_bytes) {
    // Per-ACK arithmetic in segments; one division (1/cwnd) on this hot path.
    const double mss = s.mss_bytes;
    const double cwnd_seg = s.cwnd_bytes * (1.0 / mss);
    const double acked_per_cwnd = static_cast<double>(acked_bytes) / s.cwnd_bytes;  // acked_seg / cwnd_seg
    const double t_s = to_seconds(now - epoch_start_);

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
