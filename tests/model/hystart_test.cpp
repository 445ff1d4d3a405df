// HyStart as Linux CUBIC runs it (tcp_cubic.c): each detector alone on
// hand-built ACK streams, then CUBIC with it, then a whole run. The expected
// figures come from tcp_cubic.c's constants (hystart_low_window 16,
// hystart_ack_delta_us 2000, HYSTART_MIN_SAMPLES 8, HYSTART_DELAY_MIN/MAX 4/16
// ms) and arithmetic on them.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/cc/cubic.h"
#include "model/cc/hystart.h"
#include "model/engine/run.h"

using namespace inflight;

namespace {

constexpr TimePs kMs = kPsPerMs;
constexpr std::uint32_t kMss = 1500;

// An ACK in slow start at time `t`, with cwnd 100 packets, opening no new
// round unless `una` passes the round's end.
HystartAck ack_at(TimePs t, TimePs rtt, std::uint64_t una, double cwnd = 100) {
    HystartAck a;
    a.now = t;
    a.rtt = rtt;
    a.cwnd_packets = cwnd;
    a.in_slow_start = true;
    a.snd_una = una;
    a.snd_nxt = una + static_cast<std::uint64_t>(cwnd) * kMss;
    return a;
}

// A detector that has seen delay_min = `min_rtt` (from an ACK below the low
// window, where the detectors do not run).
Hystart with_delay_min(TimePs min_rtt, bool paced = false, HystartParams p = {}) {
    Hystart h(paced, p);
    // It opens a round too (at any cwnd), ending at its own snd_una: the
    // test's next ACK, past it, opens the round the test watches.
    HystartAck first = ack_at(0, min_rtt, kMss, 10);
    first.snd_nxt = first.snd_una;
    EXPECT_EQ(h.on_ack(first), HystartExit::None);
    EXPECT_EQ(h.delay_min(), min_rtt);
    return h;
}

HystartParams train_only() {
    HystartParams p;
    p.delay = false;
    return p;
}
HystartParams delay_only() {
    HystartParams p;
    p.ack_train = false;
    return p;
}

}  // namespace

// --- ACK train -------------------------------------------------------------

TEST(HystartAckTrain, ThresholdIsHalfDelayMinUnpacedAndDelayMinPaced) {
    const Hystart unpaced = with_delay_min(80 * kMs);
    const Hystart paced = with_delay_min(80 * kMs, true);
    EXPECT_EQ(unpaced.ack_train_threshold(0), 40 * kMs);  // no pacing rate: no TSO cushion
    EXPECT_EQ(paced.ack_train_threshold(0), 80 * kMs);
    // hystart_ack_delay() = min(1 ms, 4 · 64 KiB / rate): 1 ms at a slow rate,
    // 0.2 ms at 4·65536/0.0002 s = 1,310,720,000 B/s; halved with the rest unpaced.
    EXPECT_EQ(unpaced.ack_train_threshold(1e6), (80 * kMs + kMs) / 2);
    EXPECT_NEAR(static_cast<double>(unpaced.ack_train_threshold(1'310'720'000.0)),
                static_cast<double>((80 * kMs + kMs / 5) / 2), 1e3);
    EXPECT_EQ(paced.ack_train_threshold(1e6), 81 * kMs);
}

TEST(HystartAckTrain, AcksOneMsApartFireOncePastHalfDelayMin) {
    Hystart h = with_delay_min(80 * kMs, false, train_only());
    const TimePs t0 = 1000 * kMs;
    // The first ACK past the round's end opens a round; ACK k arrives k ms later.
    for (int k = 0; k <= 40; ++k)
        ASSERT_EQ(h.on_ack(ack_at(t0 + k * kMs, 80 * kMs, 2 * kMss + k)), HystartExit::None) << k;
    EXPECT_EQ(h.round_start(), t0);
    // 41 ms > 40 ms: the train spans more than delay_min/2.
    EXPECT_EQ(h.on_ack(ack_at(t0 + 41 * kMs, 80 * kMs, 2 * kMss + 41)), HystartExit::AckTrain);
    EXPECT_TRUE(h.found());
    // Found: nothing more until a reset.
    EXPECT_EQ(h.on_ack(ack_at(t0 + 42 * kMs, 80 * kMs, 2 * kMss + 42)), HystartExit::None);
}

TEST(HystartAckTrain, AThreeMsGapEndsTheTrainUntilTheNextRound) {
    Hystart h = with_delay_min(80 * kMs, false, train_only());
    const TimePs t0 = 1000 * kMs;
    std::uint64_t una = 2 * kMss;
    for (int k = 0; k <= 30; ++k) ASSERT_EQ(h.on_ack(ack_at(t0 + k * kMs, 80 * kMs, una++)), HystartExit::None);
    // 3 ms after the last: more than hystart_ack_delta (2 ms); then 1 ms apart again.
    for (int k = 33; k <= 70; ++k)
        EXPECT_EQ(h.on_ack(ack_at(t0 + k * kMs, 80 * kMs, una++)), HystartExit::None) << k;
    EXPECT_FALSE(h.found());
    // A 2 ms gap still extends a train (≤ hystart_ack_delta): a new round from
    // snd_una past the round's end, ACKs 2 ms apart, fires once 41+ ms in.
    const std::uint64_t next_round = h.end_seq() + 1;
    const TimePs t1 = 2000 * kMs;
    for (int k = 0; k <= 20; ++k)
        ASSERT_EQ(h.on_ack(ack_at(t1 + 2 * k * kMs, 80 * kMs, next_round + k)), HystartExit::None) << k;
    EXPECT_EQ(h.round_start(), t1);
    EXPECT_EQ(h.on_ack(ack_at(t1 + 42 * kMs, 80 * kMs, next_round + 21)), HystartExit::AckTrain);
}

TEST(HystartAckTrain, PacedWaitsForAWholeDelayMin) {
    Hystart h = with_delay_min(80 * kMs, true, train_only());
    const TimePs t0 = 1000 * kMs;
    for (int k = 0; k <= 80; ++k) ASSERT_EQ(h.on_ack(ack_at(t0 + k * kMs, 80 * kMs, 2 * kMss + k)), HystartExit::None);
    EXPECT_EQ(h.on_ack(ack_at(t0 + 81 * kMs, 80 * kMs, 2 * kMss + 81)), HystartExit::AckTrain);
}

// --- Delay increase --------------------------------------------------------

namespace {
// One round of `n` RTT samples, ACKs 3 ms apart (no ACK train); the exit
// it ends with and at which sample (1-based; 0: none).
std::pair<HystartExit, int> delay_round(Hystart& h, TimePs rtt, int n, std::uint64_t una_from) {
    const TimePs t0 = 5000 * kMs;
    for (int k = 0; k < n; ++k) {
        const HystartExit e = h.on_ack(ack_at(t0 + 3 * k * kMs, rtt, una_from + k));
        if (e != HystartExit::None) return {e, k + 1};
    }
    return {HystartExit::None, 0};
}
}  // namespace

TEST(HystartDelay, EightSamplesAboveTheThresholdFireOnTheNext) {
    // delay_min 80 ms: threshold 80 + clamp(10, 4, 16) = 90 ms.
    Hystart h = with_delay_min(80 * kMs, false, delay_only());
    EXPECT_EQ(h.delay_threshold(), 90 * kMs);
    const auto [exit, at] = delay_round(h, 91 * kMs, 20, 2 * kMss);
    EXPECT_EQ(exit, HystartExit::DelayIncrease);
    EXPECT_EQ(at, 9);  // 8 samples collected, the 9th compares their minimum
}

TEST(HystartDelay, AtOrBelowTheThresholdDoesNotFire) {
    Hystart at_threshold = with_delay_min(80 * kMs, false, delay_only());
    EXPECT_EQ(delay_round(at_threshold, 90 * kMs, 50, 2 * kMss).first, HystartExit::None);  // must exceed
    Hystart below = with_delay_min(80 * kMs, false, delay_only());
    EXPECT_EQ(delay_round(below, 89 * kMs, 50, 2 * kMss).first, HystartExit::None);
}

TEST(HystartDelay, OneLowSampleAmongTheFirstEightHoldsTheRound) {
    Hystart h = with_delay_min(80 * kMs, false, delay_only());
    const TimePs t0 = 5000 * kMs;
    EXPECT_EQ(h.on_ack(ack_at(t0, 85 * kMs, 2 * kMss)), HystartExit::None);  // the round's minimum: 85 ms
    for (int k = 1; k < 30; ++k) EXPECT_EQ(h.on_ack(ack_at(t0 + 3 * k * kMs, 100 * kMs, 2 * kMss + k)), HystartExit::None);
    EXPECT_FALSE(h.found());
}

TEST(HystartDelay, ThresholdIsClampedToFourAndSixteenMs) {
    // delay_min/8 = 2.5 ms → 4 ms; 25 ms → 16 ms; 10 ms stays.
    EXPECT_EQ(with_delay_min(20 * kMs).delay_threshold(), 24 * kMs);
    EXPECT_EQ(with_delay_min(200 * kMs).delay_threshold(), 216 * kMs);
    EXPECT_EQ(with_delay_min(80 * kMs).delay_threshold(), 90 * kMs);
    // And the detector uses them: 20 ms path, 25 ms samples fire (> 24), 24 ms do not.
    Hystart short_fires = with_delay_min(20 * kMs, false, delay_only());
    EXPECT_EQ(delay_round(short_fires, 25 * kMs, 20, 2 * kMss).first, HystartExit::DelayIncrease);
    Hystart short_holds = with_delay_min(20 * kMs, false, delay_only());
    EXPECT_EQ(delay_round(short_holds, 24 * kMs, 20, 2 * kMss).first, HystartExit::None);
    // 200 ms path: 217 ms fire (> 216), 230 ms would have been needed for delay_min/8 = 25 ms unclamped.
    Hystart long_fires = with_delay_min(200 * kMs, false, delay_only());
    EXPECT_EQ(delay_round(long_fires, 217 * kMs, 20, 2 * kMss).first, HystartExit::DelayIncrease);
    Hystart long_holds = with_delay_min(200 * kMs, false, delay_only());
    EXPECT_EQ(delay_round(long_holds, 216 * kMs, 20, 2 * kMss).first, HystartExit::None);
}

// --- When HyStart listens --------------------------------------------------

TEST(Hystart, InactiveBelowSixteenPacketsAndOutsideSlowStart) {
    // A long ACK train with a large delay increase at cwnd 15.9: nothing.
    Hystart low = with_delay_min(80 * kMs);
    for (int k = 0; k < 200; ++k)
        EXPECT_EQ(low.on_ack(ack_at(1000 * kMs + k * kMs, 120 * kMs, 2 * kMss + k, 15.9)), HystartExit::None);
    EXPECT_FALSE(low.found());
    // Not in slow start (cwnd ≥ ssthresh): nothing either.
    Hystart ca = with_delay_min(80 * kMs);
    for (int k = 0; k < 200; ++k) {
        HystartAck a = ack_at(1000 * kMs + k * kMs, 120 * kMs, 2 * kMss + k);
        a.in_slow_start = false;
        EXPECT_EQ(ca.on_ack(a), HystartExit::None);
    }
    // At 16 packets the same train fires (41 ms > 40 ms).
    Hystart at16 = with_delay_min(80 * kMs, false, train_only());
    HystartExit e = HystartExit::None;
    int k = 0;
    for (; k < 200 && e == HystartExit::None; ++k) e = at16.on_ack(ack_at(1000 * kMs + k * kMs, 80 * kMs, 2 * kMss + k, 16));
    EXPECT_EQ(e, HystartExit::AckTrain);
    EXPECT_EQ(k - 1, 41);
}

TEST(Hystart, ARoundOpensBelowSixteenPacketsSoRoundsOpenWhereFlightsDo) {
    // Linux 6.14 on: bictcp_hystart_reset runs before the low-window test.
    Hystart h(false);
    HystartAck first = ack_at(80 * kMs, 80 * kMs, kMss, 10);  // passes end_seq = 0
    EXPECT_EQ(h.on_ack(first), HystartExit::None);
    EXPECT_EQ(h.round_start(), 80 * kMs);
    EXPECT_EQ(h.end_seq(), first.snd_nxt);
    // The next flight's first ACK, still below 16 packets, opens the next round.
    HystartAck next = ack_at(160 * kMs, 80 * kMs, first.snd_nxt + kMss, 12);
    EXPECT_EQ(h.on_ack(next), HystartExit::None);
    EXPECT_EQ(h.round_start(), 160 * kMs);
    EXPECT_EQ(h.sample_count(), 0);  // no detector ran below the low window
}

TEST(Hystart, AckWithoutRttSampleIsIgnored) {
    Hystart h = with_delay_min(80 * kMs, false, train_only());
    const TimePs t0 = 1000 * kMs;
    EXPECT_EQ(h.on_ack(ack_at(t0, 80 * kMs, 2 * kMss)), HystartExit::None);
    // Karn: no sample — Linux's cubictcp_acked returns before HyStart.
    EXPECT_EQ(h.on_ack(ack_at(t0 + 50 * kMs, -1, 2 * kMss + 1)), HystartExit::None);
    EXPECT_FALSE(h.found());
}

TEST(Hystart, RtoResetsFoundDelayMinAndTheRound) {
    Hystart h = with_delay_min(80 * kMs, false, train_only());
    const TimePs t0 = 1000 * kMs;
    HystartExit e = HystartExit::None;
    for (int k = 0; k <= 41; ++k) e = h.on_ack(ack_at(t0 + k * kMs, 80 * kMs, 2 * kMss + k));
    ASSERT_EQ(e, HystartExit::AckTrain);
    // The RTO (TCP_CA_Loss): bictcp_reset and bictcp_hystart_reset.
    const std::uint64_t snd_nxt = 500 * kMss;
    h.on_loss_state(3000 * kMs, snd_nxt);
    EXPECT_FALSE(h.found());
    EXPECT_EQ(h.delay_min(), 0);
    EXPECT_EQ(h.round_start(), 3000 * kMs);
    EXPECT_EQ(h.end_seq(), snd_nxt);
    // delay_min starts over (100 ms now, above the old 80 ms), and the train
    // fires again past 50 ms in the round that opens once snd_una passes snd_nxt.
    const TimePs t1 = 4000 * kMs;
    EXPECT_EQ(h.on_ack(ack_at(t1 - 500 * kMs, 100 * kMs, snd_nxt, 10)), HystartExit::None);
    EXPECT_EQ(h.delay_min(), 100 * kMs);
    for (int k = 0; k <= 50; ++k)
        ASSERT_EQ(h.on_ack(ack_at(t1 + k * kMs, 100 * kMs, snd_nxt + 1 + k)), HystartExit::None) << k;
    EXPECT_EQ(h.on_ack(ack_at(t1 + 51 * kMs, 100 * kMs, snd_nxt + 52)), HystartExit::AckTrain);
}

// --- CUBIC with HyStart ----------------------------------------------------

namespace {
struct CubicFeed {
    CcState s;
    std::uint64_t una = 0;
    TimePs t = 1000 * kMs;
    explicit CubicFeed(double cwnd_packets) {
        s.mss_bytes = kMss;
        s.srtt_s = 0.080;
        s.cwnd_bytes = cwnd_packets * kMss;
    }
    // One ACK of one MSS, `gap` after the previous, RTT `rtt`.
    void ack(Cubic& c, TimePs gap, TimePs rtt) {
        t += gap;
        una += kMss;
        s.snd_una_bytes = una;
        s.flight_size_bytes = static_cast<std::uint64_t>(s.cwnd_bytes);
        AckInfo a;
        a.now = t;
        a.acked_bytes = kMss;
        a.rtt = rtt;
        c.on_ack(s, a);
    }
};
}  // namespace

TEST(CubicHystart, ExitSetsSsthreshToCwndThenGrowsFivePercentPerRound) {
    Cubic c(CubicParams{}, true, false);
    CubicFeed f(100);
    // ACKs 1 ms apart at 80 ms RTT: each adds a segment in slow start until
    // the train spans 41 ms of a round.
    for (int k = 0; k < 200 && !c.hystart().found(); ++k) f.ack(c, kMs, 80 * kMs);
    ASSERT_TRUE(c.hystart().found());
    EXPECT_EQ(f.s.slow_start_end, StartEnd::HystartAckTrain);
    const double at_exit = f.s.slow_start_end_cwnd_bytes;
    EXPECT_EQ(f.s.ssthresh_bytes, at_exit);  // no reduction
    // The exit's own ACK went to congestion avoidance (at least 1/20 segment), not slow start (+1).
    EXPECT_GE(f.s.cwnd_bytes, at_exit + kMss / 20.0);
    EXPECT_LT(f.s.cwnd_bytes, at_exit + kMss);
    // With no W_max (Linux's last_max_cwnd == 0, ca->cnt ≤ 20): 1 segment per 20 acknowledged.
    const double w0 = f.s.cwnd_bytes;
    for (int k = 0; k < 200; ++k) f.ack(c, kMs / 10, 80 * kMs);
    EXPECT_GE(f.s.cwnd_bytes, w0 + 200.0 * kMss / 20.0 - 1e-6);
    EXPECT_LT(f.s.cwnd_bytes, w0 + 200.0 * kMss / 2.0);
    // A loss sets W_max (cwnd then = ssthresh / 0.7); the 5% floor ends with
    // it: growing back toward W_max from 0.7·W_max (K = ∛(0.3·W_max/0.4),
    // about 4.5 s for ~120 packets) adds far less than 1/20 segment per ACK.
    c.on_congestion_event(f.s, f.t);
    EXPECT_NEAR(c.w_max_segments() * kMss, f.s.cwnd_bytes / 0.7, 1e-6);
    f.s.ssthresh_bytes = f.s.cwnd_bytes;
    const double w1 = f.s.cwnd_bytes;
    for (int k = 0; k < 20; ++k) f.ack(c, kMs, 80 * kMs);
    EXPECT_LT(f.s.cwnd_bytes - w1, 20.0 * kMss / 20.0 / 2);
}

TEST(CubicHystart, OffItStaysInSlowStart) {
    Cubic c;  // textbook: no HyStart
    CubicFeed f(100);
    for (int k = 0; k < 200; ++k) f.ack(c, kMs, 80 * kMs);
    EXPECT_EQ(f.s.cwnd_bytes, 300.0 * kMss);  // +1 per ACK, RFC 5681
    EXPECT_TRUE(std::isinf(f.s.ssthresh_bytes));
    EXPECT_EQ(f.s.slow_start_end, StartEnd::ReachedSsthresh);
}

TEST(CubicHystart, RtoRestartsHystart) {
    Cubic c(CubicParams{}, true, false);
    CubicFeed f(100);
    for (int k = 0; k < 200 && !c.hystart().found(); ++k) f.ack(c, kMs, 80 * kMs);
    ASSERT_TRUE(c.hystart().found());
    c.on_rto(f.s, f.t);
    EXPECT_FALSE(c.hystart().found());
    EXPECT_EQ(c.hystart().delay_min(), 0);
    EXPECT_EQ(f.s.slow_start_end, StartEnd::ReachedSsthresh);  // a later exit names itself again
}

// --- A whole run -----------------------------------------------------------

namespace {
struct StartFigures {
    double exit_t_s = -1, exit_cwnd_packets = 0;
    StartEnd how = StartEnd::FirstCongestion;
    std::uint64_t drops_before_exit = 0, drops = 0;
};
StartFigures start_figures(const RunResult& r) {
    StartFigures f;
    for (const Event& e : r.events) {
        if (e.kind == EventKind::SlowStartExit && f.exit_t_s < 0) {
            f.exit_t_s = e.t_s;
            f.how = e.start_end;
            f.exit_cwnd_packets = e.mss_bytes ? e.cwnd_before_bytes / e.mss_bytes : 0;
        }
    }
    for (const Event& e : r.events)
        if (e.kind == EventKind::Drops && e.t_s <= f.exit_t_s) f.drops_before_exit += e.drops_tail + e.drops_aqm;
    f.drops = r.summary.drops_tail + r.summary.drops_aqm + r.summary.drops_random;
    return f;
}
}  // namespace

TEST(CubicHystartRun, LeavesSlowStartBeforeAnyLossWithFarFewerDrops) {
    // 100 Mbit/s, 80 ms, a 1-BDP buffer (667 packets of 1500 B), 20 s.
    Scenario s;
    s.algorithm = Algorithm::Cubic;
    s.bandwidth_bps = 100e6;
    s.rtt_s = 0.080;
    s.buffer_s = 0.080;
    s.duration_s = 20;
    const StartFigures textbook = start_figures(run_scenario(s));
    s.hystart = Detail::On;
    const StartFigures hystart = start_figures(run_scenario(s));

    // Textbook: slow start ends at the first loss, after the buffer overflows.
    EXPECT_EQ(textbook.how, StartEnd::FirstCongestion);
    EXPECT_GT(textbook.drops, 1000u);
    // HyStart, by arithmetic on the model's slow start (one ACK per packet,
    // two packets sent per ACK, so each flight reaches the link at twice its
    // rate and its ACKs come back one packet time, 0.12 ms, apart):
    //  - rounds open at a flight's first ACK (the first passes end_seq = 0),
    //    whose packet met an empty queue: the round's first 8 samples are
    //    about delay_min, and the delay detector never fires;
    //  - the ACK train fires when a round's ACKs have run past
    //    (delay_min + 1 ms)/2 = (80.12 + 1)/2 = 40.56 ms: ACK k of the round
    //    arrives k · 0.12 ms after its first, so k = 339. A flight of 320
    //    packets lasts 38.4 ms (no fire); in the flight of 640 (cwnd 640 at
    //    its first ACK, +1 per ACK) it fires at cwnd 640 + 339 + 1 = 980.
    // Before BDP + buffer = 1333 packets fill: no loss before the exit.
    EXPECT_EQ(hystart.how, StartEnd::HystartAckTrain);
    EXPECT_EQ(hystart.drops_before_exit, 0u);
    EXPECT_NEAR(hystart.exit_cwnd_packets, 980, 5);
    EXPECT_LT(hystart.exit_t_s, 1.0);
    EXPECT_LT(hystart.drops * 10, textbook.drops);
    std::printf("textbook: slow start ends at %.3f s, %llu drops; hystart: at %.3f s, cwnd %.0f packets, %llu drops\n",
                textbook.exit_t_s, static_cast<unsigned long long>(textbook.drops), hystart.exit_t_s,
                hystart.exit_cwnd_packets, static_cast<unsigned long long>(hystart.drops));
}
