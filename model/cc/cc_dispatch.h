// The sender's per-packet calls into its congestion-control algorithm,
// without a virtual call: there are exactly three algorithms, each a final
// class, so a switch on CongestionControl::algorithm() calls the one in hand
// directly, and the optimizer may inline it into the ACK path. The rare
// hooks (congestion event, RTO, recovery exit, display) stay virtual.
#pragma once

#include "model/cc/bbr.h"
#include "model/cc/congestion_control.h"
#include "model/cc/cubic.h"
#include "model/cc/reno.h"

namespace inflight {

// CongestionControl::on_ack, dispatched by algorithm; `make_info()` returns
// the AckInfo, built in each branch so that an inlined algorithm's copy
// lives in registers.
template <typename MakeInfo>
INFLIGHT_HOT void cc_on_ack(CongestionControl& cc, CcState& s, const MakeInfo& make_info) {
    switch (cc.algorithm()) {
    case Algorithm::Reno: return static_cast<Reno&>(cc).on_ack(s, make_info());
    case Algorithm::Cubic: return static_cast<Cubic&>(cc).on_ack(s, make_info());
    case Algorithm::Bbr: return static_cast<Bbr&>(cc).on_ack(s, make_info());
    }
}

// CongestionControl::pacing_rate_Bps, dispatched by algorithm (every paced
// transmission asks).
INFLIGHT_HOT double cc_pacing_rate_Bps(const CongestionControl& cc, const CcState& s) {
    switch (cc.algorithm()) {
    case Algorithm::Reno: return static_cast<const Reno&>(cc).pacing_rate_Bps(s);
    case Algorithm::Cubic: return static_cast<const Cubic&>(cc).pacing_rate_Bps(s);
    case Algorithm::Bbr: return static_cast<const Bbr&>(cc).pacing_rate_Bps(s);
    }
    return 0;
}

// CongestionControl::responds_to_ecn, dispatched by algorithm.
INFLIGHT_HOT bool cc_responds_to_ecn(const CongestionControl& cc) {
    switch (cc.algorithm()) {
    case Algorithm::Reno: return static_cast<const Reno&>(cc).responds_to_ecn();
    case Algorithm::Cubic: return static_cast<const Cubic&>(cc).responds_to_ecn();
    case Algorithm::Bbr: return static_cast<const Bbr&>(cc).responds_to_ecn();
    }
    return true;
}

}  // namespace inflight
