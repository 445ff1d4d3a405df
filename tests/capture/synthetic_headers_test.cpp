// The synthetic headers' checksums verify as a receiver checks them
// (RFC 1071: the one's-complement sum over the covered bytes, checksum
// included, is 0xffff), and the lengths are what the fields say.
#include <gtest/gtest.h>

#include "app/capture/synthetic_headers.h"

namespace inflight::capture {
namespace {

TEST(SyntheticHeaders, TcpWithSackBlocksVerifiesAndCountsItsPayloadInTheTotalLength) {
    TcpFields f;
    f.src_port = 1024, f.dst_port = 5201, f.seq = 0xfffffff0u, f.ack = 12345, f.flags = kTcpAck;
    f.window = 4000, f.payload_bytes = 1448, f.ecn_field = 2;
    f.sack_blocks = 3;
    for (int i = 0; i < 6; ++i) f.sack_edges[i] = 1000u * static_cast<unsigned>(i + 1);
    std::uint8_t p[kMaxHeaderBytes];
    std::size_t wire = 0;
    const std::size_t n = build_tcp_packet(p, Addresses{0x0a000001, 0x0a000002}, f, &wire);
    // 20 (IP) + 20 (TCP) + NOP NOP SACK(2 + 24) = 68 bytes of headers.
    EXPECT_EQ(n, 68u);
    EXPECT_EQ(wire, 68u + 1448u);
    EXPECT_EQ((p[2] << 8) | p[3], static_cast<int>(wire));
    EXPECT_EQ(p[1] & 3, 2);                              // ECT(0)
    EXPECT_EQ(ones_complement_sum(p, 20), 0xffffu);      // IPv4 header checksum
    // TCP: pseudo-header + header (the payload is zeros, adding nothing).
    std::uint8_t pseudo[12] = {10, 0, 0, 1, 10, 0, 0, 2, 0, 6,
                               static_cast<std::uint8_t>((wire - 20) >> 8), static_cast<std::uint8_t>((wire - 20) & 0xff)};
    EXPECT_EQ(ones_complement_sum(p + 20, n - 20, ones_complement_sum(pseudo, 12)), 0xffffu);
    EXPECT_EQ(p[20 + 12] >> 4, 12);                      // data offset: 48 bytes
}

TEST(SyntheticHeaders, IcmpEchoVerifies) {
    std::uint8_t p[kMaxHeaderBytes];
    EXPECT_EQ(build_icmp_echo(p, Addresses{1, 2}, 3, 4, 64, false), 28u);
    EXPECT_EQ((p[2] << 8) | p[3], 64);
    EXPECT_EQ(p[9], 1);
    EXPECT_EQ(p[20], 8);  // echo request
    EXPECT_EQ(ones_complement_sum(p, 20), 0xffffu);
    EXPECT_EQ(ones_complement_sum(p + 20, 8), 0xffffu);
}

}  // namespace
}  // namespace inflight::capture
