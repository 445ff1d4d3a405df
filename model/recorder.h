// Turns the running simulation into what the app shows: trace buckets
// (min and max of every series, so peaks and notches survive decimation),
// the typed event log (drops and marks grouped, not one line each), and the
// steady-state statistics behind the Summary.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "bottleneck.h"
#include "result.h"
#include "sender.h"

namespace inflight {

class Recorder final : public SenderEvents {
public:
    struct Config {
        TimePs duration;
        std::int64_t bucket_count;   // trace buckets over the run
        TimePs window_start;         // steady-state window = [window_start, duration]; a bucket boundary
        TimePs max_rtt_expected;     // sizes the RTT histogram; larger samples share its last bin
        std::uint32_t mss_bytes;
        double link_rate_bps;
        std::uint64_t window_limit_bytes;  // min(rwnd, sndbuf), for the log
        TimePs drop_group_span;      // drops within this span of the first form one log line
        TimePs limit_log_period;     // the binding limit is judged over this period
        bool random_loss;
    };
    Recorder(const Config& c, Trace& trace, std::vector<Event>& events);

    // After every simulation step: the sender's and the path's state at `now`.
    void observe(TimePs now, const Sender& s, const Bottleneck& path, Limit limit) {
        account_time(now);
        const double cwnd = s.cwnd_bytes();
        widen(cur_.cwnd_bytes, cwnd);
        widen(cur_.window_bytes, s.window_in_force_bytes());
        widen(cur_.inflight_bytes, static_cast<double>(s.bytes_in_flight()));
        widen(cur_.queue_bytes, static_cast<double>(path.queue_bytes()));
        last_cwnd_ = cwnd;
        last_limit_ = limit;
        const std::uint64_t marks_and_drops = path.counters().drops() + path.counters().ecn_marks;
        if (marks_and_drops != seen_marks_and_drops_) group_drops(now, path.counters());
    }
    void ack_sample(TimePs now, const AckOutcome& a) {
        if (a.rtt >= 0) rtt_sample(now, a.rtt);
        if (a.delivery_rate_bps >= 0) widen(cur_.delivery_rate_bps, a.delivery_rate_bps);
    }
    // Closes the bucket ending at `now`.
    void close_bucket(TimePs now, const Sender& s, const Bottleneck& path, const CongestionControl& cc);
    // Ends the run at `now`: flushes open groups, fills the summary.
    void finish(TimePs now, const Sender& s, const Bottleneck& path, Summary& out);

    TimePs next_bucket_end() const { return bucket_end_; }
    // End of bucket k (1-based): bucket boundaries fall at duration·k/bucket_count.
    TimePs bucket_end(std::int64_t k) const {
        return cfg_.duration * k / cfg_.bucket_count;  // ≤ 6e14 ps × 5000: fits int64
    }

    // SenderEvents
    void congestion_event(TimePs now, CongestionCause cause, double cwnd_before_bytes,
                          double cwnd_after_bytes, bool ended_slow_start) override;
    void retransmission_timeout(TimePs now, TimePs rto, int backoff, double cwnd_before_bytes) override;
    void phase_change(TimePs now, CcPhase from, CcPhase to) override;

private:
    static void widen(MinMax& m, double v) {
        if (v < m.min) m.min = v;
        if (v > m.max) m.max = v;
    }
    void account_time(TimePs now) {
        const TimePs dt = now - last_t_;
        bucket_limit_time_[static_cast<int>(last_limit_)] += dt;
        period_limit_time_[static_cast<int>(last_limit_)] += dt;
        if (now > cfg_.window_start) {
            window_limit_time_[static_cast<int>(last_limit_)] += dt;
            cwnd_time_integral_ += last_cwnd_ * to_seconds(dt);
        }
        last_t_ = now;
    }
    void rtt_sample(TimePs now, TimePs rtt);
    void group_drops(TimePs now, const PathCounters& c);
    void flush_drop_group();
    void flush_congestion_group();
    void judge_limit(TimePs now);
    void reset_bucket(TimePs start);
    // Appends in time order (drop groups are written after later events).
    void add(Event e);

    Config cfg_;
    Trace& trace_;
    std::vector<Event>& events_;

    TraceBucket cur_;
    TimePs bucket_end_;
    std::array<TimePs, kLimitCount> bucket_limit_time_{};
    std::array<TimePs, kLimitCount> period_limit_time_{};
    std::array<TimePs, kLimitCount> window_limit_time_{};
    TimePs period_end_;
    bool limit_logged_ = false;
    Limit logged_limit_ = Limit::Cwnd;

    TimePs last_t_ = 0;
    double last_cwnd_ = 0;
    Limit last_limit_ = Limit::Cwnd;
    double cwnd_time_integral_ = 0;  // byte·seconds over the steady window
    std::uint64_t delivered_at_window_start_ = 0;  // in or out of order

    // RTT statistics over the steady window (histogram for the 95th percentile).
    double rtt_sum_s_ = 0;
    std::uint64_t rtt_count_ = 0;
    TimePs rtt_min_ = kNever, rtt_max_ = 0;
    std::vector<std::uint32_t> rtt_histogram_;  // 10 µs bins
    static constexpr TimePs kRttBin = 10'000'000;
    static constexpr double kBinsPerPs = 1.0 / kRttBin;

    // The open group of drops and marks.
    std::uint64_t seen_marks_and_drops_ = 0;
    PathCounters group_base_{};
    PathCounters group_now_{};
    TimePs group_start_ = -1;
    // Congestion events after the first of a span, merged into one line.
    TimePs congestion_group_start_ = -1;
    Event congestion_group_;
    std::uint64_t window_congestion_events_ = 0;
};

}  // namespace inflight
