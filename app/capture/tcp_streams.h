// A capture's TCP connections, numbered as Wireshark numbers tcp.stream:
// in the order their first packet appears; a SYN on the same addresses and
// ports opens a new stream when the earlier connection was closed (FIN or
// RST) or began with another initial sequence number.
#pragma once

#include <cstdint>
#include <vector>

#include "app/capture/capture_reader.h"

namespace inflight::capture {

struct TcpStream {
    int index = 0;
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

}  // namespace inflight::capture
