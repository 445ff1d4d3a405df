// The time–sequence graph of one connection (time_sequence.h).
#include "app/capture/time_sequence.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/capture/synthetic_headers.h"
#include "app/capture/tcp_streams.h"

namespace inflight::capture {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// 32-bit sequence numbers as 64-bit offsets from a base, across wraps: each
// value is taken as the nearest to the previous one.
class Unwrap {
public:
    explicit Unwrap(std::uint32_t base = 0) : base_(base) {}
    std::int64_t operator()(std::uint32_t v) {
        const std::uint32_t rel = v - base_;
        last_ += static_cast<std::int32_t>(rel - last32_);
        last32_ = rel;
        return last_;
    }

private:
    std::uint32_t base_, last32_ = 0;
    std::int64_t last_ = 0;
};

std::uint64_t non_negative(std::int64_t v) { return static_cast<std::uint64_t>(std::max<std::int64_t>(v, 0)); }

void widen(double& lo, double& hi, double a, double b) {
    if (std::isnan(lo) || a < lo) lo = a;
    if (std::isnan(hi) || b > hi) hi = b;
}

}  // namespace

std::uint64_t TimeSequence::retransmissions() const {
    return static_cast<std::uint64_t>(
        std::count_if(segments.begin(), segments.end(), [](const TsgSegment& s) { return s.retransmission; }));
}

double TimeSequence::end_s() const {
    double t = 0;
    if (!segments.empty()) t = std::max(t, segments.back().t_s);
    if (!acks.empty()) t = std::max(t, acks.back().t_s);
    return t;
}

std::uint64_t TimeSequence::highest_byte() const {
    std::uint64_t h = 0;
    for (const TsgSegment& s : segments) h = std::max(h, s.seq_end);
    for (const TsgAck& a : acks) h = std::max(h, window_known ? std::max(a.ack, a.window_edge) : a.ack);
    return h;
}

std::optional<TimeSequence> time_sequence_of_capture(const CaptureContents& c, const std::string& path,
                                                     std::optional<int> wanted, std::string* error) {
    const std::vector<TcpStream> streams = tcp_streams(c);
    const std::optional<std::size_t> pick = pick_stream(c, streams, path, wanted, error);
    if (!pick) return std::nullopt;
    const TcpStream& s = streams[*pick];
    const std::string which = "TCP stream " + std::to_string(s.index) + " of '" + path + "'";
    if (s.payload_bytes() == 0) {
        *error = which + " carries no data (handshakes or ACKs only); no time-sequence graph to draw";
        return std::nullopt;
    }
    const StreamSides sides = stream_sides(c, s);
    TimeSequence g;
    g.stream = s.index;
    g.stream_count = static_cast<int>(streams.size());
    g.sender = sides.sender;
    g.receiver = sides.receiver;
    if (!sides.receiver_sent) {
        *error = which + " has packets from " + g.sender + " to " + g.receiver +
                 " only: without the ACKs the time-sequence graph has no ACK or window line (capture both "
                 "directions, e.g. at the sender)";
        return std::nullopt;
    }
    const auto from_sender = [&sides](const TcpPacket& p) { return sides.from_sender(p); };

    // The handshake: the sender's ISN and the window scale in force.
    const Handshake hs = read_handshake(c, s, sides);
    const std::optional<std::uint32_t> isn = hs.sender_isn;
    g.window_known = hs.window_scale_known;
    const int shift = hs.receiver_window_shift;
    if (!g.window_known)
        g.window_note = "the capture does not hold both SYNs, so the window scale is unknown: no window line";

    const double t0 = c.tcp[s.packets.front()].t_s;
    std::optional<Unwrap> seq_of, ack_of;
    const auto start_at = [&](std::uint32_t base) {
        seq_of.emplace(base);
        ack_of.emplace(base);
    };
    if (isn) start_at(*isn + 1);
    std::int64_t high = 0;  // the end of the highest data sent
    for (std::size_t i : s.packets) {
        const TcpPacket& p = c.tcp[i];
        const double t = p.t_s - t0;
        if (from_sender(p)) {
            if (p.payload_bytes == 0) continue;
            if (!seq_of) start_at(p.seq);
            if (g.segments.size() >= kMaxRecords) {
                if (!g.cut) g.cut = true, g.cut_at_s = t;
                continue;
            }
            const std::int64_t begin = (*seq_of)(p.seq);
            const std::int64_t end = begin + p.payload_bytes;
            const bool keepalive = p.payload_bytes <= 1 && end == high;
            g.segments.push_back(TsgSegment{t, non_negative(begin), non_negative(end), begin < high && !keepalive});
            high = std::max(high, end);
        } else {
            if (!(p.flags & kTcpAck) || (p.flags & kTcpSyn) || !ack_of) continue;
            if (g.acks.size() >= kMaxRecords) {
                if (!g.cut) g.cut = true, g.cut_at_s = t;
                continue;
            }
            const std::int64_t a = (*ack_of)(p.ack);
            const auto window = static_cast<std::uint64_t>(p.window) << shift;
            g.acks.push_back(TsgAck{t, non_negative(a), non_negative(a) + window});
            for (int k = 0; k < p.sack_blocks; ++k) {
                // Unwrapped near the ACK (the unwrapper follows one sequence only).
                const std::int64_t le = a + static_cast<std::int32_t>(p.sack_edges[2 * k] - p.ack);
                const std::int64_t re = a + static_cast<std::int32_t>(p.sack_edges[2 * k + 1] - p.ack);
                if (re > le) g.sacks.push_back(TsgSack{t, non_negative(le), non_negative(re)});
            }
        }
    }
    // The file was read only in part (capture_reader.h): the graph ends there.
    if (c.cut && !g.cut) g.cut = true, g.cut_at_s = c.cut_at_s - t0;
    return g;
}

TimeSequenceTap::TimeSequenceTap(std::uint16_t flow, std::optional<std::uint16_t> conn) : flow_(flow), conn_(conn) {
    graph_.window_known = true;
    graph_.sender = "flow " + std::to_string(flow + 1);
    graph_.receiver = "its receiver";
}

bool TimeSequenceTap::mine(std::uint16_t flow, std::uint16_t conn) {
    if (flow != flow_) return false;
    if (!conn_) conn_ = conn;  // the flow's first connection
    return conn == *conn_;
}

void TimeSequenceTap::syn_sent(TimePs, std::uint16_t flow, std::uint16_t conn, std::uint32_t) { mine(flow, conn); }

void TimeSequenceTap::data_sent(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t seq_bytes,
                                std::uint32_t len_bytes, bool retransmission) {
    if (!mine(flow, conn)) return;
    if (graph_.segments.size() >= kMaxRecords) {
        if (!graph_.cut) graph_.cut = true, graph_.cut_at_s = to_seconds(t);
        return;
    }
    graph_.segments.push_back(TsgSegment{to_seconds(t), seq_bytes, seq_bytes + len_bytes, retransmission});
}

void TimeSequenceTap::ack_arrived(TimePs t, std::uint16_t flow, std::uint16_t conn, std::uint64_t ack_bytes,
                                  std::uint64_t window_bytes, bool, const SackBlock* sacks, int sack_count) {
    if (!mine(flow, conn)) return;
    // Several ACKs at one instant are one on the wire: the last replaces the others.
    if (t == last_ack_t_ && !graph_.acks.empty()) {
        graph_.acks.pop_back();
        graph_.sacks.resize(last_ack_sacks_);
    } else if (graph_.acks.size() >= kMaxRecords) {
        if (!graph_.cut) graph_.cut = true, graph_.cut_at_s = to_seconds(t);
        return;
    }
    last_ack_t_ = t;
    last_ack_sacks_ = graph_.sacks.size();
    const double t_s = to_seconds(t);
    graph_.acks.push_back(TsgAck{t_s, ack_bytes, ack_bytes + window_bytes});
    for (int i = 0; i < std::min(sack_count, 4); ++i)
        if (sacks[i].end_bytes > sacks[i].begin_bytes)
            graph_.sacks.push_back(TsgSack{t_s, sacks[i].begin_bytes, sacks[i].end_bytes});
}

std::vector<TsgColumn> decimate(const TimeSequence& g, double t0_s, double t1_s, int columns) {
    std::vector<TsgColumn> out;
    if (columns <= 0 || !(t1_s > t0_s)) return out;
    const double width_s = (t1_s - t0_s) / columns;
    out.resize(static_cast<std::size_t>(columns));
    for (int k = 0; k < columns; ++k) {
        TsgColumn& c = out[static_cast<std::size_t>(k)];
        c.t0_s = t0_s + k * width_s;
        c.t1_s = k + 1 == columns ? t1_s : t0_s + (k + 1) * width_s;
        c.data_lo = c.data_hi = c.retx_lo = c.retx_hi = kNaN;
        c.ack_lo = c.ack_hi = c.edge_lo = c.edge_hi = c.sack_lo = c.sack_hi = kNaN;
    }
    const auto column_of = [&](double t) {
        const auto k = static_cast<long>(std::floor((t - t0_s) / width_s));
        return static_cast<std::size_t>(std::clamp<long>(k, 0, columns - 1));
    };
    const auto first_at = [&](const auto& v) {
        return std::lower_bound(v.begin(), v.end(), t0_s, [](const auto& r, double t) { return r.t_s < t; });
    };
    for (auto it = first_at(g.segments); it != g.segments.end() && it->t_s < t1_s; ++it) {
        TsgColumn& c = out[column_of(it->t_s)];
        const auto b = static_cast<double>(it->seq_begin), e = static_cast<double>(it->seq_end);
        if (it->retransmission) {
            widen(c.retx_lo, c.retx_hi, b, e);
            ++c.retx_count;
        } else {
            widen(c.data_lo, c.data_hi, b, e);
            ++c.data_count;
        }
    }
    for (auto it = first_at(g.sacks); it != g.sacks.end() && it->t_s < t1_s; ++it)
        widen(out[column_of(it->t_s)].sack_lo, out[column_of(it->t_s)].sack_hi, static_cast<double>(it->begin),
              static_cast<double>(it->end));
    // The lines: each column holds every ACK in it and the value carried in
    // from before it (the last ACK of an earlier column, or before t0_s).
    std::vector<const TsgAck*> last(out.size(), nullptr);
    auto it = first_at(g.acks);
    const TsgAck* carry = it != g.acks.begin() ? &*std::prev(it) : nullptr;
    for (; it != g.acks.end() && it->t_s < t1_s; ++it) {
        const std::size_t k = column_of(it->t_s);
        widen(out[k].ack_lo, out[k].ack_hi, static_cast<double>(it->ack), static_cast<double>(it->ack));
        widen(out[k].edge_lo, out[k].edge_hi, static_cast<double>(it->window_edge),
              static_cast<double>(it->window_edge));
        last[k] = &*it;
    }
    const double end = g.end_s();
    for (std::size_t k = 0; k < out.size(); ++k) {
        TsgColumn& c = out[k];
        if (carry && c.t0_s <= end) {  // after the connection's last packet the lines stop
            widen(c.ack_lo, c.ack_hi, static_cast<double>(carry->ack), static_cast<double>(carry->ack));
            widen(c.edge_lo, c.edge_hi, static_cast<double>(carry->window_edge),
                  static_cast<double>(carry->window_edge));
        }
        if (last[k]) carry = last[k];
        if (!g.window_known) c.edge_lo = c.edge_hi = kNaN;
    }
    return out;
}

}  // namespace inflight::capture
