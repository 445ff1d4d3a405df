// Linux's receiver: when a data segment is ACKed (delayed ACKs, quick ACKs,
// the delayed-ACK timer). One connection's receiving side; the engine feeds
// it each data segment as it arrives and it answers "ACK now" (everything
// held is acknowledged at once, one cumulative ACK with exact SACK) or
// "hold" (the delayed-ACK timer runs).
//
// The law, as Linux 6.x does it (net/ipv4/tcp_input.c, tcp_output.c,
// tcp_timer.c, include/net/tcp.h):
//   ACK at once (__tcp_ack_snd_check) when more than one full-sized segment
//     is unacknowledged (rcv_nxt − rcv_wup > rcv_mss: every second full
//     segment), in quick-ACK mode (tcp_in_quickack_mode: quick > 0, no
//     ping-pong), or when the protocol asks for it (ICSK_ACK_NOW: a hole in
//     the sequence just filled). Otherwise tcp_send_delayed_ack.
//   Out-of-order data (a segment above a missing one): the first
//     TCP_FASTRETRANS_THRESH (3) duplicate ACKs for one rcv_nxt go at once;
//     after that SACKs are compressed (tcp_comp_sack_nr = 44 at most, the
//     compressed-ACK timer min(tcp_comp_sack_delay_ns = 1 ms, RTT/20)).
//   A duplicate (a retransmission of data already received): quick-ACK mode
//     (tcp_enter_quickack_mode(sk, TCP_MAX_QUICKACKS)), so an ACK at once.
//   Quick ACKs (tcp_incr_quickack): quick = max(quick, min(rcv_wnd /
//     (2·rcv_mss) or 2 when that is 0, cap)); cap TCP_MAX_QUICKACKS = 16 on
//     the first data and after an idle longer than the RTO, 2 for a CE mark
//     (__tcp_ecn_check_ce: tcp_enter_quickack_mode(sk, 2), which also resets
//     ato to TCP_ATO_MIN). Each ACK sent uses one (tcp_dec_quickack_mode);
//     using the last resets ato to TCP_ATO_MIN.
//   ato (tcp_event_data_recv), m = time since the last in-order data:
//     first data: ato = TCP_ATO_MIN (40 ms);
//     m ≤ TCP_ATO_MIN/2: ato = ato/2 + TCP_ATO_MIN/2;
//     m < ato: ato = ato/2 + m, at most the RTO;
//     m > RTO: quick ACKs again (above).
//   The timer (tcp_send_delayed_ack): when ato > TCP_DELACK_MIN (40 ms) it is
//     bounded by max_ato = HZ/2 (500 ms), or TCP_DELACK_MAX (200 ms) when a
//     pushed segment is pending, and by the receiver's SRTT (at least
//     TCP_DELACK_MIN); then by icsk_delack_max (TCP_DELACK_MAX, 200 ms). A
//     running timer is never pushed later; if it is due within ato/4 the
//     ACK goes at once. When it fires (tcp_delack_timer_handler) ato doubles,
//     at most the RTO, and the ACK goes.
//   The application reads at once (tcp_cleanup_rbuf): a pushed segment (one
//     shorter than the MSS, or the transfer's last: its PSH) is ACKed when
//     read if nothing out of order is queued.
//   Every ACK sent (tcp_event_ack_sent) stops both timers and clears what
//     was pending; rcv_wup = rcv_nxt (tcp_select_window).
//   Ping-pong (interactive) mode, for a receiver that answers with data (a
//     request/response server; on_data_sent): data sent within ato of the
//     last data received counts one more exchange (tcp_event_data_sent,
//     inet_csk_inc_pingpong_cnt), and ping-pong mode holds from
//     tcp_pingpong_thresh (1, Linux's default) exchanges on. In it, quick
//     ACKs are off (tcp_in_quickack_mode), one short segment read is not
//     ACKed (tcp_cleanup_rbuf wants ICSK_ACK_PUSHED2, a second short one,
//     or no ping-pong), the timer is bounded by TCP_DELACK_MAX, and when
//     the timer fires the mode ends and ato deflates to TCP_ATO_MIN
//     (tcp_delack_timer_handler). The data sent carries the ACK of
//     everything held (tcp_event_ack_sent: the timer stops). A receiver
//     that never sends data never enters the mode.
// The receiver's SRTT and RTO come from the handshake, as a pure receiver
// measures nothing else: RTO = SRTT + max(2·SRTT, 200 ms) (tcp_rtt_estimator's
// first sample, tcp_set_rto). Not modelled: jiffies (times are exact), the
// gating of CE quick
// ACKs by TCP_ECN_DEMAND_CWR (every CE mark counts here), a window update
// that does not move the right edge and tcp_cleanup_rbuf's window-update
// ACKs after a read (the application always reads at once: the window
// never shrinks).
//
// Times are the sender's: a segment "arrives" when its immediate ACK would
// reach the sender (the return delay is constant, so every interval and
// timer is the same as at the receiver).
#pragma once

#include <cstdint>
#include <vector>

#include "model/core/ring.h"
#include "model/core/sim_time.h"
#include "model/path/packet.h"

namespace inflight {

class Receiver {
public:
    static constexpr TimePs kAtoMin = from_ms(40);   // TCP_ATO_MIN (HZ/25)
    static constexpr TimePs kDelackMin = from_ms(40);   // TCP_DELACK_MIN (HZ/25)
    static constexpr TimePs kDelackMax = from_ms(200);  // TCP_DELACK_MAX (HZ/5)
    static constexpr TimePs kMaxAto = from_ms(500);  // HZ/2 in tcp_send_delayed_ack
    static constexpr TimePs kRtoMin = from_ms(200);  // TCP_RTO_MIN
    static constexpr TimePs kRtoMax = 120 * kPsPerSecond;              // TCP_RTO_MAX
    static constexpr TimePs kCompSackDelay = from_ms(1);    // tcp_comp_sack_delay_ns (1 ms)
    static constexpr std::uint32_t kMaxQuickAcks = 16;                 // TCP_MAX_QUICKACKS
    static constexpr std::uint32_t kFastRetransThresh = 3;             // TCP_FASTRETRANS_THRESH
    static constexpr std::uint32_t kCompSackNr = 44;                   // tcp_comp_sack_nr
    static constexpr std::uint32_t kPingpongThresh = 1;                // net.ipv4.tcp_pingpong_thresh
    static constexpr std::uint64_t kNoEnd = ~0ull;

    struct Config {
        std::uint32_t mss_bytes = 1500;        // rcv_mss: a full-sized segment
        std::uint64_t rcv_wnd_bytes = 0;       // the window advertised (bounds the quick ACKs)
        TimePs srtt = 0;                       // the receiver's SRTT (the handshake's sample)
        std::uint64_t data_bytes = kNoEnd;     // a finite transfer's size: its last segment is pushed
    };
    explicit Receiver(const Config& c);

    enum class Verdict : std::uint8_t { AckNow, Hold };
    // A data segment arrives at `now`. AckNow: one ACK goes now, for it and
    // everything held (take them with release()); Hold: it waits, the timer
    // runs (timer()).
    Verdict on_segment(TimePs now, const AckInFlight& a);
    // When the held segments' ACK goes by itself (a timer); kNever when none is running.
    TimePs timer() const { return delack_at_ < sack_at_ ? delack_at_ : sack_at_; }
    // The timer is due at `now`: its ACK goes (take the segments with release()).
    void on_timer(TimePs now);
    // The application sends data at `now` (a server's response): it carries
    // the ACK of whatever is held (AckNow: take them with release(); Hold:
    // nothing was held) and counts an exchange for ping-pong mode.
    Verdict on_data_sent(TimePs now);
    // In-order bytes received (rcv_nxt).
    std::uint64_t rcv_nxt_bytes() const { return rcv_nxt_bytes_; }
    bool pingpong() const { return pingpong_ >= kPingpongThresh; }
    // The segments the last ACK acknowledges, in arrival order; cleared by the next call.
    std::vector<AckInFlight>& release() { return released_; }

    std::uint64_t acks_sent() const { return acks_sent_; }
    std::uint64_t segments_received() const { return segments_received_; }
    // State, for tests and the curious.
    TimePs ato() const { return ato_; }
    std::uint32_t quick_acks_left() const { return quick_; }
    TimePs rto() const { return rto_; }

private:
    void incr_quickack(std::uint32_t cap);
    void event_data_recv(TimePs now, std::uint16_t bytes, bool ce);
    Verdict send_delayed_ack(TimePs now);
    void send_ack(bool pure = true);  // the ACK goes: what tcp_event_ack_sent clears; pure: no data with it

    Config cfg_;
    TimePs rto_;
    // Sequence space in segments (as the sender numbers them) and bytes.
    std::uint64_t rcv_nxt_seg_ = 0;
    std::uint64_t rcv_nxt_bytes_ = 0, rcv_wup_bytes_ = 0;
    // Out of order: ofo_[i] is segment rcv_nxt + 1 + i, its bytes, 0 while missing
    // (the last entry is never 0); ofo_count_ of them received.
    Ring<std::uint16_t> ofo_{64};
    std::uint64_t ofo_count_ = 0;
    std::uint64_t dup_ack_rcv_nxt_ = ~0ull;       // compressed_ack_rcv_nxt
    std::uint32_t dup_acks_ = 0, compressed_ = 0;
    // Delayed-ACK engine.
    TimePs ato_ = 0;  // 0: no data yet
    TimePs last_rcv_ = 0;
    std::uint32_t quick_ = 0;
    bool pushed_ = false, ack_now_ = false;
    bool pushed2_ = false;         // ICSK_ACK_PUSHED2: a second short segment while one was pending
    std::uint32_t pingpong_ = 0;   // exchanges counted (icsk_ack.pingpong); 0 while the receiver never sent data
    TimePs delack_at_ = kNever, sack_at_ = kNever;
    std::vector<AckInFlight> held_, released_;
    std::uint64_t acks_sent_ = 0, segments_received_ = 0;
};

}  // namespace inflight
