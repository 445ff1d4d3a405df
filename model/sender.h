// The TCP sender of one connection: a bulk transfer that always has data to
// send, or a finite one of `data_bytes` (flows.md, "Finite transfers").
//   window in force = min(cwnd, rwnd, sndbuf); cwnd bounds the bytes in flight
//     (RFC 6675 pipe), rwnd and sndbuf bound snd_nxt − snd_una. The last
//     segment may be shorter than MSS when rwnd or sndbuf binds.
//   every packet is ACKed with exact SACK information (no delayed ACK)
//   loss detection by send order (RACK's idea, RFC 8985, dupthresh 3): a
//     transmission is lost once three transmissions sent after it are delivered
//   lost segments are retransmitted before new data, lowest sequence first;
//     the first on entering recovery goes at once (fast retransmit, RFC 5681)
//   one congestion response per window: recovery (or CWR for an ECN echo)
//     lasts until everything outstanding at its start is acknowledged
//   RTO per RFC 6298 with Karn's rule and backoff; as Linux, the variance term
//     is at least 200 ms (RTO ≥ SRTT + 200 ms). The handshake's RTT sample
//     (one base RTT) initializes SRTT. On RTO: the algorithm's response,
//     cwnd = 1 MSS, everything unacknowledged is retransmitted.
//   optional pacing: no packet before the pacing clock allows
//   out of data (a finite transfer sent, a bulk flow stopped): no new data,
//     and the pipe is marked app-limited as Linux's tcp_rate_check_app_limited
//     does; what is outstanding is still recovered. Done once the last byte
//     is acknowledged.
#pragma once

#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "bottleneck.h"
#include "congestion_control.h"
#include "rate_sampler.h"
#include "ring.h"

namespace inflight {

// Rare happenings the sender reports (the recorder turns them into events).
class SenderEvents {
public:
    virtual ~SenderEvents() = default;
    virtual void congestion_event(TimePs now, CongestionCause cause, double cwnd_before_bytes,
                                  double cwnd_after_bytes, bool ended_slow_start) = 0;
    virtual void retransmission_timeout(TimePs now, TimePs rto, int backoff, double cwnd_before_bytes) = 0;
    virtual void phase_change(TimePs now, CcPhase from, CcPhase to) = 0;
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
    };
    static constexpr std::uint64_t kUnlimited = ~0ull;
    Sender(const Config& c, CongestionControl& cc, Bottleneck& path, SenderEvents& events);

    AckOutcome on_ack(TimePs now, const AckInFlight& ack);
    void on_rto_timer(TimePs now);
    // Sends whatever the window, the pacing clock and recovery allow.
    void try_send(TimePs now);
    // The application has no more new data (a bulk flow's `stop`).
    void stop_new_data() { data_limit_ = snd_nxt_; }
    // Every byte the application had is acknowledged.
    bool done() const { return snd_una_ >= data_limit_; }

    TimePs rto_deadline() const { return rto_deadline_; }
    // When the pacing clock next allows a packet, if it is what holds us back.
    TimePs pacing_wakeup() const { return blocked_by_ == Limit::Pacing ? next_send_time_ : kNever; }
    Limit blocked_by() const { return blocked_by_; }

    double cwnd_bytes() const { return cc_state_.cwnd_bytes; }
    double ssthresh_bytes() const { return cc_state_.ssthresh_bytes; }
    double window_in_force_bytes() const {
        return std::min(cc_state_.cwnd_bytes, static_cast<double>(window_limit_bytes_));
    }
    std::uint64_t bytes_in_flight() const { return in_flight_bytes_; }
    std::uint64_t acked_bytes() const { return snd_una_; }  // in order, cumulative
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

private:
    enum class SegState : std::uint8_t { InFlight, Lost, Delivered };
    struct Segment {
        RateSnapshot snapshot;   // from the latest transmission
        std::uint32_t tx_index;  // latest transmission (low 32 bits)
        std::uint16_t bytes;     // ≤ 9000
        SegState state;
        bool retransmitted;
        bool sent_app_limited;   // sent while the pipe was marked app-limited
    };
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
    void transmit(TimePs now, std::uint64_t seg_no, bool retransmission);
    void detect_losses();
    void mark_lost(std::uint64_t seg_no, Segment& g);
    bool advance_snd_una();
    void update_rtt(TimePs rtt);
    void enter_recovery(TimePs now, CongestionCause cause);
    void refresh_cc_state();
    void note_phase(TimePs now);
    TimePs current_rto() const;

    Config cfg_;
    CongestionControl& cc_;
    Bottleneck& path_;
    SenderEvents& events_;
    CcState cc_state_;
    RateSampler rate_;
    std::uint64_t window_limit_bytes_;  // min(rwnd, sndbuf)
    Limit window_limit_kind_;           // which of the two

    // Scoreboard: one entry per segment from snd_una to snd_nxt.
    Ring<Segment> segs_;
    std::uint64_t una_seg_ = 0;        // segment number at snd_una
    std::uint64_t snd_una_ = 0;        // bytes
    std::uint64_t snd_nxt_ = 0;        // bytes
    std::uint64_t data_limit_;         // the application's bytes
    std::uint64_t in_flight_bytes_ = 0;
    Ring<Transmission> tx_order_;      // outstanding transmissions, in send order
    std::uint32_t tx_counter_ = 0;                // wraps; compared as differences
    std::uint32_t delivered_tx_[3] = {0, 0, 0};  // tx indexes of the last three deliveries, oldest first
    std::priority_queue<std::uint64_t, std::vector<std::uint64_t>, std::greater<>> retransmit_queue_;
    bool new_loss_ = false;
    std::uint64_t lost_bytes_this_ack_ = 0;

    RecoveryState recovery_ = RecoveryState::Open;
    std::uint64_t recovery_point_ = 0;  // snd_nxt when recovery began
    bool fast_retransmit_due_ = false;

    // RFC 6298 state.
    TimePs srtt_ = 0, rttvar_ = 0;
    int backoff_ = 0;
    TimePs rto_deadline_ = kNever;
    TimePs min_rtt_ = kNever;

    TimePs next_send_time_ = 0;
    Limit blocked_by_ = Limit::Cwnd;
    CcPhase phase_ = CcPhase::SlowStart;

    std::uint64_t retransmits_ = 0, rtos_ = 0, congestion_events_ = 0, packets_sent_ = 0;
    std::uint64_t retransmitted_bytes_ = 0;
};

}  // namespace inflight
