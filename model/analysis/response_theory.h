// Theory curves for sweeps: the steady-state throughput a textbook law
// predicts for a scenario, to draw beside what the model measures.
//
//   link        C
//   window      W / RTT                          (rwnd or sndbuf below the default)
//   Reno        √(3/2) / √p · MSS / RTT          (Mathis et al. 1997; deterministic loss)
//   CUBIC       max(W_cubic, W_reno) · MSS / RTT (RFC 9438 §5, C = 0.4, β = 0.7):
//                 W_cubic = ⁴√(C·(3+β) / (4·(1−β))) · RTT^¾ / p^¾   packets, RTT in s
//                 W_reno  = √(3/2) / √p                              packets
//               (the Reno-friendly region: α_cubic = 3(1−β)/(1+β) is chosen in
//               RFC 9438 §4.3 so that it matches Reno's average window; RFC 9438
//               Table 1 shows CUBIC's column as the larger of the two)
//   theory      min(link, window, loss law)  — the loss law for Reno and CUBIC only
//
// RTT is the base RTT: a flow held back by loss or by its window keeps no
// standing queue. BBR v1 ignores loss, so it has no loss law. Without a
// window or loss term no law beyond the link applies, and theory_bps() says
// so (NaN). Plain C++, no Qt.
#pragma once

#include "model/core/scenario.h"

namespace inflight {

inline constexpr double kCubicC = 0.4;     // RFC 9438 §4.2
inline constexpr double kCubicBeta = 0.7;  // RFC 9438 §4.6

// Average windows in packets.
double mathis_window_packets(double loss);
double cubic_window_packets(double loss, double rtt_s);        // the cubic term alone
double cubic_response_window_packets(double loss, double rtt_s);  // max(cubic, Reno-friendly)

struct TheoryPoint {
    double throughput_bps;  // NaN when no law beyond the link applies
    const char* law;        // "link", "rwnd", "sndbuf", "mathis", "rfc9438", or "" (none)
};

// The binding law for `s` (its algorithm, loss, windows, RTT, MSS and link).
TheoryPoint theory_throughput(const Scenario& s);

}  // namespace inflight
