// What travels on the path: a packet carries its flow's index, which
// connection of the flow sent it and what it is (data, SYN, ping); the
// bottleneck knows flows only by that index, nothing of their senders.
// Segment and transmission numbers travel as their low 32 bits (the sender
// restores them: far fewer than 2^31 are ever outstanding), which keeps the
// per-packet records small; the path holds millions of them at 10 Gbit/s.
#pragma once

#include <cstdint>

#include "model/core/sim_time.h"

namespace inflight {

enum class PacketKind : std::uint8_t {
    Data,  // a TCP segment; its ACK carries exact SACK information
    Syn,   // a connection's handshake (64 bytes); the reply is the SYN-ACK
    Ping   // a latency probe; the reply is its echo
};

struct Packet {
    std::uint32_t seg_no;    // Data: which segment (sender's numbering); Ping: its sequence
    std::uint32_t tx_index;  // Data: which transmission of it; Syn: which attempt
    std::uint16_t bytes;     // ≤ 9000
    std::uint16_t flow;      // index into the scenario's flows (≤ 100)
    std::uint16_t conn;      // which connection of the flow (repeated transfers may overlap)
    PacketKind kind;
    bool ce = false;         // CE-marked by the AQM on leaving the queue (set by the bottleneck)
};
static_assert(sizeof(Packet) == 16, "a packet fills two words");

// A packet served and not lost: its ACK (or reply) is on the way back; the
// ACK echoes packet.ce. 24 bytes: the line holds a base RTT of packets.
struct AckInFlight {
    Packet packet;
    TimePs ack_at;  // arrival time at the sender
};
static_assert(sizeof(AckInFlight) == 24, "three words per ACK on the line");

}  // namespace inflight
