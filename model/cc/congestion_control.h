// The hooks between the sender and a congestion-control algorithm, after
// Linux's tcp_congestion_ops: a narrow state block (CcState) owned by the
// sender, and a handful of hooks. Bytes everywhere; "packets" means MSS-sized.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>

#include "model/core/cc_info.h"
#include "model/core/result.h"
#include "model/core/sim_time.h"

namespace inflight {

enum class RecoveryState : std::uint8_t { Open, Recovery, Loss };  // Linux TCP_CA_{Open,Recovery,Loss}

// What the sender shares with the algorithm. The algorithm writes cwnd,
// ssthresh and phase (BBR also asks for app-limited marking); the sender
// writes the rest before each hook.
struct CcState {
    // Written by the sender.
    std::uint32_t mss_bytes = 1500;
    double srtt_s = 0;
    std::uint64_t bytes_in_flight = 0;     // RFC 6675 "pipe": sent, not delivered, not marked lost
    std::uint64_t flight_size_bytes = 0;   // RFC 5681 FlightSize: snd_nxt - snd_una
    std::uint64_t snd_una_bytes = 0;       // snd_una (snd_nxt = snd_una + flight_size)
    std::uint64_t delivered_bytes = 0;     // everything delivered so far (cumulative + SACKed)
    // Written by the algorithm.
    double cwnd_bytes = 0;
    double ssthresh_bytes = std::numeric_limits<double>::infinity();
    bool request_app_limited = false;      // BBR ProbeRTT: mark rate samples app-limited
    bool owns_phase = false;               // the algorithm keeps `phase` itself (BBR's modes)
    CcPhase phase = CcPhase::SlowStart;    // when owns_phase
    // How the last slow start ended without a loss, for the event log:
    // cwnd reached ssthresh, or HyStart set ssthresh (and at which cwnd).
    StartEnd slow_start_end = StartEnd::ReachedSsthresh;
    double slow_start_end_cwnd_bytes = 0;
};

// The phase of a loss-based algorithm: recovery, else slow start below ssthresh.
inline CcPhase loss_based_phase(const CcState& s, RecoveryState r) {
    if (r == RecoveryState::Recovery) return CcPhase::Recovery;
    if (r == RecoveryState::Loss) return CcPhase::Loss;
    return s.cwnd_bytes < s.ssthresh_bytes ? CcPhase::SlowStart : CcPhase::CongestionAvoidance;
}


// A byte count as a double. Byte counts stay far below 2^63, so converting
// through the signed type gives the same value in one instruction (the
// unsigned conversion costs a branch and several).
inline double bytes_as_double(std::uint64_t bytes) { return static_cast<double>(static_cast<std::int64_t>(bytes)); }

// One delivery-rate sample (draft-cheng-iccrg-delivery-rate-estimation).
struct RateSample {
    std::uint64_t delivered_bytes = 0;        // delivered over the interval
    TimePs interval = -1;                     // -1: no valid sample
    std::uint64_t prior_delivered_bytes = 0;  // C.delivered when the acked packet was sent
    std::uint64_t prior_in_flight_bytes = 0;  // in flight before this ACK
    std::uint64_t lost_bytes = 0;             // newly marked lost by this ACK
    bool is_app_limited = false;
    double rate_Bps = 0;                      // delivered / interval, when valid
};

// An ACK that delivered new data, after loss detection ran on it.
struct AckInfo {
    TimePs now = 0;
    std::uint32_t acked_bytes = 0;   // newly delivered by this ACK
    TimePs rtt = -1;                 // RTT sample; -1 under Karn's rule
    RecoveryState recovery = RecoveryState::Open;
    RateSample rs;
    // Was cwnd what held the sender back (Linux tcp_is_cwnd_limited)? Reno
    // and CUBIC grow cwnd only then, so an rwnd-limited flow's cwnd stays put.
    bool cwnd_limited = true;
};

class CongestionControl {
public:
    virtual ~CongestionControl() = default;
    // Which of the three algorithms this is. The sender's per-ACK hooks go
    // straight to the final class through it (cc_dispatch.h): no virtual
    // call, and the optimizer may inline the algorithm into the ACK path.
    Algorithm algorithm() const { return algorithm_; }
    // Optional. Once, before the first packet.
    virtual void init(CcState&) {}
    // Required. Every ACK that delivers new data.
    virtual void on_ack(CcState& s, const AckInfo& ack) = 0;
    // Required. The first loss (or ECN echo) of a window; once per window.
    virtual void on_congestion_event(CcState& s, TimePs now) = 0;
    // Required. A retransmission timeout; the sender then sets cwnd to 1 MSS.
    virtual void on_rto(CcState& s, TimePs now) = 0;
    // Optional. Everything outstanding at the start of recovery is acknowledged.
    virtual void on_recovery_exit(CcState&, TimePs) {}
    // Optional. Pacing rate in bytes/s; the default is Linux's
    // tcp_update_pacing_rate: 2·cwnd/srtt while cwnd < ssthresh/2, else 1.2·cwnd/srtt.
    virtual double pacing_rate_Bps(const CcState& s) const;
    // Required. The state to show; BBR's own modes, or derived for Reno/CUBIC.
    virtual CcPhase phase(const CcState& s, RecoveryState r) const;
    // Optional. BBR v1 ignores ECN.
    virtual bool responds_to_ecn() const { return true; }
    // Optional. The algorithm's own state for display (Linux's get_info);
    // empty by default.
    virtual CcInfo info() const { return {}; }

protected:
    explicit CongestionControl(Algorithm a) : algorithm_(a) {}

private:
    Algorithm algorithm_;
};

// Shared arithmetic, written once (RFC 5681 §3.1).
// Slow start: cwnd grows by at most one SMSS per ACK.
inline void slow_start(CcState& s, std::uint32_t acked_bytes) {
    s.cwnd_bytes += acked_bytes < s.mss_bytes ? acked_bytes : s.mss_bytes;
}
// Congestion avoidance: about one SMSS per RTT, SMSS·SMSS/cwnd per full-sized ACK.
inline void additive_increase(CcState& s, std::uint32_t acked_bytes, double segments_per_rtt = 1.0) {
    s.cwnd_bytes += segments_per_rtt * s.mss_bytes * static_cast<double>(acked_bytes) / s.cwnd_bytes;
}

// `hystart`: CUBIC leaves slow start by HyStart (hystart.h); `bbr_headroom`:
// BBR's cwnd carries Linux's allowances (bbr_headroom.h). Others ignore them.
std::unique_ptr<CongestionControl> make_congestion_control(Algorithm a, std::uint64_t seed, bool paced,
                                                           bool hystart = false, bool bbr_headroom = false);

}  // namespace inflight
