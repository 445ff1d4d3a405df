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
//   responses (a request/response flow): the server's data, in segments of
//     at most the segment size; the first carries the ACK of the request
//     (as Linux piggybacks it), at the moment that ACK reaches the sender,
//     and the last arrives when the model's response is whole (its
//     serialization at the bottleneck's rate), the ones between spaced in
//     proportion to their bytes. The server's sequence numbers count its
//     responses, and the client's later segments acknowledge them. The
//     model has no ACKs of the responses (the client's next request
//     carries that acknowledgement), so none is written.
// Times are the simulation clock's (the run starts at 0 s); records are
// written in time order.
#pragma once

#include <cstdint>
#include <deque>
#include <unordered_map>
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
    void response_sent(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t bytes, TimePs done_at) override;
    void ping(TimePs t, std::uint16_t flow, std::uint32_t seq, std::uint32_t bytes, bool reply) override;

    // Writes what is still held back: the last ACK, a response's later
    // segments (call once the run has ended).
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
        TcpFields fields;  // as built (a response's first segment takes them over)
        std::uint8_t bytes[kMaxHeaderBytes];
        std::size_t captured = 0, wire = 0;
    };
    // A packet stamped later than the moment it is known (a response's
    // later segments), written once the run's clock reaches it.
    struct Later {
        TimePs t = 0;
        std::uint8_t bytes[kMaxHeaderBytes];
        std::size_t captured = 0, wire = 0;
    };
    // What the server has sent on one connection (a request/response flow).
    struct ServerSide {
        std::uint64_t sent_bytes = 0;      // its sequence space used so far
        std::uint64_t before_last = 0;     // sent before the last response
        TimePs last_done_at = 0;           // the last response is whole at the client then
        std::uint64_t at_client(TimePs t) const { return t >= last_done_at ? sent_bytes : before_last; }
    };
    void put(TimePs t, const std::uint8_t* p, std::size_t captured, std::size_t wire);
    void write_due(TimePs t);  // the later packets stamped up to t
    void release_held();
    ServerSide& server(std::uint16_t flow, std::uint16_t conn) {
        return servers_[(static_cast<std::uint32_t>(flow) << 16) | conn];
    }
    const ServerSide* find_server(std::uint16_t flow, std::uint16_t conn) const;
    TcpFields tcp_fields(std::uint16_t flow, std::uint16_t conn, bool from_sender) const;
    std::uint32_t sender_isn(std::uint16_t flow, std::uint16_t conn) const;
    std::uint32_t receiver_isn(std::uint16_t flow, std::uint16_t conn) const;

    PcapFileWriter& writer_;
    bool ecn_;
    std::uint32_t mss_bytes_;
    std::vector<FlowWire> flows_;
    std::uint16_t ip_id_up_ = 0, ip_id_down_ = 0;
    Held held_;
    std::deque<Later> later_;  // in time order
    std::unordered_map<std::uint32_t, ServerSide> servers_;  // by flow << 16 | conn; request/response flows only
    bool stopped_ = false;  // the writer refused a packet (cap or error): no more
};

}  // namespace inflight::capture
