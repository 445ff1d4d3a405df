#include "sender.h"

#include <algorithm>
#include <cmath>

namespace inflight {

Sender::Sender(const Config& c, CongestionControl& cc, Bottleneck& path, SenderEvents& events)
    : cfg_(c),
      cc_(cc),
      path_(path),
      events_(events),
      window_limit_bytes_(std::min(c.rwnd_bytes, c.sndbuf_bytes)),
      window_limit_kind_(c.rwnd_bytes <= c.sndbuf_bytes ? Limit::Rwnd : Limit::Sndbuf),
      segs_(4096),
      data_limit_(c.data_bytes),
      tx_order_(4096) {
    cc_state_.mss_bytes = c.mss_bytes;
    cc_state_.cwnd_bytes = static_cast<double>(c.initial_cwnd_packets) * c.mss_bytes;
    // RFC 6298 §2.2 with the handshake's sample R: SRTT = R, RTTVAR = R/2.
    srtt_ = c.handshake_rtt;
    rttvar_ = c.handshake_rtt / 2;
    cc_state_.srtt_s = to_seconds(srtt_);
    cc_.init(cc_state_);
    phase_ = cc_.phase(cc_state_, recovery_);
}

void Sender::mark_lost(std::uint64_t seg_no, Segment& g) {
    g.state = SegState::Lost;
    in_flight_bytes_ -= g.bytes;
    lost_bytes_this_ack_ += g.bytes;
    retransmit_queue_.push(seg_no);
    new_loss_ = true;
}

void Sender::enter_recovery(TimePs now, CongestionCause cause) {
    const double before = cc_state_.cwnd_bytes;
    const bool from_slow_start = phase_ == CcPhase::SlowStart;  // BBR's Startup does not end on loss
    refresh_cc_state();
    cc_.on_congestion_event(cc_state_, now);
    recovery_ = RecoveryState::Recovery;
    recovery_point_ = snd_nxt_;
    fast_retransmit_due_ = cause == CongestionCause::Loss;
    ++congestion_events_;
    events_.congestion_event(now, cause, before, cc_state_.cwnd_bytes, from_slow_start);
}

void Sender::on_rto_timer(TimePs now) {
    ++rtos_;
    ++congestion_events_;
    const double before = cc_state_.cwnd_bytes;
    refresh_cc_state();
    cc_.on_rto(cc_state_, now);
    cc_state_.cwnd_bytes = cfg_.mss_bytes;
    // Everything unacknowledged is presumed lost and retransmitted.
    for (std::size_t i = 0; i < segs_.size(); ++i) {
        Segment& g = segs_[i];
        if (g.state == SegState::InFlight) mark_lost(una_seg_ + i, g);
    }
    recovery_ = RecoveryState::Loss;
    recovery_point_ = snd_nxt_;
    fast_retransmit_due_ = false;
    ++backoff_;
    const TimePs rto = current_rto();
    rto_deadline_ = now + rto;
    events_.retransmission_timeout(now, rto, backoff_, before);
    events_.congestion_event(now, CongestionCause::Rto, before, cc_state_.cwnd_bytes, false);
    refresh_cc_state();
    note_phase(now);
}

bool Sender::retransmission_waiting() {
    while (!retransmit_queue_.empty()) {
        const std::uint64_t s = retransmit_queue_.top();
        if (s >= una_seg_ && seg(s).state == SegState::Lost) return true;
        retransmit_queue_.pop();  // delivered meanwhile (the original was only late)
    }
    return false;
}

void Sender::transmit(TimePs now, std::uint64_t seg_no, Segment& g, bool retransmission) {
    const bool nothing_outstanding = in_flight_bytes_ == 0 && segs_.size() == 1 && !retransmission;
    g.snapshot = rate_.on_send(now, nothing_outstanding);
    g.sent_app_limited = rate_.app_limited();
    g.tx_index = ++tx_counter_;
    g.state = SegState::InFlight;
    if (retransmission) {
        g.retransmitted = true;
        ++retransmits_;
        retransmitted_bytes_ += g.bytes;
    }
    in_flight_bytes_ += g.bytes;
    const auto seg_lo = static_cast<std::uint32_t>(seg_no);
    tx_order_.push_back(Transmission{seg_lo, g.tx_index});
    ++packets_sent_;
    path_.enqueue(now, Packet{seg_lo, g.tx_index, g.bytes, cfg_.flow, cfg_.conn, PacketKind::Data});
    if (rto_deadline_ == kNever) rto_deadline_ = now + current_rto();
    if (cfg_.pacing) {
        refresh_cc_state();
        const double rate_Bps = cc_pacing_rate_Bps(cc_, cc_state_);
        // A rate of zero (no estimate yet) does not hold the sender back.
        next_send_time_ = rate_Bps > 0 ? now + static_cast<TimePs>(g.bytes * 1e12 / rate_Bps) : now;
    }
}

// One new segment, if the data, rwnd/sndbuf and cwnd allow it; false (and
// what held it back noted) when they do not.
INFLIGHT_HOT bool Sender::send_new_segment(TimePs now) {
    if (snd_nxt_ >= data_limit_) {  // out of data: the pipe is not full for want of it
        rate_.mark_app_limited(in_flight_bytes_);
        return false;
    }
    const std::uint64_t outstanding = snd_nxt_ - snd_una_;
    if (outstanding >= window_limit_bytes_) {
        blocked_by_ = window_limit_kind_;
        return false;
    }
    const std::uint32_t len = static_cast<std::uint32_t>(std::min<std::uint64_t>(
        {cfg_.mss_bytes, window_limit_bytes_ - outstanding, data_limit_ - snd_nxt_}));
    if (bytes_as_double(in_flight_bytes_ + len) > cc_state_.cwnd_bytes) {
        blocked_by_ = Limit::Cwnd;
        return false;
    }
    Segment& g = segs_.push_slot();  // transmit fills the rest in place
    g.bytes = static_cast<std::uint16_t>(len);
    g.retransmitted = false;
    snd_nxt_ += len;
    transmit(now, una_seg_ + segs_.size() - 1, g, false);
    return true;
}

void Sender::try_send(TimePs now) {
    // Unpaced with no retransmission queued (sending new data queues none):
    // only the new-data checks can stop us.
    if (!cfg_.pacing && retransmit_queue_.empty()) {
        while (send_new_segment(now)) {
        }
        return;
    }
    for (;;) {
        if (cfg_.pacing && next_send_time_ > now) {
            blocked_by_ = Limit::Pacing;
            return;
        }
        if (retransmission_waiting()) {
            const std::uint64_t s = retransmit_queue_.top();
            const bool fits = bytes_as_double(in_flight_bytes_ + seg(s).bytes) <= cc_state_.cwnd_bytes;
            if (!fits && !fast_retransmit_due_) {
                blocked_by_ = Limit::Cwnd;
                return;
            }
            fast_retransmit_due_ = false;
            retransmit_queue_.pop();
            transmit(now, s, seg(s), true);
            continue;
        }
        if (!send_new_segment(now)) return;
    }
}

}  // namespace inflight
