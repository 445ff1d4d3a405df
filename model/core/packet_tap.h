// A listener for what a packet capture at the senders would see: every
// segment a sender puts on the wire, every ACK that reaches it, the
// handshake's SYN and its reply, pings and their echoes. The engine calls
// it only when one is given (RunControl::tap): a pointer test per packet
// otherwise. Times are the simulation clock's; sequence and acknowledgement
// numbers are byte offsets in the connection's data (0 = its first byte),
// so a listener adds its own initial sequence numbers.
#pragma once

#include <cstdint>

#include "model/core/sim_time.h"

namespace inflight {

// One SACK block: bytes [begin, end) held by the receiver above snd_una.
struct SackBlock {
    std::uint64_t begin_bytes = 0, end_bytes = 0;
};

class PacketTap {
public:
    virtual ~PacketTap() = default;
    // A connection's SYN (attempt 0, 1, ... when it is sent again).
    virtual void syn_sent(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint32_t attempt) = 0;
    // Its reply (the SYN-ACK) reached the sender.
    virtual void syn_ack_arrived(TimePs t, std::uint16_t flow, std::uint16_t conn) = 0;
    // A data segment [seq, seq + len) left the sender.
    virtual void data_sent(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t seq_bytes,
                           std::uint32_t len_bytes, bool retransmission) = 0;
    // An ACK reached the sender: cumulative ack, the receiver's window from
    // it, whether it echoes a CE mark, and up to `sack_count` SACK blocks
    // (the one holding the segment that caused it first, RFC 2018 §4).
    virtual void ack_arrived(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t ack_bytes,
                             std::uint64_t window_bytes, bool ece, const SackBlock* sacks, int sack_count) = 0;
    // A request/response flow's server answered the request at t (the ACK
    // of its last segment handed over at t): `bytes` of the server's data,
    // the whole of it at the client by `done_at` (its serialization at the
    // bottleneck's rate).
    virtual void response_sent(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t bytes,
                               TimePs done_at) = 0;
    // A ping left (reply = false) or its echo came back (reply = true).
    virtual void ping(TimePs t, std::uint16_t flow, std::uint32_t seq, std::uint32_t bytes, bool reply) = 0;
};

}  // namespace inflight
