// IPv4, TCP and ICMP echo headers built from numbers, as a capture at the
// sender would show them: RFC 791 (IPv4: version 4, IHL 5, DF, TTL 64, the
// header checksum), RFC 9293 §3.1 (TCP: ports, sequence and acknowledgement
// numbers, data offset, flags, window; options MSS, window scale
// (RFC 7323 §2), SACK-permitted and SACK blocks (RFC 2018), padded with NOPs
// to a multiple of four), RFC 3168 (the ECN field and the ECE/CWR flags),
// RFC 792 (ICMP echo and echo reply). The checksums are computed as if the
// payload were zeros, which is what the record then leaves out: only the
// headers are stored, the IPv4 total length says how long the packet was.
#pragma once

#include <cstddef>
#include <cstdint>

namespace inflight::capture {

inline constexpr std::uint8_t kTcpFin = 0x01, kTcpSyn = 0x02, kTcpRst = 0x04, kTcpPsh = 0x08, kTcpAck = 0x10,
                              kTcpEce = 0x40, kTcpCwr = 0x80;
inline constexpr std::size_t kMaxHeaderBytes = 20 + 60;  // IPv4 without options + the largest TCP header

struct Addresses {
    std::uint32_t src_ip = 0, dst_ip = 0;  // host order
};

struct TcpFields {
    std::uint16_t src_port = 0, dst_port = 0;
    std::uint32_t seq = 0, ack = 0;
    std::uint8_t flags = 0;
    std::uint16_t window = 0;              // as on the wire (already scaled down)
    std::uint32_t payload_bytes = 0;       // counted in the IPv4 total length, not stored
    std::uint8_t ecn_field = 0;                 // the IP header's ECN field: 0 Not-ECT, 2 ECT(0), 3 CE
    std::uint16_t ip_id = 0;
    // Options (SYN and SYN-ACK: MSS, window scale, SACK-permitted; ACKs: SACK blocks).
    std::uint16_t mss = 0;                 // 0: no MSS option
    int window_shift = -1;                 // -1: no window-scale option
    bool sack_permitted = false;
    std::uint32_t sack_edges[8] = {};      // left, right, left, right, ...
    int sack_blocks = 0;                   // 0 – 4
};

// Writes the IPv4 + TCP headers into `out` (kMaxHeaderBytes at least) and
// returns how many bytes they take; *wire_bytes gets the IPv4 total length.
std::size_t build_tcp_packet(std::uint8_t* out, const Addresses& a, const TcpFields& t, std::size_t* wire_bytes);

// An ICMP echo (reply = false) or echo reply of `wire_bytes` in all
// (28 at least: IPv4 and ICMP headers); returns the bytes written (28).
std::size_t build_icmp_echo(std::uint8_t* out, const Addresses& a, std::uint16_t id, std::uint16_t seq,
                            std::uint16_t wire_bytes, bool reply);

// The Internet checksum (RFC 1071) of `len` bytes added to `sum`, folded
// but not inverted.
std::uint32_t ones_complement_sum(const std::uint8_t* p, std::size_t len, std::uint32_t sum = 0);

}  // namespace inflight::capture
