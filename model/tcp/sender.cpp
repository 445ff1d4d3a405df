#include "model/tcp/sender.h"

#include <algorithm>
#include <cmath>

namespace inflight {

// Room for the segments a connection will hold at once before the ring has
// to grow: a bulk sender's 4,096 (6 MB of 1,500 B segments), a finite
// transfer's whole size when that is less. A 100 KB page opened every
// second wrote 160 KB of fresh, zeroed ring per connection, about 40 pages
// the kernel had to map each time; it now writes 2.8 KB. The ring grows
// as before when more is in flight, so nothing sent changes.
std::size_t Sender::initial_segment_slots(const Config& c) {
    constexpr std::size_t kBulkSlots = 4096, kFewestSlots = 64;
    if (c.data_bytes == kUnlimited || c.mss_bytes == 0) return kBulkSlots;
    const std::uint64_t segments = c.data_bytes / c.mss_bytes + 2;  // a partial last segment, and one spare
    return static_cast<std::size_t>(std::clamp<std::uint64_t>(segments, kFewestSlots, kBulkSlots));
}

Sender::Sender(const Config& c, CongestionControl& cc, Bottleneck& path, SenderEvents& events)
    : cfg_(c),
      packet_{0, 0, 0, c.flow, c.conn, PacketKind::Data},
      cc_(cc),
      path_(path),
      events_(events),
      window_limit_bytes_(std::min(c.rwnd_bytes, c.sndbuf_bytes)),
      window_limit_as_double_(bytes_as_double(window_limit_bytes_)),
      window_limit_kind_(c.rwnd_bytes <= c.sndbuf_bytes ? Limit::Rwnd : Limit::Sndbuf),
      segs_(initial_segment_slots(c)),
      data_limit_(c.data_bytes),
      rtx_order_(256),
      plain_send_(!c.pacing && !c.nagle),
      advertised_window_(c.rwnd_bytes),
      receive_buffer_(c.receive_buffer) {
    cc_state_.mss_bytes = c.mss_bytes;
    cc_state_.cwnd_bytes = static_cast<double>(c.initial_cwnd_packets) * c.mss_bytes;
    // RFC 6298 §2.2 with the handshake's sample R: SRTT = R, RTTVAR = R/2.
    srtt_ = c.handshake_rtt;
    rttvar_ = c.handshake_rtt / 2;
    cc_state_.srtt_s = to_seconds(srtt_);
    cc_.init(cc_state_);
    prr_enabled_ = c.prr && cc.algorithm() != Algorithm::Bbr;  // BBR: bbr_set_cwnd, its own recovery
    phase_ = cc_.phase(cc_state_, recovery_);
    if (c.receive_buffer.enabled) set_advertised_window(std::min(c.rwnd_bytes, receive_buffer_.window_bytes()));
}

void Sender::set_advertised_window(std::uint64_t rwnd) {
    advertised_window_ = rwnd;
    window_limit_bytes_ = std::min(rwnd, cfg_.sndbuf_bytes);
    window_limit_as_double_ = bytes_as_double(window_limit_bytes_);
    window_limit_kind_ = rwnd <= cfg_.sndbuf_bytes ? Limit::Rwnd : Limit::Sndbuf;
}

void Sender::on_receiver_read(TimePs now) {
    if (receive_buffer_.on_read(now, snd_una_, srtt_))
        set_advertised_window(std::min(cfg_.rwnd_bytes, receive_buffer_.window_bytes()));
}

// Linux counts a connection in slow start as held back by its cwnd while
// cwnd is under twice the most it had in flight over the last window
// (tcp_is_cwnd_limited; the most is tcp_cwnd_validate's max_packets_out,
// begun again from what is in flight once snd_una passes the window's end).
// So a flow held by the receive window or its application still doubles its
// cwnd once in slow start. Here the most is what was in flight before each
// ACK: what the last send left outstanding. Called on every ACK when the
// detail is on (it keeps the window's most); out of line, as the textbook
// stack never calls it.
bool Sender::in_slow_start_room(std::uint64_t prior_in_flight) {
    if (snd_una_ >= window_end_bytes_) {  // a new window: its most begins again
        window_end_bytes_ = snd_nxt_;
        most_in_flight_bytes_ = prior_in_flight;
    } else {
        most_in_flight_bytes_ = std::max(most_in_flight_bytes_, prior_in_flight);
    }
    return cc_state_.cwnd_bytes < cc_state_.ssthresh_bytes &&
           cc_state_.cwnd_bytes < 2.0 * bytes_as_double(most_in_flight_bytes_);
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
    if (prr_enabled_) {
        // tcp_init_cwnd_reduction: ssthresh is the algorithm's, cwnd stays;
        // PRR brings it down to ssthresh as the recovery's ACKs arrive. The
        // event reports that target as the window after the cut.
        prr_.start(before, cc_state_.ssthresh_bytes, cfg_.mss_bytes, snd_nxt_ + retransmitted_bytes_);
        cc_state_.cwnd_bytes = before;
        prr_active_ = true;
    }
    recovery_ = RecoveryState::Recovery;
    recovery_point_ = snd_nxt_;
    fast_retransmit_due_ = cause == CongestionCause::Loss;
    ++congestion_events_;
    events_.congestion_event(now, cause, before, prr_active_ ? cc_state_.ssthresh_bytes : cc_state_.cwnd_bytes,
                             from_slow_start);
}

void Sender::on_rto_timer(TimePs now) {
    ++rtos_;
    ++congestion_events_;
    const double before = cc_state_.cwnd_bytes;
    refresh_cc_state();
    cc_.on_rto(cc_state_, now);
    cc_state_.cwnd_bytes = cfg_.mss_bytes;
    prr_active_ = false;  // an RTO is no reduction: cwnd = 1 segment, as without PRR
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

void Sender::try_send_general(TimePs now) {
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
                out_of_data_ = false;
                return;
            }
            fast_retransmit_due_ = false;
            retransmit_queue_.pop();
            transmit(now, s, seg(s), true);
            continue;
        }
        if (cfg_.nagle ? send_nagle_segment(now) : send_new_segment(now)) continue;
        // Out of data (or held by Nagle) after the pacing clock allowed a
        // packet: the clock no longer holds the sender back, so its wake-up
        // (pacing_wakeup, in the past now) must not stay armed.
        if (blocked_by_ == Limit::Pacing) blocked_by_ = Limit::Cwnd;
        return;
    }
}

bool Sender::send_nagle_segment(TimePs now) {
    const std::uint64_t end = new_data_end();
    if (snd_nxt_ < end) {
        const auto len = static_cast<std::uint32_t>(std::min<std::uint64_t>(cfg_.mss_bytes, end - snd_nxt_));
        if (nagle_.holds(len, cfg_.mss_bytes, snd_una_, snd_nxt_)) {
            nagle_holding_ = true;
            out_of_data_ = true;  // held by the application's small write, not by cwnd
            return false;
        }
    }
    const std::uint64_t before = snd_nxt_;
    if (!send_new_segment(now, end)) return false;
    nagle_holding_ = false;
    nagle_.sent(static_cast<std::uint32_t>(snd_nxt_ - before), cfg_.mss_bytes, snd_nxt_);
    return true;
}

}  // namespace inflight

namespace inflight {

// The byte offset of a segment is snd_una plus the lengths of the segments
// below it; a new segment is the last one sent (snd_nxt − its length), so
// only retransmissions walk the scoreboard.
void Sender::tap_data(TimePs now, std::uint64_t seg_no, const Segment& g, bool retransmission) {
    std::uint64_t seq = snd_nxt_ - g.bytes;
    if (retransmission || seg_no + 1 != una_seg_ + segs_.size()) {
        seq = snd_una_;
        for (std::uint64_t s = una_seg_; s < seg_no; ++s) seq += segs_[static_cast<std::size_t>(s - una_seg_)].bytes;
    }
    cfg_.tap->data_sent(now, cfg_.flow, cfg_.conn, seq, g.bytes, retransmission);
}

// What the receiver would put in this ACK (RFC 2018): the cumulative
// acknowledgement (snd_una once the ACK is taken) and SACK blocks for the
// delivered runs above it — first the run holding the segment this ACK is
// for, then the lowest others, four in all at most (the option's room
// without timestamps). The scoreboard is walked only while something above
// snd_una is delivered, which is a hole's lifetime (recovery).
void Sender::tap_ack(TimePs now, const AckInFlight& ack) {
    constexpr int kMaxBlocks = 4;
    SackBlock blocks[kMaxBlocks];
    int n = 0;
    const std::int64_t own = offset_from_una(ack.packet.seg_no);
    const bool hole = own > 0 || recovery_ != RecoveryState::Open;
    if (hole && !segs_.empty()) {
        // Runs of delivered segments above snd_una, in sequence order.
        SackBlock found[kMaxBlocks * 2];
        int found_n = 0;
        int own_block = -1;
        std::uint64_t at = snd_una_;
        std::size_t i = 0;
        const std::size_t size = segs_.size();
        while (i < size) {
            if (segs_[i].state != SegState::Delivered) {
                at += segs_[i].bytes;
                ++i;
                continue;
            }
            SackBlock b{at, at};
            const std::size_t first = i;
            while (i < size && segs_[i].state == SegState::Delivered) b.end_bytes += segs_[i++].bytes;
            const bool holds_own = own >= 0 && static_cast<std::size_t>(own) >= first && static_cast<std::size_t>(own) < i;
            at = b.end_bytes;
            if (found_n == kMaxBlocks * 2) {
                if (!holds_own) continue;
                --found_n;  // the ACK's own run takes the last place
            }
            if (holds_own) own_block = found_n;
            found[found_n++] = b;
            if (found_n >= kMaxBlocks && (own_block >= 0 || own < 0 || static_cast<std::size_t>(own) < i)) break;
        }
        if (own_block >= 0) blocks[n++] = found[own_block];
        for (int k = 0; k < found_n && n < kMaxBlocks; ++k)
            if (k != own_block) blocks[n++] = found[k];
    }
    cfg_.tap->ack_arrived(now, cfg_.flow, cfg_.conn, snd_una_, advertised_window_, ack.packet.ce, blocks, n);
}

}  // namespace inflight
