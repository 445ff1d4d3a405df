// Reading a capture's TCP segments (capture_reader.h).
#include "app/capture/capture_reader.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include <pcap/pcap.h>
#include <pcap/sll.h>

#include "model/core/units.h"

#include <cerrno>
#include <cstring>
#include <memory>

namespace inflight::capture {
namespace {

constexpr int kDltIpv4 = 228;  // LINKTYPE_IPV4 (libpcap maps it to itself)
constexpr int kDltIpv6 = 229;  // LINKTYPE_IPV6
constexpr int kDltSll2 = 276;  // LINUX_SLL2, if the headers are older than it

std::uint16_t get16(const std::uint8_t* p) { return static_cast<std::uint16_t>((p[0] << 8) | p[1]); }
std::uint32_t get32(const std::uint8_t* p) {
    return (static_cast<std::uint32_t>(p[0]) << 24) | (static_cast<std::uint32_t>(p[1]) << 16) |
           (static_cast<std::uint32_t>(p[2]) << 8) | p[3];
}

constexpr std::uint16_t kEtherIpv4 = 0x0800, kEtherIpv6 = 0x86dd;

// Where the network header starts in a record of this link type, and which
// (`*ethertype`: IPv4 or IPv6); null when the link layer carries neither
// or the record is too short for its own header.
const std::uint8_t* network_start(int dlt, const std::uint8_t* p, std::size_t len, std::size_t* rest,
                                  std::uint16_t* ethertype_out) {
    std::size_t off = 0;
    std::uint16_t ethertype = kEtherIpv4;
    switch (dlt) {
    case DLT_EN10MB:
        if (len < 14) return nullptr;
        ethertype = get16(p + 12);
        off = 14;
        while ((ethertype == 0x8100 || ethertype == 0x88a8) && len >= off + 4) {  // 802.1Q / 802.1ad tags
            ethertype = get16(p + off + 2);
            off += 4;
        }
        break;
    case DLT_LINUX_SLL:
        if (len < 16) return nullptr;
        ethertype = get16(p + 14);
        off = 16;
        break;
    case kDltSll2:
        if (len < 20) return nullptr;
        ethertype = get16(p);
        off = 20;
        break;
    case DLT_RAW:  // either version: the first nibble says
        if (len < 1) return nullptr;
        ethertype = (p[0] >> 4) == 6 ? kEtherIpv6 : kEtherIpv4;
        break;
    case kDltIpv4:
        break;
    case kDltIpv6:
        ethertype = kEtherIpv6;
        break;
    default: return nullptr;
    }
    if (ethertype != kEtherIpv4 && ethertype != kEtherIpv6) return nullptr;
    *ethertype_out = ethertype;
    *rest = len - off;
    return p + off;
}

// Where the IPv4 header starts in a record of this link type, or null.
const std::uint8_t* ipv4_start(int dlt, const std::uint8_t* p, std::size_t len, std::size_t* rest) {
    std::uint16_t ethertype = 0;
    const std::uint8_t* ip = network_start(dlt, p, len, rest, &ethertype);
    if (!ip || ethertype != kEtherIpv4 || *rest < 20 || (ip[0] >> 4) != 4) return nullptr;
    return ip;
}

// An IPv6 record whose next header is TCP (RFC 8200 §3; a segment behind
// extension headers is not seen): its connection, its sequence number and
// flags, enough to number the streams as Wireshark does.
bool ipv6_tcp_sighting(int dlt, const std::uint8_t* p, std::size_t len, Ipv6TcpSighting& out) {
    std::size_t rest = 0;
    std::uint16_t ethertype = 0;
    const std::uint8_t* ip = network_start(dlt, p, len, &rest, &ethertype);
    if (!ip || ethertype != kEtherIpv6 || rest < 40 + 14 || (ip[0] >> 4) != 6 || ip[6] != 6) return false;
    const std::uint8_t* tcp = ip + 40;
    // Each end as its 16 address bytes and 2 port bytes; the lower end
    // first, so both directions give one key (FNV-1a, 64 bits).
    std::uint8_t a[18], b[18];
    std::memcpy(a, ip + 8, 16), std::memcpy(a + 16, tcp, 2);
    std::memcpy(b, ip + 24, 16), std::memcpy(b + 16, tcp + 2, 2);
    const bool a_first = std::memcmp(a, b, sizeof a) <= 0;
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (const std::uint8_t* end : {a_first ? a : b, a_first ? b : a})
        for (std::size_t i = 0; i < sizeof a; ++i) h = (h ^ end[i]) * 0x100000001b3ull;
    out.connection = h;
    out.seq = get32(tcp + 4);
    out.flags = tcp[13];
    return true;
}

void read_options(const std::uint8_t* o, std::size_t len, TcpPacket& t) {
    std::size_t i = 0;
    while (i < len) {
        const std::uint8_t kind = o[i];
        if (kind == 0) break;          // end of options
        if (kind == 1) {               // NOP
            ++i;
            continue;
        }
        if (i + 1 >= len) break;
        const std::uint8_t size = o[i + 1];
        if (size < 2 || i + size > len) break;
        if (kind == 2 && size == 4) t.mss = get16(o + i + 2);
        if (kind == 3 && size == 3) t.window_shift = static_cast<std::int8_t>(std::min<int>(o[i + 2], 14));
        if (kind == 5 && size >= 10) {
            const int blocks = std::min(4, (size - 2) / 8);
            t.sack_blocks = static_cast<std::uint8_t>(blocks);
            for (int b = 0; b < 2 * blocks; ++b) t.sack_edges[b] = get32(o + i + 2 + 4 * b);
        }
        i += size;
    }
}

// One record's TCP segment, if it holds one.
bool parse(const std::uint8_t* ip, std::size_t len, TcpPacket& t) {
    const std::size_t ihl = static_cast<std::size_t>(ip[0] & 0x0f) * 4;
    if (ihl < 20 || len < ihl || ip[9] != 6) return false;
    if ((get16(ip + 6) & 0x1fff) != 0) return false;  // a later fragment
    const std::size_t total = get16(ip + 2);
    if (len < ihl + 20) return false;  // the snap length cut the TCP header
    const std::uint8_t* tcp = ip + ihl;
    const std::size_t doff = static_cast<std::size_t>(tcp[12] >> 4) * 4;
    if (doff < 20) return false;
    t.src_ip = get32(ip + 12);
    t.dst_ip = get32(ip + 16);
    t.ecn_field = ip[1] & 0x03;
    t.src_port = get16(tcp);
    t.dst_port = get16(tcp + 2);
    t.seq = get32(tcp + 4);
    t.ack = get32(tcp + 8);
    t.flags = tcp[13];
    t.window = get16(tcp + 14);
    // A total length of 0 is a segment the NIC will split (TSO): count what was captured.
    const std::size_t ip_bytes = total != 0 ? total : len;
    t.payload_bytes = ip_bytes > ihl + doff ? static_cast<std::uint32_t>(ip_bytes - ihl - doff) : 0;
    if (len >= ihl + doff) read_options(tcp + 20, doff - 20, t);
    return true;
}

struct PcapCloser {
    void operator()(pcap_t* p) const { pcap_close(p); }
};

}  // namespace

std::optional<CaptureContents> read_capture(const std::string& path, std::string* error) {
    return read_capture(path, error, ReadProgress{});
}

std::optional<CaptureContents> read_capture(const std::string& path, std::string* error,
                                            const ReadProgress& progress, std::size_t max_segments) {
    constexpr std::uint64_t kProgressEvery = 4096;  // records between progress reports
    char why[PCAP_ERRBUF_SIZE] = {};
    errno = 0;
    std::unique_ptr<pcap_t, PcapCloser> p(
        pcap_open_offline_with_tstamp_precision(path.c_str(), PCAP_TSTAMP_PRECISION_NANO, why));
    if (!p) {
        const std::string reason = why;
        std::error_code size_error;
        if (errno == ENOENT || errno == EACCES || errno == EISDIR)
            *error = "cannot read '" + path + "': " + reason;
        else if (std::filesystem::is_regular_file(path, size_error) && std::filesystem::file_size(path, size_error) == 0)
            *error = "'" + path + "' is empty (0 bytes): not a packet capture";
        else if (reason.find("truncated") != std::string::npos)
            *error = "'" + path + "' is cut short (truncated): " + reason;
        else
            *error = "'" + path + "' is not a packet capture (pcap or pcapng): " + reason;
        return std::nullopt;
    }
    CaptureContents out;
    const int dlt = pcap_datalink(p.get());
    const char* name = pcap_datalink_val_to_name(dlt);
    out.link_type = name ? name : std::to_string(dlt);
    if (dlt != DLT_EN10MB && dlt != DLT_LINUX_SLL && dlt != kDltSll2 && dlt != DLT_RAW && dlt != kDltIpv4 &&
        dlt != kDltIpv6) {
        *error = "'" + path + "' has link type " + out.link_type +
                 "; inflight capture reads Ethernet, raw IP and Linux cooked (SLL, SLL2) captures";
        return std::nullopt;
    }
    pcap_pkthdr* header = nullptr;
    const u_char* data = nullptr;
    std::error_code size_error;
    const std::uint64_t file_bytes = std::filesystem::file_size(path, size_error);
    if (!size_error) out.file_bytes = file_bytes;
    const auto file_offset = [&p] {
        FILE* f = pcap_file(p.get());
        const long at = f ? std::ftell(f) : -1;
        return at > 0 ? static_cast<std::uint64_t>(at) : std::uint64_t{0};
    };
    for (;;) {
        if (progress && out.packets % kProgressEvery == 0) {
            // The share read, by the file's bytes or by the segments kept
            // of the most kept, whichever will end the reading first.
            const auto kept = static_cast<std::uint64_t>(static_cast<double>(out.file_bytes) *
                                                         static_cast<double>(out.tcp.size()) /
                                                         static_cast<double>(std::max<std::size_t>(max_segments, 1)));
            if (!progress(std::max(file_offset(), kept), out.file_bytes)) {
                *error = "reading '" + path + "' was cancelled";
                return std::nullopt;
            }
        }
        const int r = pcap_next_ex(p.get(), &header, &data);
        if (r == PCAP_ERROR_BREAK) break;  // the end of the file
        if (r == PCAP_ERROR) {
            *error = "'" + path + "' is cut short (truncated) after " + std::to_string(out.packets) +
                     " packets: " + pcap_geterr(p.get());
            return std::nullopt;
        }
        if (r != 1) continue;
        ++out.packets;
        std::size_t rest = 0;
        const std::uint8_t* ip = ipv4_start(dlt, data, header->caplen, &rest);
        TcpPacket t;
        if (!ip || !parse(ip, rest, t)) {
            ++out.not_tcp;
            Ipv6TcpSighting six;
            if (!ip && ipv6_tcp_sighting(dlt, data, header->caplen, six)) {
                six.before = out.tcp.size();
                out.ipv6_tcp.push_back(six);
            }
            continue;
        }
        t.t_s = static_cast<double>(header->ts.tv_sec) + static_cast<double>(header->ts.tv_usec) * 1e-9;
        if (out.tcp.size() == max_segments) {
            // One more segment than kept: the file goes on, cut it here.
            --out.packets;
            out.cut = true;
            out.cut_at_s = out.tcp.empty() ? t.t_s : out.tcp.back().t_s;
            out.cut_at_bytes = file_offset();
            break;
        }
        out.tcp.push_back(t);
    }
    return out;
}

std::string cut_words(const CaptureContents& c, const std::string& path) {
    if (!c.cut) return {};
    const std::string n = format_grouped(c.tcp.size());
    std::string where;
    if (c.file_bytes > 0) {
        const double percent = 100.0 * static_cast<double>(c.cut_at_bytes) / static_cast<double>(c.file_bytes);
        where = format_number(percent, 2) + "% of the file, ";
    }
    const double span_s = c.tcp.empty() ? 0.0 : c.cut_at_s - c.tcp.front().t_s;
    return "'" + path + "' holds more than " + n + " TCP segments: the first " + n + " were read (" + where +
           "its first " + format_time(span_s, 3) + "); editcap -A/-B cuts out a later stretch";
}

}  // namespace inflight::capture
