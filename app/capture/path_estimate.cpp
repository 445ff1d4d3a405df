// The path under a captured stream (path_estimate.h).
#include "app/capture/path_estimate.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>

#include "app/capture/sack_scoreboard.h"
#include "app/capture/synthetic_headers.h"
#include "app/capture/tcp_streams.h"
#include "model/core/units.h"

namespace inflight::capture {
namespace {

struct Delivered {
    double t_s;
    std::int64_t bytes;
    // When the newest segment this ACK acknowledges was first sent (NaN:
    // not seen, e.g. it was sent before the capture began).
    double sent_s;
};

// The fastest delivery over any span of at least `span_s`: bytes delivered
// since the last ACK at or before t − span, over the longer of the time
// since that ACK and the time between the sending of the data the two ACKs
// acknowledge — the delivery-rate rule of Linux's tcp_rate.c (Cheng et al.,
// draft-cheng-iccrg-delivery-rate-estimation §3.3: max(send_elapsed,
// ack_elapsed)), so ACKs that arrive bunched, one held back and then let
// out with later ones, cannot read faster than the data was sent. The
// span: eight minimum RTTs, so that a stall the link then makes up (this
// project's emulator is now and then 12 ms late, and catches up) adds at
// most a few per cent. Measured on eight 10 s kernel captures of a
// 20 Mbit/s, 40 ms path (19.31 Mbit/s of payload): over four RTTs without
// the send-time rule 19.4–20.95 Mbit/s, with it 19.4–20.4, over eight
// with it 19.3–19.6. Over one RTT a 50 Mbit/s link read as 58.4, and
// dividing by span_s instead of the time since the base ACK as 61.9. Fed
// each ACK in order, keeping only the ACKs of the last span.
constexpr double kPeakSpanRtts = 8;

// A rate is the bottleneck's only if the flow kept a queue there, which
// takes at least two segments delivered per minimum RTT: at a rate r the
// bytes per minimum RTT are r·minRTT/8, so fewer than two segments is one
// segment's transmission at r taking more than half the minimum RTT. (On
// a real bottleneck one segment's transmission is part of the minimum RTT,
// so it is always less than all of it.)
constexpr double kMaxTransmissionShareOfMinRtt = 0.5;

class PeakRate {
public:
    explicit PeakRate(double span_s) : span_s_(span_s) {}
    void add(const Delivered& d) {
        ++count_;
        recent_.push_back(d);
        // The base: the last ACK at or before t − span (what was delivered then).
        while (!recent_.empty() && recent_.front().t_s <= d.t_s - span_s_) {
            base_ = recent_.front();
            recent_.pop_front();
        }
        if (!base_) return;  // less than one span in so far
        double elapsed_s = d.t_s - base_->t_s;
        if (std::isfinite(d.sent_s) && std::isfinite(base_->sent_s))
            elapsed_s = std::max(elapsed_s, d.sent_s - base_->sent_s);
        const double bps = static_cast<double>(d.bytes - base_->bytes) * 8.0 / elapsed_s;
        if (bps > best_bps_) best_bps_ = bps, at_s_ = d.t_s;
    }
    double best_bps() const { return best_bps_; }
    double at_s() const { return at_s_; }
    std::uint64_t count() const { return count_; }

private:
    double span_s_;
    std::deque<Delivered> recent_;
    std::optional<Delivered> base_;
    double best_bps_ = 0, at_s_ = 0;
    std::uint64_t count_ = 0;
};

// Each ACK from the receiver, in order, with what it says is delivered:
// the cumulative ACK plus the SACKed bytes above it.
void delivery_of(const CaptureContents& c, const TcpStream& s, const StreamSides& sides, const Handshake& hs,
                 PeakRate& peak) {
    std::optional<std::uint32_t> base;
    if (hs.sender_isn) base = *hs.sender_isn + 1;
    std::int64_t acked = 0;
    std::uint32_t last_rel = 0;
    bool have_ack = false;
    SackScoreboard board;
    // First transmissions not yet acknowledged: (end offset, time sent).
    std::deque<std::pair<std::int64_t, double>> sends;
    std::int64_t high_sent = 0;                                  // the end of the newest data sent
    double acked_sent_s = std::numeric_limits<double>::quiet_NaN();  // when the newest data ACKed left
    for (std::size_t i : s.packets) {
        const TcpPacket& p = c.tcp[i];
        if (sides.from_sender(p)) {
            if (!base && p.payload_bytes > 0) base = p.seq;
            if (!base || p.payload_bytes == 0) continue;
            // Its offset from the base, unwrapped near the newest data sent.
            const std::uint32_t rel = p.seq - *base;
            const std::int64_t begin = high_sent + static_cast<std::int32_t>(rel - static_cast<std::uint32_t>(high_sent));
            const std::int64_t end = begin + p.payload_bytes;
            if (end > high_sent) {
                sends.emplace_back(end, p.t_s);
                high_sent = end;
            }
            continue;
        }
        if (!base || !(p.flags & kTcpAck) || (p.flags & kTcpSyn)) continue;
        // The ACK as a 64-bit offset from the base, across wraps.
        const std::uint32_t rel = p.ack - *base;
        const std::int64_t a = have_ack ? acked + static_cast<std::int32_t>(rel - last_rel) : static_cast<std::int32_t>(rel);
        if (have_ack && a < acked) continue;  // an old ACK, reordered
        if (a < 0) continue;                  // acknowledges nothing of the data yet
        acked = a;
        last_rel = rel;
        have_ack = true;
        board.advance(acked);
        for (int k = 0; k < p.sack_blocks; ++k) {
            const std::int64_t le = acked + static_cast<std::int32_t>(p.sack_edges[2 * k] - p.ack);
            const std::int64_t re = acked + static_cast<std::int32_t>(p.sack_edges[2 * k + 1] - p.ack);
            board.add(le, re);
        }
        while (!sends.empty() && sends.front().first <= acked) {
            acked_sent_s = sends.front().second;
            sends.pop_front();
        }
        peak.add({p.t_s, board.arrived(), acked_sent_s});
    }
}

}  // namespace

std::optional<PathEstimate> estimate_path(const CaptureContents& c, const CaptureAnalysis& a, std::string* error) {
    const std::string which = "TCP stream " + std::to_string(a.stream.index);
    PathEstimate e;
    e.min_rtt_s = a.result.trace.base_rtt_s;  // the smallest sample over the whole stream
    // Beside the receiver the samples are its ACK delay: the handshake's round trip instead.
    if (a.beside_receiver) {
        e.min_rtt_s = a.handshake_rtt_s;
        e.notes.push_back("the capture was taken beside the receiver: the minimum RTT is the handshake's (" +
                          format_time(a.handshake_rtt_s) + "), not its data-to-ACK times");
    }
    if (!std::isfinite(e.min_rtt_s) || e.min_rtt_s <= 0) {
        *error = which + " has no RTT sample (no ACK landed on never-retransmitted data): the path cannot be estimated";
        return std::nullopt;
    }
    const StreamSides sides = stream_sides(c, a.stream);
    const Handshake hs = read_handshake(c, a.stream, sides);
    PeakRate peak(kPeakSpanRtts * e.min_rtt_s);
    delivery_of(c, a.stream, sides, hs, peak);
    if (peak.count() < 2) {
        *error = which + " has too few ACKs of data to estimate the path's rate";
        return std::nullopt;
    }
    e.duration_s = a.duration_s;
    e.application = estimate_request_response(c, a.stream);
    const double t0 = c.tcp[a.stream.packets.front()].t_s;
    const double bps = peak.best_bps(), at = peak.at_s();
    if (bps <= 0) {
        *error = which + " is shorter than one RTT of ACKs: its delivery rate cannot be measured";
        return std::nullopt;
    }
    e.bottleneck_bps = bps;
    e.peak_at_s = at - t0;

    // The segment size: the largest payload, within the receiver's MSS option.
    std::uint32_t mss_option = 0;
    for (std::size_t i : a.stream.packets) {
        const TcpPacket& p = c.tcp[i];
        if ((p.flags & kTcpSyn) && !sides.from_sender(p) && p.mss > 0) mss_option = p.mss;
    }
    e.mss_bytes = a.mss_bytes;
    if (mss_option > 0 && e.mss_bytes > mss_option) {
        e.mss_bytes = mss_option;
        e.notes.push_back("segments larger than the receiver's MSS (" + std::to_string(mss_option) +
                          " B): the capture was taken above segmentation offload; its MSS is used");
    }

    e.retransmits = a.result.summary.retransmits;
    e.data_segments = a.data_segments;
    e.loss_fraction = e.data_segments > 0 ? static_cast<double>(e.retransmits) / static_cast<double>(e.data_segments) : 0;

    e.rwnd_bytes = static_cast<std::uint64_t>(std::llround(a.max_advertised_window_bytes));
    e.rwnd_scale_known = a.window_scale_known;
    if (!e.rwnd_scale_known)
        e.notes.push_back("receive window: the capture lacks a SYN, so the window scale is unknown and the field is "
                          "taken unscaled (likely too small)");
    // A peak no faster than the window allows per RTT may be the window's.
    const double window_bps = static_cast<double>(e.rwnd_bytes) * 8.0 / e.min_rtt_s;
    const bool window_bound = e.rwnd_bytes > 0 && e.bottleneck_bps >= 0.9 * window_bps;
    if (window_bound)
        e.notes.push_back("the peak rate is what the advertised window allows per RTT (rwnd / min RTT = " +
                          format_rate(window_bps) + "): the link may be faster, and the base RTT is taken as the "
                          "minimum RTT");
    // A flow that never filled the path (path_estimate.h): its rate is
    // its own, and one segment's transmission at it means nothing.
    const double transmission_s = e.mss_bytes * 8.0 / e.bottleneck_bps;
    const bool app_bound = a.result.summary.binding_limit == Limit::App;
    const bool under_two_segments = transmission_s > kMaxTransmissionShareOfMinRtt * e.min_rtt_s;
    e.rate_is_lower_bound = !window_bound && (app_bound || under_two_segments);
    if (e.rate_is_lower_bound) {
        // The handshake's round trip, which carries no data, where the capture has one no longer than the samples.
        const bool by_handshake = a.handshake_rtt_s > 0 && a.handshake_rtt_s <= e.min_rtt_s;
        e.base_rtt_s = by_handshake ? a.handshake_rtt_s : e.min_rtt_s;
        const std::string why =
            app_bound ? "the application held it back most of the time"
                      : "at its peak it delivered " + format_grouped(static_cast<std::uint64_t>(
                                                          std::llround(e.bottleneck_bps * e.min_rtt_s / 8))) +
                            " B per minimum RTT, less than two of its " + format_grouped(e.mss_bytes) + " B segments";
        e.notes.push_back("the flow never filled the path (" + why + "): the bandwidth, " +
                          format_rate(e.bottleneck_bps) + ", is only a lower bound, and the base RTT is " +
                          (by_handshake ? "the handshake's round trip" : "the minimum RTT") +
                          ", no segment's transmission taken off");
        // Its payloads are its writes, not its segment size: the receiver's MSS option is.
        if (mss_option > e.mss_bytes) {
            e.notes.push_back("segment size: the receiver's MSS option (" + format_grouped(mss_option) +
                              " B); the flow's largest segment carried " + format_grouped(e.mss_bytes) + " B");
            e.mss_bytes = mss_option;
        }
        return e;
    }
    // The transmission at the bottleneck, when its rate is the link's.
    // (The handshake's round trip carries no data segment: it is the base RTT as it is.)
    e.base_rtt_s = window_bound || a.beside_receiver ? e.min_rtt_s : e.min_rtt_s - transmission_s;
    return e;
}

namespace {

// `x` to `digits` significant figures (an estimate is no more precise, and
// the controls and the options read better).
double significant(double x, int digits) {
    if (!(x > 0)) return x;
    // Whole multiples of a power of ten, multiplied or divided by an exact
    // power so that 50.2e6 and 0.00996 come out as typed.
    const int exponent = static_cast<int>(std::floor(std::log10(x))) - (digits - 1);
    const double power = std::pow(10.0, std::abs(exponent));
    return exponent >= 0 ? std::round(x / power) * power : std::round(x * power) / power;
}

}  // namespace

Scenario path_scenario(const PathEstimate& e, Scenario s, double max_bandwidth_bps, std::vector<std::string>* adjusted) {
    const auto note = [&](const std::string& line) {
        if (adjusted) adjusted->push_back(line);
    };
    s.flows.clear();
    // The capture's application, where the model's request/response flow
    // can hold it; else (a response over its 10 segments, a request of more
    // than 64 writes, a pause longer than a run) bulk, and the validator's
    // reason.
    std::optional<FlowSpec> rpc;
    if (e.application) {
        FlowSpec f;
        f.app = FlowApp::Rpc;
        f.rpc_writes = e.application->writes;
        f.rpc_response_bytes = e.application->response_bytes;
        f.rpc_think_s = e.application->think_s;
        f.nodelay = e.application->nodelay;
        Scenario probe = s;
        probe.mss_bytes = std::clamp(e.mss_bytes, Limits::min_mss_bytes, Limits::max_mss_bytes);
        probe.flows = {f};
        if (const auto bad = validate_flows(probe)) note("application: " + *bad + ": the model's flow is bulk");
        else rpc = f;
    }
    if (rpc) s.flows = {*rpc};
    const double bound_bps = std::clamp(significant(e.bottleneck_bps, 3), Limits::min_bandwidth_bps, max_bandwidth_bps);
    if (e.rate_is_lower_bound) {
        // The capture does not give the link's rate: the scenario's stays, unless it is below what the flow reached.
        const double kept_bps = std::clamp(s.bandwidth_bps, Limits::min_bandwidth_bps, max_bandwidth_bps);
        s.bandwidth_bps = std::max(kept_bps, bound_bps);
        note("bandwidth: the capture gives only a lower bound (" + format_rate(e.bottleneck_bps) +
             ": its flow never filled the path), so " +
             (kept_bps >= bound_bps ? "it stays " + format_rate(s.bandwidth_bps) : "it is " + format_rate(s.bandwidth_bps)) +
             (rpc ? "; the model's flow is the capture's request/response exchange"
                  : "; the model's flow is bulk and fills it"));
    } else {
        s.bandwidth_bps = bound_bps;
        if (e.bottleneck_bps < Limits::min_bandwidth_bps || e.bottleneck_bps > max_bandwidth_bps)
            note("bandwidth " + format_rate(e.bottleneck_bps) + " is outside the model's range: " +
                 format_rate(s.bandwidth_bps));
    }
    s.rtt_s = std::clamp(std::round(e.base_rtt_s * 1e4) / 1e4, Limits::min_rtt_s, Limits::max_rtt_s);  // 0.1 ms
    if (e.base_rtt_s < Limits::min_rtt_s || e.base_rtt_s > Limits::max_rtt_s)
        note("RTT " + format_time(e.base_rtt_s) + " is outside the model's range: " + format_time(s.rtt_s));
    if (e.loss_fraction <= 0) {
        s.loss = 0;
    } else {
        s.loss = std::clamp(significant(e.loss_fraction, 3), Limits::min_loss, Limits::max_loss);
        s.loss_pattern = LossPattern::Random;
        if (e.loss_fraction < Limits::min_loss || e.loss_fraction > Limits::max_loss)
            note("loss " + format_loss(e.loss_fraction) + " is outside the model's range: " + format_loss(s.loss));
    }
    s.rwnd_bytes = std::clamp<std::uint64_t>(e.rwnd_bytes, Limits::min_window_bytes, Limits::max_window_bytes);
    if (s.rwnd_bytes != e.rwnd_bytes)
        note("receive window " + format_size(e.rwnd_bytes) + " is outside the model's range: " + format_size(s.rwnd_bytes));
    s.mss_bytes = std::clamp(e.mss_bytes, Limits::min_mss_bytes, Limits::max_mss_bytes);
    if (s.mss_bytes != e.mss_bytes)
        note("segment size " + std::to_string(e.mss_bytes) + " B is outside the model's range: " +
             std::to_string(s.mss_bytes) + " B");
    s.duration_s = std::clamp(std::ceil(e.duration_s), Limits::min_duration_s, Limits::max_duration_s);
    return s;
}

std::string path_estimate_words(const PathEstimate& e) {
    std::string out = (e.rate_is_lower_bound ? "at least " + format_rate(e.bottleneck_bps) +
                                                   " (the flow never filled the path)"
                                             : format_rate(e.bottleneck_bps)) +
                      ", base RTT " + format_time(e.base_rtt_s) + " (min " +
                      format_time(e.min_rtt_s) + "), loss " +
                      (e.retransmits == 0 ? std::string("none") : format_loss(e.loss_fraction)) + " (" +
                      format_grouped(e.retransmits) + " of " + format_grouped(e.data_segments) +
                      " segments sent again), rwnd " + format_grouped(e.rwnd_bytes) + " B";
    if (!e.rwnd_scale_known) out += " (unscaled)";
    return out;
}

std::string application_words(const RequestResponse& a) {
    std::string request;
    for (std::uint64_t w : a.writes) request += (request.empty() ? "" : " + ") + format_grouped(w) + " B";
    return "request " + request + ", response " + format_grouped(a.response_bytes) + " B, think " +
           format_time(a.think_s) + (a.think_less_a_round_trip ? " (the gap less the handshake's round trip)" : "") +
           ", " + (a.nodelay ? "TCP_NODELAY (a short segment went out while the one before was unacknowledged)"
                             : "Nagle on") +
           " (" + format_grouped(a.like_the_request) + " of " + format_grouped(a.requests) + " requests alike, " +
           format_grouped(a.transactions) + " whole transactions)";
}

}  // namespace inflight::capture
