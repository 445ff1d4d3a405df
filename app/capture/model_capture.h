// What a capture at the senders would see of a model run, written as a pcap
// file while the run goes on: the model's PacketTap turned into IPv4 + TCP
// (and ICMP echo) headers.
//   addresses: every sender 10.0.0.1, every receiver 10.0.0.2; flow i's
//     connection c from port 1024 + 600·i + (c mod 600) to port 5201, so each
//     connection is its own TCP stream; pings are ICMP echo with id = flow
//   handshake: the SYN (MSS = the scenario's segment size, SACK-permitted,
//     window scale 7, ECE|CWR with ECN) and the SYN-ACK (the receiver's
//     window scale: none when its window fits 16 bits, else the smallest
//     shift that fits it, as Linux picks one from its buffer)
//   data: each segment as it leaves the sender — sequence numbers in bytes
//     from a per-connection ISN, the model's segment size as the TCP payload
//     (40 bytes of headers on top), ECT(0) with ECN
//   ACKs: each as it reaches the sender — the cumulative ACK, the advertised
//     window scaled down, SACK blocks, ECE when it echoes a CE mark; ACKs
//     the model hands the sender at one instant (a delayed ACK releasing
//     several segments) are one ACK, the last of them
// Times are the simulation clock's (the run starts at 0 s).
#pragma once

#include <cstdint>
#include <vector>

#include "app/capture/pcap_file_writer.h"
#include "app/capture/synthetic_headers.h"
#include "model/core/packet_tap.h"
#include "model/core/scenario.h"

namespace inflight::capture {

class ModelCapture final : public PacketTap {
public:
    ModelCapture(PcapFileWriter& writer, const Scenario& s);

    void syn_sent(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint32_t attempt) override;
    void syn_ack_arrived(TimePs t, std::uint16_t flow, std::uint16_t conn) override;
    void data_sent(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t seq_bytes, std::uint32_t len_bytes,
                   bool retransmission) override;
    void ack_arrived(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t ack_bytes,
                     std::uint64_t window_bytes, bool ece, const SackBlock* sacks, int sack_count) override;
    void ping(TimePs t, std::uint16_t flow, std::uint32_t seq, std::uint32_t bytes, bool reply) override;

    // Writes the ACK still held back (call once the run has ended).
    void flush();

    // The receiver's window-scale shift for a receive window (−1: none).
    static int window_shift_for(std::uint64_t rwnd_bytes);

private:
    struct FlowWire {
        int shift = -1;  // the receiver's window scale
    };
    struct Held {
        bool valid = false;
        TimePs t = 0;
        std::uint16_t flow = 0, conn = 0;
        std::uint8_t bytes[kMaxHeaderBytes];
        std::size_t captured = 0, wire = 0;
    };
    void put(TimePs t, const std::uint8_t* p, std::size_t captured, std::size_t wire);
    void release_held();
    TcpFields tcp_fields(std::uint16_t flow, std::uint16_t conn, bool from_sender) const;
    std::uint32_t sender_isn(std::uint16_t flow, std::uint16_t conn) const;
    std::uint32_t receiver_isn(std::uint16_t flow, std::uint16_t conn) const;

    PcapFileWriter& writer_;
    bool ecn_;
    std::uint32_t mss_bytes_;
    std::vector<FlowWire> flows_;
    std::uint16_t ip_id_up_ = 0, ip_id_down_ = 0;
    Held held_;
    bool stopped_ = false;  // the writer refused a packet (cap or error): no more
};

}  // namespace inflight::capture
