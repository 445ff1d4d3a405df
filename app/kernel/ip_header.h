// What the emulator needs to know about one packet read from a TUN device
// (IFF_NO_PI: the buffer starts with the IP header): does it carry TCP
// payload (only those may be lost; ACKs never are), which ports (which flow
// it belongs to), is it ECN-capable, and how to mark it CE. IPv4 (RFC 791), TCP data offset (RFC 9293 §3.1), ECN field
// (RFC 3168 §5: the low two bits of the TOS byte; 00 Not-ECT, 11 CE).
#pragma once

#include <cstddef>
#include <cstdint>

namespace inflight::kernel {

struct PacketInfo {
    bool ipv4_tcp = false;
    std::uint32_t payload_bytes = 0;  // TCP payload (0 for SYN, pure ACKs, non-TCP)
    bool ect = false;                 // ECT(0), ECT(1) or already CE
    std::uint8_t tcp_flags = 0;       // the TCP header's flags byte (FIN 0x01, SYN 0x02, RST 0x04, ACK 0x10)
    std::uint16_t src_port = 0, dst_port = 0;  // TCP's, in host order (0 for non-TCP)
    // A pure ACK: TCP with the ACK flag, no payload, no SYN, FIN or RST.
    bool pure_ack() const { return ipv4_tcp && payload_bytes == 0 && (tcp_flags & 0x17) == 0x10; }
};

inline PacketInfo inspect_packet(const std::uint8_t* p, std::size_t len) {
    PacketInfo info;
    if (len < 20 || (p[0] >> 4) != 4) return info;
    const std::size_t ihl_bytes = static_cast<std::size_t>(p[0] & 0x0f) * 4;
    const std::size_t total = (static_cast<std::size_t>(p[2]) << 8) | p[3];
    info.ect = (p[1] & 0x03) != 0;
    if (p[9] != 6 || ihl_bytes < 20 || total > len || total < ihl_bytes + 20) return info;
    const std::size_t tcp_header_bytes = static_cast<std::size_t>(p[ihl_bytes + 12] >> 4) * 4;
    if (tcp_header_bytes < 20 || ihl_bytes + tcp_header_bytes > total) return info;
    info.ipv4_tcp = true;
    info.tcp_flags = p[ihl_bytes + 13];
    info.src_port = static_cast<std::uint16_t>((p[ihl_bytes] << 8) | p[ihl_bytes + 1]);
    info.dst_port = static_cast<std::uint16_t>((p[ihl_bytes + 2] << 8) | p[ihl_bytes + 3]);
    info.payload_bytes = static_cast<std::uint32_t>(total - ihl_bytes - tcp_header_bytes);
    return info;
}

// Sets the ECN field to CE and recomputes the IPv4 header checksum.
inline void mark_ce(std::uint8_t* p, std::size_t len) {
    if (len < 20 || (p[0] >> 4) != 4) return;
    const std::size_t ihl_bytes = static_cast<std::size_t>(p[0] & 0x0f) * 4;
    if (ihl_bytes < 20 || ihl_bytes > len) return;
    p[1] |= 0x03;
    p[10] = p[11] = 0;
    std::uint32_t sum = 0;
    for (std::size_t i = 0; i < ihl_bytes; i += 2) sum += (static_cast<std::uint32_t>(p[i]) << 8) | p[i + 1];
    while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
    const auto checksum = static_cast<std::uint16_t>(~sum);
    p[10] = static_cast<std::uint8_t>(checksum >> 8);
    p[11] = static_cast<std::uint8_t>(checksum & 0xff);
}

}  // namespace inflight::kernel
