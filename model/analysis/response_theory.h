// What textbook laws predict for a scenario: the steady-state throughput
// and the levels behind it, drawn beside what the model measures (the
// sweep's theory curve, the window's theory overlay, the CLI's sweep
// table). The one home of these laws; nothing here feeds the model.
//
//   link        C
//   window      8·W / (RTT + 8·MSS/C)            (rwnd or sndbuf below the default;
//                                                 with Linux's receiver the buffer's
//                                                 window: SO_RCVBUF's, or the most
//                                                 autotuning opens, receive_buffer.h)
//   Reno        √(3/2) / √p · MSS / RTT          (Mathis et al. 1997; deterministic loss)
//   CUBIC       max(W_cubic, W_reno) · MSS / RTT (RFC 9438 §5, C = 0.4, β = 0.7):
//                 W_cubic = ⁴√(C·(3+β) / (4·(1−β))) · RTT^¾ / p^¾   packets, RTT in s
//                 W_reno  = √(3/2) / √p                              packets
//               (the Reno-friendly region: α_cubic = 3(1−β)/(1+β) is chosen in
//               RFC 9438 §4.3 so that it matches Reno's average window; RFC 9438
//               Table 1 shows CUBIC's column as the larger of the two)
//   BDP         C · RTT / 8 bytes; buffer C · buffer_s / 8 bytes
//   theory      min(link, window, loss law)  — the loss law for Reno and CUBIC only
//
// RTT is the flow's base RTT: a flow held back by loss or by its window
// keeps no standing queue. A window-limited round is one RTT plus one
// segment's serialization: the bottleneck sends the round's first segment
// in 8·MSS/C and its ACK returns one base RTT after that, and only then may
// the window slide (a 65,535-byte window over 80 ms: 6.55 Mbit/s on a
// 10 Gbit/s link, 6.46 Mbit/s at 10 Mbit/s, where a segment takes 1.2 ms).
// BBR v1 ignores loss, so it has no loss law. Plain C++, no Qt.
#pragma once

#include <cstdint>

#include "model/core/flow_spec.h"
#include "model/core/scenario.h"

namespace inflight {

inline constexpr double kCubicC = 0.4;     // RFC 9438 §4.2
inline constexpr double kCubicBeta = 0.7;  // RFC 9438 §4.6

// Average windows in packets.
double mathis_window_packets(double loss);
double cubic_window_packets(double loss, double rtt_s);        // the cubic term alone
double cubic_response_window_packets(double loss, double rtt_s);  // max(cubic, Reno-friendly)

// Rates in bits/s.
// A window of `window_bytes` filled every RTT plus one segment's serialization.
double window_limit_bps(double window_bytes, double rtt_s, double link_bps, std::uint32_t mss_bytes);
// Reno's mean window (Mathis) over the RTT: MSS/RTT · √(3/2)/√p.
double mathis_throughput_bps(double loss, double rtt_s, std::uint32_t mss_bytes);
// CUBIC's response function (RFC 9438 §5) over the RTT.
double cubic_throughput_bps(double loss, double rtt_s, std::uint32_t mss_bytes);

// Which law sets a level or the prediction.
enum class TheoryLaw : std::uint8_t { None, Link, Rwnd, Sndbuf, Mathis, Rfc9438 };
// "", "link", "rwnd", "sndbuf", "mathis", "rfc9438" (the sweep's theory_law keys).
const char* to_string(TheoryLaw law);

// What sets a flow's receive window: its rwnd, or Linux's receive buffer.
enum class WindowSource : std::uint8_t { Rwnd, SoRcvbuf, Autotuning };

// Every level the laws give for one flow on its path.
struct TheoryLevels {
    double loss_window_packets = 0;        // 0 when no loss law applies (no loss, or BBR)
    TheoryLaw loss_law = TheoryLaw::None;  // Mathis (Reno), Rfc9438 (CUBIC) or None
    double rwnd_bytes = 0;                 // the most the receiver advertises; 0 when the 1 GiB default
    WindowSource rwnd_source = WindowSource::Rwnd;  // what sets rwnd_bytes
    double sndbuf_bytes = 0;               // likewise
    double bdp_bytes = 0;                  // C · RTT / 8 at the flow's RTT
    double buffer_bytes = 0;               // the bottleneck's buffer
    double throughput_bps = 0;             // the smallest of the laws and the link
    TheoryLaw binding = TheoryLaw::Link;   // which law gives throughput_bps
    bool has_law = false;                  // a law beyond the link applies (a window or a loss law)
};

// The levels of `flow` (its algorithm, RTT, windows) on the path of `path`
// (its link, loss, buffer, MSS).
TheoryLevels theory_levels(const Scenario& path, const ResolvedFlow& flow);
// The levels of a scenario's first flow (the scenario's own values when it lists none).
TheoryLevels theory_levels(const Scenario& s);

struct TheoryPoint {
    double throughput_bps;  // NaN when no law beyond the link applies
    const char* law;        // to_string(TheoryLaw): "link", "rwnd", ..., or "" (none)
};

// The binding law for `s`, as the sweep draws it: theory_levels(s) with NaN
// where only the link applies.
TheoryPoint theory_throughput(const Scenario& s);

}  // namespace inflight
