// What textbook laws predict for a scenario, for the theory overlay: the
// mean window of the loss response functions, the rwnd and send-buffer
// levels, and the throughput they imply. Computed from the scenario alone,
// for display; nothing here feeds the model. Plain C++.
//
//   Reno   W = √(3/2) / √p                                   packets (Mathis et al.)
//   CUBIC  W = max( ⁴√(C(3+β)/(4(1−β))) · RTT^¾ / p^¾,  √(3/2)/√p )   (RFC 9438 §5,
//          C = 0.4, β = 0.7; the Reno-friendly region uses α = 3(1−β)/(1+β),
//          chosen so that its average window equals Reno's)
//   throughput = min(link, W·MSS / RTT, rwnd / RTT', sndbuf / RTT')
// where RTT is the base RTT and RTT' = RTT + one packet's serialization (a
// window-limited flow keeps no queue, but each packet still takes MSS/C to
// send: 65,535 B × 8 / (80 ms + 1.2 ms) = 6.46 Mbit/s at 10 Mbit/s).
#pragma once

#include <string>

#include "model/core/scenario.h"

namespace inflight::ui {

struct TheoryLevels {
    double loss_window_packets = 0;   // 0 when no loss law applies (no loss, or BBR)
    std::string loss_law;             // "Reno √(3/2)/√p", "CUBIC RFC 9438 §5", or ""
    double rwnd_bytes = 0;            // 0 when at the 1 GiB default (no deliberate limit)
    double sndbuf_bytes = 0;          // likewise
    double throughput_bps = 0;        // the smallest of the laws and the link
    std::string binding;              // which: "link", "loss law", "rwnd", "send buffer"
};

TheoryLevels theory_levels(const Scenario& s);

}  // namespace inflight::ui
