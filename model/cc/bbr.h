// BBR v1, as Linux net/ipv4/tcp_bbr.c (mainline v1). The law:
//   BtlBw   = windowed max of delivery-rate samples over the last 10 rounds
//   min_rtt = windowed min of RTT samples over 10 s (refreshed by a strictly
//             lower sample or when the window expires)
//   pacing_rate = pacing_gain · BtlBw · 0.99
//   cwnd        = max(cwnd_gain · BtlBw · min_rtt, 4 packets)
// The modes:
//             |
//             V
//    +---> STARTUP  ----+      gains 2/ln2: fill the pipe fast
//    |        |         |
//    |        V         |      full pipe: BtlBw grew < 25% for 3 rounds
//    |      DRAIN   ----+      pacing gain ln2/2 until inflight <= BDP
//    |        |         |
//    |        V         |
//    +---> PROBE_BW ----+      pacing gains 1.25, 0.75, 1 ×6 (one min_rtt each)
//    |        ^    |    |
//    |        |    |    |
//    |        +----+    |
//    |                  |
//    +---- PROBE_RTT <--+      min_rtt 10 s old: cwnd 4 packets for
//                              max(200 ms, 1 round), then back
// Loss does not enter the law; on entering recovery BBR keeps packet
// conservation for one round (cwnd = inflight + acked), and restores the
// saved cwnd on leaving it. ECN is ignored. With Linux's headroom
// (bbr_headroom.h: the linux stack) cwnd's target also allows for ACK
// aggregation and TSO bursts, as the kernel's does. Left out, as irrelevant
// to this path model: the long-term (policer) bandwidth sampler and idle
// restart.
#pragma once

#include <algorithm>
#include <random>

#include "model/cc/bbr_headroom.h"
#include "model/cc/congestion_control.h"
#include "model/cc/windowed_filter.h"

namespace inflight {

struct BbrParams {
    double high_gain = 2885.0 / 1000.0;       // 2/ln2: doubles the sending rate each round
    double drain_gain = 1000.0 / 2885.0;      // inverse of high_gain: drains Startup's queue in a round
    double cwnd_gain = 2.0;                   // keeps 2 BDP in flight in ProbeBW
    double pacing_margin = 0.01;              // pace 1% below the estimate to drain queues
    std::int64_t bw_window_rounds = 10;       // BtlBw filter length
    TimePs min_rtt_window = 10 * kPsPerSecond;
    TimePs probe_rtt_duration = from_ms(200);
    std::uint32_t min_cwnd_packets = 4;       // "cwnd_min_target": keeps ACK clocking alive
    double full_bw_growth = 1.25;             // Startup exits when BtlBw grows < 25%...
    int full_bw_rounds = 3;                   // ...for 3 rounds
    std::uint32_t initial_cwnd_packets = 10;  // RFC 6928
};

class Bbr final : public CongestionControl {
public:
    enum class Mode { Startup, Drain, ProbeBw, ProbeRtt };  // phase() maps them by this order
    static constexpr int kCycleLength = 8;
    static constexpr double kCycleGains[kCycleLength] = {1.25, 0.75, 1, 1, 1, 1, 1, 1};

    // `paced`: whether the sender honours the pacing rate. Unpaced, the
    // pacing gains below 1 cannot act, so Drain applies its target to cwnd
    // instead (inflight ≤ 1 BDP); without that an unpaced flow never leaves
    // Drain. This is our choice: Linux always paces BBR. `headroom`: the
    // cwnd target and in-flight checks carry Linux's allowances for ACK
    // aggregation and TSO bursts (bbr_headroom.h).
    Bbr(std::uint64_t seed, bool paced, BbrParams p = {}, bool headroom = false);

    void init(CcState& s) override {
        s.owns_phase = true;
        publish_phase(s);
    }
    void on_ack(CcState& s, const AckInfo& ack) override;
    void on_congestion_event(CcState& s, TimePs now) override;
    void on_rto(CcState& s, TimePs now) override;
    double pacing_rate_Bps(const CcState& s) const override;
    CcPhase phase(const CcState& s, RecoveryState r) const override;
    bool responds_to_ecn() const override { return false; }
    // As Linux's bbr_get_info: BtlBw, the min_rtt filter and the gains.
    CcInfo info() const override;

    // Inspection, for tests and display.
    Mode mode() const { return mode_; }
    int cycle_index() const { return cycle_idx_; }
    double pacing_gain() const { return pacing_gain_; }
    double cwnd_gain() const { return cwnd_gain_; }
    bool full_bw_reached() const { return full_bw_reached_; }
    std::int64_t round_count() const { return rtt_count_; }
    double max_bw_Bps() const { return bw_filter_.best(); }
    TimePs min_rtt() const { return min_rtt_; }

private:
    void update_model(CcState& s, const AckInfo& ack);
    void update_bw(const CcState& s, const AckInfo& ack);
    void update_cycle_phase(const CcState& s, const AckInfo& ack);
    bool is_next_cycle_phase(const CcState& s, const AckInfo& ack) const;
    void advance_cycle_phase(TimePs now);
    void check_full_bw_reached(const AckInfo& ack);
    void check_drain(CcState& s, TimePs now);
    void update_min_rtt(CcState& s, const AckInfo& ack);
    void check_probe_rtt_done(CcState& s, TimePs now);
    // Sets the gains for mode_ and cycle_idx_: called wherever either changes.
    void update_gains();
    void set_mode(Mode m) { mode_ = m; update_gains(); }
    void publish_phase(CcState& s) const;
    void set_pacing_rate(const CcState& s, double bw_Bps, double gain);
    void set_cwnd(CcState& s, const AckInfo& ack, double bw_Bps, double gain);
    bool set_cwnd_to_recover_or_restore(CcState& s, const AckInfo& ack, double* new_cwnd);
    void reset_mode(TimePs now);
    void reset_probe_bw_mode(TimePs now);
    void save_cwnd(const CcState& s);
    // Bytes in flight that a gain times the estimated BDP allows; `memo`
    // names which of the two remembered answers to look in and keep.
    double inflight_bytes(const CcState& s, double bw_Bps, double gain, int memo) const;
    // Linux's bbr_inflight: the above, with the TSO quantization budget when
    // Linux's headroom is on.
    double inflight_target(const CcState& s, double bw_Bps, double gain, int memo) const;
    bool probing() const { return mode_ == Mode::ProbeBw && cycle_idx_ == 0; }
    // The last answers of inflight_bytes and what they were asked: BtlBw,
    // min_rtt and the gain change far less often than every ACK asks (min_rtt
    // kNever: nothing kept). One for the cwnd target (cwnd gain), one for the
    // other questions (pacing gain, 1 BDP), so that a ProbeBW phase asking
    // both does not replace each with the other on every ACK.
    static constexpr int kCwndMemo = 0, kOtherMemo = 1;
    struct InflightMemo {
        double bw_Bps = -1, gain = 0;
        TimePs min_rtt = kNever;
        std::uint32_t mss_bytes = 0;
        double bytes = 0;
    };
    mutable InflightMemo inflight_memo_[2];
    double remember_inflight_bytes(InflightMemo& m, std::uint32_t mss_bytes, double bw_Bps, double gain) const;

    BbrParams p_;
    double pacing_factor_;                  // 1 − pacing_margin
    bool paced_;
    std::mt19937_64 rng_;
    Mode mode_ = Mode::Startup;
    WindowedMax bw_filter_;                 // bytes/s, over rounds
    std::int64_t rtt_count_ = 0;            // packet-timed rounds so far
    std::uint64_t next_rtt_delivered_ = 0;  // delivered bytes that end this round
    bool round_start_ = false;
    TimePs min_rtt_ = kNever;               // min_rtt filter; kNever until the first sample
    TimePs min_rtt_expires_at_;             // when the min_rtt filter expires (its sample's time + the window)
    TimePs probe_rtt_done_stamp_ = 0;       // 0: not yet at 4 packets in ProbeRTT
    bool probe_rtt_round_done_ = false;
    double pacing_gain_;                    // for mode_ and cycle_idx_ (update_gains)
    double cwnd_gain_;
    double pacing_rate_Bps_ = 0;
    bool has_seen_rtt_ = false;
    int cycle_idx_ = 0;
    TimePs cycle_stamp_ = 0;
    double full_bw_Bps_ = 0;
    int full_bw_count_ = 0;
    bool full_bw_reached_ = false;
    double prior_cwnd_bytes_ = 0;
    bool packet_conservation_ = false;
    RecoveryState prev_recovery_ = RecoveryState::Open;
    bool headroom_;
    BbrAckAggregation aggregation_;
};

// The per-ACK steps, inlined into the sender's ACK path (cc_dispatch.h) as
// CUBIC's are: BBR runs them on every ACK. The rare transitions (ProbeRTT's
// end, a new ProbeBW cycle, the saved cwnd) stay in bbr.cpp.

inline CcPhase Bbr::phase(const CcState&, RecoveryState) const {  // BBR's mode, whatever the recovery state
    // By Mode's order (published on every ACK: a look-up, not a switch).
    static constexpr CcPhase kPhases[] = {CcPhase::Startup, CcPhase::Drain, CcPhase::ProbeBw, CcPhase::ProbeRtt};
    return kPhases[static_cast<int>(mode_)];
}

INFLIGHT_HOT double Bbr::inflight_bytes(const CcState& s, double bw_Bps, double gain, int memo) const {
    if (min_rtt_ == kNever) return static_cast<double>(p_.initial_cwnd_packets) * s.mss_bytes;
    InflightMemo& m = inflight_memo_[memo];
    if (bw_Bps == m.bw_Bps && gain == m.gain && min_rtt_ == m.min_rtt && s.mss_bytes == m.mss_bytes) return m.bytes;
    return remember_inflight_bytes(m, s.mss_bytes, bw_Bps, gain);
}

INFLIGHT_HOT double Bbr::inflight_target(const CcState& s, double bw_Bps, double gain, int memo) const {
    const double bytes = inflight_bytes(s, bw_Bps, gain, memo);
    return headroom_ ? bbr_quantization_budget(bytes, pacing_rate_Bps_, s.mss_bytes, probing()) : bytes;
}

INFLIGHT_HOT void Bbr::on_ack(CcState& s, const AckInfo& ack) {
    update_model(s, ack);
    const double bw = max_bw_Bps();
    set_pacing_rate(s, bw, pacing_gain_);
    set_cwnd(s, ack, bw, cwnd_gain_);
    publish_phase(s);
}

inline void Bbr::update_model(CcState& s, const AckInfo& ack) {
    update_bw(s, ack);
    if (headroom_ && ack.acked_bytes > 0 && ack.rs.interval > 0)
        aggregation_.on_ack(ack.now, ack.acked_bytes, round_start_, max_bw_Bps(), s.cwnd_bytes, s.mss_bytes);
    update_cycle_phase(s, ack);
    check_full_bw_reached(ack);
    check_drain(s, ack.now);
    update_min_rtt(s, ack);
}

inline void Bbr::update_bw(const CcState& s, const AckInfo& ack) {
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

inline bool Bbr::is_next_cycle_phase(const CcState& s, const AckInfo& ack) const {
    const bool is_full_length = ack.now - cycle_stamp_ > min_rtt_;
    if (pacing_gain_ == 1.0) return is_full_length;
    const double inflight = bytes_as_double(ack.rs.prior_in_flight_bytes);
    const double bw = max_bw_Bps();
    if (pacing_gain_ > 1.0)  // probing: a full min_rtt and 1.25 BDP in flight (or a loss)
        return is_full_length && (ack.rs.lost_bytes > 0 || inflight >= inflight_target(s, bw, pacing_gain_, kOtherMemo));
    // draining: a full min_rtt, or the queue is gone already
    return is_full_length || inflight <= inflight_target(s, bw, 1.0, kOtherMemo);
}

inline void Bbr::advance_cycle_phase(TimePs now) {
    cycle_idx_ = (cycle_idx_ + 1) % kCycleLength;
    cycle_stamp_ = now;
    update_gains();
}

inline void Bbr::update_cycle_phase(const CcState& s, const AckInfo& ack) {
    if (mode_ == Mode::ProbeBw && is_next_cycle_phase(s, ack)) advance_cycle_phase(ack.now);
}

inline void Bbr::check_full_bw_reached(const AckInfo& ack) {
    if (full_bw_reached_ || !round_start_ || ack.rs.is_app_limited) return;
    if (max_bw_Bps() >= full_bw_Bps_ * p_.full_bw_growth) {  // still growing: record and wait
        full_bw_Bps_ = max_bw_Bps();
        full_bw_count_ = 0;
        return;
    }
    ++full_bw_count_;
    full_bw_reached_ = full_bw_count_ >= p_.full_bw_rounds;
}

inline void Bbr::check_drain(CcState& s, TimePs now) {
    if (mode_ == Mode::Startup && full_bw_reached_) {
        set_mode(Mode::Drain);  // drain the queue Startup built
        s.ssthresh_bytes = inflight_target(s, max_bw_Bps(), 1.0, kOtherMemo);
    }
    if (mode_ == Mode::Drain && bytes_as_double(s.bytes_in_flight) <= inflight_target(s, max_bw_Bps(), 1.0, kOtherMemo))
        reset_probe_bw_mode(now);  // the queue is estimated drained
}

inline void Bbr::update_min_rtt(CcState& s, const AckInfo& ack) {
    const bool filter_expired = ack.now > min_rtt_expires_at_;
    if (ack.rtt >= 0 && (ack.rtt < min_rtt_ || filter_expired)) {
        min_rtt_ = ack.rtt;
        min_rtt_expires_at_ = ack.now + p_.min_rtt_window;
    }
    if (filter_expired && mode_ != Mode::ProbeRtt) {
        set_mode(Mode::ProbeRtt);  // dip: drain the queue to measure the path's own RTT
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

inline void Bbr::publish_phase(CcState& s) const { s.phase = phase(s, RecoveryState::Open); }

inline void Bbr::update_gains() {
    switch (mode_) {
    case Mode::Startup: pacing_gain_ = cwnd_gain_ = p_.high_gain; break;
    case Mode::Drain: pacing_gain_ = p_.drain_gain; cwnd_gain_ = p_.high_gain; break;
    case Mode::ProbeBw: pacing_gain_ = kCycleGains[cycle_idx_]; cwnd_gain_ = p_.cwnd_gain; break;
    case Mode::ProbeRtt: pacing_gain_ = cwnd_gain_ = 1.0; break;
    }
}

inline void Bbr::set_pacing_rate(const CcState& s, double bw_Bps, double gain) {
    if (!has_seen_rtt_ && s.srtt_s > 0) {
        pacing_rate_Bps_ = pacing_rate_Bps(s);  // from the handshake's RTT
        has_seen_rtt_ = true;
    }
    const double rate = gain * bw_Bps * pacing_factor_;
    if (full_bw_reached_ || rate > pacing_rate_Bps_) pacing_rate_Bps_ = rate;
}

inline bool Bbr::set_cwnd_to_recover_or_restore(CcState& s, const AckInfo& ack, double* new_cwnd) {
    double cwnd = s.cwnd_bytes;
    if (ack.rs.lost_bytes == 0 && ack.recovery == prev_recovery_ && !packet_conservation_) {
        *new_cwnd = cwnd;  // no loss, no change of recovery state, not conserving: nothing to do
        return false;
    }
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

inline void Bbr::set_cwnd(CcState& s, const AckInfo& ack, double bw_Bps, double gain) {
    const double min_cwnd = static_cast<double>(p_.min_cwnd_packets * s.mss_bytes);  // exact: far below 2^32
    double cwnd = s.cwnd_bytes;
    if (ack.acked_bytes > 0) {
        if (!set_cwnd_to_recover_or_restore(s, ack, &cwnd)) {
            const double target =
                headroom_ ? bbr_quantization_budget(inflight_bytes(s, bw_Bps, gain, kCwndMemo) +
                                                        aggregation_.cwnd_bytes(bw_Bps, full_bw_reached_),
                                                    pacing_rate_Bps_, s.mss_bytes, probing())
                          : inflight_bytes(s, bw_Bps, gain, kCwndMemo);
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
