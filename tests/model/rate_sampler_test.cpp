// The delivery-rate sampler against draft-cheng-iccrg-delivery-rate-estimation
// and Linux tcp_rate.c, on hand-built sends and ACKs:
//   rate = (delivered now − delivered when the packet was sent)
//          / max(send interval, ACK interval)
//   send interval = packet's send time − send time of the packet most
//                   recently delivered when it was sent
//   ACK interval  = now − time of the delivery most recent when it was sent
// Samples over an interval shorter than min RTT are discarded; with nothing
// in flight the intervals restart; app-limited marking lasts until what was
// in flight at the mark has been delivered (C.app_limited, strictly after).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "model/tcp/rate_sampler.h"

using namespace inflight;

namespace {
constexpr std::uint32_t kMss = 1500;
TimePs ms(double v) { return from_seconds(v / 1000.0); }
}  // namespace

TEST(RateSampler, OnePacketsRateIsItsBytesOverItsRoundTrip) {
    RateSampler r;
    const RateSnapshot p = r.on_send(0, true);
    const RateSample s = r.on_delivered(ms(100), kMss, p, false, 0);
    EXPECT_EQ(s.delivered_bytes, kMss);
    EXPECT_EQ(s.interval, ms(100));
    EXPECT_DOUBLE_EQ(s.rate_Bps, kMss / 0.1);  // 15 000 B/s
}

TEST(RateSampler, NSegmentsOverAnIntervalTIsNTimesMssOverT) {
    // Ten segments sent at once at t=0 (nothing in flight before) and ACKed
    // one per ms from 50 ms: the k-th ACK (k = 1..10) reports k segments
    // over 49 + k ms (the send interval is 0, the ACK interval wins).
    RateSampler r;
    std::vector<RateSnapshot> sent;
    for (int i = 0; i < 10; ++i) sent.push_back(r.on_send(0, i == 0));
    for (int k = 1; k <= 10; ++k) {
        const TimePs now = ms(49 + k);
        const RateSample s = r.on_delivered(now, kMss, sent[static_cast<std::size_t>(k - 1)], false, ms(40));
        EXPECT_EQ(s.delivered_bytes, static_cast<std::uint64_t>(k) * kMss) << k;
        EXPECT_EQ(s.interval, now) << k;
        EXPECT_DOUBLE_EQ(s.rate_Bps, k * kMss / to_seconds(now)) << k;
    }
    EXPECT_EQ(r.delivered_bytes(), 10u * kMss);
}

TEST(RateSampler, TheSendIntervalWinsWhenItIsTheLonger) {
    // P0 at t=0, P1..P3 at 10, 20, 30 ms; P0's ACK at 100 ms; Q sent at
    // 100 ms carries: 1 segment delivered at 100 ms, first sent at 0 (P0's
    // send time). P1..P3 are ACKed at 101..103 ms and Q at 150 ms:
    //   delivered = 5 − 1 = 4 segments; send interval 100 − 0 = 100 ms;
    //   ACK interval 150 − 100 = 50 ms; rate = 4·1500 B / 0.1 s.
    RateSampler r;
    std::vector<RateSnapshot> p;
    for (int i = 0; i < 4; ++i) p.push_back(r.on_send(ms(10 * i), i == 0));
    r.on_delivered(ms(100), kMss, p[0], false, 0);
    const RateSnapshot q = r.on_send(ms(100), false);
    EXPECT_EQ(q.delivered_bytes, kMss);
    EXPECT_EQ(q.delivered_time, ms(100));
    EXPECT_EQ(q.first_sent_time, 0);
    for (int i = 1; i < 4; ++i) r.on_delivered(ms(100 + i), kMss, p[static_cast<std::size_t>(i)], false, 0);
    const RateSample s = r.on_delivered(ms(150), kMss, q, false, 0);
    EXPECT_EQ(s.delivered_bytes, 4u * kMss);
    EXPECT_EQ(s.prior_delivered_bytes, kMss);
    EXPECT_EQ(s.interval, ms(100));
    EXPECT_DOUBLE_EQ(s.rate_Bps, 4 * kMss / 0.1);
}

TEST(RateSampler, TheAckIntervalWinsWhenItIsTheLonger) {
    // The same sends, but Q's ACK comes at 300 ms: the ACK interval
    // 300 − 100 = 200 ms exceeds the send interval of 100 ms.
    RateSampler r;
    std::vector<RateSnapshot> p;
    for (int i = 0; i < 4; ++i) p.push_back(r.on_send(ms(10 * i), i == 0));
    r.on_delivered(ms(100), kMss, p[0], false, 0);
    const RateSnapshot q = r.on_send(ms(100), false);
    for (int i = 1; i < 4; ++i) r.on_delivered(ms(100 + i), kMss, p[static_cast<std::size_t>(i)], false, 0);
    const RateSample s = r.on_delivered(ms(300), kMss, q, false, 0);
    EXPECT_EQ(s.interval, ms(200));
    EXPECT_DOUBLE_EQ(s.rate_Bps, 4 * kMss / 0.2);
}

TEST(RateSampler, ASampleOverLessThanMinRttIsDiscarded) {
    RateSampler r;
    const RateSnapshot a = r.on_send(0, true);
    const RateSample short_one = r.on_delivered(ms(30), kMss, a, false, ms(40));
    EXPECT_EQ(short_one.interval, -1);
    EXPECT_EQ(short_one.rate_Bps, 0);
    EXPECT_EQ(r.delivered_bytes(), kMss);  // the bytes still count as delivered

    // An interval of exactly min RTT is kept (only shorter ones are discarded).
    RateSampler r2;
    const RateSnapshot b = r2.on_send(0, true);
    const RateSample exact = r2.on_delivered(ms(40), kMss, b, false, ms(40));
    EXPECT_EQ(exact.interval, ms(40));
    EXPECT_DOUBLE_EQ(exact.rate_Bps, kMss / 0.04);
}

TEST(RateSampler, SendingWithNothingInFlightLeavesTheIdleTimeOut) {
    // P at 0, ACKed at 100 ms; idle; Q sent at 10 s, ACKed at 10.1 s. With
    // the restart (nothing in flight) the sample is Q's bytes over 100 ms.
    // Without it the ACK interval would span the idle time: 10.1 − 0.1 s.
    for (const bool restart : {true, false}) {
        RateSampler r;
        r.on_delivered(ms(100), kMss, r.on_send(0, true), false, 0);
        const RateSnapshot q = r.on_send(ms(10'000), restart);
        const RateSample s = r.on_delivered(ms(10'100), kMss, q, false, 0);
        EXPECT_EQ(s.delivered_bytes, kMss);
        EXPECT_EQ(s.interval, restart ? ms(100) : ms(10'000)) << (restart ? "restarted" : "not restarted");
    }
}

TEST(RateSampler, ASegmentShorterThanMssCountsItsOwnBytes) {
    RateSampler r;
    const RateSnapshot a = r.on_send(0, true);
    const RateSnapshot b = r.on_send(ms(1), false);
    r.on_delivered(ms(50), kMss, a, false, 0);
    const RateSample s = r.on_delivered(ms(51), 500, b, false, 0);
    EXPECT_EQ(s.delivered_bytes, kMss + 500u);
    EXPECT_EQ(r.delivered_bytes(), kMss + 500u);
    EXPECT_DOUBLE_EQ(s.rate_Bps, (kMss + 500) / 0.051);
}

TEST(RateSampler, AppLimitedLastsUntilWhatWasInFlightIsDelivered) {
    // Linux: C.app_limited = C.delivered + pipe; cleared once C.delivered
    // goes past it (strictly).
    RateSampler r;
    std::vector<RateSnapshot> p;
    for (int i = 0; i < 3; ++i) p.push_back(r.on_send(0, i == 0));
    EXPECT_FALSE(r.app_limited());
    r.mark_app_limited(2 * kMss);  // two of the three count as in flight at the mark
    EXPECT_TRUE(r.app_limited());
    r.on_delivered(ms(50), kMss, p[0], false, 0);
    r.on_delivered(ms(51), kMss, p[1], false, 0);
    EXPECT_TRUE(r.app_limited()) << "delivered == the mark: not yet past it";
    r.on_delivered(ms(52), kMss, p[2], false, 0);
    EXPECT_FALSE(r.app_limited());
}

TEST(RateSampler, AppLimitedWithNothingInFlightLastsUntilTheNextDelivery) {
    // Linux sets C.app_limited to 1 when delivered + pipe is 0, so that 0
    // still means "not app-limited".
    RateSampler r;
    r.mark_app_limited(0);
    EXPECT_TRUE(r.app_limited());
    const RateSnapshot p = r.on_send(0, true);
    r.on_delivered(ms(50), kMss, p, false, 0);
    EXPECT_FALSE(r.app_limited());
}

TEST(RateSampler, TheSampleCarriesThePacketsAppLimitedMark) {
    RateSampler r;
    const RateSnapshot a = r.on_send(0, true);
    const RateSnapshot b = r.on_send(0, false);
    EXPECT_TRUE(r.on_delivered(ms(50), kMss, a, true, 0).is_app_limited);
    EXPECT_FALSE(r.on_delivered(ms(51), kMss, b, false, 0).is_app_limited);
}

TEST(RateSampler, WithAConstantReturnDelayTheRateNeverExceedsTheBottleneck) {
    // A FIFO link of one segment per ms (1.5 MB/s), a fixed 20 ms return
    // delay, senders bursting at random. The segments delivered between a
    // packet's send-time snapshot and its ACK were all served between the
    // two ACKs' service ends, one per ms, and the ACK interval is exactly
    // that time: no sample can exceed 1.5 MB/s (draft, section 2.2).
    std::mt19937_64 rng(3);
    std::uniform_int_distribution<int> gap_us(0, 3000), burst(1, 6);
    const TimePs service = ms(1), delay = ms(20);
    constexpr double kLinkBps = kMss / 1e-3;
    RateSampler r;
    struct InFlight { RateSnapshot snap; TimePs ack_at; };
    std::vector<InFlight> line;  // in ACK order (FIFO, one delay)
    std::size_t next_ack = 0;
    TimePs now = 0, link_free = 0;
    int valid = 0;
    double peak = 0;
    for (int b = 0; b < 3000; ++b) {
        now += gap_us(rng) * 1'000'000LL;
        // ACKs due by now come first.
        while (next_ack < line.size() && line[next_ack].ack_at <= now) {
            const RateSample s = r.on_delivered(line[next_ack].ack_at, kMss, line[next_ack].snap, false, 0);
            ASSERT_GT(s.interval, 0);
            ++valid;
            peak = std::max(peak, s.rate_Bps);
            ASSERT_LE(s.rate_Bps, kLinkBps * (1 + 1e-12)) << "sample " << valid;
            ++next_ack;
        }
        for (int k = burst(rng); k > 0; --k) {
            const bool nothing_outstanding = next_ack == line.size();
            const RateSnapshot snap = r.on_send(now, nothing_outstanding);
            link_free = std::max(link_free, now) + service;
            line.push_back({snap, link_free + delay});
        }
    }
    EXPECT_GT(valid, 1000);
    EXPECT_GT(peak, 0.9 * kLinkBps) << "the link is reached when the sender keeps it busy";
}
