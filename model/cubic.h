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

#include "congestion_control.h"

namespace inflight {

struct CubicParams {
    double c = 0.4;      // RFC 9438 §5: C = 0.4
    double beta = 0.7;   // RFC 9438 §4.6: β_cubic = 0.7
    bool fast_convergence = true;
};

class Cubic final : public CongestionControl {
public:
    explicit Cubic(CubicParams p = {}) : p_(p) {}
    void on_ack(CcState& s, const AckInfo& ack) override;
    void on_congestion_event(CcState& s, TimePs now) override;
    void on_rto(CcState& s, TimePs now) override;

    // The cubic window function of the current epoch, in segments.
    double w_cubic_segments(double t_s) const;
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

}  // namespace inflight
