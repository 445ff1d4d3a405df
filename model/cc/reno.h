// Reno, RFC 5681 §3.1 (with the SACK-based recovery the sender provides).
//   slow start:           cwnd += min(acked, SMSS) per ACK, while cwnd < ssthresh
//   congestion avoidance: cwnd += SMSS·SMSS/cwnd per ACK (one SMSS per RTT)
//   congestion event:     ssthresh = max(FlightSize/2, 2·SMSS); cwnd = ssthresh
//   timeout:              ssthresh as above; the sender sets cwnd = 1 SMSS
// No growth while in recovery (RFC 5681 §3.2 step 6 is replaced by SACK
// pipe accounting, RFC 6675).
#pragma once

#include "model/cc/congestion_control.h"

namespace inflight {

class Reno final : public CongestionControl {
public:
    Reno() : CongestionControl(Algorithm::Reno) {}
    void on_ack(CcState& s, const AckInfo& ack) override;
    void on_congestion_event(CcState& s, TimePs now) override;
    void on_rto(CcState& s, TimePs now) override;
};

// RFC 5681 eq. (4): ssthresh = max(FlightSize / 2, 2*SMSS).
double reno_ssthresh_bytes(const CcState& s);

// Every ACK: inlined into the sender's ACK path (cc_dispatch.h).
INFLIGHT_HOT void Reno::on_ack(CcState& s, const AckInfo& ack) {
    if (ack.recovery == RecoveryState::Recovery || !ack.cwnd_limited) return;
    if (s.cwnd_bytes < s.ssthresh_bytes)
        slow_start(s, ack.acked_bytes);
    else
        additive_increase(s, ack.acked_bytes);
}

}  // namespace inflight
