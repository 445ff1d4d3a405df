#include "model/cc/bbr.h"

#include <algorithm>
#include <cmath>

namespace inflight {

Bbr::Bbr(std::uint64_t seed, bool paced, BbrParams p, bool headroom)
    : CongestionControl(Algorithm::Bbr), p_(p), pacing_factor_(1.0 - p.pacing_margin), paced_(paced), rng_(seed ^ 0xBB5EEDull), min_rtt_expires_at_(p.min_rtt_window), pacing_gain_(p.high_gain), cwnd_gain_(p.high_gain), headroom_(headroom) {
    bw_filter_.reset(0, 0.0);
}

CcInfo Bbr::info() const {
    CcInfo i;
    i.bw_bps = max_bw_Bps() * 8.0;
    i.min_rtt_s = min_rtt_ == kNever ? std::nan("") : to_seconds(min_rtt_);
    i.pacing_gain = pacing_gain_;
    i.cwnd_gain = cwnd_gain_;
    return i;
}

double Bbr::pacing_rate_Bps(const CcState& s) const {
    if (has_seen_rtt_) return pacing_rate_Bps_;
    // bbr_init_pacing_rate_from_rtt: high_gain · initial cwnd / srtt.
    const double srtt = s.srtt_s > 0 ? s.srtt_s : 0.001;
    return p_.high_gain * p_.initial_cwnd_packets * s.mss_bytes / srtt * (1.0 - p_.pacing_margin);
}

INFLIGHT_COLD double Bbr::remember_inflight_bytes(InflightMemo& m, std::uint32_t mss_bytes, double bw_Bps, double gain) const {
    const double bdp_bytes = bw_Bps * to_seconds(min_rtt_);
    const double mss = mss_bytes;
    m = InflightMemo{bw_Bps, gain, min_rtt_, mss_bytes, std::ceil(bdp_bytes * gain * (1.0 / mss)) * mss};  // whole packets, rounded up
    return m.bytes;
}

void Bbr::save_cwnd(const CcState& s) {
    if (prev_recovery_ == RecoveryState::Open && mode_ != Mode::ProbeRtt)
        prior_cwnd_bytes_ = s.cwnd_bytes;
    else  // loss recovery or ProbeRTT have temporarily cut cwnd
        prior_cwnd_bytes_ = std::max(prior_cwnd_bytes_, s.cwnd_bytes);
}

// bbr_ssthresh: BBR does not reduce on loss; it notes cwnd to restore later.
void Bbr::on_congestion_event(CcState& s, TimePs) { save_cwnd(s); }

// bbr_set_state(TCP_CA_Loss): treat the RTO like the end of a round.
void Bbr::on_rto(CcState& s, TimePs) {
    save_cwnd(s);
    prev_recovery_ = RecoveryState::Loss;
    full_bw_Bps_ = 0;
    round_start_ = true;
}

INFLIGHT_COLD void Bbr::check_probe_rtt_done(CcState& s, TimePs now) {
    if (probe_rtt_done_stamp_ == 0 || now <= probe_rtt_done_stamp_) return;
    min_rtt_expires_at_ = now + p_.min_rtt_window;  // wait another 10 s before the next ProbeRTT
    s.cwnd_bytes = std::max(s.cwnd_bytes, prior_cwnd_bytes_);
    reset_mode(now);
}

INFLIGHT_COLD void Bbr::reset_mode(TimePs now) {
    if (!full_bw_reached_) {
        set_mode(Mode::Startup);
    } else {
        reset_probe_bw_mode(now);
    }
}

INFLIGHT_COLD void Bbr::reset_probe_bw_mode(TimePs now) {
    mode_ = Mode::ProbeBw;  // its gains: set by advance_cycle_phase
    // Start at a random phase other than the draining one (index 1).
    std::uniform_int_distribution<int> pick(0, kCycleLength - 2);
    cycle_idx_ = kCycleLength - 1 - pick(rng_);
    advance_cycle_phase(now);
}

}  // namespace inflight
