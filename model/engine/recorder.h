// Turns one flow of the running simulation into what the app shows: trace
// buckets (min and max of every series, so peaks and notches survive
// decimation), its events in the shared, typed event log (drops and marks
// grouped per flow, not one line each), and the steady-state statistics
// behind its summary. PathRecorder does the same for the path's aggregate
// when several flows share it.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "model/path/bottleneck.h"
#include "model/core/result.h"
#include "model/core/zeroed_counts.h"
#include "model/tcp/sender.h"

namespace inflight {

// A flow's state at a bucket's end, as its connections sum it up.
struct FlowBucketState {
    double ssthresh_bytes = 0, srtt_s = 0, rttvar_s = 0, cwnd_end_bytes = 0, min_rtt_s = 0;
    double pacing_rate_bps = 0;
    CcInfo cc;
    CcPhase phase = CcPhase::SlowStart;
    std::uint64_t retransmits = 0, retransmitted_bytes = 0;
    std::uint64_t pkts_sent = 0, pkts_delivered = 0, pkts_dropped = 0, pkts_in_network = 0;
    std::uint64_t delivered_bytes = 0;  // in or out of order, every connection so far
    std::uint64_t acked_bytes = 0;      // in order, every connection so far
    double cwnd_bytes = 0, window_bytes = 0, inflight_bytes = 0;  // as last observed (the sums)
    // The advertised windows the live connections' senders last learned,
    // summed; NaN when no connection has a sender (TraceBucket::rwnd_bytes).
    double rwnd_bytes = std::numeric_limits<double>::quiet_NaN();
};

// A flow's whole-run counts at the end.
struct FlowTotals {
    std::uint64_t acked_bytes = 0;       // in order
    std::uint64_t delivered_bytes = 0;   // in or out of order
    std::uint64_t retransmitted_bytes = 0;
    std::uint64_t congestion_events = 0, retransmits = 0, rtos = 0, packets_sent = 0;
    std::uint64_t acks_sent = 0, segments_received = 0;  // the receiver's: pure ACKs, data segments
    PathCounters path;
};

namespace recording {
// As `if (v < min) min = v` (NaN leaves it), written so it compiles to
// minsd/maxsd without a branch.
inline void widen(MinMax& m, double v) {
    m.min = v < m.min ? v : m.min;
    m.max = v > m.max ? v : m.max;
}
// Two series side by side in one SSE register (a GCC/Clang vector): the same
// comparison in each lane as above, one minpd and one maxpd for both.
#if defined(__GNUC__)
using Pair = double __attribute__((vector_size(16)));
#else
struct Pair {  // elsewhere: the two lanes as plain doubles
    double lane[2];
    double operator[](int i) const { return lane[i]; }
};
#endif
struct PairMinMax {
    Pair min, max;
};
inline void widen(PairMinMax& m, Pair v) {
#if defined(__GNUC__)
    m.min = v < m.min ? v : m.min;
    m.max = v > m.max ? v : m.max;
#else
    for (int i = 0; i < 2; ++i) {
        m.min.lane[i] = v.lane[i] < m.min.lane[i] ? v.lane[i] : m.min.lane[i];
        m.max.lane[i] = v.lane[i] > m.max.lane[i] ? v.lane[i] : m.max.lane[i];
    }
#endif
}
// The four series observed after every step (cwnd, window, in flight,
// queue): their min and max over the open bucket, kept as two pairs.
struct StepSeries {
    PairMinMax cwnd_window, inflight_queue;
    void reset();  // an empty bucket
    INFLIGHT_HOT void widen(double cwnd, double window, double inflight, double queue) {
        recording::widen(cwnd_window, Pair{cwnd, window});
        recording::widen(inflight_queue, Pair{inflight, queue});
    }
    // The values held as a bucket opens belong to it (the queue's are
    // observed afresh: NaN leaves its bounds).
    void hold(double cwnd, double window, double inflight);
    // Into the closing bucket's four series (unsettled).
    void write_to(TraceBucket& b) const;
};
// Bytes in order by a later point less those that had arrived by an
// earlier one; none when the in-order point is still below them.
inline std::uint64_t arrived_after(std::uint64_t arrived_by_start, std::uint64_t in_order_by_end) {
    return in_order_by_end > arrived_by_start ? in_order_by_end - arrived_by_start : 0;
}
}  // namespace recording

class Recorder final : public SenderEvents {
public:
    struct Config {
        int flow = 0;                // the flow's index, on its events
        bool tcp = true;             // false: a ping (no window, no limits)
        TimePs duration;
        std::int64_t bucket_count;   // trace buckets over the run
        TimePs window_start;         // steady-state window = [window_start, duration]; a bucket boundary
        TimePs window_mid;           // the window's halves meet here (a bucket boundary)
        TimePs active_from = 0;      // the flow is active over [active_from, active_until]
        TimePs active_until;
        TimePs max_rtt_expected;     // sizes the RTT histogram; larger samples share its last bin
        std::uint32_t mss_bytes;
        double link_rate_bps;
        std::uint64_t window_limit_bytes;  // min(rwnd, sndbuf), for the log
        TimePs drop_group_span;      // drops within this span of the first form one log line
        TimePs limit_log_period;     // the binding limit is judged over this period
        bool random_loss;
    };
    Recorder(const Config& c, Trace& trace, std::vector<Event>& events);

    // After every step of this flow: its state at `now`. `limit` is what holds
    // the sender back once the queue ahead of it has drained, at `link_until`
    // (`now` when it is empty): until then the link is the limit.
    INFLIGHT_HOT void observe(TimePs now, double cwnd, double window, double inflight, std::uint64_t queue,
                 Limit limit, TimePs link_until, const PathCounters& path) {
        account_time(now);
        series_.widen(cwnd, window, inflight, bytes_as_double(queue));
        last_cwnd_ = cwnd;
        if (limit != last_limit_) change_limit(limit);
        link_until_ = link_until;
        if (path.marks_and_drops != seen_marks_and_drops_) group_drops(now, path);
    }
    INFLIGHT_HOT void ack_sample(TimePs now, const AckOutcome& a) {
        if (a.rtt >= 0) rtt_sample(now, a.rtt);
        if (a.delivery_rate_bps >= 0) widen(cur_.delivery_rate_bps, a.delivery_rate_bps);
    }
    INFLIGHT_HOT void rtt_sample(TimePs now, TimePs rtt) {
        const double rtt_s = to_seconds(rtt);
        if (now <= cfg_.window_start) {
            // One at the window's very start is its bucket's (the bucket that
            // opened then) but not the window's: kept apart until that bucket
            // closes, so the window's extremes can come from its buckets'.
            widen(now < cfg_.window_start ? cur_.rtt_s : rtt_at_window_start_, rtt_s);
            return;
        }
        widen(cur_.rtt_s, rtt_s);
        rtt_sum_s_ += rtt_s;
        ++rtt_count_;
        // An RTT is > 0, so its bin converts through int64 (one instruction;
        // the unsigned conversion costs a branch and several).
        const auto bin = std::min(static_cast<std::size_t>(static_cast<std::int64_t>(static_cast<double>(rtt) * rtt_bins_per_ps_)),
                                  rtt_last_bin_);
        ++rtt_histogram_[bin];
    }
    // Closes the bucket ending at `now`.
    void close_bucket(TimePs now, const FlowBucketState& s);
    // Ends the run: flushes open groups, fills the flow's summary (today's
    // Summary fields, for this flow).
    void finish(const FlowTotals& t, Summary& out);

    TimePs next_bucket_end() const { return bucket_end_; }
    // End of bucket k (1-based): bucket boundaries fall at duration·k/bucket_count.
    TimePs bucket_end(std::int64_t k) const {
        return cfg_.duration * k / cfg_.bucket_count;  // ≤ 6e14 ps × 5000: fits int64
    }
    // The flow's active span ends (a transfer completed, a bulk flow stopped).
    void set_active_until(TimePs t) { cfg_.active_until = t; }
    // Bytes in the two halves of the steady window (settled?).
    // Each counts the bytes that reached the receiver after a point and are
    // in order by a later one: the in-order point then, less what had
    // arrived (in or out of order) by the first. A hole still open at the
    // end (a flow starved into RTO backoff, its last arrivals above it)
    // leaves the in-order point below that: none counted, not a negative
    // count wrapped round to 2^64.
    std::uint64_t first_half_bytes() const { return recording::arrived_after(delivered_at_window_start_, acked_at_mid_); }
    std::uint64_t second_half_bytes(std::uint64_t acked_end) const { return recording::arrived_after(delivered_at_mid_, acked_end); }
    std::uint64_t window_bytes(std::uint64_t acked_end) const { return recording::arrived_after(delivered_at_window_start_, acked_end); }
    // The part of the steady window the flow was active, in seconds.
    double active_window_s() const;
    // RTT samples taken in the steady window.
    std::uint64_t rtt_samples() const { return rtt_count_; }
    // Time each limit bound over the steady window while the flow was active
    // (complete once finish has run).
    const std::array<TimePs, kLimitCount>& window_limit_time() const { return window_limit_time_; }

    // SenderEvents
    void congestion_event(TimePs now, CongestionCause cause, double cwnd_before_bytes,
                          double cwnd_after_bytes, bool ended_slow_start) override;
    void retransmission_timeout(TimePs now, TimePs rto, int backoff, double cwnd_before_bytes) override;
    void phase_change(TimePs now, CcPhase from, CcPhase to, const CcState& s) override;
    // The flow's own happenings: starts, completions (with FCT), overlaps.
    void flow_event(TimePs now, EventKind kind, std::uint64_t transfer, std::uint64_t size_bytes,
                    double fct_s = 0);
    // Request `request`'s held write left after `wait_s` (a request/response flow).
    void nagle_stall(TimePs now, std::uint64_t request, double wait_s, bool delayed_ack);

private:
    static void widen(MinMax& m, double v) { recording::widen(m, v); }
    INFLIGHT_HOT void account_time(TimePs now) {
        // [last_t_, link_until_): the queue ahead was draining, the link bound;
        // then `last_limit_` did. The queue may have drained before last_t_
        // (account_time runs again at bucket ends between observations), so
        // the link's part is clamped into [last_t_, now]: no negative time.
        // The link's part is summed here; the rest goes to last_limit_ when
        // its run ends (close_limit_run).
        const TimePs on_link = std::clamp(link_until_, last_t_, now) - last_t_;
        limit_time_[kLink] += on_link;
        // The steady window counts the spans after its start that begin
        // while the flow is active.
        if (now > cfg_.window_start) {
            if (last_t_ < cfg_.active_until) {
                window_limit_time_[kLink] += on_link;
                cwnd_time_integral_ += last_cwnd_ * to_seconds(now - last_t_);
            } else if (window_counted_until_ == kNever) {
                window_counted_until_ = last_t_;  // the first span not counted begins where the last counted one ended
            }
        }
        last_t_ = now;
    }
    // A limit holds the sender back from the time it is first observed to the
    // next observation of another: one run. Its time outside the link's part
    // is the run's length less the link's part of the run, and so it is
    // credited once per run instead of per step (integer picoseconds: the
    // same sums in any grouping). Every reader of the limit times closes
    // the run first (a new one begins at last_t_).
    void close_limit_run();
    INFLIGHT_COLD void change_limit(Limit to) {
        close_limit_run();
        last_limit_ = to;
    }
    static constexpr int kLink = static_cast<int>(Limit::Link);
    void size_rtt_histogram();
    void group_drops(TimePs now, const PathCounters& c);
    void flush_drop_group();
    void flush_congestion_group();
    void judge_limit(TimePs now);
    // Time each limit bound since `start` (a snapshot of limit_time_).
    std::array<TimePs, kLimitCount> limit_time_since(const std::array<TimePs, kLimitCount>& start) const;
    void reset_bucket(TimePs start);
    // Appends in time order (drop groups are written after later events).
    void add(Event e);

    Config cfg_;
    Trace& trace_;
    std::vector<Event>& events_;

    TraceBucket cur_;
    recording::StepSeries series_;  // the open bucket's (cur_ gets them as it closes)
    TimePs bucket_end_;
    // Time each limit bound since the start (up to the open run of
    // last_limit_: see close_limit_run), and its value when the bucket and the
    // limit's judging period opened: a bucket's (a period's) share is the
    // difference.
    std::array<TimePs, kLimitCount> limit_time_{};
    std::array<TimePs, kLimitCount> limit_time_at_bucket_start_{};
    std::array<TimePs, kLimitCount> limit_time_at_period_start_{};
    std::array<TimePs, kLimitCount> window_limit_time_{};
    TimePs period_end_;
    bool started_ = false;  // the flow's first SYN (or ping) has gone out
    bool limit_logged_ = false;
    Limit logged_limit_ = Limit::Cwnd;

    TimePs last_t_ = 0;
    double last_cwnd_ = 0;  // as last observed
    Limit last_limit_ = Limit::Cwnd;
    TimePs link_until_ = 0;
    // The open run of last_limit_: its start and the link's times then.
    TimePs run_start_ = 0, link_time_at_run_start_ = 0, window_link_time_at_run_start_ = 0;
    TimePs window_counted_until_ = kNever;  // where the window's counted spans end; kNever until known
    double cwnd_time_integral_ = 0;  // byte·seconds over the steady window
    std::uint64_t delivered_at_window_start_ = 0;  // in or out of order
    std::uint64_t delivered_at_mid_ = 0, acked_at_mid_ = 0;

    // RTT statistics over the steady window (histogram for the 95th percentile).
    // Its extremes are those of the buckets after the window's start, merged
    // as each closes: the same figures, since to_seconds never reverses an
    // order (min of to_seconds = to_seconds of min).
    double rtt_sum_s_ = 0;
    std::uint64_t rtt_count_ = 0;
    MinMax window_rtt_s_;
    MinMax rtt_at_window_start_;      // samples at window_start exactly (see rtt_sample)
    ZeroedCounts rtt_histogram_;      // sized as the window opens
    std::size_t rtt_last_bin_ = 0;    // its last index (≥ 1); sized as the window opens
    TimePs rtt_bin_;                  // 10 µs, wider for very long paths (at most kMaxRttBins bins)
    double rtt_bins_per_ps_;
    static constexpr TimePs kMinRttBin = 10'000'000;
    static constexpr TimePs kMaxRttBins = 32768;

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

// The path's own series when several flows share it: the queue at every
// moment, the flows' sums (cwnd, window, in flight) and, per bucket, the
// aggregate delivery rate and conservation counters.
class PathRecorder {
public:
    PathRecorder(Trace& trace, std::int64_t bucket_count);
    void observe(double cwnd_sum, double window_sum, double inflight_sum, std::uint64_t queue) {
        series_.widen(cwnd_sum, window_sum, inflight_sum, static_cast<double>(queue));
        last_ = {cwnd_sum, window_sum, inflight_sum};
    }
    // Closes the bucket ending at `now` from the flows' own buckets just closed.
    void close_bucket(TimePs now, const std::vector<const TraceBucket*>& flows, std::uint64_t delivered_bytes);

private:
    static void widen(MinMax& m, double v) { recording::widen(m, v); }
    void reset_bucket(TimePs start);
    Trace& trace_;
    TraceBucket cur_;
    recording::StepSeries series_;  // the open bucket's (cur_ gets them as it closes)
    std::array<double, 3> last_{};  // cwnd, window, in flight sums as last observed
    std::uint64_t delivered_before_ = 0;
};

}  // namespace inflight
