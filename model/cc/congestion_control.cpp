#include "model/cc/congestion_control.h"

#include "model/cc/bbr.h"
#include "model/cc/cubic.h"
#include "model/cc/reno.h"

namespace inflight {

// Linux tcp_update_pacing_rate: 200% of cwnd/srtt in slow start (taken as
// cwnd < ssthresh/2, as Linux does), 120% afterwards.
double CongestionControl::pacing_rate_Bps(const CcState& s) const {
    const double ratio = s.cwnd_bytes < s.ssthresh_bytes / 2.0 ? 2.0 : 1.2;
    const double srtt = s.srtt_s > 0 ? s.srtt_s : 0.001;
    return ratio * s.cwnd_bytes / srtt;
}

CcPhase CongestionControl::phase(const CcState& s, RecoveryState r) const {
    return s.owns_phase ? s.phase : loss_based_phase(s, r);
}

std::unique_ptr<CongestionControl> make_congestion_control(Algorithm a, std::uint64_t seed, bool paced,
                                                           bool hystart, bool bbr_headroom) {
    switch (a) {
    case Algorithm::Reno: return std::make_unique<Reno>();
    case Algorithm::Cubic: return std::make_unique<Cubic>(CubicParams{}, hystart, paced);
    case Algorithm::Bbr: return std::make_unique<Bbr>(seed, paced, BbrParams{}, bbr_headroom);
    }
    return nullptr;
}

}  // namespace inflight
