// The model's packets as a capture at the senders (model_capture.h).
#include "app/capture/model_capture.h"

#include <algorithm>
#include <cstring>

#include "model/core/flow_spec.h"

namespace inflight::capture {
namespace {

constexpr Addresses kUp{0x0a000001, 0x0a000002};    // sender → receiver
constexpr Addresses kDown{0x0a000002, 0x0a000001};  // receiver → sender
constexpr std::uint16_t kReceiverPort = 5201;
constexpr int kSenderWindowShift = 7;               // the sender's own receive window, unused by the data
constexpr std::uint16_t kSenderWindow = 502;        // 64,256 bytes at shift 7

std::uint16_t sender_port(std::uint16_t flow, std::uint16_t conn) {
    return static_cast<std::uint16_t>(1024 + 600 * flow + conn % 600);
}

// splitmix64's finalizer: a fixed, spread-out ISN per connection.
std::uint32_t mix32(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return static_cast<std::uint32_t>(x ^ (x >> 31));
}

}  // namespace

int ModelCapture::window_shift_for(std::uint64_t rwnd_bytes) {
    if (rwnd_bytes <= 0xffff) return -1;
    int shift = 0;
    while (shift < 14 && (rwnd_bytes >> shift) > 0xffff) ++shift;
    return shift;
}

ModelCapture::ModelCapture(PcapFileWriter& writer, const Scenario& s)
    : writer_(writer), ecn_(s.ecn), mss_bytes_(s.mss_bytes) {
    for (const ResolvedFlow& f : resolve_flows(s)) flows_.push_back(FlowWire{window_shift_for(f.rwnd_bytes)});
}

std::uint32_t ModelCapture::sender_isn(std::uint16_t flow, std::uint16_t conn) const {
    return mix32((static_cast<std::uint64_t>(flow) << 16) | conn);
}

std::uint32_t ModelCapture::receiver_isn(std::uint16_t flow, std::uint16_t conn) const {
    return mix32((1ull << 40) | (static_cast<std::uint64_t>(flow) << 16) | conn);
}

TcpFields ModelCapture::tcp_fields(std::uint16_t flow, std::uint16_t conn, bool from_sender) const {
    TcpFields f;
    f.src_port = from_sender ? sender_port(flow, conn) : kReceiverPort;
    f.dst_port = from_sender ? kReceiverPort : sender_port(flow, conn);
    return f;
}

const ModelCapture::ServerSide* ModelCapture::find_server(std::uint16_t flow, std::uint16_t conn) const {
    const auto it = servers_.find((static_cast<std::uint32_t>(flow) << 16) | conn);
    return it == servers_.end() ? nullptr : &it->second;
}

void ModelCapture::write_due(TimePs t) {
    while (!later_.empty() && later_.front().t <= t) {
        const Later l = later_.front();
        later_.pop_front();
        put(l.t, l.bytes, l.captured, l.wire);
    }
}

void ModelCapture::put(TimePs t, const std::uint8_t* p, std::size_t captured, std::size_t wire) {
    write_due(t);
    if (stopped_) return;
    const std::int64_t s = t / kPsPerSecond;
    const auto ns = static_cast<std::uint32_t>((t % kPsPerSecond) / 1000);
    if (!writer_.write(s, ns, p, captured, wire)) stopped_ = true;
}

void ModelCapture::release_held() {
    if (!held_.valid) return;
    held_.valid = false;
    put(held_.t, held_.bytes, held_.captured, held_.wire);
}

void ModelCapture::flush() {
    release_held();
    write_due(kNever);
}

void ModelCapture::syn_sent(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint32_t) {
    release_held();
    TcpFields f = tcp_fields(flow, conn, true);
    f.seq = sender_isn(flow, conn);
    f.flags = kTcpSyn | (ecn_ ? kTcpEce | kTcpCwr : 0);
    f.window = 0xffff;
    f.mss = static_cast<std::uint16_t>(mss_bytes_);
    f.sack_permitted = true;
    f.window_shift = kSenderWindowShift;
    f.ip_id = ip_id_up_++;
    std::uint8_t p[kMaxHeaderBytes];
    std::size_t wire = 0;
    const std::size_t n = build_tcp_packet(p, kUp, f, &wire);
    put(t, p, n, wire);
}

void ModelCapture::syn_ack_arrived(TimePs t, std::uint16_t flow, std::uint16_t conn) {
    release_held();
    TcpFields f = tcp_fields(flow, conn, false);
    f.seq = receiver_isn(flow, conn);
    f.ack = sender_isn(flow, conn) + 1;
    f.flags = kTcpSyn | kTcpAck | (ecn_ ? kTcpEce : 0);
    f.window = 0xffff;  // a SYN's window is never scaled (RFC 7323 §2.2)
    f.mss = static_cast<std::uint16_t>(mss_bytes_);
    f.sack_permitted = true;
    f.window_shift = flows_[flow].shift;
    f.ip_id = ip_id_down_++;
    std::uint8_t p[kMaxHeaderBytes];
    std::size_t wire = 0;
    const std::size_t n = build_tcp_packet(p, kDown, f, &wire);
    put(t, p, n, wire);
}

void ModelCapture::data_sent(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t seq_bytes,
                             std::uint32_t len_bytes, bool) {
    release_held();
    TcpFields f = tcp_fields(flow, conn, true);
    f.seq = sender_isn(flow, conn) + 1 + static_cast<std::uint32_t>(seq_bytes);
    const ServerSide* server = find_server(flow, conn);
    f.ack = receiver_isn(flow, conn) + 1 + static_cast<std::uint32_t>(server ? server->at_client(t) : 0);
    f.flags = kTcpAck;
    // Scaling is in force only when both ends offered it.
    f.window = flows_[flow].shift >= 0 ? kSenderWindow : 0xffff;
    f.payload_bytes = len_bytes;
    f.ecn_field = ecn_ ? 2 : 0;
    f.ip_id = ip_id_up_++;
    std::uint8_t p[kMaxHeaderBytes];
    std::size_t wire = 0;
    const std::size_t n = build_tcp_packet(p, kUp, f, &wire);
    put(t, p, n, wire);
}

void ModelCapture::ack_arrived(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t ack_bytes,
                               std::uint64_t window_bytes, bool ece, const SackBlock* sacks, int sack_count) {
    // Several ACKs handed over at one instant are one ACK on the wire: hold
    // this one until something else happens.
    if (held_.valid && (held_.t != t || held_.flow != flow || held_.conn != conn)) release_held();
    const std::uint32_t isn = sender_isn(flow, conn) + 1;
    TcpFields f = tcp_fields(flow, conn, false);
    const ServerSide* server = find_server(flow, conn);
    f.seq = receiver_isn(flow, conn) + 1 + static_cast<std::uint32_t>(server ? server->sent_bytes : 0);
    f.ack = isn + static_cast<std::uint32_t>(ack_bytes);
    f.flags = kTcpAck | (ece ? kTcpEce : 0);
    const int shift = flows_[flow].shift;
    f.window = static_cast<std::uint16_t>(std::min<std::uint64_t>(0xffff, window_bytes >> std::max(shift, 0)));
    f.sack_blocks = std::min(sack_count, 4);
    for (int i = 0; i < f.sack_blocks; ++i) {
        f.sack_edges[2 * i] = isn + static_cast<std::uint32_t>(sacks[i].begin_bytes);
        f.sack_edges[2 * i + 1] = isn + static_cast<std::uint32_t>(sacks[i].end_bytes);
    }
    f.ip_id = ip_id_down_++;
    held_.valid = true;
    held_.t = t;
    held_.flow = flow;
    held_.conn = conn;
    held_.fields = f;
    held_.captured = build_tcp_packet(held_.bytes, kDown, f, &held_.wire);
}

void ModelCapture::response_sent(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t bytes,
                                 TimePs done_at) {
    if (bytes == 0) return;
    // The ACK handed over at t is the one the response carries: it becomes
    // the first segment. (The flow hands one over at t before it answers,
    // with either receiver; were there none, the fields are built afresh.)
    TcpFields f;
    if (held_.valid && held_.t == t && held_.flow == flow && held_.conn == conn) {
        f = held_.fields;
        held_.valid = false;
    } else {
        release_held();
        f = tcp_fields(flow, conn, false);
        f.flags = kTcpAck;
        f.window = 0xffff;
    }
    ServerSide& server = this->server(flow, conn);
    const std::uint32_t isn = receiver_isn(flow, conn) + 1;
    const long double span = static_cast<long double>(std::max<TimePs>(done_at - t, 0));
    std::uint64_t sent = 0;
    for (bool first = true; sent < bytes; first = false) {
        const std::uint64_t len = std::min<std::uint64_t>(mss_bytes_, bytes - sent);
        f.seq = isn + static_cast<std::uint32_t>(server.sent_bytes + sent);
        f.payload_bytes = static_cast<std::uint32_t>(len);
        sent += len;
        f.flags = static_cast<std::uint8_t>((f.flags & ~kTcpPsh) | (sent == bytes ? kTcpPsh : 0));
        if (!first) f.sack_blocks = 0;  // the SACK blocks went with the first
        f.ip_id = first ? f.ip_id : ip_id_down_++;
        Later l;
        l.t = first ? t : sent == bytes ? done_at : t + static_cast<TimePs>(span * sent / bytes);
        l.captured = build_tcp_packet(l.bytes, kDown, f, &l.wire);
        if (first) put(l.t, l.bytes, l.captured, l.wire);
        else later_.insert(std::upper_bound(later_.begin(), later_.end(), l.t,
                                            [](TimePs x, const Later& e) { return x < e.t; }),
                           l);
    }
    server.before_last = server.sent_bytes;
    server.sent_bytes += bytes;
    server.last_done_at = done_at;
}

void ModelCapture::ping(TimePs t, std::uint16_t flow, std::uint32_t seq, std::uint32_t bytes, bool reply) {
    release_held();
    std::uint8_t p[kMaxHeaderBytes];
    const auto wire = static_cast<std::uint16_t>(std::min<std::uint32_t>(bytes, 0xffff));
    const std::size_t n = build_icmp_echo(p, reply ? kDown : kUp, flow, static_cast<std::uint16_t>(seq), wire, reply);
    put(t, p, n, std::max<std::size_t>(wire, 28));
}

}  // namespace inflight::capture
