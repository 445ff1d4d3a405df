// The recorder's trace buckets and steady-window statistics, fed by hand the
// way the run loop feeds it: a bucket closes at its end before any step at
// that moment, so bucket k holds the observations of [k·w, (k+1)·w).
// Expected figures are arithmetic: boundaries at ⌊duration·k/count⌋, each
// series' min and max over the bucket, NaN for a series with no value, the
// flow's values at a bucket's end carried into the next (so an empty bucket
// shows them, flat), the limit that bound longest, and the steady window's
// throughput, mean cwnd and RTT statistics over (window start, end].
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "model/engine/recorder.h"

using namespace inflight;

namespace {
constexpr TimePs kS = kPsPerSecond;
constexpr std::uint32_t kMss = 1000;
constexpr double kLinkBps = 10e6;
const PathCounters kNoDrops{};

// 10 s in ten 1-second buckets; the steady window is (4 s, 10 s], its halves meet at 7 s.
Recorder::Config config() {
    Recorder::Config c{};
    c.flow = 0;
    c.tcp = true;
    c.duration = 10 * kS;
    c.bucket_count = 10;
    c.window_start = 4 * kS;
    c.window_mid = 7 * kS;
    c.active_from = 0;
    c.active_until = 10 * kS;
    c.max_rtt_expected = from_ms(300);  // RTT histogram bins of 10 µs
    c.mss_bytes = kMss;
    c.link_rate_bps = kLinkBps;
    c.window_limit_bytes = 64'000;
    c.drop_group_span = from_ms(100);
    c.limit_log_period = from_ms(500);
    c.random_loss = false;
    return c;
}

FlowBucketState state(double cwnd = 0, double window = 0, double inflight = 0) {
    FlowBucketState s;
    s.cwnd_bytes = cwnd;
    s.window_bytes = window;
    s.inflight_bytes = inflight;
    s.cwnd_end_bytes = cwnd;
    s.ssthresh_bytes = std::numeric_limits<double>::infinity();
    return s;
}

struct Rig {
    Trace trace;
    std::vector<Event> events;
    Recorder rec;
    explicit Rig(const Recorder::Config& c = config()) : rec(c, trace, events) {}
    // A TCP step at t: cwnd, window and in flight, an empty queue, cwnd-limited.
    void step(TimePs t, double cwnd, double window = 0, double inflight = 0, std::uint64_t queue = 0,
              Limit limit = Limit::Cwnd, TimePs link_until = -1) {
        rec.observe(t, cwnd, window, inflight, queue, limit, link_until < 0 ? t : link_until, kNoDrops);
    }
    // Closes the open bucket at its end.
    const TraceBucket& close(const FlowBucketState& s = state()) {
        rec.close_bucket(rec.next_bucket_end(), s);
        return trace.buckets.back();
    }
};

bool is_nan(const MinMax& m) { return std::isnan(m.min) && std::isnan(m.max); }
}  // namespace

TEST(Recorder, BucketBoundariesFallAtDurationTimesKOverCount) {
    // 10 000 ps in 3 buckets: ⌊10 000·k/3⌋ = 3333, 6666, 10 000; the last
    // ends at the duration exactly, widths differ by at most 1 ps.
    Recorder::Config c = config();
    c.duration = 10'000;
    c.bucket_count = 3;
    c.window_start = 3333;
    c.window_mid = 6666;
    c.active_until = c.duration;
    Rig r(c);
    EXPECT_EQ(r.rec.bucket_end(1), 3333);
    EXPECT_EQ(r.rec.bucket_end(2), 6666);
    EXPECT_EQ(r.rec.bucket_end(3), 10'000);
    const TimePs ends[] = {3333, 6666, 10'000};
    for (TimePs end : ends) {
        EXPECT_EQ(r.rec.next_bucket_end(), end);
        r.close();
    }
    ASSERT_EQ(r.trace.buckets.size(), 3u);
    EXPECT_EQ(r.trace.buckets[0].t_start_s, 0.0);
    for (std::size_t k = 0; k < 3; ++k) {
        EXPECT_EQ(r.trace.buckets[k].t_end_s, to_seconds(ends[k]));
        if (k > 0) {
            EXPECT_EQ(r.trace.buckets[k].t_start_s, r.trace.buckets[k - 1].t_end_s) << "contiguous";
        }
    }
}

TEST(Recorder, ABucketHoldsTheMinAndMaxOfEachSeries) {
    Rig r;
    r.rec.flow_event(0, EventKind::FlowStart, 0, 0);
    r.step(kS / 10, 10'000, 9'000, 8'000, 3'000);
    r.step(kS / 2, 30'000, 7'000, 2'000, 0);
    r.step(kS * 9 / 10, 20'000, 8'000, 5'000, 12'000);
    const TraceBucket& b = r.close(state(20'000, 8'000, 5'000));
    EXPECT_EQ(b.cwnd_bytes.min, 10'000);
    EXPECT_EQ(b.cwnd_bytes.max, 30'000);
    EXPECT_EQ(b.window_bytes.min, 7'000);
    EXPECT_EQ(b.window_bytes.max, 9'000);
    EXPECT_EQ(b.inflight_bytes.min, 2'000);
    EXPECT_EQ(b.inflight_bytes.max, 8'000);
    EXPECT_EQ(b.queue_bytes.min, 0);
    EXPECT_EQ(b.queue_bytes.max, 12'000);
}

TEST(Recorder, AStepAtABoundaryBelongsToTheBucketItOpens) {
    Rig r;
    r.rec.flow_event(0, EventKind::FlowStart, 0, 0);
    r.step(kS - 1, 5'000);
    r.rec.rtt_sample(kS - 1, from_ms(50));
    const TraceBucket first = r.close(state(5'000));
    r.step(kS, 50'000);
    r.rec.rtt_sample(kS, from_ms(80));
    const TraceBucket& second = r.close(state(50'000));
    EXPECT_EQ(first.cwnd_bytes.max, 5'000);
    EXPECT_DOUBLE_EQ(first.rtt_s.max, 0.05);
    EXPECT_EQ(second.cwnd_bytes.max, 50'000);
    EXPECT_DOUBLE_EQ(second.rtt_s.min, 0.08);
    EXPECT_DOUBLE_EQ(second.rtt_s.max, 0.08);
}

TEST(Recorder, AnEmptyBucketShowsTheValuesCarriedFromTheLastOne) {
    // Nothing happens in bucket 2: cwnd, window and in flight are still
    // what they were at bucket 1's end (flat); the queue, RTT and delivery
    // rate had no value in it (NaN).
    Rig r;
    r.rec.flow_event(0, EventKind::FlowStart, 0, 0);
    r.step(kS / 2, 40'000, 30'000, 20'000, 5'000);
    r.rec.ack_sample(kS / 2, AckOutcome{true, from_ms(60), 5e6});
    r.close(state(40'000, 30'000, 20'000));
    const TraceBucket& empty = r.close(state(40'000, 30'000, 20'000));
    EXPECT_EQ(empty.cwnd_bytes.min, 40'000);
    EXPECT_EQ(empty.cwnd_bytes.max, 40'000);
    EXPECT_EQ(empty.window_bytes.min, 30'000);
    EXPECT_EQ(empty.window_bytes.max, 30'000);
    EXPECT_EQ(empty.inflight_bytes.min, 20'000);
    EXPECT_EQ(empty.inflight_bytes.max, 20'000);
    EXPECT_TRUE(is_nan(empty.queue_bytes));
    EXPECT_TRUE(is_nan(empty.rtt_s));
    EXPECT_TRUE(is_nan(empty.delivery_rate_bps));
}

TEST(Recorder, TheCarriedValueWidensTheNextBucketsRange) {
    // cwnd 100 000 at bucket 1's end, a halving early in bucket 2: bucket 2
    // spans 50 000..100 000 (the drop shows as a notch, not a gap).
    Rig r;
    r.rec.flow_event(0, EventKind::FlowStart, 0, 0);
    r.step(kS / 2, 100'000);
    r.close(state(100'000));
    r.step(kS + kS / 10, 50'000);
    r.step(kS + kS / 2, 60'000);
    const TraceBucket& b = r.close(state(60'000));
    EXPECT_EQ(b.cwnd_bytes.min, 50'000);
    EXPECT_EQ(b.cwnd_bytes.max, 100'000);
}

TEST(Recorder, NothingIsCarriedBeforeTheFlowStartsOrForAPing) {
    Rig r;
    const TraceBucket& before = r.close(state(14'600, 14'600, 0));
    EXPECT_TRUE(is_nan(before.cwnd_bytes));
    EXPECT_TRUE(is_nan(before.window_bytes));
    EXPECT_TRUE(is_nan(before.inflight_bytes));
    const TraceBucket& still = r.close(state(14'600, 14'600, 0));
    EXPECT_TRUE(is_nan(still.cwnd_bytes)) << "no FlowStart yet: nothing to carry";

    Recorder::Config c = config();
    c.tcp = false;
    Rig ping(c);
    ping.rec.flow_event(0, EventKind::FlowStart, 0, 0);
    ping.rec.rtt_sample(kS / 2, from_ms(20));
    ping.close(state(1, 1, 1));
    const TraceBucket& next = ping.close(state(1, 1, 1));
    EXPECT_TRUE(is_nan(next.cwnd_bytes));
    EXPECT_TRUE(is_nan(next.rtt_s));
}

TEST(Recorder, RttAndDeliveryRateSamplesGiveTheBucketsExtremesAndInvalidOnesAreLeftOut) {
    Rig r;
    r.rec.flow_event(0, EventKind::FlowStart, 0, 0);
    r.rec.ack_sample(kS / 10, AckOutcome{true, from_ms(40), 8e6});
    r.rec.ack_sample(kS / 5, AckOutcome{true, -1, 9e6});           // Karn: no RTT
    r.rec.ack_sample(kS / 4, AckOutcome{true, from_ms(70), -1});   // no valid rate
    r.rec.ack_sample(kS / 2, AckOutcome{true, from_ms(55), 6e6});
    const TraceBucket& b = r.close(state());
    EXPECT_DOUBLE_EQ(b.rtt_s.min, 0.04);
    EXPECT_DOUBLE_EQ(b.rtt_s.max, 0.07);
    EXPECT_EQ(b.delivery_rate_bps.min, 6e6);
    EXPECT_EQ(b.delivery_rate_bps.max, 9e6);
}

TEST(Recorder, TheFlowsStateAtTheBucketsEndIsCopiedAndAnUnsetSsthreshIsNaN) {
    Rig r;
    FlowBucketState s = state(20'000);
    s.srtt_s = 0.12;
    s.rttvar_s = 0.01;
    s.min_rtt_s = 0.1;
    s.retransmits = 3;
    s.pkts_sent = 40;
    s.pkts_delivered = 30;
    s.pkts_dropped = 3;
    s.pkts_in_network = 7;
    s.phase = CcPhase::CongestionAvoidance;
    const TraceBucket unset = r.close(s);
    EXPECT_TRUE(std::isnan(unset.ssthresh_bytes));
    EXPECT_EQ(unset.cwnd_end_bytes, 20'000);
    EXPECT_EQ(unset.srtt_s, 0.12);
    EXPECT_EQ(unset.rttvar_s, 0.01);
    EXPECT_EQ(unset.min_rtt_s, 0.1);
    EXPECT_EQ(unset.retransmits, 3u);
    EXPECT_EQ(unset.pkts_sent, unset.pkts_delivered + unset.pkts_dropped + unset.pkts_in_network);
    EXPECT_EQ(unset.phase, CcPhase::CongestionAvoidance);
    s.ssthresh_bytes = 15'000;
    EXPECT_EQ(r.close(s).ssthresh_bytes, 15'000);
}

TEST(Recorder, ABucketsLimitIsTheOneThatBoundLongestInIt) {
    Rig r;
    r.rec.flow_event(0, EventKind::FlowStart, 0, 0);
    // Bucket 1: cwnd binds over [0, 0.3 s), rwnd over [0.3 s, 1 s).
    r.step(0, 10'000, 10'000, 10'000, 0, Limit::Cwnd);
    r.step(3 * kS / 10, 10'000, 10'000, 10'000, 0, Limit::Rwnd);
    EXPECT_EQ(r.close(state(10'000)).limit, Limit::Rwnd);
    // Bucket 2: rwnd over [1 s, 1.2 s); at 1.2 s a queue that drains at
    // 1.9 s (the link binds), then cwnd over [1.9 s, 2 s).
    r.step(kS + kS / 5, 10'000, 10'000, 10'000, 5'000, Limit::Cwnd, kS + 9 * kS / 10);
    EXPECT_EQ(r.close(state(10'000)).limit, Limit::Link);
    // Bucket 3: no step; the queue drained at 1.9 s, so cwnd binds all along.
    EXPECT_EQ(r.close(state(10'000)).limit, Limit::Cwnd);
}

TEST(Recorder, SteadyWindowThroughputAndMeanCwndComeFromItsOwnSpan) {
    // 1 MB delivered by the window's start (4 s), 7 MB acknowledged at the
    // end (10 s): 6 MB over 6 s = 8 Mbit/s, 80% of a 10 Mbit/s link. cwnd
    // is 10 segments until 7 s and 20 after: a time-weighted mean of 15.
    Rig r;
    r.rec.flow_event(0, EventKind::FlowStart, 0, 0);
    r.step(0, 10 * kMss);
    std::uint64_t delivered = 0;
    for (int k = 1; k <= 10; ++k) {
        const TimePs end = r.rec.next_bucket_end();
        if (k == 8) r.step(7 * kS, 20 * kMss);  // the first step of bucket 8 ([7 s, 8 s))
        delivered = k <= 4 ? 250'000u * static_cast<std::uint64_t>(k) : 1'000'000u + 1'000'000u * static_cast<std::uint64_t>(k - 4);
        FlowBucketState s = state(k < 8 ? 10 * kMss : 20 * kMss);
        s.delivered_bytes = s.acked_bytes = delivered;
        r.rec.close_bucket(end, s);
    }
    EXPECT_EQ(r.rec.window_bytes(7'000'000), 6'000'000u);
    EXPECT_EQ(r.rec.first_half_bytes(), 3'000'000u);
    EXPECT_EQ(r.rec.second_half_bytes(7'000'000), 3'000'000u);
    FlowTotals t;
    t.acked_bytes = 7'000'000;
    Summary out;
    r.rec.finish(t, out);
    EXPECT_DOUBLE_EQ(out.window_start_s, 4.0);
    EXPECT_DOUBLE_EQ(out.window_end_s, 10.0);
    EXPECT_DOUBLE_EQ(out.throughput_bps, 8e6);
    EXPECT_DOUBLE_EQ(out.utilisation, 0.8);
    EXPECT_NEAR(out.mean_cwnd_packets, 15.0, 1e-9);
}

TEST(Recorder, WindowRttStatisticsCountOnlySamplesAfterTheWindowStarts) {
    // Before the window: 500 ms (at 1 s) and 400 ms at 4 s exactly. Inside:
    // 19 samples of 100 ms and one of 300 ms. Mean (19·0.1 + 0.3)/20 = 0.11 s;
    // the 95th percentile by nearest rank (the 19th of 20) is 100 ms, to
    // within one 10 µs histogram bin.
    Rig r;
    r.rec.flow_event(0, EventKind::FlowStart, 0, 0);
    r.rec.rtt_sample(kS, from_ms(500));
    for (int k = 1; k <= 4; ++k) r.close(state());
    r.rec.rtt_sample(4 * kS, from_ms(400));  // the window's very start: its bucket's, not the window's
    for (int i = 0; i < 19; ++i) r.rec.rtt_sample(4 * kS + (i + 1) * from_ms(10), from_ms(100));
    r.rec.rtt_sample(4 * kS + from_ms(500), from_ms(300));
    const TraceBucket& fifth = r.close(state());
    EXPECT_DOUBLE_EQ(fifth.rtt_s.max, 0.4) << "the sample at 4 s is in the bucket [4 s, 5 s)";
    EXPECT_DOUBLE_EQ(fifth.rtt_s.min, 0.1);
    while (r.trace.buckets.size() < 10) r.close(state());
    EXPECT_EQ(r.rec.rtt_samples(), 20u);
    Summary out;
    r.rec.finish(FlowTotals{}, out);
    EXPECT_NEAR(out.mean_rtt_s, 0.11, 1e-12);
    EXPECT_DOUBLE_EQ(out.min_rtt_s, 0.1);
    EXPECT_DOUBLE_EQ(out.max_rtt_s, 0.3);
    EXPECT_NEAR(out.p95_rtt_s, 0.1, 10e-6);
}

TEST(PathRecorder, TheAggregateDeliveryRateIsTheBucketsBytesOverItsWidth) {
    // Two flows; 1.25 MB delivered in [0, 1 s), then 2.5 MB more in [1 s, 2 s).
    Trace trace;
    PathRecorder path(trace, 10);
    TraceBucket a, b;
    a.cwnd_end_bytes = 10'000;
    b.cwnd_end_bytes = 30'000;
    a.pkts_sent = 5;
    b.pkts_sent = 7;
    const std::vector<const TraceBucket*> flows{&a, &b};
    path.observe(40'000, 40'000, 40'000, 0);
    path.close_bucket(kS, flows, 1'250'000);
    path.close_bucket(2 * kS, flows, 3'750'000);
    ASSERT_EQ(trace.buckets.size(), 2u);
    EXPECT_DOUBLE_EQ(trace.buckets[0].delivery_rate_bps.max, 10e6);
    EXPECT_DOUBLE_EQ(trace.buckets[1].delivery_rate_bps.min, 20e6);
    EXPECT_EQ(trace.buckets[0].cwnd_end_bytes, 40'000);
    EXPECT_EQ(trace.buckets[0].pkts_sent, 12u);
    // The second bucket saw no observation: the sums carry over, the queue does not.
    EXPECT_EQ(trace.buckets[1].cwnd_bytes.min, 40'000);
    EXPECT_TRUE(std::isnan(trace.buckets[1].queue_bytes.max));
}
