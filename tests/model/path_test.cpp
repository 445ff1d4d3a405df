// The path's laws, checked on whole runs: the buffer bound, full use of the
// link when nothing else limits, and packet conservation at every sample.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "model/path/bottleneck.h"
#include "test_scenarios.h"

using namespace inflight;

namespace {
Scenario short_run(Algorithm a, double bw, double rtt_s, double buffer_s) {
    Scenario s;
    s.algorithm = a;
    s.bandwidth_bps = bw;
    s.rtt_s = rtt_s;
    s.buffer_s = buffer_s;
    s.duration_s = 10;
    return s;
}
}  // namespace

TEST(Path, QueueNeverHoldsMoreThanTheBuffer) {
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr}) {
        for (double buffer_s : {0.002, 0.02, 0.2}) {
            const Scenario s = short_run(a, 50e6, 0.03, buffer_s);
            const RunResult r = run_scenario(s);
            const double buffer_bytes = 50e6 * buffer_s / 8;
            double peak = 0;
            for (const auto& b : r.trace.buckets)
                if (!std::isnan(b.queue_bytes.max)) peak = std::max(peak, b.queue_bytes.max);
            EXPECT_LE(peak, buffer_bytes) << to_string(a) << " buffer " << buffer_s;
            if (a != Algorithm::Bbr) {  // loss-based flows fill the buffer until it drops
                EXPECT_GT(peak, 0.5 * buffer_bytes) << to_string(a) << " buffer " << buffer_s;
                EXPECT_GT(r.summary.drops_tail, 0u) << to_string(a) << " buffer " << buffer_s;
            }
        }
    }
}

TEST(Path, LosslessUnboundedFlowUsesAtLeast99PercentOfTheLink) {
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr}) {
        for (double bw : {10e6, 100e6, 1e9}) {
            Scenario s = short_run(a, bw, 0.02, 0.1);
            s.duration_s = 20;
            const RunResult r = run_scenario(s);
            const double floor = a == Algorithm::Bbr ? 0.95 : 0.99;  // BBR gives up ~2% to ProbeRTT and its 0.99 pacing margin
            EXPECT_GE(r.summary.utilisation, floor) << to_string(a) << " at " << bw;
            // Never faster than the link: at most one packet more than C × window
            // (the window's ACKs stand for receptions one RTT earlier).
            const double one_packet = 1500.0 * 8 / (bw * s.duration_s / 2);
            EXPECT_LE(r.summary.utilisation, 1.0 + one_packet) << "never faster than the link";
        }
    }
}

TEST(Path, PacketConservationAtEverySample) {
    // sent = delivered + dropped + in the network, for every trace sample,
    // under tail drop, random loss, CoDel drops and RTOs.
    Scenario lossy = short_run(Algorithm::Cubic, 20e6, 0.05, 0.01);
    lossy.loss = 0.02;
    lossy.loss_pattern = LossPattern::Random;
    Scenario codel = short_run(Algorithm::Reno, 100e6, 0.02, 0.5);
    codel.aqm = Aqm::Codel;
    Scenario bbr = short_run(Algorithm::Bbr, 200e6, 0.04, 0.005);
    for (const Scenario& s : {lossy, codel, bbr}) {
        const RunResult r = run_scenario(s);
        ASSERT_EQ(r.trace.buckets.size(), 5000u);
        for (const auto& b : r.trace.buckets)
            ASSERT_EQ(b.pkts_sent, b.pkts_delivered + b.pkts_dropped + b.pkts_in_network) << "at t=" << b.t_end_s;
        EXPECT_EQ(r.summary.packets_simulated, r.trace.buckets.back().pkts_sent);
        EXPECT_GT(r.trace.buckets.back().pkts_dropped, 0u);
        // Every drop was retransmitted or is still awaiting it.
        EXPECT_GE(r.summary.retransmits + 2000, r.summary.drops_tail + r.summary.drops_aqm + r.summary.drops_random);
    }
}

TEST(Path, RttNeverBelowBaseRttPlusSerialization) {
    Scenario s = short_run(Algorithm::Cubic, 10e6, 0.05, 0.1);
    const RunResult r = run_scenario(s);
    const double floor_s = 0.05 + 1500 * 8 / 10e6;
    EXPECT_GE(r.summary.min_rtt_s, floor_s - 1e-9);
    // And never above base + buffer + the packet in service and its own (the queue bound).
    EXPECT_LE(r.summary.max_rtt_s, 0.05 + 0.1 + 2 * 1500 * 8 / 10e6 + 1e-9);
}

TEST(Path, TraceKeepsAtMostTenThousandPointsPerSeries) {
    Scenario s = short_run(Algorithm::Cubic, 10e6, 0.02, 0.02);
    s.duration_s = 600;
    const RunResult r = run_scenario(s);
    EXPECT_LE(r.trace.buckets.size() * 2, 10'000u);  // min and max per bucket
    EXPECT_NEAR(r.trace.buckets.back().t_end_s, 600.0, 1e-9);
}

TEST(Path, ShortRunsNeverReportMoreThanTheLink) {
    // A 2 s run's steady window still holds slow start's losses: holes filled
    // in the window must not count bytes that arrived before it.
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr}) {
        for (double d : {1.0, 2.0, 3.0}) {
            Scenario s;
            s.algorithm = a;
            s.duration_s = d;
            const RunResult r = run_scenario(s);
            const double one_packet = 1500.0 * 8 / (100e6 * d / 2);
            EXPECT_LE(r.summary.utilisation, 1.0 + one_packet) << to_string(a) << " over " << d << " s";
        }
    }
}

// The one-record queue (one flow on a plain FIFO without link loss: the
// queue kept in the flow's ACK line, bottleneck.h) against the plain FIFO's
// own path, which the same flow takes when a second, silent flow shares the
// link: the same packets at the same times give the same ACKs at the same
// times, the same queue at every arrival and the same queueing-delay
// statistics. Bursts, idle spells, arrivals just as the link frees, mixed
// sizes and tail drops included.
TEST(Path, OneRecordQueueMatchesThePlainFifo) {
    std::vector<AckPath> one, two;
    one.emplace_back(from_ms(10));
    two.emplace_back(from_ms(10));
    two.emplace_back(from_ms(3));  // the silent flow: a shorter return path, so a closer horizon
    const Bottleneck::Config c{100e6, 30000, 0.0, LossPattern::Even, 1, std::nullopt, false, 1500, from_ms(5)};
    Bottleneck a(c, one), b(c, two);
    // The lazy path is advanced as the event loop does: never past its horizon in one go.
    const auto advance = [&](TimePs to) {
        a.advance_to(to);
        while (b.horizon() < to) b.advance_to(b.horizon());
        b.advance_to(to);
        b.woken().clear();
    };
    std::mt19937_64 rng(7);
    const std::uint16_t sizes[] = {64, 576, 1500, 9000};
    TimePs t = 0;
    std::uint64_t acks = 0;
    for (std::uint32_t seq = 0; seq < 100000; ++seq) {
        TimePs gap = 0;  // a third arrive in bursts; a few after the link fell idle
        if (rng() % 3 != 0) gap = static_cast<TimePs>(rng() % 240'000'000);
        if (rng() % 50 == 0) gap = from_ms(5);
        TimePs next = t + gap;
        // Some arrive just as the link frees (nothing waiting: drain_time is the wire's end).
        if (rng() % 8 == 0 && a.queue_bytes() == 0 && a.drain_time() > t) next = a.drain_time();
        while (one[0].next_arrival() <= next) {  // the ACKs due before it, each at its time
            const TimePs due = one[0].next_arrival();
            advance(due);
            ASSERT_EQ(two[0].next_arrival(), due) << "ACK " << acks;
            const AckInFlight x = one[0].pop(), y = two[0].pop();
            ASSERT_EQ(x.packet.seg_no, y.packet.seg_no) << "ACK " << acks;
            ASSERT_EQ(x.packet.bytes, y.packet.bytes);
            ASSERT_EQ(x.packet.ce, y.packet.ce);
            ++acks;
        }
        t = next;
        advance(t);
        const Packet p{seq, 0, sizes[rng() % 4], 0, 1, PacketKind::Data};
        a.enqueue(t, p);
        b.enqueue(t, p);
        ASSERT_EQ(a.queue_bytes(), b.queue_bytes()) << "packet " << seq;
        ASSERT_EQ(a.drain_time(), b.drain_time()) << "packet " << seq;
        ASSERT_EQ(a.packets_in_network(0), b.packets_in_network(0)) << "packet " << seq;
        ASSERT_EQ(a.counters(0).drops_tail, b.counters(0).drops_tail) << "packet " << seq;
        ASSERT_EQ(a.horizon(), kNever);  // every ACK is on its line already
    }
    EXPECT_GT(a.counters(0).drops_tail, 1000u);  // the buffer overflowed often
    EXPECT_GT(acks, 50000u);
    EXPECT_EQ(a.queue_delay().count, b.queue_delay().count);
    EXPECT_EQ(a.queue_delay().sum, b.queue_delay().sum);
    EXPECT_EQ(a.queue_delay().histogram, b.queue_delay().histogram);
}
