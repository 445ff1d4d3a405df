// Reading a capture file: pcap or pcapng (libpcap reads both), link types
// Ethernet (with 802.1Q tags), raw IP, Linux cooked (SLL and SLL2); every
// IPv4 TCP segment's header fields, in file order. IPv4 (RFC 791), TCP
// (RFC 9293 §3.1) with its MSS, window-scale (RFC 7323) and SACK (RFC 2018)
// options. The payload length comes from the IP total length, so a capture
// cut by its snap length still counts every byte.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace inflight::capture {

struct TcpPacket {
    double t_s = 0;                   // as stamped by the capture (seconds since its epoch)
    std::uint32_t src_ip = 0, dst_ip = 0;
    std::uint16_t src_port = 0, dst_port = 0;
    std::uint32_t seq = 0, ack = 0;
    std::uint32_t payload_bytes = 0;
    std::uint16_t window = 0;         // as on the wire
    std::uint16_t mss = 0;            // the MSS option (0: none)
    std::uint8_t flags = 0;
    std::int8_t window_shift = -1;    // the window-scale option (-1: none)
    std::uint8_t ecn_field = 0;            // the IP header's ECN field
    std::uint8_t sack_blocks = 0;
    std::uint32_t sack_edges[8] = {};
};

// TCP segments kept from one file, at most: 4,194,304 (72 B each, 300 MB;
// `inflight capture` on such a file peaked at 463 MB, 700 MB with --tsg
// and --model). A 1 Gbit/s, 40 s run captured at its sender holds 5
// million segments and ACKs; a 2 GB capture cut at 128 B a packet 35
// million. A file with more is read up to this many, and says so.
inline constexpr std::size_t kMaxCaptureSegments = std::size_t{1} << 22;

// An IPv6 TCP segment: not read (the analysis is IPv4's), but its
// connection is noted, so that the streams are numbered as Wireshark's
// tcp.stream, which counts IPv6 connections too.
struct Ipv6TcpSighting {
    std::size_t before = 0;       // the IPv4 segments read before it (its place in file order)
    std::uint64_t connection = 0; // both ends, addresses and ports, as one key (either direction)
    std::uint32_t seq = 0;
    std::uint8_t flags = 0;
};

struct CaptureContents {
    std::vector<TcpPacket> tcp;
    std::vector<Ipv6TcpSighting> ipv6_tcp;  // in file order
    std::uint64_t packets = 0;        // records read from the file
    std::uint64_t not_tcp = 0;        // records that were not IPv4 TCP (IPv6, ARP, UDP, ICMP, ...)
    std::string link_type;            // libpcap's name for it, e.g. "EN10MB"
    // When the file holds more TCP segments than kMaxCaptureSegments: only
    // the first were read, up to cut_at_s (a packet's stamp) and
    // cut_at_bytes of file_bytes.
    bool cut = false;
    double cut_at_s = 0;
    std::uint64_t cut_at_bytes = 0, file_bytes = 0;
};

// One line saying how much of a cut capture was read, e.g. "'big.pcap'
// holds more than 4,194,304 TCP segments: the first 4,194,304 were read
// (12% of the file, its first 2.61 s); editcap -A/-B cuts out a later
// stretch"; empty when the whole file was read.
std::string cut_words(const CaptureContents& c, const std::string& path);

// The file's TCP segments (at most kMaxCaptureSegments), or one line in *error naming the file and the
// problem: cannot be opened, not a capture, an unsupported link type, cut
// short (truncated) in the middle of a record.
std::optional<CaptureContents> read_capture(const std::string& path, std::string* error);

// The same, telling `progress` how far it has read (bytes of the file, and
// its size; when the segments kept will reach max_segments first, their
// share of it in the same units) every few thousand records; when progress returns false the
// reading stops: nothing, and *error says it was cancelled.
using ReadProgress = std::function<bool(std::uint64_t read_bytes, std::uint64_t file_bytes)>;
std::optional<CaptureContents> read_capture(const std::string& path, std::string* error,
                                            const ReadProgress& progress,
                                            std::size_t max_segments = kMaxCaptureSegments);

}  // namespace inflight::capture
