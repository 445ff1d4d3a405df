#include "ui/lesson/empty_path.h"

#include <algorithm>

namespace inflight::ui {

EmptyPathFct empty_path_fct(std::uint64_t size_bytes, const EmptyPath& p) {
    EmptyPathFct out;
    const double mss = std::max<std::uint32_t>(1, p.mss_bytes);
    const double packet_s = mss * 8 / p.bandwidth_bps;  // one packet's serialisation
    out.packets = (size_bytes + p.mss_bytes - 1) / std::max<std::uint32_t>(1, p.mss_bytes);
    // The last packet carries what is left: its serialisation is shorter.
    const double last_packet_s =
        out.packets == 0 ? 0 : static_cast<double>(size_bytes - (out.packets - 1) * p.mss_bytes) * 8 / p.bandwidth_bps;
    const auto flight_s = [&](double packets) { return (packets - 1) * packet_s + last_packet_s; };
    // The handshake: the SYN crosses the link, its answer returns one RTT later.
    double t = p.syn_bytes * 8.0 / p.bandwidth_bps + p.rtt_s;
    const double cap = std::max(1.0, static_cast<double>(p.window_cap_bytes / p.mss_bytes));
    double cwnd = std::min<double>(p.initial_window_packets, cap);
    double left = static_cast<double>(out.packets);
    while (left > 0) {
        ++out.rounds;
        const double w = std::min(cwnd, left);
        if (w * packet_s >= p.rtt_s) {
            // The flight outlasts an RTT: the link is busy until the end.
            out.link_bound = true;
            t += flight_s(left) + p.rtt_s;
            break;
        }
        if (w == left) {  // the last round: its packets, then the last ACK
            t += flight_s(w) + p.rtt_s;
            break;
        }
        t += p.rtt_s + packet_s;
        left -= w;
        cwnd = std::min(cwnd * 2, cap);
    }
    out.fct_s = t;
    return out;
}

}  // namespace inflight::ui
