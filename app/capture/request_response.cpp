// A capture's request/response application (request_response.h).
#include "app/capture/request_response.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "app/capture/synthetic_headers.h"
#include "model/tcp/nagle.h"

namespace inflight::capture {
namespace {

// One direction's sequence numbers as byte offsets from its start (32-bit
// sequence numbers unwrapped against the last one seen).
class SequenceSpace {
public:
    std::int64_t offset(std::uint32_t seq) {
        if (!started_) start(seq);
        last_ += static_cast<std::int32_t>(seq - last_seq_);
        last_seq_ = seq;
        return last_;
    }
    // The SYN's sequence number: data starts one past it.
    void syn(std::uint32_t seq) {
        if (!started_) start(seq + 1);
    }
    bool started() const { return started_; }

private:
    void start(std::uint32_t first) {
        started_ = true;
        last_seq_ = first;
        last_ = 0;
    }
    bool started_ = false;
    std::uint32_t last_seq_ = 0;  // the last sequence number seen, at offset last_
    std::int64_t last_ = 0;
};

struct Transaction {
    std::vector<std::uint64_t> writes;
    std::uint64_t response_bytes = 0;
    double response_end_s = 0;  // the response's last segment
    double next_request_s = -1; // the next request's first segment; < 0: none followed
};

template <typename T>
T median_of(std::vector<T> v) {
    std::sort(v.begin(), v.end());
    return v[(v.size() - 1) / 2];  // the lower middle: a value the capture holds
}

}  // namespace

std::optional<RequestResponse> estimate_request_response(const CaptureContents& c, const TcpStream& s) {
    if (s.packets.empty()) return std::nullopt;
    // The client: the SYN's sender, else the first data segment's.
    std::optional<std::pair<std::uint32_t, std::uint16_t>> client;
    for (std::size_t i : s.packets) {
        const TcpPacket& p = c.tcp[i];
        if ((p.flags & kTcpSyn) && !(p.flags & kTcpAck)) {
            client = {p.src_ip, p.src_port};
            break;
        }
    }
    if (!client)
        for (std::size_t i : s.packets)
            if (c.tcp[i].payload_bytes > 0) {
                client = {c.tcp[i].src_ip, c.tcp[i].src_port};
                break;
            }
    if (!client) return std::nullopt;
    const auto from_client = [&](const TcpPacket& p) { return p.src_ip == client->first && p.src_port == client->second; };

    // The segment size: the server's MSS option, else the largest payload.
    std::uint32_t segment_bytes = 0;
    for (std::size_t i : s.packets) {
        const TcpPacket& p = c.tcp[i];
        if ((p.flags & kTcpSyn) && !from_client(p) && p.mss > 0) segment_bytes = p.mss;
    }
    if (segment_bytes == 0)
        for (std::size_t i : s.packets) segment_bytes = std::max(segment_bytes, c.tcp[i].payload_bytes);

    SequenceSpace up, down;  // client → server, server → client
    std::int64_t up_sent = 0, down_sent = 0, up_acked = 0;
    Nagle nagle;            // the client's last short segment, as Nagle tracks it
    bool nodelay = false;
    std::vector<Transaction> done;
    Transaction current;
    enum class In { Nothing, Request, Response } in = In::Nothing;
    std::uint64_t pending_write = 0;  // bytes of a write whose segments were all full so far

    for (std::size_t i : s.packets) {
        const TcpPacket& p = c.tcp[i];
        const bool up_dir = from_client(p);
        SequenceSpace& space = up_dir ? up : down;
        if (p.flags & kTcpSyn) space.syn(p.seq);
        if (!up_dir && (p.flags & kTcpAck) && up.started()) up_acked = std::max(up_acked, up.offset(p.ack));
        if (p.payload_bytes == 0) continue;
        const std::int64_t begin = space.offset(p.seq);
        const std::int64_t end = begin + p.payload_bytes;
        std::int64_t& sent = up_dir ? up_sent : down_sent;
        if (end <= sent) continue;  // a retransmission
        const std::uint32_t len = static_cast<std::uint32_t>(end - std::max(begin, sent));
        sent = end;
        if (up_dir) {
            // A short segment Nagle would have held: the last short one is
            // unacknowledged. (Closing pushes what Nagle held, with the FIN.)
            if (!(p.flags & kTcpFin) && nagle.holds(len, segment_bytes, static_cast<std::uint64_t>(std::max<std::int64_t>(up_acked, 0)),
                            static_cast<std::uint64_t>(begin)))
                nodelay = true;
            nagle.sent(len, segment_bytes, static_cast<std::uint64_t>(end));
            if (in == In::Response) {
                if (pending_write) current.writes.push_back(pending_write);
                pending_write = 0;
                current.next_request_s = p.t_s;
                done.push_back(current);
                current = Transaction{};
            }
            in = In::Request;
            pending_write += len;
            if (len < segment_bytes) {
                current.writes.push_back(pending_write);
                pending_write = 0;
            }
        } else {
            if (in == In::Nothing) continue;  // the server spoke first: not a request's answer
            if (in == In::Request && pending_write) {
                current.writes.push_back(pending_write);
                pending_write = 0;
            }
            in = In::Response;
            current.response_bytes += len;
            current.response_end_s = p.t_s;
        }
    }
    if (in == In::Response) done.push_back(current);  // answered, not followed

    RequestResponse rr;
    std::vector<std::uint64_t> responses;
    std::vector<double> gaps;
    std::map<std::vector<std::uint64_t>, std::size_t> patterns;
    for (const Transaction& t : done) {
        ++patterns[t.writes];
        if (t.next_request_s < 0) continue;
        responses.push_back(t.response_bytes);
        gaps.push_back(t.next_request_s - t.response_end_s);
    }
    rr.transactions = responses.size();
    if (rr.transactions < 2) return std::nullopt;
    rr.requests = done.size();
    // The most common request; of equals, the one seen first.
    std::size_t best = 0;
    for (const Transaction& t : done)
        if (patterns[t.writes] > best) {
            best = patterns[t.writes];
            rr.writes = t.writes;
        }
    rr.like_the_request = best;
    rr.response_bytes = median_of(responses);
    double think_s = median_of(gaps);
    const std::optional<NearEnd> near = near_end(c, s);
    if (near && !(near->ip == client->first && near->port == client->second)) {
        rr.think_less_a_round_trip = true;
        think_s -= near->handshake_rtt_s;
    }
    rr.think_s = std::max(0.0, std::round(think_s * 1e4) / 1e4);
    rr.nodelay = nodelay;
    return rr;
}

}  // namespace inflight::capture
