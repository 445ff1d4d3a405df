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
