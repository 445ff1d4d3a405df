// How long a finite transfer takes on an empty path, by arithmetic alone
// (handshake, then slow start from IW 10): the yardstick the hero sets beside a
// measured flow completion time ("a 100 KB transfer takes 1.21 s; 0.324 s
// on an empty path"). No queue, no other traffic, no loss:
//
//   FCT = handshake + slow-start rounds + serialisation
//   handshake = the SYN's serialisation + one base RTT (its answer)
//   round k sends w_k = min(IW·2^(k-1), window cap, what is left) packets;
//     a round that is not the last costs one RTT plus one packet time (the
//     first ACK of the round comes back one packet time + RTT after the
//     round begins, and releases the next round);
//   the last round costs its packets' serialisation + one RTT (the ACK of
//     the last byte);
//   once a round's flight takes an RTT or more to serialise, the link is
//     busy from then on: what is left leaves at the link rate.
//
// The window starts at IW 10 (RFC 6928, the model's Sender) and doubles
// each round, as slow start does with one ACK per packet; it stops growing
// at min(rwnd, sndbuf). Packets carry `mss` bytes each, the last what is
// left (100,000 B at MSS 1500 is 66 full packets and one of 1,000 B), as
// the model's sender cuts them. Plain C++, no Qt.
#pragma once

#include <cstdint>
#include <limits>

namespace inflight::ui {

struct EmptyPath {
    double bandwidth_bps = 100e6;
    double rtt_s = 0.080;              // the flow's base RTT
    std::uint32_t mss_bytes = 1500;
    std::uint64_t window_cap_bytes = std::numeric_limits<std::uint64_t>::max();  // min(rwnd, sndbuf)
    std::uint32_t initial_window_packets = 10;  // IW 10
    std::uint32_t syn_bytes = 64;               // a connection opens with a 64-byte SYN
};

struct EmptyPathFct {
    double fct_s = 0;
    std::uint64_t packets = 0;
    int rounds = 0;        // slow-start rounds of data (the handshake not counted)
    bool link_bound = false;  // the link, not the window, paced the end of the transfer
};

EmptyPathFct empty_path_fct(std::uint64_t size_bytes, const EmptyPath& path);

}  // namespace inflight::ui
