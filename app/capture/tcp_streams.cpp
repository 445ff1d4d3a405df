// Splitting a capture into TCP streams (tcp_streams.h).
#include "app/capture/tcp_streams.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

#include "app/capture/synthetic_headers.h"

namespace inflight::capture {
namespace {

using Key = std::tuple<std::uint32_t, std::uint16_t, std::uint32_t, std::uint16_t>;

// The same key for both directions: the lower end first.
Key key_of(const TcpPacket& p) {
    const auto a = std::make_pair(p.src_ip, p.src_port), b = std::make_pair(p.dst_ip, p.dst_port);
    return a < b ? Key{a.first, a.second, b.first, b.second} : Key{b.first, b.second, a.first, a.second};
}

struct Open {
    std::size_t stream = 0;
    bool closed = false;          // FIN or RST seen
    bool syn_seen = false;
    std::uint32_t syn_seq = 0;    // the client's initial sequence number
};

// One segment of a connection (either version's) in file order: the stream
// it belongs to, a new one when the rule above says so.
template <class K>
std::size_t stream_of(std::map<K, Open>& open, const K& k, std::uint8_t flags, std::uint32_t seq,
                      std::vector<TcpStream>& streams, bool* fresh_out) {
    const bool syn_only = (flags & (kTcpSyn | kTcpAck)) == kTcpSyn;
    auto it = open.find(k);
    const bool fresh =
        it == open.end() || (syn_only && (it->second.closed || (it->second.syn_seen && it->second.syn_seq != seq)));
    if (fresh) {
        TcpStream s;
        s.index = static_cast<int>(streams.size());
        streams.push_back(std::move(s));
        Open o;
        o.stream = streams.size() - 1;
        it = open.insert_or_assign(k, o).first;
    }
    Open& o = it->second;
    if (syn_only && !o.syn_seen) {
        o.syn_seen = true;
        o.syn_seq = seq;
    }
    if (flags & (kTcpFin | kTcpRst)) o.closed = true;
    *fresh_out = fresh;
    return o.stream;
}

}  // namespace

std::vector<TcpStream> tcp_streams(const CaptureContents& c) {
    std::vector<TcpStream> streams;
    std::map<Key, Open> open;
    std::map<std::uint64_t, Open> open6;
    std::size_t next6 = 0;
    bool fresh = false;
    // The IPv6 connections seen before IPv4 segment i, then segment i.
    const auto sightings_before = [&](std::size_t i) {
        for (; next6 < c.ipv6_tcp.size() && c.ipv6_tcp[next6].before <= i; ++next6) {
            const Ipv6TcpSighting& six = c.ipv6_tcp[next6];
            const std::size_t at = stream_of(open6, six.connection, six.flags, six.seq, streams, &fresh);
            streams[at].ipv6 = true;
        }
    };
    for (std::size_t i = 0; i < c.tcp.size(); ++i) {
        sightings_before(i);
        const TcpPacket& p = c.tcp[i];
        const std::size_t at = stream_of(open, key_of(p), p.flags, p.seq, streams, &fresh);
        TcpStream& s = streams[at];
        if (fresh) s.a_ip = p.src_ip, s.a_port = p.src_port, s.b_ip = p.dst_ip, s.b_port = p.dst_port;
        s.packets.push_back(i);
        if (p.src_ip == s.a_ip && p.src_port == s.a_port) {
            s.a_to_b_payload_bytes += p.payload_bytes;
            ++s.a_to_b_packets;
        } else {
            s.b_to_a_payload_bytes += p.payload_bytes;
            ++s.b_to_a_packets;
        }
    }
    sightings_before(~std::size_t{0});  // those after the last IPv4 segment
    return streams;
}

std::optional<std::size_t> pick_stream(const CaptureContents& c, const std::vector<TcpStream>& streams,
                                       const std::string& path, std::optional<int> wanted, std::string* error) {
    if (c.tcp.empty() || streams.empty()) {
        *error = "'" + path + "' has no IPv4 TCP segments (" + std::to_string(c.packets) +
                 " packets, none of them TCP over IPv4" +
                 (c.ipv6_tcp.empty() ? std::string() : "; inflight reads IPv4 TCP only, not IPv6") + ")";
        return std::nullopt;
    }
    if (wanted) {
        if (*wanted < 0 || static_cast<std::size_t>(*wanted) >= streams.size()) {
            *error = "--stream " + std::to_string(*wanted) + ": '" + path + "' has TCP streams 0 to " +
                     std::to_string(streams.size() - 1);
            return std::nullopt;
        }
        if (streams[static_cast<std::size_t>(*wanted)].ipv6) {
            *error = "--stream " + std::to_string(*wanted) + ": stream " + std::to_string(*wanted) + " of '" + path +
                     "' is over IPv6; inflight reads IPv4 TCP streams only";
            return std::nullopt;
        }
        return static_cast<std::size_t>(*wanted);
    }
    // The IPv4 stream carrying the most payload (one exists: c.tcp is not empty).
    std::optional<std::size_t> pick;
    for (std::size_t i = 0; i < streams.size(); ++i)
        if (!streams[i].ipv6 && (!pick || streams[i].payload_bytes() > streams[*pick].payload_bytes())) pick = i;
    return pick;
}

std::optional<NearEnd> near_end(const CaptureContents& c, const TcpStream& s) {
    const TcpPacket* syn = nullptr;      // the last SYN before the SYN-ACK (an earlier one was lost)
    const TcpPacket* syn_ack = nullptr;
    const TcpPacket* ack = nullptr;      // the SYN's sender's first packet after the SYN-ACK
    for (std::size_t i : s.packets) {
        const TcpPacket& p = c.tcp[i];
        const bool is_syn = (p.flags & kTcpSyn) != 0, is_ack = (p.flags & kTcpAck) != 0;
        if (!syn_ack) {
            if (is_syn && !is_ack) {
                if (syn && !(p.src_ip == syn->src_ip && p.src_port == syn->src_port)) return std::nullopt;  // both opened
                syn = &p;
            } else if (is_syn && is_ack && syn && !(p.src_ip == syn->src_ip && p.src_port == syn->src_port)) {
                syn_ack = &p;
            }
            continue;
        }
        const bool from_syn_sender = p.src_ip == syn->src_ip && p.src_port == syn->src_port;
        if (is_syn) return std::nullopt;  // a SYN or SYN-ACK sent again: which one was answered is unknown
        if (from_syn_sender) {
            ack = &p;
            break;
        }
    }
    if (!ack) return std::nullopt;
    // One gap at least four times the other and at least 200 µs: a capture
    // on one host (loopback, a few µs each) tells neither end apart.
    constexpr double kShortestRoundTripS = 200e-6;
    const double first = syn_ack->t_s - syn->t_s, second = ack->t_s - syn_ack->t_s;
    if (first >= 4 * second && first >= kShortestRoundTripS) return NearEnd{syn->src_ip, syn->src_port, first};
    if (second >= 4 * first && second >= kShortestRoundTripS) return NearEnd{syn_ack->src_ip, syn_ack->src_port, second};
    return std::nullopt;
}

StreamSides stream_sides(const CaptureContents& c, const TcpStream& s) {
    const std::optional<NearEnd> near = near_end(c, s);
    const bool a_sends = s.a_to_b_payload_bytes >= s.b_to_a_payload_bytes;
    StreamSides out;
    out.sender_ip = a_sends ? s.a_ip : s.b_ip;
    out.sender_port = a_sends ? s.a_port : s.b_port;
    out.sender = endpoint_words(out.sender_ip, out.sender_port);
    out.receiver = endpoint_words(a_sends ? s.b_ip : s.a_ip, a_sends ? s.b_port : s.a_port);
    out.receiver_sent = (a_sends ? s.b_to_a_packets : s.a_to_b_packets) != 0;
    if (near) {
        out.handshake_rtt_s = near->handshake_rtt_s;
        out.beside_receiver = !(near->ip == out.sender_ip && near->port == out.sender_port);
    }
    return out;
}

Handshake read_handshake(const CaptureContents& c, const TcpStream& s, const StreamSides& sides) {
    int sender_shift = -2, receiver_shift = -2;  // -2: that SYN not seen; -1: seen without the option
    Handshake out;
    for (std::size_t i : s.packets) {
        const TcpPacket& p = c.tcp[i];
        if (!(p.flags & kTcpSyn)) continue;
        if (sides.from_sender(p)) {
            sender_shift = p.window_shift;
            out.sender_isn = p.seq;
        } else {
            receiver_shift = p.window_shift;
        }
    }
    out.window_scale_known = sender_shift != -2 && receiver_shift != -2;
    // A shift above 14 is taken as 14 (RFC 7323 §2.3).
    if (out.window_scale_known && sender_shift >= 0 && receiver_shift >= 0)
        out.receiver_window_shift = std::min(receiver_shift, 14);
    return out;
}

std::string endpoint_words(std::uint32_t ip, std::uint16_t port) {
    return std::to_string(ip >> 24) + "." + std::to_string((ip >> 16) & 0xff) + "." + std::to_string((ip >> 8) & 0xff) +
           "." + std::to_string(ip & 0xff) + ":" + std::to_string(port);
}

}  // namespace inflight::capture
