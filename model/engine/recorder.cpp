#include "model/engine/recorder.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace inflight {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

double finite_or_nan(double v) { return std::isfinite(v) ? v : kNaN; }
void settle(MinMax& m) {  // an empty bucket has no value
    if (m.min > m.max) m.min = m.max = kNaN;
}
constexpr MinMax kEmpty{kInf, -kInf};
void merge(MinMax& into, const MinMax& m) {  // both unsettled (an empty one is kEmpty)
    into.min = std::min(into.min, m.min);
    into.max = std::max(into.max, m.max);
}
template <typename Array>
Limit longest(const Array& times) {
    return static_cast<Limit>(std::max_element(times.begin(), times.end()) - times.begin());
}
}  // namespace

namespace recording {
void StepSeries::reset() {
    for (PairMinMax* m : {&cwnd_window, &inflight_queue}) *m = PairMinMax{Pair{kInf, kInf}, Pair{-kInf, -kInf}};
}
void StepSeries::hold(double cwnd, double window, double inflight) {
    recording::widen(cwnd_window, Pair{cwnd, window});
    recording::widen(inflight_queue, Pair{inflight, kNaN});
}
void StepSeries::write_to(TraceBucket& b) const {
    b.cwnd_bytes = MinMax{cwnd_window.min[0], cwnd_window.max[0]};
    b.window_bytes = MinMax{cwnd_window.min[1], cwnd_window.max[1]};
    b.inflight_bytes = MinMax{inflight_queue.min[0], inflight_queue.max[0]};
    b.queue_bytes = MinMax{inflight_queue.min[1], inflight_queue.max[1]};
}
}  // namespace recording

Recorder::Recorder(const Config& c, Trace& trace, std::vector<Event>& events)
    : cfg_(c), trace_(trace), events_(events), bucket_end_(bucket_end(1)), period_end_(c.limit_log_period) {
    reset_bucket(0);
    congestion_group_.count = 0;
    trace_.buckets = TraceBuckets(TraceAllocator<TraceBucket>::for_a_run());
    trace_.buckets.reserve(static_cast<std::size_t>(c.bucket_count));
    rtt_bin_ = std::max(kMinRttBin, c.max_rtt_expected / kMaxRttBins + 1);
    rtt_bins_per_ps_ = 1.0 / static_cast<double>(rtt_bin_);
    window_rtt_s_ = rtt_at_window_start_ = kEmpty;
    // The window's start is where a bucket closes: the RTT histogram is sized
    // then, the RTT extremes and limit runs split there.
    assert(bucket_end((c.window_start * c.bucket_count + c.duration - 1) / c.duration) == c.window_start);
}

void Recorder::reset_bucket(TimePs start) {
    // Only what the open bucket gathers is reset here: close_bucket writes
    // every other field of cur_.
    cur_.t_start_s = to_seconds(start);
    for (MinMax* m : {&cur_.rtt_s, &cur_.delivery_rate_bps}) *m = kEmpty;
    series_.reset();
    limit_time_at_bucket_start_ = limit_time_;
}

double Recorder::active_window_s() const {
    const TimePs from = std::max(cfg_.window_start, cfg_.active_from);
    const TimePs until = std::min(cfg_.duration, cfg_.active_until);
    return until > from ? to_seconds(until - from) : 0.0;
}

void Recorder::add(Event e) {
    e.flow = cfg_.flow;
    auto at = events_.end();
    while (at != events_.begin() && (at - 1)->t_s > e.t_s) --at;
    events_.insert(at, std::move(e));
}

std::array<TimePs, kLimitCount> Recorder::limit_time_since(const std::array<TimePs, kLimitCount>& start) const {
    std::array<TimePs, kLimitCount> d;
    for (int i = 0; i < kLimitCount; ++i) d[i] = limit_time_[i] - start[i];
    return d;
}

void Recorder::close_limit_run() {
    const int l = static_cast<int>(last_limit_);
    limit_time_[l] += (last_t_ - run_start_) - (limit_time_[kLink] - link_time_at_run_start_);
    // A run never straddles the window's start (a bucket boundary, where
    // close_bucket closes it): it is in the window or before it. In the
    // window, its spans are counted up to window_counted_until_.
    if (run_start_ >= cfg_.window_start) {
        const TimePs counted = std::max<TimePs>(std::min(last_t_, window_counted_until_) - run_start_, 0);
        window_limit_time_[l] += counted - (window_limit_time_[kLink] - window_link_time_at_run_start_);
    }
    run_start_ = last_t_;
    link_time_at_run_start_ = limit_time_[kLink];
    window_link_time_at_run_start_ = window_limit_time_[kLink];
}

void Recorder::size_rtt_histogram() {
    rtt_histogram_ = ZeroedCounts(static_cast<std::size_t>(cfg_.max_rtt_expected / rtt_bin_) + 2);
    rtt_last_bin_ = rtt_histogram_.size() - 1;
}

void Recorder::close_bucket(TimePs now, const FlowBucketState& s) {
    account_time(now);
    close_limit_run();
    cur_.t_end_s = to_seconds(now);
    series_.write_to(cur_);
    if (now > cfg_.window_start) {  // a bucket of the window: its RTT samples are the window's...
        merge(window_rtt_s_, cur_.rtt_s);
        merge(cur_.rtt_s, rtt_at_window_start_);  // ...but for those at its very start
        rtt_at_window_start_ = kEmpty;
    }
    for (MinMax* m : {&cur_.cwnd_bytes, &cur_.window_bytes, &cur_.inflight_bytes, &cur_.queue_bytes,
                      &cur_.rtt_s, &cur_.delivery_rate_bps})
        settle(*m);
    cur_.ssthresh_bytes = finite_or_nan(s.ssthresh_bytes);
    cur_.srtt_s = s.srtt_s;
    cur_.rttvar_s = s.rttvar_s;
    cur_.cwnd_end_bytes = s.cwnd_end_bytes;
    cur_.rwnd_bytes = s.rwnd_bytes;
    cur_.retransmits = s.retransmits;
    cur_.retransmitted_bytes = s.retransmitted_bytes;
    cur_.min_rtt_s = s.min_rtt_s;
    cur_.pacing_rate_bps = s.pacing_rate_bps;
    cur_.cc = s.cc;
    cur_.phase = s.phase;
    cur_.limit = longest(limit_time_since(limit_time_at_bucket_start_));
    cur_.pkts_sent = s.pkts_sent;
    cur_.pkts_delivered = s.pkts_delivered;
    cur_.pkts_dropped = s.pkts_dropped;
    cur_.pkts_in_network = s.pkts_in_network;
    cur_.delivered_bytes = s.delivered_bytes;
    trace_.buckets.push_back(cur_);
    prefetch_next_slot(trace_.buckets);

    if (now == cfg_.window_start) {
        delivered_at_window_start_ = s.delivered_bytes;
        size_rtt_histogram();  // the window's samples come after this (now > window_start)
    }
    if (now == cfg_.window_mid) {
        delivered_at_mid_ = s.delivered_bytes;
        acked_at_mid_ = s.acked_bytes;
    }
    // A flow that is over (its one transfer done, its stop passed) is held
    // back by nothing: no limit is judged for a period that ends after it
    // (a 10 KB transfer done at 0.16 s read "Now limited by the
    // application" at 0.5 s, after its "transfer done").
    if (cfg_.tcp && started_ && now >= period_end_ && now <= cfg_.active_until) judge_limit(now);
    if (group_start_ >= 0 && now - group_start_ > cfg_.drop_group_span) flush_drop_group();
    if (congestion_group_start_ >= 0 && now - congestion_group_start_ > cfg_.drop_group_span) {
        flush_congestion_group();
        congestion_group_start_ = -1;
    }

    reset_bucket(now);
    // The values held as the bucket opens belong to it: a TCP flow's once it
    // has started (the step that started it was observed: no bucket ends
    // between a step and its observation).
    if (started_ && cfg_.tcp) {
        series_.hold(s.cwnd_bytes, s.window_bytes, s.inflight_bytes);
    }
    bucket_end_ = bucket_end(static_cast<std::int64_t>(trace_.buckets.size()) + 1);
}

void Recorder::group_drops(TimePs now, const PathCounters& c) {
    if (group_start_ >= 0 && now - group_start_ > cfg_.drop_group_span) flush_drop_group();
    if (group_start_ < 0) {
        group_start_ = now;
        group_base_ = group_now_;
    }
    group_now_ = c;
    seen_marks_and_drops_ = c.marks_and_drops;
}

void Recorder::flush_drop_group() {
    const double t = to_seconds(group_start_);
    const std::uint64_t tail = group_now_.drops_tail - group_base_.drops_tail;
    const std::uint64_t aqm = group_now_.drops_aqm - group_base_.drops_aqm;
    const std::uint64_t random = group_now_.drops_random - group_base_.drops_random;
    const std::uint64_t marks = group_now_.ecn_marks - group_base_.ecn_marks;
    if (tail + aqm + random > 0) {
        Event e;
        e.t_s = t;
        e.kind = EventKind::Drops;
        e.drops_tail = tail;
        e.drops_aqm = aqm;
        e.drops_random = random;
        add(std::move(e));
    }
    if (marks > 0) {
        Event e;
        e.t_s = t;
        e.kind = EventKind::EcnMarks;
        e.ecn_marks = marks;
        add(std::move(e));
    }
    group_start_ = -1;
}

void Recorder::judge_limit(TimePs now) {
    const Limit l = longest(limit_time_since(limit_time_at_period_start_));
    limit_time_at_period_start_ = limit_time_;
    period_end_ = now + cfg_.limit_log_period;
    if (limit_logged_ && l == logged_limit_) return;
    limit_logged_ = true;
    logged_limit_ = l;
    Event e;
    e.t_s = to_seconds(now);
    e.kind = EventKind::LimitChange;
    e.limit = l;
    if (l == Limit::Rwnd || l == Limit::Sndbuf) e.limit_bytes = cfg_.window_limit_bytes;
    add(std::move(e));
}

void Recorder::congestion_event(TimePs now, CongestionCause cause, double before, double after,
                                bool ended_slow_start) {
    if (now > cfg_.window_start) ++window_congestion_events_;
    if (cause == CongestionCause::Rto) return;  // the RTO line says it
    const double t = to_seconds(now);
    if (ended_slow_start) {
        Event e;
        e.t_s = t;
        e.kind = EventKind::SlowStartExit;
        e.start_end = StartEnd::FirstCongestion;
        e.cause = cause;
        e.cwnd_before_bytes = before;
        e.mss_bytes = cfg_.mss_bytes;
        add(std::move(e));
    }
    if (congestion_group_start_ >= 0 && now - congestion_group_start_ <= cfg_.drop_group_span) {
        if (congestion_group_.count == 0) {  // the second of the span opens the merged line
            congestion_group_.t_s = t;
            congestion_group_.cause = cause;
            congestion_group_.cwnd_before_bytes = before;
        }
        ++congestion_group_.count;
        congestion_group_.cwnd_after_bytes = after;
        return;
    }
    flush_congestion_group();
    congestion_group_start_ = now;
    Event e;
    e.t_s = t;
    e.kind = EventKind::CongestionEvent;
    e.cause = cause;
    e.cwnd_before_bytes = before;
    e.cwnd_after_bytes = after;
    e.mss_bytes = cfg_.mss_bytes;
    add(std::move(e));
}

void Recorder::flush_congestion_group() {
    if (congestion_group_.count > 0) {
        Event& e = congestion_group_;
        e.kind = EventKind::CongestionEvent;
        e.grouped = true;
        e.group_span_s = to_seconds(cfg_.drop_group_span);
        e.mss_bytes = cfg_.mss_bytes;
        add(std::move(e));
    }
    congestion_group_ = Event{};
    congestion_group_.count = 0;
}

void Recorder::retransmission_timeout(TimePs now, TimePs rto, int backoff, double before) {
    Event e;
    e.t_s = to_seconds(now);
    e.kind = EventKind::Rto;
    e.cause = CongestionCause::Rto;
    e.cwnd_before_bytes = before;
    e.cwnd_after_bytes = cfg_.mss_bytes;
    e.mss_bytes = cfg_.mss_bytes;
    e.next_rto_s = to_seconds(rto);
    e.rto_backoff = backoff;
    add(std::move(e));
}

void Recorder::phase_change(TimePs now, CcPhase from, CcPhase to, const CcState& s) {
    const double t = to_seconds(now);
    const bool bbr = to == CcPhase::Startup || to == CcPhase::Drain || to == CcPhase::ProbeBw || to == CcPhase::ProbeRtt;
    if (bbr) {
        if (from == CcPhase::Startup && to == CcPhase::Drain) {
            Event x;
            x.t_s = t;
            x.kind = EventKind::SlowStartExit;
            x.start_end = StartEnd::PipeFull;
            add(std::move(x));
        }
        Event e;
        e.t_s = t;
        e.kind = EventKind::StateChange;
        e.phase = to;
        add(std::move(e));
        return;
    }
    if (from == CcPhase::SlowStart && to == CcPhase::CongestionAvoidance) {
        Event e;
        e.t_s = t;
        e.kind = EventKind::SlowStartExit;
        e.phase = to;
        e.start_end = s.slow_start_end;  // ReachedSsthresh, or HyStart's detector
        if (s.slow_start_end != StartEnd::ReachedSsthresh) {
            e.cwnd_before_bytes = s.slow_start_end_cwnd_bytes;
            e.mss_bytes = cfg_.mss_bytes;
        }
        add(std::move(e));
    }
}

void Recorder::flow_event(TimePs now, EventKind kind, std::uint64_t transfer, std::uint64_t size_bytes,
                          double fct_s) {
    if (kind == EventKind::FlowStart && !started_) {
        // The binding limit is judged over periods of the flow's own life:
        // the first one opens with its first SYN, not at t = 0.
        account_time(now);
        close_limit_run();
        started_ = true;
        limit_time_at_period_start_ = limit_time_;
        period_end_ = now + cfg_.limit_log_period;
    }
    Event e;
    e.t_s = to_seconds(now);
    e.kind = kind;
    e.transfer = transfer;
    e.size_bytes = size_bytes;
    e.fct_s = fct_s;
    e.ping = kind == EventKind::FlowStart && !cfg_.tcp;
    add(std::move(e));
}

void Recorder::nagle_stall(TimePs now, std::uint64_t request, double wait_s, bool delayed_ack) {
    Event e;
    e.t_s = to_seconds(now);
    e.kind = EventKind::NagleStall;
    e.transfer = request;
    e.wait_s = wait_s;
    e.delayed_ack = delayed_ack;
    add(std::move(e));
}

void Recorder::finish(const FlowTotals& t, Summary& out) {
    close_limit_run();  // (a run cancelled mid-bucket)
    if (group_start_ >= 0) flush_drop_group();
    flush_congestion_group();
    const double window_s = active_window_s();
    out.window_start_s = to_seconds(cfg_.window_start);
    out.window_end_s = to_seconds(cfg_.duration);
    // Bytes that reached the receiver during the window and were delivered to
    // the application, in order, by its end. Counting from the in-order point
    // at the window's start instead would also count bytes that arrived
    // before it and waited behind a hole, and could exceed the link rate.
    out.throughput_bps = window_s > 0 ? static_cast<double>(window_bytes(t.acked_bytes)) * 8.0 / window_s : 0.0;
    out.utilisation = out.throughput_bps / cfg_.link_rate_bps;
    out.mean_cwnd_packets = window_s > 0 ? cwnd_time_integral_ / window_s / cfg_.mss_bytes : 0.0;
    if (rtt_count_ > 0) {
        merge(window_rtt_s_, cur_.rtt_s);  // a run cancelled mid-bucket: the open bucket's too
        out.mean_rtt_s = rtt_sum_s_ / static_cast<double>(rtt_count_);
        out.min_rtt_s = window_rtt_s_.min;
        out.max_rtt_s = window_rtt_s_.max;
        const std::uint64_t rank = static_cast<std::uint64_t>(std::ceil(0.95 * static_cast<double>(rtt_count_)));
        std::uint64_t seen = 0;
        // No sample lies below the window's least RTT: the count starts a
        // bin under its bin (rounding seconds back to picoseconds may move
        // it by one), leaving the histogram's empty pages below untouched.
        const auto least = static_cast<std::int64_t>(out.min_rtt_s * 1e12 * rtt_bins_per_ps_) - 1;
        for (std::size_t i = static_cast<std::size_t>(std::clamp<std::int64_t>(least, 0, static_cast<std::int64_t>(rtt_last_bin_)));
             i < rtt_histogram_.size(); ++i) {
            seen += rtt_histogram_[i];
            if (seen >= rank) {
                const double mid = (static_cast<double>(i) + 0.5) * to_seconds(rtt_bin_);
                out.p95_rtt_s = std::clamp(mid, out.min_rtt_s, out.max_rtt_s);
                break;
            }
        }
    } else {
        out.mean_rtt_s = out.min_rtt_s = out.max_rtt_s = out.p95_rtt_s = kNaN;
    }
    TimePs total = 0;
    for (TimePs x : window_limit_time_) total += x;
    for (int i = 0; i < kLimitCount; ++i)
        out.binding_fractions[i] = total > 0 ? static_cast<double>(window_limit_time_[i]) / static_cast<double>(total) : 0;
    out.binding_limit = longest(window_limit_time_);
    out.window_congestion_events = window_congestion_events_;
    out.congestion_events = t.congestion_events;
    out.drops_tail = t.path.drops_tail;
    out.drops_aqm = t.path.drops_aqm;
    out.drops_random = t.path.drops_random;
    out.ecn_marks = t.path.ecn_marks;
    out.retransmits = t.retransmits;
    out.rtos = t.rtos;
    out.packets_simulated = t.packets_sent;
    out.few_events = cfg_.random_loss && window_congestion_events_ < Summary::kFewEvents;
}

PathRecorder::PathRecorder(Trace& trace, std::int64_t bucket_count) : trace_(trace) {
    trace_.buckets = TraceBuckets(TraceAllocator<TraceBucket>::for_a_run());
    trace_.buckets.reserve(static_cast<std::size_t>(bucket_count));
    reset_bucket(0);
}

void PathRecorder::reset_bucket(TimePs start) {
    cur_ = TraceBucket{};
    cur_.t_start_s = to_seconds(start);
    for (MinMax* m : {&cur_.rtt_s, &cur_.delivery_rate_bps}) *m = kEmpty;
    series_.reset();
}

void PathRecorder::close_bucket(TimePs now, const std::vector<const TraceBucket*>& flows,
                                std::uint64_t delivered_bytes) {
    cur_.t_end_s = to_seconds(now);
    std::array<int, kLimitCount> limit_votes{};
    double srtt_min = kInf, min_rtt = kInf;
    cur_.ssthresh_bytes = kNaN;
    cur_.pacing_rate_bps = 0;
    // The aggregate's advertised window is the sum over the flows that have
    // one (pings and flows between connections have none): what the
    // receivers together let the senders have in flight, beside the summed
    // windows — ten 64 KB receivers allow 655,350 B. NaN when none has one.
    cur_.rwnd_bytes = kNaN;
    for (const TraceBucket* f : flows) {
        if (!std::isnan(f->rwnd_bytes)) cur_.rwnd_bytes = (std::isnan(cur_.rwnd_bytes) ? 0.0 : cur_.rwnd_bytes) + f->rwnd_bytes;
        if (!std::isnan(f->rtt_s.min)) widen(cur_.rtt_s, f->rtt_s.min);
        if (!std::isnan(f->rtt_s.max)) widen(cur_.rtt_s, f->rtt_s.max);
        if (f->srtt_s > 0) srtt_min = std::min(srtt_min, f->srtt_s);
        if (!std::isnan(f->min_rtt_s)) min_rtt = std::min(min_rtt, f->min_rtt_s);
        cur_.cwnd_end_bytes += f->cwnd_end_bytes;
        cur_.pacing_rate_bps += f->pacing_rate_bps;
        cur_.retransmits += f->retransmits;
        cur_.retransmitted_bytes += f->retransmitted_bytes;
        cur_.pkts_sent += f->pkts_sent;
        cur_.pkts_delivered += f->pkts_delivered;
        cur_.pkts_dropped += f->pkts_dropped;
        cur_.pkts_in_network += f->pkts_in_network;
        ++limit_votes[static_cast<int>(f->limit)];
    }
    // The aggregate's delivery rate: every flow's bytes delivered in the bucket.
    const double bucket_s = cur_.t_end_s - cur_.t_start_s;
    const double rate = bucket_s > 0 ? static_cast<double>(delivered_bytes - delivered_before_) * 8.0 / bucket_s : kNaN;
    delivered_before_ = delivered_bytes;
    cur_.delivered_bytes = delivered_bytes;
    cur_.delivery_rate_bps = MinMax{rate, rate};
    cur_.srtt_s = srtt_min < kInf ? srtt_min : kNaN;   // the shortest flow's
    cur_.min_rtt_s = min_rtt < kInf ? min_rtt : kNaN;
    cur_.phase = flows.empty() ? CcPhase::SlowStart : flows.front()->phase;
    cur_.limit = longest(limit_votes);                 // what bound most flows
    series_.write_to(cur_);
    for (MinMax* m : {&cur_.cwnd_bytes, &cur_.window_bytes, &cur_.inflight_bytes, &cur_.queue_bytes,
                      &cur_.rtt_s, &cur_.delivery_rate_bps})
        settle(*m);
    trace_.buckets.push_back(cur_);
    prefetch_next_slot(trace_.buckets);
    reset_bucket(now);
    // The values held as the bucket opens belong to it.
    series_.hold(last_[0], last_[1], last_[2]);
}

}  // namespace inflight
