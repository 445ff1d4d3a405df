// Proportional Rate Reduction (RFC 6937, as Linux runs it in
// net/ipv4/tcp_input.c: tcp_init_cwnd_reduction, tcp_cwnd_reduction,
// tcp_end_cwnd_reduction). The window's cut on a loss (fast recovery) or an
// ECN echo (CWR) is spread over the round trip that follows, instead of
// cwnd dropping to ssthresh at once.
//   start (tcp_init_cwnd_reduction): prior_cwnd = cwnd, ssthresh from the
//     algorithm (its ssthresh hook), prr_delivered = prr_out = 0; cwnd is
//     left where it is.
//   each ACK that delivers data (tcp_cwnd_reduction), with
//     delivered = newly acknowledged + newly SACKed, pipe = in flight after
//     this ACK's loss marking:
//     prr_delivered += delivered
//     pipe > ssthresh (proportional part):
//       sndcnt = ⌈ssthresh · prr_delivered / prior_cwnd⌉ − prr_out
//     pipe ≤ ssthresh (slow-start reduction bound, PRR-SSRB, back toward
//       ssthresh):
//       sndcnt = max(prr_delivered − prr_out, delivered)
//                + 1 segment if the ACK advanced snd_una and marked nothing
//                  newly lost (Linux's FLAG_SND_UNA_ADVANCED && !newly_lost;
//                  otherwise packet conservation, PRR-CRB)
//       sndcnt = min(ssthresh − pipe, sndcnt)
//     sndcnt = max(sndcnt, prr_out ? 0 : 1 segment)   (the fast retransmit
//       always goes)
//     cwnd = pipe + sndcnt
//   prr_out counts what is sent (new data and retransmissions) while the
//     reduction lasts (tcp_write_xmit, tcp_xmit_retransmit_queue).
//   end (tcp_end_cwnd_reduction): cwnd = ssthresh.
// Linux counts in packets; this counts in bytes with the proportional
// ceiling taken in whole segments, which is Linux's arithmetic when every
// segment is full-sized. Linux enters the same reduction for an ECN echo
// (tcp_enter_cwr) as for fast recovery (tcp_enter_recovery); an RTO is not
// a reduction (cwnd = 1 segment). During a reduction the algorithm does not
// grow cwnd (tcp_cong_control calls tcp_cong_avoid only outside CWR and
// Recovery); an algorithm with its own cong_control (BBR) never runs PRR:
// tcp_cong_control hands it the ACK first and tcp_end_cwnd_reduction
// returns early for it. Not modelled: undoing a reduction found spurious
// (tcp_try_undo_*), and CWR's end waiting for snd_una to pass the point
// strictly (here recovery and CWR end alike, when snd_una reaches it).
#pragma once

#include <cstdint>

namespace inflight {

class Prr {
public:
    // tcp_init_cwnd_reduction: the window before the cut, the algorithm's
    // ssthresh, and what was sent so far (prr_out counts from here).
    void start(double prior_cwnd_bytes, double ssthresh_bytes, std::uint32_t mss_bytes, std::uint64_t sent_bytes) {
        prior_cwnd_ = prior_cwnd_bytes;
        ssthresh_ = ssthresh_bytes;
        mss_ = mss_bytes;
        sent_at_start_ = sent_bytes;
        delivered_ = 0;
    }
    // tcp_cwnd_reduction: the cwnd to use after an ACK that newly delivered
    // `delivered_bytes`, with `pipe_bytes` in flight after it and
    // `sent_bytes` sent in all (the same counter as start's).
    // `safe_ack`: the ACK advanced snd_una and marked nothing newly lost.
    double on_ack(std::uint64_t delivered_bytes, std::uint64_t pipe_bytes, std::uint64_t sent_bytes, bool safe_ack);

    double ssthresh_bytes() const { return ssthresh_; }
    double prior_cwnd_bytes() const { return prior_cwnd_; }
    std::uint64_t delivered_bytes() const { return delivered_; }

private:
    double prior_cwnd_ = 0;
    double ssthresh_ = 0;
    std::uint32_t mss_ = 1500;
    std::uint64_t sent_at_start_ = 0;
    std::uint64_t delivered_ = 0;  // prr_delivered
};

}  // namespace inflight
