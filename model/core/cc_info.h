// What a congestion-control algorithm says about its own state, for display:
// one small struct per call, after Linux's tcp_congestion_ops.get_info and
// struct tcp_bbr_info (bbr_bw, bbr_min_rtt, bbr_pacing_gain, bbr_cwnd_gain).
// A figure the algorithm does not have is NaN: Reno and CUBIC report none.
#pragma once

#include <cmath>
#include <limits>

namespace inflight {

struct CcInfo {
    static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
    double bw_bps = kNone;       // the algorithm's bottleneck-bandwidth estimate (BBR's BtlBw), bits/s
    double min_rtt_s = kNone;    // the algorithm's own min_rtt filter (BBR's), seconds
    double pacing_gain = kNone;  // the gains in force (BBR's)
    double cwnd_gain = kNone;

    // True when the algorithm reports nothing (Reno, CUBIC).
    bool empty() const {
        return std::isnan(bw_bps) && std::isnan(min_rtt_s) && std::isnan(pacing_gain) && std::isnan(cwnd_gain);
    }
};

}  // namespace inflight
