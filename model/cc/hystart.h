// HyStart, as Linux CUBIC runs it (net/ipv4/tcp_cubic.c, after Ha & Rhee,
// "Taming the elephants", 2008 — not RFC 9406's HyStart++). It ends slow
// start before the first loss by setting ssthresh = cwnd (no reduction).
//   delay_min: the smallest RTT sample seen (CUBIC's own; cubictcp_acked).
//   Active on an ACK with an RTT sample while in slow start and not yet
//     found (cubictcp_acked → hystart_update).
//   Rounds (bictcp_hystart_reset): when snd_una passes end_seq a new round
//     starts: round_start = last_ack = now, end_seq = snd_nxt,
//     curr_rtt = "infinite", sample_cnt = 0 — at any cwnd, so a round opens
//     at the first ACK of a flight. Only then do the detectors wait for
//     cwnd ≥ hystart_low_window = 16 packets (hystart_update, as fixed in
//     Linux 6.14 by "tcp_cubic: fix incorrect HyStart round start
//     detection"; before it, rounds opened only from 16 packets on, part-way
//     through a flight, and the delay detector fired early: about 520
//     packets on 100 Mbit/s, 80 ms, where the fixed kernel's ACK train fires
//     at about 978).
//   ACK train (HYSTART_ACK_TRAIN): an ACK within hystart_ack_delta_us = 2 ms
//     of the previous one of the train extends it (last_ack = now); it fires
//     when now − round_start > threshold, threshold = delay_min +
//     hystart_ack_delay(), halved when the socket is unpaced
//     (sk_pacing_status == SK_PACING_NONE). hystart_ack_delay() is Linux's
//     TSO/GRO cushion: min(1 ms, 4·sk_gso_max_size / sk_pacing_rate), 0
//     without a pacing rate. The model has no TSO but keeps the cushion as
//     Linux computes it with a 64 KiB GSO size (Linux's default
//     gso_max_size) and the pacing rate of tcp_update_pacing_rate (2·cwnd/srtt
//     in slow start): it is 1 ms on every path slower than about 2 Gbit/s,
//     so the unpaced threshold is (delay_min + 1 ms)/2.
//   Delay increase (HYSTART_DELAY): curr_rtt = min of the round's samples;
//     the first HYSTART_MIN_SAMPLES = 8 only collect; from the next on it
//     fires when curr_rtt > delay_min + clamp(delay_min/8, 4 ms, 16 ms)
//     (HYSTART_DELAY_MIN, HYSTART_DELAY_MAX, HYSTART_DELAY_THRESH).
//   Both detectors run (hystart_detect = 3); the first to fire names the exit.
//   Reset: at connection start (cubictcp_init) and on entering TCP_CA_Loss,
//     the RTO (cubictcp_state → bictcp_reset: found = 0, delay_min = 0, and a
//     new round from snd_nxt). A fast-recovery loss leaves it as it is (Linux
//     does too): ssthresh is set by the loss then, and slow start is over.
//   Not modelled: cubictcp_acked also ignores RTT samples for 1 s after a
//     congestion-avoidance epoch starts; HyStart is inactive then, and the RTO
//     that reopens slow start clears delay_min, so HyStart never sees it.
// The detector alone: the caller feeds it ACK times, RTT samples, cwnd and
// snd_una/snd_nxt, and sets ssthresh when it says so.
#pragma once

#include <cstdint>

#include "model/core/sim_time.h"

namespace inflight {

struct HystartParams {
    double low_window_packets = 16;                   // hystart_low_window
    TimePs ack_delta = 2 * kPsPerMs;                  // hystart_ack_delta_us = 2000
    int min_samples = 8;                              // HYSTART_MIN_SAMPLES
    TimePs delay_thresh_min = 4 * kPsPerMs;           // HYSTART_DELAY_MIN = 4000 us
    TimePs delay_thresh_max = 16 * kPsPerMs;          // HYSTART_DELAY_MAX = 16000 us
    bool ack_train = true;                            // hystart_detect & HYSTART_ACK_TRAIN
    bool delay = true;                                // hystart_detect & HYSTART_DELAY
    double gso_max_bytes = 65536;                     // sk_gso_max_size, for hystart_ack_delay()
    TimePs ack_delay_cap = kPsPerMs;                  // hystart_ack_delay()'s cap: USEC_PER_MSEC
};

enum class HystartExit : std::uint8_t { None, AckTrain, DelayIncrease };

// What one ACK tells the detector.
struct HystartAck {
    TimePs now = 0;
    TimePs rtt = -1;                  // the ACK's RTT sample; -1: none (Karn): the ACK is ignored
    double cwnd_packets = 0;
    bool in_slow_start = false;       // cwnd < ssthresh
    std::uint64_t snd_una = 0;        // bytes, after this ACK
    std::uint64_t snd_nxt = 0;
    double pacing_rate_Bps = 0;       // sk_pacing_rate, for the TSO cushion (0: none)
};

class Hystart {
public:
    explicit Hystart(bool paced, HystartParams p = {}) : p_(p), paced_(paced) {}

    // cubictcp_acked's part: every ACK that delivered data. Says which
    // detector fired on this ACK (the caller then sets ssthresh = cwnd).
    HystartExit on_ack(const HystartAck& a);
    // bictcp_reset + bictcp_hystart_reset: the RTO (TCP_CA_Loss).
    void on_loss_state(TimePs now, std::uint64_t snd_nxt);

    bool found() const { return found_; }
    TimePs delay_min() const { return delay_min_; }  // 0: no sample yet
    // The ACK train's threshold (ps) for a pacing rate, and the delay one.
    TimePs ack_train_threshold(double pacing_rate_Bps) const;
    TimePs delay_threshold() const;
    // The current round (exposed for tests).
    TimePs round_start() const { return round_start_; }
    std::uint64_t end_seq() const { return end_seq_; }
    int sample_count() const { return sample_cnt_; }

private:
    void start_round(TimePs now, std::uint64_t snd_nxt);  // bictcp_hystart_reset

    HystartParams p_;
    bool paced_;
    bool found_ = false;
    TimePs delay_min_ = 0;
    TimePs round_start_ = 0, last_ack_ = 0;
    std::uint64_t end_seq_ = 0;   // 0 at the start: the first ACK opens a round
    TimePs curr_rtt_ = kNever;
    int sample_cnt_ = 0;
};

}  // namespace inflight
