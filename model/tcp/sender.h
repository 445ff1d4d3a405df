// The TCP sender of one connection: a bulk transfer that always has data to
// send, or a finite one of `data_bytes` (done when the ACK of its last
// byte arrives).
//   window in force = min(cwnd, rwnd, sndbuf); cwnd bounds the bytes in flight
//     (RFC 6675 pipe), rwnd and sndbuf bound snd_nxt − snd_una. The last
//     segment may be shorter than MSS when rwnd or sndbuf binds. With Linux's
//     receive buffer (receive_buffer.h) the rwnd is min(rwnd, the window the
//     receiver advertises), updated as snd_una moves.
//   each ACK carries exact SACK information; by default every packet is
//     ACKed at once, with delayed ACKs the receiver (receiver.h) ACKs several
//     at one instant and on_ack is called for each, then try_send once
//   loss detection by send order (RACK's idea, RFC 8985, dupthresh 3): a
//     transmission is lost once three transmissions sent after it are delivered
//   lost segments are retransmitted before new data, lowest sequence first;
//     the first on entering recovery goes at once (fast retransmit, RFC 5681)
//   one congestion response per window: recovery (or CWR for an ECN echo)
//     lasts until everything outstanding at its start is acknowledged. The
//     algorithm's cut applies at once (cwnd = ssthresh), or with `prr` is
//     spread over the recovery by Proportional Rate Reduction (prr.h, as
//     Linux does for Reno and CUBIC; BBR keeps its own recovery)
//   RTO per RFC 6298 with Karn's rule and backoff; as Linux, the variance term
//     is at least 200 ms (RTO ≥ SRTT + 200 ms). The handshake's RTT sample
//     (one base RTT) initializes SRTT. On RTO: the algorithm's response,
//     cwnd = 1 MSS, everything unacknowledged is retransmitted.
//   optional pacing: no packet before the pacing clock allows
//   application writes (a request/response flow): the application adds data
//     with write(); with `nagle` a short segment waits while an earlier
//     short one is unacknowledged (nagle.h), else each write goes at once
//   out of data (a finite transfer sent, a bulk flow stopped): no new data,
//     and the pipe is marked app-limited as Linux's tcp_rate_check_app_limited
//     does; what is outstanding is still recovered. Done once the last byte
//     is acknowledged.
#pragma once

#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "model/path/bottleneck.h"
#include "model/cc/cc_dispatch.h"
#include "model/cc/congestion_control.h"
#include "model/tcp/nagle.h"
#include "model/tcp/prr.h"
#include "model/tcp/rate_sampler.h"
#include "model/tcp/receive_buffer.h"
#include "model/core/packet_tap.h"
#include "model/core/ring.h"

namespace inflight {

// Rare happenings the sender reports (the recorder turns them into events).
class SenderEvents {
public:
    virtual ~SenderEvents() = default;
    virtual void congestion_event(TimePs now, CongestionCause cause, double cwnd_before_bytes,
                                  double cwnd_after_bytes, bool ended_slow_start) = 0;
    virtual void retransmission_timeout(TimePs now, TimePs rto, int backoff, double cwnd_before_bytes) = 0;
    // `s`: the algorithm's state after the change (how slow start ended).
    virtual void phase_change(TimePs now, CcPhase from, CcPhase to, const CcState& s) = 0;
};

// What one ACK yielded, for the trace.
struct AckOutcome {
    bool new_data = false;
    TimePs rtt = -1;               // -1: no sample (Karn)
    double delivery_rate_bps = -1; // -1: no valid sample
};

class Sender {
public:
    static constexpr std::uint32_t kInitialWindowPackets = 10;  // IW 10, RFC 6928
    struct Config {
        std::uint32_t mss_bytes;
        std::uint64_t rwnd_bytes;
        std::uint64_t sndbuf_bytes;
        bool pacing;
        TimePs handshake_rtt;                     // initializes SRTT (RFC 6298 §2.2)
        std::uint16_t flow = 0;                   // stamped on every packet
        std::uint16_t conn = 0;
        std::uint64_t data_bytes = kUnlimited;    // what the application has to send
        std::uint32_t initial_cwnd_packets = kInitialWindowPackets;
        TimePs min_rto_var = from_ms(200);        // Linux TCP_RTO_MIN
        TimePs max_rto = 120 * kPsPerSecond;      // Linux TCP_RTO_MAX
        bool prr = false;                         // the cut by PRR (prr.h), not at once
        ReceiveBuffer::Config receive_buffer{};   // Linux's receive buffer; off: rwnd alone
        PacketTap* tap = nullptr;                 // told of each segment sent and ACK taken (a capture)
        bool nagle = false;                       // Nagle's algorithm (nagle.h): a request/response flow
                                                  // without TCP_NODELAY
        bool slow_start_room = false;             // in slow start, cwnd grows to twice what was in flight
                                                  // (Linux's tcp_is_cwnd_limited), not only when it binds
    };
    static constexpr std::uint64_t kUnlimited = ~0ull;
    Sender(const Config& c, CongestionControl& cc, Bottleneck& path, SenderEvents& events);

    INFLIGHT_HOT AckOutcome on_ack(TimePs now, const AckInFlight& ack);
    void on_rto_timer(TimePs now);
    // Sends whatever the window, the pacing clock and recovery allow.
    INFLIGHT_HOT void try_send(TimePs now);
    // The application has no more new data (a bulk flow's `stop`).
    void stop_new_data() { data_limit_ = snd_nxt_; }
    // The application writes `bytes` more (data_bytes was where it began).
    void write(std::uint64_t bytes) { data_limit_ += bytes; }
    // Nagle held new data back at the last try_send (nothing sent since).
    bool nagle_holding() const { return nagle_holding_; }
    // Every byte the application had is acknowledged.
    bool done() const { return snd_una_ >= data_limit_; }

    TimePs rto_deadline() const { return rto_deadline_; }
    // When the pacing clock next allows a packet, if it is what holds us back.
    TimePs pacing_wakeup() const { return blocked_by_ == Limit::Pacing ? next_send_time_ : kNever; }
    Limit blocked_by() const { return blocked_by_; }
    // What holds the sender back now, for the record: the application when
    // it last stopped for want of data (or Nagle held a small write), else
    // what blocked it.
    Limit holding_limit() const { return out_of_data_ ? Limit::App : blocked_by_; }

    double cwnd_bytes() const { return cc_state_.cwnd_bytes; }
    double ssthresh_bytes() const { return cc_state_.ssthresh_bytes; }
    double window_in_force_bytes() const {
        return std::min(cc_state_.cwnd_bytes, window_limit_as_double_);
    }
    std::uint64_t bytes_in_flight() const { return in_flight_bytes_; }
    std::uint64_t acked_bytes() const { return snd_una_; }  // in order, cumulative
    std::uint64_t sent_bytes() const { return snd_nxt_; }   // new data sent so far
    std::uint64_t delivered_bytes() const { return rate_.delivered_bytes(); }  // in or out of order
    double srtt_s() const { return cc_state_.srtt_s; }
    double rttvar_s() const { return to_seconds(rttvar_); }
    std::uint64_t retransmitted_bytes() const { return retransmitted_bytes_; }
    TimePs min_rtt() const { return min_rtt_; }
    CcPhase phase() const { return phase_; }
    const CcState& cc_state() const { return cc_state_; }
    std::uint64_t retransmits() const { return retransmits_; }
    std::uint64_t rtos() const { return rtos_; }
    std::uint64_t congestion_events() const { return congestion_events_; }
    std::uint64_t packets_sent() const { return packets_sent_; }
    // The window the receiver advertises (min(rwnd, its buffer's window)).
    std::uint64_t advertised_window_bytes() const { return advertised_window_; }

private:
    static std::size_t initial_segment_slots(const Config& c);
    enum class SegState : std::uint8_t { InFlight, Lost, Delivered };
    // 40 bytes: the scoreboard holds every segment in flight (a BDP and
    // more at 10 Gbit/s), so its two flags share one byte.
    struct Segment {
        static constexpr std::uint8_t kRetransmitted = 1;    // ever retransmitted
        static constexpr std::uint8_t kSentAppLimited = 2;   // sent while the pipe was marked app-limited
        RateSnapshot snapshot;   // from the latest transmission
        std::uint32_t tx_index;  // latest transmission (low 32 bits)
        std::uint16_t bytes;     // ≤ 9000
        SegState state;
        std::uint8_t flags;      // set by each transmission
        bool retransmitted() const { return (flags & kRetransmitted) != 0; }
        bool sent_app_limited() const { return (flags & kSentAppLimited) != 0; }
    };
    static_assert(sizeof(Segment) == 40, "five words per segment");
    struct Transmission {
        std::uint32_t seg_no;    // low 32 bits
        std::uint32_t tx_index;  // low 32 bits
    };

    Segment& seg(std::uint64_t seg_no) { return segs_[seg_no - una_seg_]; }
    // Distance of a 32-bit segment number from snd_una's; negative: below snd_una.
    std::int64_t offset_from_una(std::uint32_t seg_lo) const {
        return static_cast<std::int32_t>(seg_lo - static_cast<std::uint32_t>(una_seg_));
    }
    bool retransmission_waiting();
    void try_send_general(TimePs now);  // paced, Nagle, or a retransmission queued
    bool send_nagle_segment(TimePs now);  // one new segment unless Nagle holds it (nagle.h)
    INFLIGHT_HOT void transmit(TimePs now, std::uint64_t seg_no, Segment& g, bool retransmission);
    // Where new data ends: the application's last byte or, sooner, where rwnd
    // or sndbuf (counted from snd_una) stops it. Sending does not move it.
    std::uint64_t new_data_end() const { return std::min(data_limit_, snd_una_ + window_limit_bytes_); }
    INFLIGHT_HOT bool send_new_segment(TimePs now, std::uint64_t end);
    bool send_new_segment(TimePs now) { return send_new_segment(now, new_data_end()); }
    INFLIGHT_HOT void detect_losses();
    void mark_lost(std::uint64_t seg_no, Segment& g);
    INFLIGHT_HOT bool advance_snd_una();
    INFLIGHT_HOT void update_rtt(TimePs rtt);
    void enter_recovery(TimePs now, CongestionCause cause);
    INFLIGHT_HOT void refresh_cc_state();
    INFLIGHT_HOT void note_phase(TimePs now);
    INFLIGHT_HOT TimePs current_rto() const;
    void set_advertised_window(std::uint64_t rwnd);
    void on_receiver_read(TimePs now);  // Linux's receive buffer: the application read up to snd_una
    // The tap's side, off the hot path (only when a capture is asked for).
    void tap_data(TimePs now, std::uint64_t seg_no, const Segment& g, bool retransmission);
    void tap_ack(TimePs now, const AckInFlight& ack);

    Config cfg_;
    Packet packet_;  // what every packet of this connection carries (flow, conn, kind); transmit fills in the rest
    CongestionControl& cc_;
    Bottleneck& path_;
    SenderEvents& events_;
    CcState cc_state_;
    RateSampler rate_;
    std::uint64_t window_limit_bytes_;  // min(rwnd, sndbuf)
    double window_limit_as_double_;     // the same, as the window in force compares it (every step)
    Limit window_limit_kind_;           // which of the two

    // Scoreboard: one entry per segment from snd_una to snd_nxt.
    Ring<Segment> segs_;
    std::uint64_t una_seg_ = 0;        // segment number at snd_una
    std::uint64_t snd_una_ = 0;        // bytes
    std::uint64_t snd_nxt_ = 0;        // bytes
    std::uint64_t data_limit_;         // the application's bytes
    std::uint64_t in_flight_bytes_ = 0;
    // Outstanding transmissions in send order, as two streams each in send
    // order: first transmissions are the scoreboard's own order (segment
    // numbers and tx indexes grow together), those below scan_seg_ already
    // visited; retransmissions are listed apart (detect_losses).
    std::uint64_t scan_seg_ = 0;
    Ring<Transmission> rtx_order_;
    std::uint32_t tx_counter_ = 0;                // wraps; compared as differences
    std::uint32_t delivered_tx_[3] = {0, 0, 0};  // tx indexes of the last three deliveries, oldest first
    std::priority_queue<std::uint64_t, std::vector<std::uint64_t>, std::greater<>> retransmit_queue_;
    bool new_loss_ = false;
    std::uint64_t lost_bytes_this_ack_ = 0;

    RecoveryState recovery_ = RecoveryState::Open;
    // PRR: asked for and the algorithm has no recovery of its own (not BBR);
    // active while a reduction runs (recovery or CWR, never after an RTO).
    bool prr_enabled_ = false;
    bool prr_active_ = false;
    Prr prr_;
    std::uint64_t recovery_point_ = 0;  // snd_nxt when recovery began
    bool fast_retransmit_due_ = false;

    // RFC 6298 state.
    TimePs srtt_ = 0, rttvar_ = 0;
    int backoff_ = 0;
    TimePs rto_deadline_ = kNever;
    TimePs min_rtt_ = kNever;

    TimePs next_send_time_ = 0;
    Limit blocked_by_ = Limit::Cwnd;
    bool out_of_data_ = false;  // the last attempt to send stopped for want of data (or Nagle held it)
    CcPhase phase_ = CcPhase::SlowStart;
    bool plain_send_;  // unpaced, no Nagle: try_send's inlined loop, else try_send_general (beside blocked_by_, hot)

    std::uint64_t retransmits_ = 0, rtos_ = 0, congestion_events_ = 0, packets_sent_ = 0;
    std::uint64_t retransmitted_bytes_ = 0;

    // Linux's receive buffer (off the hot path: read as snd_una moves).
    std::uint64_t advertised_window_;   // rwnd in force
    ReceiveBuffer receive_buffer_;      // consulted only when cfg_.receive_buffer.enabled

    Nagle nagle_;
    bool nagle_holding_ = false;

    // Slow start's room (cfg_.slow_start_room): the most in flight over the
    // window that ends when snd_una reaches window_end_bytes_.
    INFLIGHT_COLD bool in_slow_start_room(std::uint64_t prior_in_flight);
    std::uint64_t most_in_flight_bytes_ = 0;
    std::uint64_t window_end_bytes_ = 0;
};

// The per-ACK helpers, inlined with on_ack.
inline TimePs Sender::current_rto() const {
    TimePs rto = srtt_ + std::max(4 * rttvar_, cfg_.min_rto_var);
    for (int i = 0; i < backoff_ && rto < cfg_.max_rto; ++i) rto *= 2;  // exponential backoff, capped
    return std::min(rto, cfg_.max_rto);
}

// RFC 6298 §2.3, α = 1/8, β = 1/4; Karn's rule is applied by the caller.
// Every term is ≥ 0 (an RTT, SRTT from the handshake's, |error|), so the
// divisions are taken unsigned: the same quotients, without the sign fix-ups.
inline void Sender::update_rtt(TimePs rtt) {
    const auto u = [](TimePs v) { return static_cast<std::uint64_t>(v); };
    const TimePs err = rtt > srtt_ ? rtt - srtt_ : srtt_ - rtt;
    rttvar_ = rttvar_ - static_cast<TimePs>(u(rttvar_) / 4) + static_cast<TimePs>(u(err) / 4);
    srtt_ = srtt_ - static_cast<TimePs>(u(srtt_) / 8) + static_cast<TimePs>(u(rtt) / 8);
    cc_state_.srtt_s = to_seconds(srtt_);
    backoff_ = 0;  // a fresh sample ends the backoff (RFC 6298 §5.7)
    if (rtt < min_rtt_) min_rtt_ = rtt;
}

inline void Sender::refresh_cc_state() {
    cc_state_.bytes_in_flight = in_flight_bytes_;
    cc_state_.flight_size_bytes = snd_nxt_ - snd_una_;
    cc_state_.snd_una_bytes = snd_una_;
    cc_state_.delivered_bytes = rate_.delivered_bytes();
}

inline void Sender::note_phase(TimePs now) {
    const CcPhase p = cc_state_.owns_phase ? cc_state_.phase : loss_based_phase(cc_state_, recovery_);
    if (p != phase_) {
        events_.phase_change(now, phase_, p, cc_state_);
        phase_ = p;
    }
}

// A transmission is lost once three transmissions sent after it have been
// delivered: its tx index is below that of the third most recent delivery.
// Each stream is visited in send order up to its first live transmission at
// or above that index; the ones marked are the same as over one list in send
// order (every live one below it), and the retransmission queue's order does
// not depend on the order of marking.
inline void Sender::detect_losses() {
    const std::uint32_t threshold = delivered_tx_[0];
    // First transmissions: live while the segment is in flight, never retransmitted.
    std::uint64_t s = std::max(scan_seg_, una_seg_);
    for (const std::uint64_t end = una_seg_ + segs_.size(); s < end; ++s) {
        Segment& g = segs_[static_cast<std::size_t>(s - una_seg_)];
        if (g.state != SegState::InFlight || g.retransmitted()) continue;
        if (static_cast<std::int32_t>(g.tx_index - threshold) >= 0) break;  // not sent before it
        mark_lost(s, g);
    }
    scan_seg_ = s;
    // Retransmissions: live while the segment is in flight by this one.
    while (!rtx_order_.empty()) {
        const Transmission t = rtx_order_.front();
        const std::int64_t offset = offset_from_una(t.seg_no);
        if (offset >= 0) {
            Segment& g = segs_[static_cast<std::size_t>(offset)];
            const bool live = g.state == SegState::InFlight && g.tx_index == t.tx_index;
            if (live) {
                if (static_cast<std::int32_t>(t.tx_index - threshold) >= 0) break;  // not sent before it
                mark_lost(una_seg_ + static_cast<std::uint64_t>(offset), g);
            }
        }
        rtx_order_.pop_front();
    }
}

inline bool Sender::advance_snd_una() {
    bool advanced = false;
    while (!segs_.empty() && segs_.front().state == SegState::Delivered) {
        snd_una_ += segs_.front().bytes;
        segs_.pop_front();
        ++una_seg_;
        advanced = true;
    }
    return advanced;
}

// Inlined into the event loop: one call per ACK costs more than its frame.
inline AckOutcome Sender::on_ack(TimePs now, const AckInFlight& ack) {
    AckOutcome out;
    const std::int64_t offset = offset_from_una(ack.packet.seg_no);
    if (offset < 0 || segs_[static_cast<std::size_t>(offset)].state == SegState::Delivered) {
        if (cfg_.tap) [[unlikely]] tap_ack(now, ack);
        return out;  // a duplicate of data already acknowledged
    }
    Segment& g = segs_[static_cast<std::size_t>(offset)];

    const std::uint64_t prior_in_flight = in_flight_bytes_;
    if (g.state == SegState::InFlight) in_flight_bytes_ -= g.bytes;
    g.state = SegState::Delivered;
    out.new_data = true;
    const std::uint32_t acked = g.bytes;

    // Karn: no RTT sample from a segment that was ever retransmitted.
    if (!g.retransmitted()) {
        out.rtt = now - g.snapshot.sent_time;
        update_rtt(out.rtt);
    }
    RateSample rs = rate_.on_delivered(now, acked, g.snapshot, g.sent_app_limited(), min_rtt_);
    rs.prior_in_flight_bytes = prior_in_flight;
    if (rs.interval > 0) out.delivery_rate_bps = rs.rate_Bps * 8.0;

    delivered_tx_[0] = delivered_tx_[1];
    delivered_tx_[1] = delivered_tx_[2];
    delivered_tx_[2] = ack.packet.tx_index;

    const bool una_advanced = advance_snd_una();
    if (una_advanced) {  // RFC 6298 §5.3: new data acknowledged restarts the timer
        rto_deadline_ = segs_.empty() ? kNever : now + current_rto();
        if (cfg_.receive_buffer.enabled) on_receiver_read(now);
    }
    if (recovery_ != RecoveryState::Open && snd_una_ >= recovery_point_) {
        recovery_ = RecoveryState::Open;
        if (prr_active_) {  // tcp_end_cwnd_reduction: the cut is complete
            cc_state_.cwnd_bytes = cc_state_.ssthresh_bytes;
            prr_active_ = false;
        }
        refresh_cc_state();
        cc_.on_recovery_exit(cc_state_, now);
    }

    new_loss_ = false;
    lost_bytes_this_ack_ = 0;
    detect_losses();
    rs.lost_bytes = lost_bytes_this_ack_;
    if (recovery_ == RecoveryState::Open) {
        if (new_loss_)
            enter_recovery(now, CongestionCause::Loss);
        else if (ack.packet.ce && cc_responds_to_ecn(cc_))
            enter_recovery(now, CongestionCause::Ecn);  // RFC 3168: reduce as for a loss, once per window
    }

    refresh_cc_state();
    // A sender that last stopped for want of data (a request/response flow
    // between writes, a transfer's end) or held by Nagle did not use its
    // window: it does not grow (Linux's tcp_is_cwnd_limited, RFC 7661).
    bool cwnd_limited = (blocked_by_ == Limit::Cwnd && !out_of_data_) ||
                        bytes_as_double(prior_in_flight + cfg_.mss_bytes) > cc_state_.cwnd_bytes;
    if (cfg_.slow_start_room) [[unlikely]]
        cwnd_limited = in_slow_start_room(prior_in_flight) || cwnd_limited;
    // The algorithm's argument, built where the algorithm is called: one
    // inlined here (Reno, CUBIC) then keeps what it reads in registers and
    // the rest is never written.
    cc_on_ack(cc_, cc_state_, [&] {
        AckInfo info;
        info.now = now;
        info.acked_bytes = acked;
        info.rtt = out.rtt;
        info.recovery = recovery_;
        info.rs = rs;
        info.cwnd_limited = cwnd_limited;
        return info;
    });
    if (prr_active_) {  // in a reduction the window follows PRR (the algorithm does not grow it)
        cc_state_.cwnd_bytes = prr_.on_ack(acked, in_flight_bytes_, snd_nxt_ + retransmitted_bytes_,
                                           una_advanced && lost_bytes_this_ack_ == 0);
    }
    if (cc_state_.request_app_limited) {
        rate_.mark_app_limited(in_flight_bytes_);
        cc_state_.request_app_limited = false;
    }
    note_phase(now);
    if (cfg_.tap) [[unlikely]] tap_ack(now, ack);
    return out;
}

inline void Sender::transmit(TimePs now, std::uint64_t seg_no, Segment& g, bool retransmission) {
    const bool nothing_outstanding = in_flight_bytes_ == 0 && segs_.size() == 1 && !retransmission;
    g.snapshot = rate_.on_send(now, nothing_outstanding);
    // A segment is retransmitted only after its first transmission: the flag, once set, stays.
    g.flags = static_cast<std::uint8_t>((retransmission ? Segment::kRetransmitted : 0) |
                                        (rate_.app_limited() ? Segment::kSentAppLimited : 0));
    g.tx_index = ++tx_counter_;
    g.state = SegState::InFlight;
    const auto seg_lo = static_cast<std::uint32_t>(seg_no);
    if (retransmission) {
        ++retransmits_;
        retransmitted_bytes_ += g.bytes;
        rtx_order_.push_back(Transmission{seg_lo, g.tx_index});
    }
    in_flight_bytes_ += g.bytes;
    ++packets_sent_;
    if (cfg_.tap) [[unlikely]] tap_data(now, seg_no, g, retransmission);
    Packet p = packet_;
    p.seg_no = seg_lo;
    p.tx_index = g.tx_index;
    p.bytes = g.bytes;
    path_.enqueue(now, p);
    if (rto_deadline_ == kNever) rto_deadline_ = now + current_rto();
    if (cfg_.pacing) {
        refresh_cc_state();
        const double rate_Bps = cc_pacing_rate_Bps(cc_, cc_state_);
        // A rate of zero (no estimate yet) does not hold the sender back.
        next_send_time_ = rate_Bps > 0 ? now + static_cast<TimePs>(g.bytes * 1e12 / rate_Bps) : now;
    }
}

// One new segment, if the data (up to `end`, new_data_end()), rwnd/sndbuf
// and cwnd allow it; false (and what held it back noted) when they do not.
inline bool Sender::send_new_segment(TimePs now, std::uint64_t end) {
    if (snd_nxt_ >= end) {
        if (snd_nxt_ >= data_limit_) {  // out of data: the pipe is not full for want of it
            rate_.mark_app_limited(in_flight_bytes_);
            out_of_data_ = true;
        } else {
            blocked_by_ = window_limit_kind_;
            out_of_data_ = false;
        }
        return false;
    }
    const auto len = static_cast<std::uint32_t>(std::min<std::uint64_t>(cfg_.mss_bytes, end - snd_nxt_));
    if (bytes_as_double(in_flight_bytes_ + len) > cc_state_.cwnd_bytes) {
        blocked_by_ = Limit::Cwnd;
        out_of_data_ = false;
        return false;
    }
    Segment& g = segs_.push_slot();  // transmit fills the rest in place (flags: not retransmitted)
    g.bytes = static_cast<std::uint16_t>(len);
    snd_nxt_ += len;
    transmit(now, una_seg_ + segs_.size() - 1, g, false);
    return true;
}

// Unpaced without Nagle, no retransmission queued (sending new data queues none):
// only the new-data checks can stop us. Inlined into the ACK path.
inline void Sender::try_send(TimePs now) {
    if (plain_send_ && retransmit_queue_.empty()) {
        const std::uint64_t end = new_data_end();
        while (send_new_segment(now, end)) {
        }
        return;
    }
    try_send_general(now);
}

}  // namespace inflight
