#include "model/tcp/receiver.h"

#include <algorithm>

namespace inflight {

Receiver::Receiver(const Config& c) : cfg_(c) {
    // tcp_rtt_estimator's first sample: mdev = 2·SRTT, RTTVAR at least TCP_RTO_MIN.
    rto_ = std::min(cfg_.srtt + std::max(2 * cfg_.srtt, kRtoMin), kRtoMax);
    held_.reserve(8);
    released_.reserve(8);
}

void Receiver::incr_quickack(std::uint32_t cap) {
    std::uint64_t q = cfg_.rcv_wnd_bytes / (2 * static_cast<std::uint64_t>(cfg_.mss_bytes));
    if (q == 0) q = 2;
    q = std::min<std::uint64_t>(q, cap);
    if (q > quick_) quick_ = static_cast<std::uint32_t>(q);
}

void Receiver::event_data_recv(TimePs now, std::uint16_t bytes, bool ce) {
    if (bytes < cfg_.mss_bytes) {  // tcp_measure_rcv_mss: a short segment
        if (pushed_) pushed2_ = true;
        pushed_ = true;
    }
    if (ato_ == 0) {  // the first data
        incr_quickack(kMaxQuickAcks);
        ato_ = kAtoMin;
    } else {
        const TimePs m = now - last_rcv_;
        if (m <= kAtoMin / 2) {
            ato_ = ato_ / 2 + kAtoMin / 2;
        } else if (m < ato_) {
            ato_ = std::min(ato_ / 2 + m, rto_);
        } else if (m > rto_) {  // idle longer than the RTO: quick ACKs again
            incr_quickack(kMaxQuickAcks);
        }
    }
    last_rcv_ = now;
    if (ce) {  // tcp_enter_quickack_mode(sk, 2)
        incr_quickack(2);
        ato_ = kAtoMin;
    }
}

void Receiver::send_ack(bool pure) {
    released_.clear();
    released_.swap(held_);
    if (pure) ++acks_sent_;
    rcv_wup_bytes_ = rcv_nxt_bytes_;
    if (quick_ > 0) {  // tcp_dec_quickack_mode: this ACK acknowledges new data
        if (quick_ <= 1) {
            quick_ = 0;
            ato_ = kAtoMin;
        } else {
            --quick_;
        }
    }
    delack_at_ = sack_at_ = kNever;
    pushed_ = pushed2_ = ack_now_ = false;
    compressed_ = 0;
}

Receiver::Verdict Receiver::on_data_sent(TimePs now) {
    const bool held = !held_.empty();
    if (held) send_ack(false);  // tcp_event_ack_sent: the data carries the ACK
    if (now < last_rcv_ + ato_ && pingpong_ < 255) ++pingpong_;  // tcp_event_data_sent
    return held ? Verdict::AckNow : Verdict::Hold;
}

Receiver::Verdict Receiver::send_delayed_ack(TimePs now) {
    TimePs ato = ato_;
    if (ato > kDelackMin) {
        TimePs max_ato = pushed_ || pingpong() ? kDelackMax : kMaxAto;
        if (cfg_.srtt > 0) max_ato = std::min(max_ato, std::max(cfg_.srtt, kDelackMin));
        ato = std::min(ato, max_ato);
    }
    ato = std::min(ato, kDelackMax);  // icsk_delack_max
    TimePs timeout = now + ato;
    if (delack_at_ != kNever) {
        if (delack_at_ <= now + ato / 4) {  // about to fire anyway: ACK now
            send_ack();
            return Verdict::AckNow;
        }
        timeout = std::min(timeout, delack_at_);  // never later than the running timer
    }
    delack_at_ = timeout;
    return Verdict::Hold;
}

Receiver::Verdict Receiver::on_segment(TimePs now, const AckInFlight& a) {
    ++segments_received_;
    held_.push_back(a);
    const auto offset = static_cast<std::int32_t>(a.packet.seg_no - static_cast<std::uint32_t>(rcv_nxt_seg_));
    const auto above = static_cast<std::size_t>(offset) - 1;  // offset > 0: its place in ofo_
    if (offset < 0 || (offset > 0 && above < ofo_.size() && ofo_[above] != 0)) {
        // Data already received: tcp_enter_quickack_mode(sk, TCP_MAX_QUICKACKS), an ACK at once.
        incr_quickack(kMaxQuickAcks);
        ato_ = kAtoMin;
        send_ack();
        return Verdict::AckNow;
    }
    if (offset > 0) {  // above a hole: queued out of order
        while (ofo_.size() <= above) ofo_.push_back(0);
        ofo_[above] = a.packet.bytes;
        ++ofo_count_;
        if (a.packet.ce) {
            incr_quickack(2);
            ato_ = kAtoMin;
        }
    } else {
        const bool had_ofo = ofo_count_ != 0;
        event_data_recv(now, a.packet.bytes, a.packet.ce);
        ++rcv_nxt_seg_;
        rcv_nxt_bytes_ += a.packet.bytes;
        // ofo_'s front is now rcv_nxt itself: take what follows in order, and the first hole.
        while (!ofo_.empty()) {
            const std::uint16_t b = ofo_.front();
            ofo_.pop_front();
            if (b == 0) break;
            rcv_nxt_bytes_ += b;
            --ofo_count_;
            ++rcv_nxt_seg_;
        }
        if (had_ofo && ofo_count_ == 0) ack_now_ = true;  // the hole is filled (RFC 5681 §4.2)
        if (rcv_nxt_bytes_ >= cfg_.data_bytes) pushed_ = true;  // the transfer's last segment: PSH
    }

    // __tcp_ack_snd_check
    if (rcv_nxt_bytes_ - rcv_wup_bytes_ > cfg_.mss_bytes || (quick_ > 0 && !pingpong()) || ack_now_) {
        send_ack();
        return Verdict::AckNow;
    }
    if (ofo_count_ == 0) {
        if (send_delayed_ack(now) == Verdict::AckNow) return Verdict::AckNow;
        // tcp_cleanup_rbuf: the application reads at once; a pushed segment is
        // ACKed then (in ping-pong mode only a second one).
        if (pushed_ && (pushed2_ || !pingpong())) {
            send_ack();
            return Verdict::AckNow;
        }
        return Verdict::Hold;
    }
    // Out-of-order data queued: SACKs, the first three per rcv_nxt at once, then compressed.
    if (compressed_ >= kCompSackNr) {
        send_ack();
        return Verdict::AckNow;
    }
    if (dup_ack_rcv_nxt_ != rcv_nxt_bytes_) {
        dup_ack_rcv_nxt_ = rcv_nxt_bytes_;
        dup_acks_ = 0;
    }
    if (dup_acks_ < kFastRetransThresh) {
        ++dup_acks_;
        send_ack();
        return Verdict::AckNow;
    }
    ++compressed_;
    if (sack_at_ == kNever) sack_at_ = now + std::min(kCompSackDelay, cfg_.srtt / 20);
    return Verdict::Hold;
}

void Receiver::on_timer(TimePs now) {
    (void)now;
    if (sack_at_ <= delack_at_) {  // the compressed-SACK timer (tcp_compressed_ack_kick)
        send_ack();
        return;
    }
    if (pingpong()) {  // tcp_delack_timer_handler: ping-pong mode ends, ato deflates
        pingpong_ = 0;
        ato_ = kAtoMin;
    } else {
        ato_ = std::min(2 * ato_, rto_);  // the delayed ACK was missed: inflate ato
    }
    send_ack();
}

}  // namespace inflight
