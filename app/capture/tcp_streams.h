// A capture's TCP connections, numbered as Wireshark numbers tcp.stream:
// in the order their first packet appears; a SYN on the same addresses and
// ports opens a new stream when the earlier connection was closed (FIN or
// RST) or began with another initial sequence number. IPv6 connections are
// numbered too (Wireshark counts them) but hold no packets: only IPv4 TCP
// is read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/capture/capture_reader.h"

namespace inflight::capture {

struct TcpStream {
    int index = 0;
    bool ipv6 = false;  // numbered, not read: no packets, no addresses
    // The two ends as the first packet had them (a → b).
    std::uint32_t a_ip = 0, b_ip = 0;
    std::uint16_t a_port = 0, b_port = 0;
    std::uint64_t a_to_b_payload_bytes = 0, b_to_a_payload_bytes = 0;
    std::uint64_t a_to_b_packets = 0, b_to_a_packets = 0;
    std::vector<std::size_t> packets;  // indexes into CaptureContents::tcp, in file order
    std::uint64_t payload_bytes() const { return a_to_b_payload_bytes + b_to_a_payload_bytes; }
};

std::vector<TcpStream> tcp_streams(const CaptureContents& c);

// "10.0.0.1:40001 → 10.0.0.2:5201"
std::string endpoint_words(std::uint32_t ip, std::uint16_t port);

// Which of `streams` (the capture's, from tcp_streams) to measure: the
// one asked for (--stream N), else the one carrying the most payload.
// Nothing, and one line in *error, when the capture holds no TCP or N is not
// one of its streams.
std::optional<std::size_t> pick_stream(const CaptureContents& c, const std::vector<TcpStream>& streams,
                                       const std::string& path, std::optional<int> wanted, std::string* error);

// The end a capture was taken beside, read from the three-way handshake
// (RFC 9293 §3.5): beside the end that sent the SYN, the SYN-ACK comes a
// round trip after the SYN and that end's ACK at once; beside the other
// end, the SYN-ACK leaves at once and the ACK comes a round trip later.
// The SYN is the last one before the SYN-ACK (an earlier one was lost).
// Nothing when the capture lacks one of the three packets, when the SYN-ACK
// or a SYN comes again after it or both ends sent a SYN (which packet was
// answered is unknown), or when neither gap is at least four times the
// other and 200 µs (a capture midway, or both ends on one host).
struct NearEnd {
    std::uint32_t ip = 0;
    std::uint16_t port = 0;
    double handshake_rtt_s = 0;  // the long gap: the round trip as seen from there
};
std::optional<NearEnd> near_end(const CaptureContents& c, const TcpStream& s);

// A stream's two ends as its sender sees them: the sender is the end that
// sent more payload (a download's server, though the client sent the
// request). The handshake says whether the capture was beside it.
struct StreamSides {
    std::uint32_t sender_ip = 0;
    std::uint16_t sender_port = 0;
    std::string sender, receiver;  // endpoint_words of each end
    bool receiver_sent = false;    // packets came back (ACKs): both directions were captured
    // The handshake puts the capture beside the receiver (a download
    // captured at the client): its data-to-ACK times are the receiver's
    // own delay, not the path's round trip, which is handshake_rtt_s.
    bool beside_receiver = false;
    double handshake_rtt_s = 0;    // from near_end; 0 when it is unknown
    bool from_sender(const TcpPacket& p) const { return p.src_ip == sender_ip && p.src_port == sender_port; }
};
StreamSides stream_sides(const CaptureContents& c, const TcpStream& s);

// What the stream's SYNs say (RFC 9293 §3.4, RFC 7323 §2.2–2.3): the
// sender's initial sequence number, and the shift the receiver's window
// field carries — applied only when both SYNs are in the capture and both
// carry the window-scale option (else 0), and at most 14.
struct Handshake {
    std::optional<std::uint32_t> sender_isn;
    bool window_scale_known = false;  // both SYNs were captured
    int receiver_window_shift = 0;
};
Handshake read_handshake(const CaptureContents& c, const TcpStream& s, const StreamSides& sides);

}  // namespace inflight::capture
