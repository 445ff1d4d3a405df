#include "model/cc/cubic.h"

#include <algorithm>
#include <cmath>

namespace inflight {

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

bool Cubic::hystart_ack(CcState& s, TimePs now, TimePs rtt) {
    HystartAck a;
    a.now = now;
    a.rtt = rtt;
    a.cwnd_packets = s.cwnd_bytes / s.mss_bytes;
    a.in_slow_start = s.cwnd_bytes < s.ssthresh_bytes;
    a.snd_una = s.snd_una_bytes;
    a.snd_nxt = s.snd_una_bytes + s.flight_size_bytes;
    a.pacing_rate_Bps = CongestionControl::pacing_rate_Bps(s);  // sk_pacing_rate, as Linux computes it
    const HystartExit exit = hystart_.on_ack(a);
    if (exit == HystartExit::None) return false;
    s.ssthresh_bytes = s.cwnd_bytes;  // no reduction: slow start just stops here
    s.slow_start_end = exit == HystartExit::AckTrain ? StartEnd::HystartAckTrain : StartEnd::HystartDelay;
    s.slow_start_end_cwnd_bytes = s.cwnd_bytes;
    no_wmax_ = w_max_seg_ == 0;  // no congestion event yet: Linux's last_max_cwnd == 0
    epoch_start_ = -1;
    return true;
}

void Cubic::avoid_congestion_without_wmax(CcState& s, TimePs now, std::uint32_t acked_bytes) {
    const double before = s.cwnd_bytes;
    avoid_congestion(s, now, acked_bytes);
    // bictcp_update: with no last_max_cwnd, ca->cnt is at most 20.
    s.cwnd_bytes = std::max(s.cwnd_bytes, before + static_cast<double>(acked_bytes) / 20.0);
}

void Cubic::reduce(CcState& s) {
    const double cwnd_seg = s.cwnd_bytes / s.mss_bytes;
    w_max_seg_ = (p_.fast_convergence && cwnd_seg < w_max_seg_) ? cwnd_seg * (1.0 + p_.beta) / 2.0 : cwnd_seg;
    cwnd_prior_seg_ = cwnd_seg;
    no_wmax_ = false;
    s.ssthresh_bytes = std::max(s.cwnd_bytes * p_.beta, 2.0 * s.mss_bytes);
    epoch_start_ = -1;
}

void Cubic::on_congestion_event(CcState& s, TimePs) {
    reduce(s);
    s.cwnd_bytes = s.ssthresh_bytes;
}

void Cubic::on_rto(CcState& s, TimePs now) {
    reduce(s);
    if (hystart_on_) {  // slow start reopens: HyStart starts over, and a later exit is its own
        hystart_.on_loss_state(now, s.snd_una_bytes + s.flight_size_bytes);
        s.slow_start_end = StartEnd::ReachedSsthresh;
    }
}

}  // namespace inflight
