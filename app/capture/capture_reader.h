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

struct CaptureContents {
    std::vector<TcpPacket> tcp;
    std::uint64_t packets = 0;        // records in the file
    std::uint64_t not_tcp = 0;        // records that were not IPv4 TCP (IPv6, ARP, UDP, ICMP, ...)
    std::string link_type;            // libpcap's name for it, e.g. "EN10MB"
};

// The file's TCP segments, or one line in *error naming the file and the
// problem: cannot be opened, not a capture, an unsupported link type, cut
// short (truncated) in the middle of a record.
std::optional<CaptureContents> read_capture(const std::string& path, std::string* error);

// The same, telling `progress` how far it has read (bytes of the file, and
// its size) every few thousand records; when progress returns false the
// reading stops: nothing, and *error says it was cancelled.
using ReadProgress = std::function<bool(std::uint64_t read_bytes, std::uint64_t file_bytes)>;
std::optional<CaptureContents> read_capture(const std::string& path, std::string* error,
                                            const ReadProgress& progress);

}  // namespace inflight::capture
