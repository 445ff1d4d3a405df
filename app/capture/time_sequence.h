// The time–sequence graph of one TCP connection, seen from its sender's
// side (W. R. Stevens, TCP/IP Illustrated vol. 1; Shepard's tcptrace;
// Wireshark's Statistics ▸ TCP Stream Graphs ▸ Stevens / tcptrace):
//   x: time in seconds (a capture: from the stream's first packet; a model
//      run: the simulation clock)
//   y: bytes relative to the connection's first data byte — the sender's
//      ISN + 1 when its SYN is seen (tshark's relative tcp.seq − 1), else
//      the first data segment's sequence number
//   data marks: each segment [seq, seq + len) as it left the sender; a
//      retransmission is one that starts below the highest byte already
//      sent (Wireshark's rule; at the sender its retransmission and
//      out-of-order flags both mean one)
//   ACK line: the cumulative acknowledgement of each ACK reaching the sender
//   window line: ACK + the receive window scaled by the shift the SYNs
//      agreed (RFC 7323 §2.2: in force only when both SYNs carry the
//      option); without both SYNs the scale is unknown and the line is left
//      out, as the window field alone would mislead
//   SACK blocks: [left, right) edges each ACK carries (RFC 2018 §3)
// Built from a capture's stream (time_sequence_of_capture) or from a model
// run through a PacketTap (TimeSequenceTap). Plain C++, no Qt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/capture/capture_reader.h"
#include "model/core/packet_tap.h"

namespace inflight::capture {

struct TsgSegment {
    double t_s = 0;
    std::uint64_t seq_begin = 0, seq_end = 0;  // bytes from the first data byte
    bool retransmission = false;
};

struct TsgAck {
    double t_s = 0;
    std::uint64_t ack = 0;          // bytes from the first data byte
    std::uint64_t window_edge = 0;  // ack + scaled window (meaningless unless window_known)
};

struct TsgSack {
    double t_s = 0;
    std::uint64_t begin = 0, end = 0;
};

struct TimeSequence {
    std::vector<TsgSegment> segments;  // in time order
    std::vector<TsgAck> acks;          // in time order
    std::vector<TsgSack> sacks;        // in time order
    bool window_known = false;         // false: the window line is left out
    std::string window_note;           // why it is left out (empty when known)
    std::string sender, receiver;      // "ip:port" (a capture), "flow 1" (a model run)
    int stream = -1;                   // tshark's tcp.stream (a capture), else −1
    int stream_count = 0;
    // Records beyond kMaxRecords are not kept: the graph ends at cut_at_s.
    bool cut = false;
    double cut_at_s = 0;

    std::uint64_t retransmissions() const;
    double end_s() const;               // the last record's time (0 when empty)
    std::uint64_t highest_byte() const; // the highest seq_end, ACK or window edge
};

// Segments, and ACKs, kept at most (about 100 MB each): a 1 Gbit/s, 40 s
// run (3.3 million segments) fits whole.
inline constexpr std::size_t kMaxRecords = std::size_t{1} << 22;

// The stream `stream` (tshark's tcp.stream), or the one carrying the most
// payload, from the end that sent more. Nothing and one line in *error
// naming the file when there is no TCP, no such stream, no data, or one
// direction only (no ACKs to draw).
std::optional<TimeSequence> time_sequence_of_capture(const CaptureContents& c, const std::string& path,
                                                     std::optional<int> stream, std::string* error);

// Collects one connection of a model run: flow `flow` (0-based), its
// connection `conn`, or the first one the flow opens when conn is unset.
// ACKs the model hands the sender at one instant are one ACK (the last),
// as on the wire (model_capture.h). Window scaling does not apply: the
// model gives the window in bytes.
class TimeSequenceTap final : public PacketTap {
public:
    explicit TimeSequenceTap(std::uint16_t flow = 0, std::optional<std::uint16_t> conn = std::nullopt);

    void syn_sent(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint32_t attempt) override;
    void syn_ack_arrived(TimePs, std::uint16_t, std::uint16_t) override {}
    void data_sent(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t seq_bytes,
                   std::uint32_t len_bytes, bool retransmission) override;
    void ack_arrived(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t ack_bytes,
                     std::uint64_t window_bytes, bool ece, const SackBlock* sacks, int sack_count) override;
    // (The graph is of the sender's data: a server's response is not drawn.)
    void response_sent(TimePs, std::uint16_t, std::uint16_t, std::uint64_t, TimePs) override {}
    void ping(TimePs, std::uint16_t, std::uint32_t, std::uint32_t, bool) override {}

    const TimeSequence& graph() const { return graph_; }
    TimeSequence take() { return std::move(graph_); }

private:
    bool mine(std::uint16_t flow, std::uint16_t conn);

    std::uint16_t flow_;
    std::optional<std::uint16_t> conn_;
    TimeSequence graph_;
    TimePs last_ack_t_ = -1;
    std::size_t last_ack_sacks_ = 0;  // sacks.size() before the last ACK's blocks
};

// The graph at the resolution of a plot: one column per pixel over
// [t0_s, t1_s), each with the lowest and highest byte of its marks and
// lines, so a run of millions of packets draws in a few thousand points
// and keeps every spike. A line's column includes the value it carries in
// from before the column (a step function), so a quiet column still shows
// it, up to the connection's last packet. NaN: nothing in that column.
struct TsgColumn {
    double t0_s = 0, t1_s = 0;
    double data_lo, data_hi;   // new data: lowest seq_begin, highest seq_end
    double retx_lo, retx_hi;   // retransmissions
    double ack_lo, ack_hi;     // the ACK line
    double edge_lo, edge_hi;   // the window line (NaN throughout when unknown)
    double sack_lo, sack_hi;   // SACK blocks' edges
    std::uint32_t data_count = 0, retx_count = 0;
};

std::vector<TsgColumn> decimate(const TimeSequence& g, double t0_s, double t1_s, int columns);

}  // namespace inflight::capture
