#include "bbr.h"

#include <algorithm>
#include <cmath>

namespace inflight {

Bbr::Bbr(std::uint64_t seed, bool paced, BbrParams p)
    : CongestionControl(Algorithm::Bbr), p_(p), pacing_factor_(1.0 - p.pacing_margin), paced_(paced), rng_(seed ^ 0xBB5EEDull), pacing_gain_(p.high_gain), cwnd_gain_(p.high_gain) {
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

CcPhase Bbr::phase(const CcState&, RecoveryState) const {  // BBR's mode, whatever the recovery state
    // By Mode's order (published on every ACK: a look-up, not a switch).
    static constexpr CcPhase kPhases[] = {CcPhase::Startup, CcPhase::Drain, CcPhase::ProbeBw, CcPhase::ProbeRtt};
    return kPhases[static_cast<int>(mode_)];
}

double Bbr::pacing_rate_Bps(const CcState& s) const {
    if (has_seen_rtt_) return pacing_rate_Bps_;
    // bbr_init_pacing_rate_from_rtt: high_gain · initial cwnd / srtt.
    const double srtt = s.srtt_s > 0 ? s.srtt_s : 0.001;
    return p_.high_gain * p_.initial_cwnd_packets * s.mss_bytes / srtt * (1.0 - p_.pacing_margin);
}

INFLIGHT_HOT double Bbr::inflight_bytes(const CcState& s, double bw_Bps, double gain, int memo) const {
    if (min_rtt_ == kNever) return static_cast<double>(p_.initial_cwnd_packets) * s.mss_bytes;
    InflightMemo& m = inflight_memo_[memo];
    if (bw_Bps == m.bw_Bps && gain == m.gain && min_rtt_ == m.min_rtt && s.mss_bytes == m.mss_bytes) return m.bytes;
    return remember_inflight_bytes(m, s.mss_bytes, bw_Bps, gain);
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

void Bbr::on_ack(CcState& s, const AckInfo& ack) {
    update_model(s, ack);
    const double bw = max_bw_Bps();
    set_pacing_rate(s, bw, pacing_gain_);
    set_cwnd(s, ack, bw, cwnd_gain_);
    publish_phase(s);
}

void Bbr::update_model(CcState& s, const AckInfo& ack) {
    update_bw(s, ack);
    update_cycle_phase(s, ack);
    check_full_bw_reached(ack);
    check_drain(s, ack.now);
    update_min_rtt(s, ack);
    update_gains();
}

void Bbr::update_bw(const CcState& s, const AckInfo& ack) {
    round_start_ = false;
    if (ack.rs.interval <= 0) return;  // not a valid observation
    // A round ends when a packet sent after the round began is delivered.
    if (ack.rs.prior_delivered_bytes >= next_rtt_delivered_) {
        next_rtt_delivered_ = s.delivered_bytes;
        ++rtt_count_;
        round_start_ = true;
        packet_conservation_ = false;
    }
    const double bw = ack.rs.rate_Bps;
    // App-limited samples only count when they raise the estimate.
    if (!ack.rs.is_app_limited || bw >= max_bw_Bps())
        bw_filter_.update(p_.bw_window_rounds, rtt_count_, bw);
}

bool Bbr::is_next_cycle_phase(const CcState& s, const AckInfo& ack) const {
    const bool is_full_length = ack.now - cycle_stamp_ > min_rtt_;
    if (pacing_gain_ == 1.0) return is_full_length;
    const double inflight = bytes_as_double(ack.rs.prior_in_flight_bytes);
    const double bw = max_bw_Bps();
    if (pacing_gain_ > 1.0)  // probing: a full min_rtt and 1.25 BDP in flight (or a loss)
        return is_full_length && (ack.rs.lost_bytes > 0 || inflight >= inflight_bytes(s, bw, pacing_gain_, kOtherMemo));
    // draining: a full min_rtt, or the queue is gone already
    return is_full_length || inflight <= inflight_bytes(s, bw, 1.0, kOtherMemo);
}

void Bbr::advance_cycle_phase(TimePs now) {
    cycle_idx_ = (cycle_idx_ + 1) % kCycleLength;
    cycle_stamp_ = now;
}

void Bbr::update_cycle_phase(const CcState& s, const AckInfo& ack) {
    if (mode_ == Mode::ProbeBw && is_next_cycle_phase(s, ack)) advance_cycle_phase(ack.now);
}

void Bbr::check_full_bw_reached(const AckInfo& ack) {
    if (full_bw_reached_ || !round_start_ || ack.rs.is_app_limited) return;
    if (max_bw_Bps() >= full_bw_Bps_ * p_.full_bw_growth) {  // still growing: record and wait
        full_bw_Bps_ = max_bw_Bps();
        full_bw_count_ = 0;
        return;
    }
    ++full_bw_count_;
    full_bw_reached_ = full_bw_count_ >= p_.full_bw_rounds;
}

void Bbr::check_drain(CcState& s, TimePs now) {
    if (mode_ == Mode::Startup && full_bw_reached_) {
        mode_ = Mode::Drain;  // drain the queue Startup built
        s.ssthresh_bytes = inflight_bytes(s, max_bw_Bps(), 1.0, kOtherMemo);
    }
    if (mode_ == Mode::Drain && bytes_as_double(s.bytes_in_flight) <= inflight_bytes(s, max_bw_Bps(), 1.0, kOtherMemo))
        reset_probe_bw_mode(now);  // the queue is estimated drained
}

void Bbr::update_min_rtt(CcState& s, const AckInfo& ack) {
    const bool filter_expired = ack.now > min_rtt_stamp_ + p_.min_rtt_window;
    if (ack.rtt >= 0 && (ack.rtt < min_rtt_ || filter_expired)) {
        min_rtt_ = ack.rtt;
        min_rtt_stamp_ = ack.now;
    }
    if (filter_expired && mode_ != Mode::ProbeRtt) {
        mode_ = Mode::ProbeRtt;  // dip: drain the queue to measure the path's own RTT
        save_cwnd(s);
        probe_rtt_done_stamp_ = 0;
    }
    if (mode_ != Mode::ProbeRtt) return;
    s.request_app_limited = true;  // rate samples in ProbeRTT understate the path
    const double min_cwnd = static_cast<double>(p_.min_cwnd_packets) * s.mss_bytes;
    if (probe_rtt_done_stamp_ == 0 && bytes_as_double(s.bytes_in_flight) <= min_cwnd) {
        probe_rtt_done_stamp_ = ack.now + p_.probe_rtt_duration;
        probe_rtt_round_done_ = false;
        next_rtt_delivered_ = s.delivered_bytes;
    } else if (probe_rtt_done_stamp_ != 0) {
        if (round_start_) probe_rtt_round_done_ = true;
        if (probe_rtt_round_done_) check_probe_rtt_done(s, ack.now);
    }
}

INFLIGHT_COLD void Bbr::check_probe_rtt_done(CcState& s, TimePs now) {
    if (probe_rtt_done_stamp_ == 0 || now <= probe_rtt_done_stamp_) return;
    min_rtt_stamp_ = now;  // wait another 10 s before the next ProbeRTT
    s.cwnd_bytes = std::max(s.cwnd_bytes, prior_cwnd_bytes_);
    reset_mode(now);
}

INFLIGHT_COLD void Bbr::reset_mode(TimePs now) {
    if (!full_bw_reached_) {
        mode_ = Mode::Startup;
    } else {
        reset_probe_bw_mode(now);
    }
}

INFLIGHT_COLD void Bbr::reset_probe_bw_mode(TimePs now) {
    mode_ = Mode::ProbeBw;
    // Start at a random phase other than the draining one (index 1).
    std::uniform_int_distribution<int> pick(0, kCycleLength - 2);
    cycle_idx_ = kCycleLength - 1 - pick(rng_);
    advance_cycle_phase(now);
}

void Bbr::publish_phase(CcState& s) const {
    s.owns_phase = true;
    s.phase = phase(s, RecoveryState::Open);
}

void Bbr::update_gains() {
    if (mode_ == gains_mode_ && cycle_idx_ == gains_cycle_idx_) return;  // as they are
    gains_mode_ = mode_;
    gains_cycle_idx_ = cycle_idx_;
    switch (mode_) {
    case Mode::Startup: pacing_gain_ = cwnd_gain_ = p_.high_gain; break;
    case Mode::Drain: pacing_gain_ = p_.drain_gain; cwnd_gain_ = p_.high_gain; break;
    case Mode::ProbeBw: pacing_gain_ = kCycleGains[cycle_idx_]; cwnd_gain_ = p_.cwnd_gain; break;
    case Mode::ProbeRtt: pacing_gain_ = cwnd_gain_ = 1.0; break;
    }
}

void Bbr::set_pacing_rate(const CcState& s, double bw_Bps, double gain) {
    if (!has_seen_rtt_ && s.srtt_s > 0) {
        pacing_rate_Bps_ = pacing_rate_Bps(s);  // from the handshake's RTT
        has_seen_rtt_ = true;
    }
    const double rate = gain * bw_Bps * pacing_factor_;
    if (full_bw_reached_ || rate > pacing_rate_Bps_) pacing_rate_Bps_ = rate;
}

bool Bbr::set_cwnd_to_recover_or_restore(CcState& s, const AckInfo& ack, double* new_cwnd) {
    double cwnd = s.cwnd_bytes;
    const double in_flight = bytes_as_double(s.bytes_in_flight);
    if (ack.rs.lost_bytes > 0) cwnd = std::max(cwnd - bytes_as_double(ack.rs.lost_bytes), double(s.mss_bytes));
    if (ack.recovery == RecoveryState::Recovery && prev_recovery_ != RecoveryState::Recovery) {
        packet_conservation_ = true;  // for one round, send one packet per packet delivered
        next_rtt_delivered_ = s.delivered_bytes;
        cwnd = in_flight + ack.acked_bytes;
    } else if (prev_recovery_ != RecoveryState::Open && ack.recovery == RecoveryState::Open) {
        cwnd = std::max(cwnd, prior_cwnd_bytes_);  // recovery over: restore
        packet_conservation_ = false;
    }
    prev_recovery_ = ack.recovery;
    if (packet_conservation_) {
        *new_cwnd = std::max(cwnd, in_flight + ack.acked_bytes);
        return true;
    }
    *new_cwnd = cwnd;
    return false;
}

void Bbr::set_cwnd(CcState& s, const AckInfo& ack, double bw_Bps, double gain) {
    const double min_cwnd = static_cast<double>(p_.min_cwnd_packets) * s.mss_bytes;
    double cwnd = s.cwnd_bytes;
    if (ack.acked_bytes > 0) {
        if (!set_cwnd_to_recover_or_restore(s, ack, &cwnd)) {
            const double target = inflight_bytes(s, bw_Bps, gain, kCwndMemo);
            if (full_bw_reached_)
                cwnd = std::min(cwnd + ack.acked_bytes, target);  // slow-start up to the target
            else if (cwnd < target || s.delivered_bytes < p_.initial_cwnd_packets * s.mss_bytes)
                cwnd = cwnd + ack.acked_bytes;                    // grow freely in Startup
            cwnd = std::max(cwnd, min_cwnd);
        }
    }
    if (mode_ == Mode::ProbeRtt) cwnd = std::min(cwnd, min_cwnd);
    if (mode_ == Mode::Drain && !paced_) cwnd = std::max(std::min(cwnd, inflight_bytes(s, bw_Bps, 1.0, kOtherMemo)), min_cwnd);
    s.cwnd_bytes = cwnd;
}

}  // namespace inflight
