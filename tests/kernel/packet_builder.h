// Test helper: IPv4 + TCP packets of a given payload, as a TUN device hands
// them over (no link header).
#pragma once

#include <cstdint>
#include <vector>

namespace inflight::kernel::test {

inline std::vector<std::uint8_t> tcp_packet(std::uint32_t payload_bytes, std::uint8_t tos = 0,
                                            std::uint16_t src_port = 0, std::uint16_t dst_port = 0) {
    constexpr std::uint32_t kIp = 20, kTcp = 32;  // TCP with the timestamp option
    const std::uint32_t total = kIp + kTcp + payload_bytes;
    std::vector<std::uint8_t> p(total, 0);
    p[0] = 0x45;
    p[1] = tos;
    p[2] = static_cast<std::uint8_t>(total >> 8);
    p[3] = static_cast<std::uint8_t>(total & 0xff);
    p[8] = 64;
    p[9] = 6;  // TCP
    p[kIp + 0] = static_cast<std::uint8_t>(src_port >> 8);
    p[kIp + 1] = static_cast<std::uint8_t>(src_port & 0xff);
    p[kIp + 2] = static_cast<std::uint8_t>(dst_port >> 8);
    p[kIp + 3] = static_cast<std::uint8_t>(dst_port & 0xff);
    p[kIp + 12] = static_cast<std::uint8_t>((kTcp / 4) << 4);
    return p;
}

}  // namespace inflight::kernel::test
