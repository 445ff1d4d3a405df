// Two PacketTap listeners on one run (model/core/packet_tap.h takes one):
// every call handed to both, in order — `inflight run --pcap --tsg` writes
// the capture and collects the time–sequence graph from the same packets.
#pragma once

#include "model/core/packet_tap.h"

namespace inflight::capture {

class PacketTee final : public PacketTap {
public:
    PacketTee(PacketTap& a, PacketTap& b) : a_(a), b_(b) {}
    void syn_sent(TimePs t, std::uint16_t f, std::uint16_t c, std::uint32_t n) override {
        a_.syn_sent(t, f, c, n);
        b_.syn_sent(t, f, c, n);
    }
    void syn_ack_arrived(TimePs t, std::uint16_t f, std::uint16_t c) override {
        a_.syn_ack_arrived(t, f, c);
        b_.syn_ack_arrived(t, f, c);
    }
    void data_sent(TimePs t, std::uint16_t f, std::uint16_t c, std::uint64_t seq, std::uint32_t len,
                   bool retransmission) override {
        a_.data_sent(t, f, c, seq, len, retransmission);
        b_.data_sent(t, f, c, seq, len, retransmission);
    }
    void ack_arrived(TimePs t, std::uint16_t f, std::uint16_t c, std::uint64_t ack, std::uint64_t window, bool ece,
                     const SackBlock* sacks, int sack_count) override {
        a_.ack_arrived(t, f, c, ack, window, ece, sacks, sack_count);
        b_.ack_arrived(t, f, c, ack, window, ece, sacks, sack_count);
    }
    void response_sent(TimePs t, std::uint16_t f, std::uint16_t c, std::uint64_t bytes, TimePs done_at) override {
        a_.response_sent(t, f, c, bytes, done_at);
        b_.response_sent(t, f, c, bytes, done_at);
    }
    void ping(TimePs t, std::uint16_t f, std::uint32_t seq, std::uint32_t bytes, bool reply) override {
        a_.ping(t, f, seq, bytes, reply);
        b_.ping(t, f, seq, bytes, reply);
    }

private:
    PacketTap& a_;
    PacketTap& b_;
};

}  // namespace inflight::capture
