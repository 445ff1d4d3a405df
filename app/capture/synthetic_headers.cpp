// Header building (synthetic_headers.h).
#include "app/capture/synthetic_headers.h"

#include <algorithm>
#include <cstring>

namespace inflight::capture {
namespace {

void put16(std::uint8_t* p, std::uint32_t v) {
    p[0] = static_cast<std::uint8_t>(v >> 8);
    p[1] = static_cast<std::uint8_t>(v);
}

void put32(std::uint8_t* p, std::uint32_t v) {
    put16(p, v >> 16);
    put16(p + 2, v & 0xffff);
}

std::uint16_t finish_checksum(std::uint32_t sum) {
    while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
    return static_cast<std::uint16_t>(~sum);
}

// RFC 791 §3.1: a 20-byte header, DF set, TTL 64, the checksum over it.
void put_ipv4(std::uint8_t* p, const Addresses& a, std::uint8_t protocol, std::size_t total, std::uint16_t id,
              std::uint8_t ecn_field) {
    p[0] = 0x45;
    p[1] = static_cast<std::uint8_t>(ecn_field & 0x03);
    put16(p + 2, static_cast<std::uint32_t>(total));
    put16(p + 4, id);
    put16(p + 6, 0x4000);  // don't fragment
    p[8] = 64;
    p[9] = protocol;
    put16(p + 10, 0);
    put32(p + 12, a.src_ip);
    put32(p + 16, a.dst_ip);
    put16(p + 10, finish_checksum(ones_complement_sum(p, 20)));
}

}  // namespace

std::uint32_t ones_complement_sum(const std::uint8_t* p, std::size_t len, std::uint32_t sum) {
    for (std::size_t i = 0; i + 1 < len; i += 2) sum += (static_cast<std::uint32_t>(p[i]) << 8) | p[i + 1];
    if (len % 2) sum += static_cast<std::uint32_t>(p[len - 1]) << 8;
    while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
    return sum;
}

std::size_t build_tcp_packet(std::uint8_t* out, const Addresses& a, const TcpFields& t, std::size_t* wire_bytes) {
    std::uint8_t* tcp = out + 20;
    std::uint8_t* o = tcp + 20;  // options
    if (t.mss) {
        o[0] = 2, o[1] = 4;
        put16(o + 2, t.mss);
        o += 4;
    }
    if (t.sack_permitted) {
        o[0] = 1, o[1] = 1, o[2] = 4, o[3] = 2;  // NOP, NOP, SACK-permitted
        o += 4;
    }
    if (t.window_shift >= 0) {
        o[0] = 1, o[1] = 3, o[2] = 3, o[3] = static_cast<std::uint8_t>(t.window_shift);  // NOP, window scale
        o += 4;
    }
    const int blocks = std::clamp(t.sack_blocks, 0, 4);
    if (blocks > 0) {
        o[0] = 1, o[1] = 1, o[2] = 5, o[3] = static_cast<std::uint8_t>(2 + 8 * blocks);  // NOP, NOP, SACK
        o += 4;
        for (int i = 0; i < 2 * blocks; ++i, o += 4) put32(o, t.sack_edges[i]);
    }
    const auto tcp_len = static_cast<std::size_t>(o - tcp);  // a multiple of four by construction
    put16(tcp, t.src_port);
    put16(tcp + 2, t.dst_port);
    put32(tcp + 4, t.seq);
    put32(tcp + 8, t.ack);
    tcp[12] = static_cast<std::uint8_t>((tcp_len / 4) << 4);
    tcp[13] = t.flags;
    put16(tcp + 14, t.window);
    put16(tcp + 16, 0);
    put16(tcp + 18, 0);
    const std::size_t segment = tcp_len + t.payload_bytes;
    const std::size_t total = 20 + segment;
    put_ipv4(out, a, 6, total, t.ip_id, t.ecn_field);
    // RFC 9293 §3.1: the pseudo-header (addresses, protocol, TCP length), then the segment.
    std::uint8_t pseudo[12];
    put32(pseudo, a.src_ip);
    put32(pseudo + 4, a.dst_ip);
    pseudo[8] = 0, pseudo[9] = 6;
    put16(pseudo + 10, static_cast<std::uint32_t>(segment & 0xffff));
    const std::uint32_t sum = ones_complement_sum(tcp, tcp_len, ones_complement_sum(pseudo, 12));
    put16(tcp + 16, finish_checksum(sum));
    *wire_bytes = total;
    return 20 + tcp_len;
}

std::size_t build_icmp_echo(std::uint8_t* out, const Addresses& a, std::uint16_t id, std::uint16_t seq,
                            std::uint16_t wire_bytes, bool reply) {
    wire_bytes = std::max<std::uint16_t>(wire_bytes, 28);
    put_ipv4(out, a, 1, wire_bytes, seq, 0);
    std::uint8_t* icmp = out + 20;
    icmp[0] = reply ? 0 : 8;
    icmp[1] = 0;
    put16(icmp + 2, 0);
    put16(icmp + 4, id);
    put16(icmp + 6, seq);
    put16(icmp + 2, finish_checksum(ones_complement_sum(icmp, 8)));
    return 28;
}

}  // namespace inflight::capture
