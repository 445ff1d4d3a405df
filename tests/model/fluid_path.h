// A fluid path for BBR on hand-built ACK streams: it delivers one MSS per
// ACK at a set rate and RTT, each ACK carrying a rate sample of that rate
// over the last RTT, and a paced sender keeps in flight what the pacing
// gain allows. Shared by the BBR and CcInfo tests.
#pragma once

#include <algorithm>

#include "model/cc/bbr.h"

namespace inflight::test {

constexpr std::uint32_t kMss = 1500;

struct FluidPath {
    Bbr bbr;
    CcState s;
    TimePs now = 0;
    double bw_Bps;
    TimePs rtt;
    std::uint64_t delivered = 0;

    FluidPath(double bw, TimePs rtt_, std::uint64_t seed = 1) : bbr(seed, true), bw_Bps(bw), rtt(rtt_) {
        s.mss_bytes = kMss;
        s.cwnd_bytes = 10.0 * kMss;
        s.srtt_s = to_seconds(rtt);
    }
    // One ACK: one MSS delivered, a rate sample of bw over the last RTT.
    void ack() {
        now += serialization_time(kMss, bw_Bps * 8);
        delivered += kMss;
        const auto window = static_cast<std::uint64_t>(bw_Bps * to_seconds(rtt));
        AckInfo a;
        a.now = now;
        a.acked_bytes = kMss;
        a.rtt = rtt;
        a.rs.delivered_bytes = window;
        a.rs.interval = rtt;
        a.rs.rate_Bps = static_cast<double>(window) / to_seconds(rtt);
        a.rs.prior_delivered_bytes = delivered > window ? delivered - window : 0;
        a.rs.prior_in_flight_bytes = s.bytes_in_flight;
        s.delivered_bytes = delivered;
        bbr.on_ack(s, a);
        // A paced sender: in flight is what the pacing gain allows, within cwnd.
        // (two packets of slack: a real sender overshoots the target by a packet or so)
        const double paced_bytes = bbr.pacing_gain() * bw_Bps * to_seconds(rtt) + 2.0 * kMss;
        s.bytes_in_flight = static_cast<std::uint64_t>(std::min(s.cwnd_bytes, paced_bytes));
    }
    void run_for(TimePs d) {
        const TimePs end = now + d;
        while (now < end) ack();
    }
};

}  // namespace inflight::test
