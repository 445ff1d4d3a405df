// The kernel run's readings as Trace, events and Summary (see kernel_recorder.h).
#include "app/kernel/kernel_recorder.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>


namespace inflight::kernel {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr std::uint8_t kCaOpen = 0, kCaDisorder = 1, kCaCwr = 2, kCaRecovery = 3, kCaLoss = 4;
// BBR's gains (tcp_bbr.c): high_gain 2/ln2 ≈ 2.885 in Startup, its inverse
// in Drain, 1 and 1 in ProbeRTT. Thresholds halfway in between.
constexpr double kBbrStartupGainAbove = 2.0;
constexpr double kBbrDrainGainBelow = 0.5;
constexpr double kGainTolerance = 0.01;
// A limit other than cwnd binds for an interval when it held the sender for
// at least this share of it.
constexpr double kLimitedShare = 0.5;

bool congested(std::uint8_t ca) { return ca == kCaCwr || ca == kCaRecovery || ca == kCaLoss; }
MinMax nan_range() { return MinMax{kNaN, kNaN}; }
}  // namespace

KernelRecorder::KernelRecorder(const Config& c, Trace& trace, std::vector<Event>& events)
    : cfg_(c), trace_(trace), events_(events), bucket_s_(c.duration_s / c.bucket_count) {
    trace_.bucket_s = bucket_s_;
    trace_.buckets.reserve(static_cast<std::size_t>(c.bucket_count));
}

CcPhase KernelRecorder::phase_of(const TcpSample& t) const {
    if (cfg_.bbr) {
        if (!t.have_bbr) return CcPhase::Startup;
        if (t.bbr_pacing_gain > kBbrStartupGainAbove) return CcPhase::Startup;
        if (t.bbr_pacing_gain < kBbrDrainGainBelow) return CcPhase::Drain;
        if (std::abs(t.bbr_pacing_gain - 1.0) < kGainTolerance && std::abs(t.bbr_cwnd_gain - 1.0) < kGainTolerance)
            return CcPhase::ProbeRtt;
        return CcPhase::ProbeBw;
    }
    if (t.ca_state == kCaLoss) return CcPhase::Loss;
    if (t.ca_state == kCaRecovery || t.ca_state == kCaCwr) return CcPhase::Recovery;
    return t.cwnd_bytes < t.ssthresh_bytes ? CcPhase::SlowStart : CcPhase::CongestionAvoidance;
}

Limit KernelRecorder::limit_of(const KernelSample& s) const {
    // The kernel's own account first: rwnd or sndbuf held the sender back for
    // most of the interval (tcp_chrono, TCP_INFO's *_limited times).
    if (have_prev_) {
        const double dt = s.t_s - prev_.t_s;
        if (dt > 0 && s.tcp.rwnd_limited_s - prev_.tcp.rwnd_limited_s >= kLimitedShare * dt) return Limit::Rwnd;
        if (dt > 0 && s.tcp.sndbuf_limited_s - prev_.tcp.sndbuf_limited_s >= kLimitedShare * dt) return Limit::Sndbuf;
    }
    // Else the model's rule: the link binds while its queue holds bytes.
    if (s.queue.now_bytes > 0) return Limit::Link;
    // The application, when the kernel's last rate sample says it left the
    // pipe unfilled (the model's `app`: nothing more to send yet).
    if (s.tcp.app_limited) return Limit::App;
    return Limit::Cwnd;
}

void KernelRecorder::widen(MinMax& m, double v) {
    if (std::isnan(m.min) || v < m.min) m.min = v;
    if (std::isnan(m.max) || v > m.max) m.max = v;
}

// A bucket with no connection to read: no window, RTT or rate (NaN: the
// charts leave a gap), while the cumulative counters keep their values.
void KernelRecorder::no_connection(TraceBucket& b) {
    b.cwnd_bytes = b.window_bytes = b.inflight_bytes = b.queue_bytes = nan_range();
    b.rtt_s = b.delivery_rate_bps = nan_range();
    b.ssthresh_bytes = std::numeric_limits<double>::infinity();
    b.srtt_s = b.min_rtt_s = b.rttvar_s = b.cwnd_end_bytes = b.pacing_rate_bps = b.rwnd_bytes = kNaN;
    b.cc = CcInfo{};
}

// The cumulative counts of a reading (a finite flow's between transfers:
// those of the transfers done).
void KernelRecorder::take_counts(TraceBucket& b, const KernelSample& s) {
    const TcpSample& t = s.tcp;
    b.retransmits = t.total_retrans;
    b.retransmitted_bytes = t.bytes_retrans;
    b.pkts_sent = t.data_segs_out;
    b.pkts_delivered = t.delivered;
    b.delivered_bytes = t.bytes_acked;
    b.pkts_dropped = s.drops_tail + s.drops_aqm + s.drops_random;
    const std::uint64_t accounted = b.pkts_delivered + b.pkts_dropped;
    b.pkts_in_network = b.pkts_sent > accounted ? b.pkts_sent - accounted : 0;
}

void KernelRecorder::close_buckets_before(double t_s) {
    while (bucket_ < cfg_.bucket_count && t_s >= (bucket_ + 1) * bucket_s_) {
        TraceBucket b;
        if (open_.any) {
            b = open_.b;
            b.limit = static_cast<Limit>(std::max_element(open_.limit_votes.begin(), open_.limit_votes.end()) -
                                         open_.limit_votes.begin());
        } else if (!trace_.buckets.empty()) {
            b = trace_.buckets.back();  // no reading of a connection: hold the last values
            b.cwnd_bytes = {b.cwnd_end_bytes, b.cwnd_end_bytes};
            // No connection open: the counters hold, the lines have a gap.
            if (open_.closed) {
                no_connection(b);
                take_counts(b, open_.closed_reading);
            }
        } else {
            no_connection(b);
        }
        b.t_start_s = bucket_ * bucket_s_;
        b.t_end_s = (bucket_ + 1) * bucket_s_;
        trace_.buckets.push_back(b);
        ++bucket_;
        open_ = Open{};
    }
}

void KernelRecorder::add(const KernelSample& s) {
    close_buckets_before(s.t_s);
    const TcpSample& t = s.tcp;
    // No connection open (a finite flow between transfers): the phase holds.
    const CcPhase phase = t.ok ? phase_of(t) : prev_phase_;
    const Limit limit = limit_of(s);
    if (!t.ok && bucket_ < cfg_.bucket_count) {
        open_.closed = true;
        open_.closed_reading = s;
    }
    if (t.ok && bucket_ < cfg_.bucket_count) {
        TraceBucket& b = open_.b;
        if (!open_.any) {
            b.cwnd_bytes = b.window_bytes = b.inflight_bytes = b.queue_bytes = nan_range();
            b.rtt_s = b.delivery_rate_bps = nan_range();
            open_.any = true;
        }
        widen(b.cwnd_bytes, t.cwnd_bytes);
        widen(b.window_bytes, t.peer_window_bytes > 0 ? std::min(t.cwnd_bytes, t.peer_window_bytes) : t.cwnd_bytes);
        widen(b.inflight_bytes, t.inflight_bytes);
        widen(b.queue_bytes, static_cast<double>(s.queue.min_bytes));
        widen(b.queue_bytes, static_cast<double>(s.queue.max_bytes));
        if (t.srtt_s > 0) widen(b.rtt_s, t.srtt_s);
        if (t.delivery_rate_bps > 0) widen(b.delivery_rate_bps, t.delivery_rate_bps);
        b.ssthresh_bytes = t.ssthresh_bytes;
        b.srtt_s = t.srtt_s;
        b.min_rtt_s = t.min_rtt_s;
        b.rttvar_s = t.rttvar_s;
        b.cwnd_end_bytes = t.cwnd_bytes;
        b.rwnd_bytes = t.peer_window_bytes;  // the sender's view of the advertised window, at the last reading
        b.pacing_rate_bps = t.pacing_rate_bps;
        b.cc = CcInfo{};  // NaN: Reno and CUBIC report nothing
        if (cfg_.bbr && t.have_bbr) {
            b.cc.bw_bps = t.bbr_bw_bps;
            b.cc.min_rtt_s = t.bbr_min_rtt_s;
            b.cc.pacing_gain = t.bbr_pacing_gain;
            b.cc.cwnd_gain = t.bbr_cwnd_gain;
        }
        b.phase = phase;
        ++open_.limit_votes[static_cast<int>(limit)];
        take_counts(b, s);
    }
    // The steady-state window.
    if (t.ok && s.t_s >= cfg_.window_start_s) {
        if (!window_begun_) {
            window_begun_ = true;
            window_t0_ = s.t_s;
            window_bytes0_ = s.received_bytes;
            mid_bytes_ = s.received_bytes;
        } else {
            const double dt = s.t_s - last_t_;
            window_time_ += dt;
            if (t.mss_bytes > 0) cwnd_packets_time_ += dt * t.cwnd_bytes / t.mss_bytes;
            window_limit_time_[static_cast<int>(limit)] += dt;
        }
        if (t.srtt_s > 0) window_srtt_.push_back(t.srtt_s);
        if (!mid_seen_ && s.t_s < (cfg_.window_start_s + cfg_.duration_s) / 2) mid_bytes_ = s.received_bytes;
        else mid_seen_ = true;
    }
    if (t.ok) on_events(s, phase);
    last_t_ = s.t_s;
    last_bytes_ = s.received_bytes;
    prev_ = s;
    prev_phase_ = phase;
    have_prev_ = true;
}

void KernelRecorder::on_events(const KernelSample& s, CcPhase phase) {
    const TcpSample& t = s.tcp;
    // Drops and marks at the emulator, grouped over the span.
    if (drop_group_open_ && s.t_s - drop_group_t_ >= cfg_.event_group_span_s) flush_drops(s.t_s);
    const KernelSample& before = have_prev_ ? prev_ : KernelSample{};
    const bool new_drops = s.drops_tail + s.drops_aqm + s.drops_random + s.ecn_marks >
                           before.drops_tail + before.drops_aqm + before.drops_random + before.ecn_marks;
    if (new_drops && !drop_group_open_) {
        drop_group_open_ = true;
        drop_group_t_ = s.t_s;
        drop_group_base_ = before;
    }
    if (!have_prev_) return;
    // Congestion events: the kernel entering CWR, Recovery or Loss. The first
    // of a span gets its own line; later ones within the span share one
    // grouped line (as the model's log does).
    if (congested(t.ca_state) && !congested(prev_.tcp.ca_state)) {
        ++congestion_events_;
        if (s.t_s >= cfg_.window_start_s) ++window_congestion_events_;
        if (t.ca_state == kCaLoss) ++rtos_;
        Event e;
        e.t_s = s.t_s;
        e.kind = EventKind::CongestionEvent;
        e.cause = t.ca_state == kCaLoss ? CongestionCause::Rto
                  : t.ca_state == kCaCwr ? CongestionCause::Ecn
                                         : CongestionCause::Loss;
        e.cwnd_before_bytes = prev_.tcp.cwnd_bytes;
        e.cwnd_after_bytes = t.cwnd_bytes;
        e.mss_bytes = t.mss_bytes;
        if (cong_open_ && s.t_s - cong_span_start_ < cfg_.event_group_span_s) {
            if (cong_.count == 0) cong_ = e;
            else cong_.cwnd_after_bytes = e.cwnd_after_bytes;
            ++cong_.count;
        } else {
            flush_congestion();
            events_.push_back(e);
            cong_open_ = true;
            cong_span_start_ = s.t_s;
            cong_ = Event{};
            cong_.count = 0;
        }
    }
    if (phase != prev_phase_) {
        const bool slow_start_phase = prev_phase_ == CcPhase::SlowStart || prev_phase_ == CcPhase::Startup;
        if (slow_start_phase && !left_slow_start_) {
            left_slow_start_ = true;
            Event e;
            e.t_s = s.t_s;
            e.kind = EventKind::SlowStartExit;
            e.cwnd_before_bytes = prev_.tcp.cwnd_bytes;
            e.cwnd_after_bytes = t.cwnd_bytes;
            e.mss_bytes = t.mss_bytes;
            e.start_end = cfg_.bbr                       ? StartEnd::PipeFull
                          : congested(t.ca_state)        ? StartEnd::FirstCongestion
                                                         : StartEnd::ReachedSsthresh;
            events_.push_back(e);
        }
        Event e;
        e.t_s = s.t_s;
        e.kind = EventKind::StateChange;
        e.phase = phase;
        events_.push_back(e);
    }
}

void KernelRecorder::flush_drops(double /*t_s*/) {
    if (!drop_group_open_) return;
    drop_group_open_ = false;
    const KernelSample& now = prev_;  // the last reading inside the group
    Event e;
    e.t_s = drop_group_t_;
    e.kind = EventKind::Drops;
    e.drops_tail = now.drops_tail - drop_group_base_.drops_tail;
    e.drops_aqm = now.drops_aqm - drop_group_base_.drops_aqm;
    e.drops_random = now.drops_random - drop_group_base_.drops_random;
    e.ecn_marks = now.ecn_marks - drop_group_base_.ecn_marks;
    const std::uint64_t drops = e.drops_tail + e.drops_aqm + e.drops_random;
    if (drops == 0 && e.ecn_marks == 0) return;
    if (drops == 0) e.kind = EventKind::EcnMarks;
    events_.push_back(e);
}

void KernelRecorder::flush_congestion() {
    if (!cong_open_) return;
    cong_open_ = false;
    if (cong_.count == 0) return;  // the span held only its first event
    cong_.grouped = true;
    cong_.group_span_s = cfg_.event_group_span_s;
    events_.push_back(cong_);
}

void KernelRecorder::finish(double end_s, Summary& out) {
    close_buckets_before(std::min(end_s, cfg_.duration_s) + bucket_s_ * 1e-9);
    // A run cut short (cancel) keeps only the buckets it reached.
    flush_drops(end_s);
    flush_congestion();
    std::stable_sort(events_.begin(), events_.end(), [](const Event& a, const Event& b) { return a.t_s < b.t_s; });
    for (Event& e : events_) e.flow = cfg_.flow_index;

    out.window_start_s = window_begun_ ? window_t0_ : cfg_.window_start_s;
    out.window_end_s = window_begun_ ? last_t_ : end_s;
    // A flow that stopped writing inside the window: its rate over the part it was active.
    const double span = std::min(out.window_end_s, std::max(cfg_.stop_s, out.window_start_s)) - out.window_start_s;
    out.throughput_bps = window_begun_ && span > 0 ? static_cast<double>(last_bytes_ - window_bytes0_) * 8.0 / span : kNaN;
    out.utilisation = out.throughput_bps / cfg_.link_rate_bps;
    out.mean_cwnd_packets = window_time_ > 0 ? cwnd_packets_time_ / window_time_ : kNaN;
    if (!window_srtt_.empty()) {
        std::vector<double> v = window_srtt_;
        std::sort(v.begin(), v.end());
        double sum = 0;
        for (double x : v) sum += x;
        out.mean_rtt_s = sum / static_cast<double>(v.size());
        out.min_rtt_s = v.front();
        out.max_rtt_s = v.back();
        const auto rank = static_cast<std::size_t>(std::ceil(0.95 * static_cast<double>(v.size())));
        out.p95_rtt_s = v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
    } else {
        out.mean_rtt_s = out.min_rtt_s = out.max_rtt_s = out.p95_rtt_s = kNaN;
    }
    double total = 0;
    for (double x : window_limit_time_) total += x;
    for (int i = 0; i < kLimitCount; ++i) out.binding_fractions[i] = total > 0 ? window_limit_time_[i] / total : 0;
    out.binding_limit = static_cast<Limit>(std::max_element(window_limit_time_.begin(), window_limit_time_.end()) -
                                           window_limit_time_.begin());
    out.window_congestion_events = window_congestion_events_;
    out.congestion_events = congestion_events_;
    out.drops_tail = prev_.drops_tail;
    out.drops_aqm = prev_.drops_aqm;
    out.drops_random = prev_.drops_random;
    out.ecn_marks = prev_.ecn_marks;
    out.retransmits = prev_.tcp.total_retrans;
    out.rtos = rtos_;
    out.bdp_packets = cfg_.bdp_bytes / cfg_.scenario_mss_bytes;
    out.buffer_packets = cfg_.buffer_bytes / cfg_.scenario_mss_bytes;
    out.packets_simulated = prev_.tcp.data_segs_out;
    out.few_events = cfg_.random_loss && window_congestion_events_ < Summary::kFewEvents;
}

}  // namespace inflight::kernel
