// What Linux's BBR keeps in flight beyond gain × BtlBw × min_rtt
// (net/ipv4/tcp_bbr.c, mainline BBR v1 since Linux 5.1). Two allowances:
//
// ACK aggregation (bbr_update_ack_aggregation, bbr_ack_aggregation_cwnd):
//   an epoch runs while ACKs deliver at least what BtlBw predicts;
//   extra_acked = bytes ACKed in the epoch − BtlBw × (now − epoch start),
//                 at most cwnd;
//   an epoch restarts when ACKed ≤ predicted, or after 2^20 segments;
//   its maximum is kept in two windows of 5 packet-timed rounds each
//   (bbr_extra_acked_win_rtts), so the max covers the last 5–10 rounds;
//   once the pipe is full, the cwnd target gains
//     min(extra_acked_gain (1) × max extra_acked, BtlBw × 100 ms).
//   Delayed ACKs, a shared queue that releases one flow's packets in bursts
//   and a receiver's batching all make ACKs arrive in clumps; the allowance
//   keeps the sender sending through the silences between clumps.
//
// TSO quantization (bbr_quantization_budget, bbr_tso_segs_goal):
//   target += 3 × TSO goal segments, where the goal is the bytes the pacing
//   rate sends in 1/1024 s (sk_pacing_shift 10) in MSS-sized segments, at
//   least 2 (1 below 1.2 Mbit/s, bbr_min_tso_rate), at most 127 and 64 KiB
//   (GSO_LEGACY_MAX_SIZE less the headers);
//   the target rounds up to an even number of segments (fewer delayed ACKs);
//   in ProbeBW's probing phase (gain 1.25) two segments more, so probing
//   raises in-flight data above the BDP even for a small BDP.
// The quantization applies wherever Linux asks bbr_inflight (the drain and
// gain-cycle checks, the ssthresh it records) as well as to the cwnd target.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "model/core/sim_time.h"

namespace inflight {

class BbrAckAggregation {
public:
    static constexpr double kExtraAckedGain = 1.0;               // bbr_extra_acked_gain = BBR_UNIT
    static constexpr int kWindowRounds = 5;                      // bbr_extra_acked_win_rtts
    static constexpr double kMaxSeconds = 0.100;                 // bbr_extra_acked_max_us
    static constexpr std::uint64_t kEpochResetSegments = 1u << 20;  // bbr_ack_epoch_acked_reset_thresh

    // On every ACK with a valid rate sample that delivered data; `round_start`
    // as BBR's round counter just said, `bw_Bps` its BtlBw estimate.
    void on_ack(TimePs now, double acked_bytes, bool round_start, double bw_Bps, double cwnd_bytes,
                std::uint32_t mss_bytes) {
        if (round_start && ++window_rounds_ >= kWindowRounds) {
            window_rounds_ = 0;
            window_ ^= 1;
            extra_bytes_[window_] = 0;
        }
        double expected_bytes = bw_Bps * to_seconds(now - epoch_start_);
        const double reset_bytes = static_cast<double>(kEpochResetSegments) * mss_bytes;
        if (epoch_acked_bytes_ <= expected_bytes || epoch_acked_bytes_ + acked_bytes >= reset_bytes) {
            epoch_acked_bytes_ = 0;
            epoch_start_ = now;
            expected_bytes = 0;
        }
        epoch_acked_bytes_ = std::min(epoch_acked_bytes_ + acked_bytes, reset_bytes - mss_bytes);
        const double extra = std::min(epoch_acked_bytes_ - expected_bytes, cwnd_bytes);
        extra_bytes_[window_] = std::max(extra_bytes_[window_], extra);
    }
    // The recent maximum of the extra bytes ACKed (bbr_extra_acked).
    double extra_acked_bytes() const { return std::max(extra_bytes_[0], extra_bytes_[1]); }
    // What the cwnd target gains (nothing before the pipe is full).
    double cwnd_bytes(double bw_Bps, bool full_bw_reached) const {
        if (!full_bw_reached) return 0;
        return std::min(kExtraAckedGain * extra_acked_bytes(), bw_Bps * kMaxSeconds);
    }

private:
    TimePs epoch_start_ = 0;
    double epoch_acked_bytes_ = 0;
    double extra_bytes_[2] = {0, 0};
    int window_ = 0;         // which of the two windows is current
    int window_rounds_ = 0;  // rounds since the current window began
};

// bbr_quantization_budget on a target in bytes (whole segments out).
inline double bbr_quantization_budget(double target_bytes, double pacing_rate_Bps, std::uint32_t mss_bytes,
                                      bool probing) {
    constexpr double kMinTsoRateBps = 1.2e6;                     // bbr_min_tso_rate
    constexpr double kGsoMaxBytes = 65536 - 1 - 320;             // GSO_LEGACY_MAX_SIZE − 1 − MAX_TCP_HEADER
    constexpr double kMaxTsoSegments = 0x7F;
    const double mss = mss_bytes;
    const double burst_bytes = std::min(pacing_rate_Bps / 1024.0, kGsoMaxBytes);  // sk_pacing_shift = 10
    const double least = pacing_rate_Bps * 8 < kMinTsoRateBps ? 1 : 2;
    const double tso_goal = std::min(std::max(std::floor(burst_bytes / mss), least), kMaxTsoSegments);
    double segments = std::ceil(target_bytes / mss) + 3 * tso_goal;
    segments = 2 * std::ceil(segments / 2);  // the next even number
    if (probing) segments += 2;
    return segments * mss;
}

}  // namespace inflight
