// The sender's view of one TCP stream (stream_analysis.h).
#include "app/capture/stream_analysis.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <numeric>

#include "app/capture/sack_scoreboard.h"
#include "app/capture/synthetic_headers.h"
#include "model/core/units.h"

namespace inflight::capture {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr int kMaxBuckets = 2000;
constexpr double kMinBucketS = 0.010;

// 32-bit sequence numbers made 64-bit offsets from a base, across wraps.
class Unwrap {
public:
    void start(std::uint32_t base) {
        base_ = base;
        last32_ = 0;
        last_ = 0;
    }
    std::int64_t operator()(std::uint32_t v) {
        const std::uint32_t rel = v - base_;
        last_ += static_cast<std::int32_t>(rel - last32_);
        last32_ = rel;
        return last_;
    }

private:
    std::uint32_t base_ = 0, last32_ = 0;
    std::int64_t last_ = 0;
};

struct Sent {
    std::int64_t begin, end;
    double t_s;
    bool retransmitted;
};

struct Bucket {
    MinMax inflight{kNaN, kNaN}, window{kNaN, kNaN}, rtt{kNaN, kNaN};
    std::int64_t arrived_end = -1;  // bytes at the receiver, in or out of order, after the bucket's last packet
    double srtt_s = kNaN, min_rtt_s = kNaN;
    std::uint64_t retransmits = 0, segments = 0, delivered = 0;
    double rwnd_time = 0, cwnd_time = 0, app_time = 0;
    // The limit with the most time in this bucket: cwnd unless rwnd or the application had more.
    Limit limit() const {
        if (app_time > cwnd_time && app_time > rwnd_time) return Limit::App;
        return rwnd_time > cwnd_time ? Limit::Rwnd : Limit::Cwnd;
    }
};

void widen(MinMax& m, double v) {
    if (std::isnan(m.min) || v < m.min) m.min = v;
    if (std::isnan(m.max) || v > m.max) m.max = v;
}

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return kNaN;
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size()))) - 1;
    return v[std::min(i, v.size() - 1)];
}

}  // namespace

std::string capture_headline(const CaptureAnalysis& a) {
    const Summary& s = a.result.summary;
    const std::string goodput = "Goodput " + format_rate(s.throughput_bps) + " over the second half of the stream";
    // Beside the receiver the flight is what reached it: no window can be told from it.
    if (a.beside_receiver)
        return goodput + "; taken beside the receiver (round trip " + format_time(a.handshake_rtt_s) +
               " by the handshake), where the sender's limit cannot be read";
    return goodput + ", limited by " +
           (s.binding_limit == Limit::Rwnd  ? "rwnd (the advertised window)"
            : s.binding_limit == Limit::App ? "the application (nothing in flight, the sender waiting for data)"
                                            : "cwnd (or loss recovery)");
}

std::optional<CaptureAnalysis> analyze_capture(const CaptureContents& c, const std::string& path,
                                               std::optional<int> wanted, std::string* error) {
    std::vector<TcpStream> streams = tcp_streams(c);
    const std::optional<std::size_t> pick = pick_stream(c, streams, path, wanted, error);
    if (!pick) return std::nullopt;
    CaptureAnalysis out;
    out.cut = cut_words(c, path);
    out.stream_count = static_cast<int>(streams.size());
    out.stream = streams[*pick];
    const TcpStream& s = out.stream;
    const std::string which = "TCP stream " + std::to_string(s.index) + " of '" + path + "'";
    if (s.payload_bytes() == 0) {
        *error = which + " carries no data (handshakes or ACKs only); nothing to measure";
        return std::nullopt;
    }
    // The sender: the end that sent more payload.
    const StreamSides sides = stream_sides(c, s);
    out.sender = sides.sender;
    out.receiver = sides.receiver;
    out.beside_receiver = sides.beside_receiver;
    out.handshake_rtt_s = sides.handshake_rtt_s;
    if (!sides.receiver_sent) {
        *error = which + " has packets from " + out.sender + " to " + out.receiver +
                 " only: without the ACKs, bytes in flight, RTT, goodput, duplicate ACKs and the advertised "
                 "window cannot be derived (capture both directions, e.g. at the sender)";
        return std::nullopt;
    }
    const auto from_sender = [&sides](const TcpPacket& p) { return sides.from_sender(p); };

    // The handshake: initial sequence numbers and window scaling.
    const Handshake hs = read_handshake(c, s, sides);
    const std::optional<std::uint32_t> snd_isn = hs.sender_isn;
    out.window_scale_known = hs.window_scale_known;
    const int shift = hs.receiver_window_shift;
    if (!out.window_scale_known)
        out.absent.push_back("advertised window: the capture does not hold both SYNs, so the window scale is "
                             "unknown; the window field is taken unscaled");

    // The base of the sequence space: after the SYN, or the first data byte.
    std::uint32_t base = 0;
    bool based = false;
    if (snd_isn) {
        base = *snd_isn + 1;
        based = true;
    }
    const double t0 = c.tcp[s.packets.front()].t_s;
    const double t_end = c.tcp[s.packets.back()].t_s;
    out.duration_s = std::max(t_end - t0, 0.0);
    const int n_buckets =
        std::clamp(static_cast<int>(out.duration_s / kMinBucketS), 1, kMaxBuckets);
    const double bucket_s = std::max(out.duration_s, 1e-9) / n_buckets;
    std::vector<Bucket> buckets(static_cast<std::size_t>(n_buckets));
    const auto bucket_of = [&](double t) -> Bucket& {
        const auto k = static_cast<int>((t - t0) / bucket_s);
        return buckets[static_cast<std::size_t>(std::clamp(k, 0, n_buckets - 1))];
    };

    Unwrap seq_of, ack_of;
    std::int64_t high = 0;            // the end of the highest data sent
    std::int64_t acked = 0;           // the highest cumulative ACK
    bool ack_seen = false;
    std::int64_t last_ack = -1;
    std::uint32_t last_window_field = 0;
    double adv_window = kNaN;         // bytes
    std::deque<Sent> outstanding;     // first transmissions, in sequence order
    std::vector<std::pair<std::int64_t, std::int64_t>> sacked;  // the latest ACK's SACK blocks
    std::uint64_t retransmits = 0;
    double srtt = kNaN, min_rtt = kNaN;
    std::vector<std::pair<double, double>> rtts;  // (t, rtt)
    std::vector<std::pair<double, std::int64_t>> ack_progress;  // (t, cumulative ack)
    // (t, bytes arrived at the receiver in or out of order), at each ACK.
    SackScoreboard board;
    std::vector<std::pair<double, std::int64_t>> arrived_progress;
    double last_t = t0;
    Limit holding = Limit::Cwnd;  // what held the sender back since the last packet

    for (std::size_t i : s.packets) {
        const TcpPacket& p = c.tcp[i];
        // Time since the previous packet, charged to the limit in force
        // then, in each bucket the gap spans (a long wait — a zero window,
        // an idle sender — belongs to the buckets it lasted through).
        int k = std::clamp(static_cast<int>((last_t - t0) / bucket_s), 0, n_buckets - 1);
        for (double from = last_t; from < p.t_s; ++k) {
            const double until = k == n_buckets - 1 ? p.t_s : std::clamp(t0 + (k + 1) * bucket_s, from, p.t_s);
            Bucket& in = buckets[static_cast<std::size_t>(k)];
            (holding == Limit::Rwnd ? in.rwnd_time : holding == Limit::App ? in.app_time : in.cwnd_time) += until - from;
            from = until;
        }
        last_t = p.t_s;
        Bucket& b = bucket_of(p.t_s);
        if (from_sender(p)) {
            if (p.payload_bytes == 0) continue;
            if (!based) {
                base = p.seq;
                based = true;
            }
            if (!ack_seen && high == 0) {
                seq_of.start(base);
                ack_of.start(base);
            }
            const std::int64_t begin = seq_of(p.seq);
            const std::int64_t end = begin + p.payload_bytes;
            ++out.data_segments;
            ++b.segments;
            out.mss_bytes = std::max(out.mss_bytes, p.payload_bytes);
            const bool keepalive = p.payload_bytes <= 1 && end == high;
            if (begin < high && !keepalive) {
                ++retransmits;
                // Karn: every first transmission it overlaps loses its sample.
                auto it = std::lower_bound(outstanding.begin(), outstanding.end(), begin,
                                           [](const Sent& x, std::int64_t v) { return x.end <= v; });
                for (; it != outstanding.end() && it->begin < end; ++it) it->retransmitted = true;
            }
            if (end > high) {
                outstanding.push_back(Sent{std::max(begin, high), end, p.t_s, begin < high});
                high = end;
            }
            // In flight after this segment: up to its end, less what is
            // acknowledged and what the latest ACK's SACK blocks hold.
            std::int64_t flight = end - (ack_seen ? acked : 0);
            for (const auto& [le, re] : sacked) flight -= std::max<std::int64_t>(0, std::min(re, end) - std::max(le, acked));
            if (flight > 0) {
                out.max_bytes_in_flight = std::max<std::uint64_t>(out.max_bytes_in_flight, static_cast<std::uint64_t>(flight));
                widen(b.inflight, static_cast<double>(flight));
            }
            holding = !std::isnan(adv_window) && static_cast<double>(flight + out.mss_bytes) > adv_window ? Limit::Rwnd
                                                                                                      : Limit::Cwnd;
        } else {
            if (!(p.flags & kTcpAck) || !based) continue;
            if (high == 0 && !ack_seen) {
                seq_of.start(base);
                ack_of.start(base);
            }
            const std::int64_t a = ack_of(p.ack);
            if (p.flags & kTcpSyn) continue;  // the SYN-ACK acknowledges the SYN, not data
            const std::uint32_t field = p.window;
            adv_window = std::ldexp(static_cast<double>(field), shift);
            out.max_advertised_window_bytes = std::max(out.max_advertised_window_bytes, adv_window);
            widen(b.window, adv_window);
            if (p.payload_bytes == 0) ++out.acks;
            if (p.sack_blocks > 0) ++out.sack_acks;
            sacked.clear();
            for (int k = 0; k < p.sack_blocks; ++k) {
                // Unwrapped near the ACK (the unwrapper follows one sequence only).
                const std::int64_t le = a + static_cast<std::int32_t>(p.sack_edges[2 * k] - p.ack);
                const std::int64_t re = a + static_cast<std::int32_t>(p.sack_edges[2 * k + 1] - p.ack);
                if (re > le) sacked.emplace_back(le, re);
            }
            const bool pure = p.payload_bytes == 0 && !(p.flags & (kTcpSyn | kTcpFin | kTcpRst));
            if (pure && a == last_ack && field == last_window_field && high > a) ++out.duplicate_acks;
            last_ack = a;
            last_window_field = field;
            if (!ack_seen || a > acked) {
                // An RTT sample when the ACK lands on a segment's end over never-retransmitted data.
                bool clean = true;
                const Sent* last = nullptr;
                Sent popped{};
                while (!outstanding.empty() && outstanding.front().end <= a) {
                    popped = outstanding.front();
                    clean = clean && !popped.retransmitted;
                    last = &popped;
                    outstanding.pop_front();
                }
                if (last && clean && popped.end == a) {
                    const double rtt = p.t_s - popped.t_s;
                    rtts.emplace_back(p.t_s, rtt);
                    srtt = std::isnan(srtt) ? rtt : srtt + (rtt - srtt) / 8;  // RFC 6298 §2.3, α = 1/8
                    min_rtt = std::isnan(min_rtt) ? rtt : std::min(min_rtt, rtt);
                    widen(b.rtt, rtt);
                }
                acked = std::max(acked, a);
                ack_seen = true;
                ack_progress.emplace_back(p.t_s, acked);
            }
            board.advance(acked);
            for (const auto& [le, re] : sacked) board.add(le, re);
            arrived_progress.emplace_back(p.t_s, board.arrived());
            // The advertised window first (a zero window with everything
            // acknowledged is the receiver's, not the application's); then,
            // everything sent acknowledged and the window open, the sender
            // waits for data to send until its next segment.
            const std::int64_t flight = high - acked;
            holding = static_cast<double>(flight + out.mss_bytes) > adv_window ? Limit::Rwnd
                      : flight <= 0                                                ? Limit::App
                                                                                   : Limit::Cwnd;
        }
        b.retransmits = retransmits;
        b.srtt_s = srtt;
        b.min_rtt_s = min_rtt;
        b.arrived_end = board.arrived();
    }
    out.acked_bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(acked, 0));
    if (!ack_seen)
        out.absent.push_back("goodput, RTT: no ACK of data from " + out.receiver);

    // The trace, one bucket per slice of the stream.
    RunResult& r = out.result;
    Trace& tr = r.trace;
    tr.mss_bytes = out.mss_bytes;
    tr.base_rtt_s = min_rtt;
    tr.bdp_bytes = kNaN;
    tr.buffer_bytes = kNaN;
    tr.bucket_s = bucket_s;
    std::uint64_t cum_retransmits = 0, cum_segments = 0;
    std::int64_t arrived_before = 0;
    double srtt_now = kNaN, min_now = kNaN;
    for (int k = 0; k < n_buckets; ++k) {
        const Bucket& b = buckets[static_cast<std::size_t>(k)];
        TraceBucket t;
        t.t_start_s = k * bucket_s;
        t.t_end_s = (k + 1) * bucket_s;
        t.cwnd_bytes = MinMax{kNaN, kNaN};
        t.queue_bytes = MinMax{kNaN, kNaN};
        t.inflight_bytes = b.inflight;
        t.window_bytes = b.window;  // the advertised window
        t.rtt_s = b.rtt;
        t.ssthresh_bytes = kNaN;
        t.cwnd_end_bytes = kNaN;
        t.pacing_rate_bps = kNaN;
        if (!std::isnan(b.srtt_s)) srtt_now = b.srtt_s, min_now = b.min_rtt_s;
        t.srtt_s = srtt_now;
        t.min_rtt_s = min_now;
        t.rttvar_s = kNaN;
        // Delivered: each byte once, in the bucket of the ACK that first
        // acknowledged it, by a SACK block or the cumulative ACK.
        const std::int64_t arrived_after = b.arrived_end >= 0 ? b.arrived_end : arrived_before;
        const double rate = static_cast<double>(arrived_after - arrived_before) * 8.0 / bucket_s;
        t.delivery_rate_bps = MinMax{rate, rate};
        t.delivered_bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(0, arrived_after));
        arrived_before = arrived_after;
        cum_retransmits = std::max(cum_retransmits, b.retransmits);
        cum_segments += b.segments;
        t.retransmits = cum_retransmits;
        t.pkts_sent = cum_segments;
        t.limit = b.limit();
        tr.buckets.push_back(t);
    }

    // The summary over the second half, as a run's steady-state window.
    Summary& sum = r.summary;
    const double w0 = t0 + out.duration_s / 2;
    sum.window_start_s = out.duration_s / 2;
    sum.window_end_s = out.duration_s;
    // The latest value at or before t of a (time, bytes) series.
    const auto at = [](const std::vector<std::pair<double, std::int64_t>>& series, double t) {
        std::int64_t v = 0;
        auto it = std::upper_bound(series.begin(), series.end(), t,
                                   [](double x, const std::pair<double, std::int64_t>& e) { return x < e.first; });
        if (it != series.begin()) v = std::prev(it)->second;
        return v;
    };
    // Goodput, as the model counts a run's steady state: the bytes in order
    // by the end less those that had arrived, in or out of order, by the
    // start. The cumulative ACK's progress alone would credit the window
    // with bytes that arrived before it and waited behind a hole (a window
    // opening during SACK recovery: 107 Mbit/s on a 100 Mbit/s link).
    const double span = t_end - w0;
    const std::int64_t window_bytes = std::max<std::int64_t>(0, at(ack_progress, t_end) - at(arrived_progress, w0));
    sum.throughput_bps = span > 0 ? static_cast<double>(window_bytes) * 8.0 / span : kNaN;
    sum.utilisation = kNaN;
    sum.mean_cwnd_packets = kNaN;
    std::vector<double> window_rtts;
    for (const auto& [t, rtt] : rtts)
        if (t >= w0) window_rtts.push_back(rtt);
    if (window_rtts.empty()) {
        for (const auto& e : rtts) window_rtts.push_back(e.second);
        out.rtt_whole_stream = !window_rtts.empty();
    }
    out.rtt_samples = window_rtts.size();
    if (window_rtts.empty()) {
        sum.mean_rtt_s = sum.min_rtt_s = sum.max_rtt_s = sum.p95_rtt_s = kNaN;
        out.absent.push_back("RTT: no ACK landed on a segment's end over never-retransmitted data");
    } else {
        sum.mean_rtt_s = std::accumulate(window_rtts.begin(), window_rtts.end(), 0.0) / static_cast<double>(window_rtts.size());
        sum.min_rtt_s = *std::min_element(window_rtts.begin(), window_rtts.end());
        sum.max_rtt_s = *std::max_element(window_rtts.begin(), window_rtts.end());
        sum.p95_rtt_s = quantile(window_rtts, 0.95);
    }
    Bucket half;  // the second half's times
    for (int k = 0; k < n_buckets; ++k) {
        const Bucket& b = buckets[static_cast<std::size_t>(k)];
        if ((k + 1) * bucket_s <= out.duration_s / 2) continue;
        half.rwnd_time += b.rwnd_time;
        half.cwnd_time += b.cwnd_time;
        half.app_time += b.app_time;
    }
    const double total = half.rwnd_time + half.cwnd_time + half.app_time;
    const auto share = [total](double t) { return total > 0 ? t / total : kNaN; };
    sum.binding_fractions = {share(half.cwnd_time), share(half.rwnd_time), kNaN, kNaN, kNaN, share(half.app_time)};
    sum.binding_limit = half.limit();
    // Beside the receiver every ACK leaves nothing in flight the capture can
    // see: no limit is read there (capture_headline), and none is kept.
    if (out.beside_receiver) {
        sum.binding_fractions.fill(kNaN);
        sum.binding_limit = Limit::Cwnd;
        out.absent.push_back("binding_limit, binding_fractions: taken beside the receiver, where the sender's flight "
                             "and so its limit cannot be read");
    }
    sum.retransmits = retransmits;
    sum.segments_received = out.data_segments;
    sum.acks_sent = out.acks;
    sum.bdp_packets = kNaN;
    sum.buffer_packets = kNaN;
    out.absent.push_back("utilisation, bdp_packets, buffer_packets: the path's rate and buffer are not in a capture");
    out.absent.push_back("mean_cwnd_packets: the sender's cwnd is not on the wire");
    out.absent.push_back("drops, ecn_marks, congestion_events, rtos: where and why packets were lost is not seen "
                         "from one point; retransmits and duplicate_acks are");
    if (!out.beside_receiver)
        out.absent.push_back("binding_fractions: only cwnd (or loss recovery), rwnd and the application (nothing in "
                             "flight) can be told apart on the wire");
    return out;
}

}  // namespace inflight::capture
