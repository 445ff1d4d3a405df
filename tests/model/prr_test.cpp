// Proportional Rate Reduction (model/tcp/prr.h): the arithmetic on
// hand-driven ACK clocks, with the expected figures worked out from
// RFC 6937's formulas (and Linux tcp_cwnd_reduction's variant of them), then
// whole runs of the model with the detail on: the window glides down over
// the recovery instead of stepping, throughput and the response functions
// stay where the textbook sender has them, and BBR is left alone.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "model/tcp/prr.h"
#include "test_scenarios.h"

using namespace inflight;

namespace {

// An idealized recovery in whole segments: each ACK delivers `delivered`
// segments, after which the sender sends what the window PRR returns leaves
// room for. Counts in segments of `mss` bytes.
struct AckClock {
    std::uint32_t mss = 1500;
    std::uint64_t pipe = 0;  // in flight, segments
    std::uint64_t sent = 0;  // sent since the reduction began, segments
    Prr prr;

    void start(double prior_cwnd_segments, double ssthresh_segments, std::uint64_t pipe_segments) {
        pipe = pipe_segments;
        prr.start(prior_cwnd_segments * mss, ssthresh_segments * mss, mss, 0);
    }
    // One ACK; returns the segments sent in response.
    std::uint64_t ack(std::uint64_t delivered, bool safe_ack) {
        pipe -= delivered;
        const double cwnd = prr.on_ack(delivered * mss, pipe * mss, sent * mss, safe_ack);
        std::uint64_t n = 0;
        while (static_cast<double>((pipe + 1) * mss) <= cwnd) {
            ++pipe;
            ++sent;
            ++n;
        }
        return n;
    }
};

}  // namespace

// RFC 6937's running example: Reno (β = 1/2) with a window of 20 segments
// loses one. ssthresh = 10, prior_cwnd = 20; the 19 segments after the hole
// are SACKed one per ACK (none advances snd_una), then the retransmission's
// ACK ends recovery. After k deliveries pipe = 19 − k + sent. While
// pipe > ssthresh PRR allows ⌈10·k/20⌉ = ⌈k/2⌉ segments: one per two
// delivered, the first at once (the fast retransmit); that holds to k = 16
// (pipe 19 − 16 + 8 = 11). At k = 17 pipe = 10 = ssthresh: the bound allows
// ssthresh − pipe = 0; at k = 18 and 19 pipe = 9: one each, back to
// ssthresh. In all the 19 ACKs send ssthresh = 10 segments, spread over the
// round trip instead of bunched at its end as RFC 6675 would.
TEST(Prr, SingleLossSendsOneSegmentPerTwoDeliveredAndEndsAtSsthresh) {
    AckClock c;
    c.start(20, 10, 19);  // 20 outstanding, one of them lost
    std::vector<std::uint64_t> sends;
    for (int k = 1; k <= 19; ++k) {
        sends.push_back(c.ack(1, false));
        if (k <= 16) {
            EXPECT_EQ(c.sent, static_cast<std::uint64_t>((k + 1) / 2)) << "after " << k << " deliveries";
        }
    }
    for (int k = 1; k <= 16; ++k) EXPECT_EQ(sends[k - 1], k % 2 == 1 ? 1u : 0u) << "ACK " << k;
    EXPECT_EQ(sends[16], 0u);
    EXPECT_EQ(sends[17], 1u);
    EXPECT_EQ(sends[18], 1u);
    EXPECT_EQ(c.sent, 10u);
    EXPECT_EQ(c.pipe, 10u);  // = ssthresh when the retransmission's ACK ends recovery
}

// CUBIC's β = 0.7: ssthresh = 14 of prior_cwnd = 20; ⌈14·k/20⌉ after k
// deliveries while pipe > ssthresh, i.e. 7 segments per 10 delivered.
TEST(Prr, CubicBetaSendsSevenPerTenDelivered) {
    AckClock c;
    c.start(20, 14, 19);
    for (int k = 1; k <= 10; ++k) {
        c.ack(1, false);
        EXPECT_EQ(c.sent, static_cast<std::uint64_t>(std::ceil(14.0 * k / 20.0))) << "after " << k;
    }
    EXPECT_EQ(c.sent, 7u);
    EXPECT_EQ(c.pipe, 19u - 10u + 7u);
}

// A burst of losses leaves pipe below ssthresh. On ACKs that do not advance
// snd_una (SACKs, or with new losses) PRR sends what was delivered and no
// more (packet conservation, PRR-CRB): pipe holds.
TEST(Prr, BelowSsthreshWithoutSafeAcksConservesPackets) {
    AckClock c;
    c.start(20, 10, 7);  // 20 outstanding, 13 lost
    // First ACK: sndcnt = min(ssthresh − pipe = 10 − 6, max(1 − 0, 1)) = 1.
    EXPECT_EQ(c.ack(1, false), 1u);
    EXPECT_EQ(c.pipe, 7u);
    for (int k = 0; k < 5; ++k) {
        EXPECT_EQ(c.ack(1, false), 1u);
        EXPECT_EQ(c.pipe, 7u);
    }
}

// With ACKs that advance snd_una and report no new loss, the slow-start
// reduction bound grows pipe back toward ssthresh by at most one segment
// more than was delivered: 7 → 8 → 9 → 10, then it stays at ssthresh.
TEST(Prr, BelowSsthreshSafeAcksGrowByDeliveredPlusOneUpToSsthresh) {
    AckClock c;
    c.start(20, 10, 7);
    // pipe 6 after the ACK: sndcnt = min(10 − 6, max(1 − 0, 1) + 1) = 2.
    EXPECT_EQ(c.ack(1, true), 2u);
    EXPECT_EQ(c.pipe, 8u);
    // prr_delivered − prr_out = 2 − 2 = 0 → max(0, 1) + 1 = 2, room 10 − 7 = 3.
    EXPECT_EQ(c.ack(1, true), 2u);
    EXPECT_EQ(c.pipe, 9u);
    // 3 − 4 < 0 → 1 + 1 = 2, room 10 − 8 = 2.
    EXPECT_EQ(c.ack(1, true), 2u);
    EXPECT_EQ(c.pipe, 10u);
    // At ssthresh: room 10 − 9 = 1, so one per one delivered from here on.
    for (int k = 0; k < 5; ++k) {
        EXPECT_EQ(c.ack(1, true), 1u);
        EXPECT_EQ(c.pipe, 10u);
    }
    // A stretch ACK of 3 segments (delivered = 3) may send 3 + 1, bounded by
    // ssthresh − pipe = 10 − 7 = 3.
    EXPECT_EQ(c.ack(3, true), 3u);
    EXPECT_EQ(c.pipe, 10u);
}

// The fast retransmit always goes: with pipe exactly at ssthresh the bound
// allows nothing, but nothing has been sent yet, so one segment may.
TEST(Prr, TheFirstAckAlwaysAllowsOneSegment) {
    AckClock c;
    c.start(20, 10, 11);
    EXPECT_EQ(c.ack(1, false), 1u);  // pipe 10 = ssthresh: min(0, …) = 0, forced to 1
    EXPECT_EQ(c.pipe, 11u);
    EXPECT_EQ(c.ack(1, false), 0u);  // pipe 10 again, prr_out = 1: nothing
    EXPECT_EQ(c.pipe, 10u);
}

// The proportional ceiling is taken in whole segments, as Linux's packet
// arithmetic: the window it returns is pipe plus a whole number of segments
// whatever the MSS.
TEST(Prr, TheProportionalPartIsInWholeSegments) {
    for (std::uint32_t mss : {536u, 1500u, 9000u}) {
        Prr p;
        p.start(20.0 * mss, 10.0 * mss, mss, 1000);
        const double pipe = 18.0 * mss;
        // ⌈10·1/20⌉ = 1 segment, less nothing sent yet.
        EXPECT_DOUBLE_EQ(p.on_ack(mss, static_cast<std::uint64_t>(pipe), 1000, false), pipe + mss);
        // ⌈10·2/20⌉ = 1, less the one sent: 0.
        EXPECT_DOUBLE_EQ(p.on_ack(mss, static_cast<std::uint64_t>(pipe), 1000 + mss, false), pipe);
        // ⌈10·3/20⌉ = 2, less one: 1.
        EXPECT_DOUBLE_EQ(p.on_ack(mss, static_cast<std::uint64_t>(pipe), 1000 + mss, false), pipe + mss);
    }
}

// ---- Whole runs ----

namespace {

Scenario lossy(Algorithm a, double bandwidth_bps, Detail prr) {
    Scenario s = test::with(a, bandwidth_bps, 1e-4);
    s.prr = prr;
    return s;
}

struct Episode {
    std::size_t first, last;  // trace buckets in recovery
};

std::vector<Episode> recoveries(const Trace& t) {
    std::vector<Episode> out;
    for (std::size_t i = 0; i < t.buckets.size(); ++i) {
        if (t.buckets[i].phase != CcPhase::Recovery) continue;
        if (!out.empty() && out.back().last + 1 == i)
            out.back().last = i;
        else
            out.push_back({i, i});
    }
    return out;
}

}  // namespace

// Reno at 1e-4 on 100 Mbit/s, 80 ms: each loss comes alone in congestion
// avoidance. With PRR the window leaves cwnd and reaches ssthresh = cwnd/2
// over the recovery's round trip; every sample lies between the two. Without
// it the window is at ssthresh from the first bucket of recovery.
TEST(PrrRun, RenoWindowGlidesDownOverTheRecoveryInsteadOfStepping) {
    const RunResult on = run_scenario(lossy(Algorithm::Reno, 100e6, Detail::On));
    const RunResult off = run_scenario(lossy(Algorithm::Reno, 100e6, Detail::Off));
    const double mss = on.trace.mss_bytes;
    int checked = 0;
    for (const Episode& e : recoveries(on.trace)) {
        if (e.first == 0) continue;
        const TraceBucket& before = on.trace.buckets[e.first - 1];
        if (before.phase != CcPhase::CongestionAvoidance) continue;  // not the slow-start overshoot
        const double cwnd = before.cwnd_end_bytes;
        const double ssthresh = on.trace.buckets[e.first].ssthresh_bytes;
        EXPECT_NEAR(ssthresh, 0.5 * cwnd, 0.02 * cwnd);  // Reno's β = 1/2 of FlightSize ≈ cwnd
        for (std::size_t i = e.first; i <= e.last; ++i) {
            const TraceBucket& b = on.trace.buckets[i];
            EXPECT_GE(b.cwnd_bytes.min, ssthresh - mss) << "at " << b.t_start_s << " s";
            EXPECT_LE(b.cwnd_bytes.max, cwnd + mss) << "at " << b.t_start_s << " s";
        }
        // After the first bucket (8 ms of an ~90 ms recovery) the window has
        // come down by well under half the cut; half-way through it is
        // between the two; it ends at ssthresh.
        const std::size_t n = e.last - e.first + 1;
        ASSERT_GE(n, 5u);  // about one round trip of 8 ms buckets
        EXPECT_GT(on.trace.buckets[e.first].cwnd_end_bytes, cwnd - 0.5 * (cwnd - ssthresh));
        const double mid = on.trace.buckets[e.first + n / 2].cwnd_end_bytes;
        EXPECT_GT(mid, ssthresh + 0.1 * (cwnd - ssthresh));
        EXPECT_LT(mid, cwnd - 0.1 * (cwnd - ssthresh));
        EXPECT_NEAR(on.trace.buckets[e.last + 1].cwnd_bytes.min, ssthresh, mss);
        ++checked;
    }
    EXPECT_GE(checked, 5);
    // The textbook sender steps: cwnd = ssthresh in the first recovery bucket.
    int stepped = 0;
    for (const Episode& e : recoveries(off.trace)) {
        if (e.first == 0 || off.trace.buckets[e.first - 1].phase != CcPhase::CongestionAvoidance) continue;
        EXPECT_DOUBLE_EQ(off.trace.buckets[e.first].cwnd_end_bytes, off.trace.buckets[e.first].ssthresh_bytes);
        ++stepped;
    }
    EXPECT_GE(stepped, 5);
}

// PRR changes when the cut is made, not how deep: throughput at 1e-4 stays
// within 3% of the textbook sender's for Reno and CUBIC.
TEST(PrrRun, ThroughputStaysWithinAFewPercentOfTextbook) {
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic}) {
        for (double bw : {100e6, 1e9}) {
            const RunResult on = run_scenario(lossy(a, bw, Detail::On));
            const RunResult off = run_scenario(lossy(a, bw, Detail::Off));
            EXPECT_NEAR(on.summary.throughput_bps, off.summary.throughput_bps, 0.03 * off.summary.throughput_bps)
                << to_string(a) << " at " << bw;
            EXPECT_EQ(on.summary.rtos, 0u) << to_string(a) << " at " << bw;
        }
    }
}

// The response functions still hold with PRR: Reno on Mathis's
// W = √(3/2)/√p = 122.5 packets (18.4 Mbit/s at 80 ms), CUBIC on RFC 9438
// §5's ≈ 158.5 packets (≈ 24 Mbit/s), ±10%, at every bandwidth.
TEST(PrrRun, TheResponseFunctionsStillHold) {
    const double w_reno = std::sqrt(1.5) / std::sqrt(1e-4);
    const double w_cubic = std::pow(0.4 * (3 + 0.7) / (4 * (1 - 0.7)), 0.25) * std::pow(0.080, 0.75) / std::pow(1e-4, 0.75);
    for (double bw : {100e6, 1e9, 10e9}) {
        const RunResult reno = run_scenario(lossy(Algorithm::Reno, bw, Detail::On));
        EXPECT_NEAR(reno.summary.mean_cwnd_packets, w_reno, 0.10 * w_reno) << "at " << bw;
        EXPECT_NEAR(reno.summary.throughput_bps, w_reno * 1500 * 8 / 0.080, 0.10 * w_reno * 1500 * 8 / 0.080);
        const RunResult cubic = run_scenario(lossy(Algorithm::Cubic, bw, Detail::On));
        EXPECT_NEAR(cubic.summary.mean_cwnd_packets, w_cubic, 0.10 * w_cubic) << "at " << bw;
        EXPECT_NEAR(cubic.summary.throughput_bps, w_cubic * 1500 * 8 / 0.080, 0.10 * w_cubic * 1500 * 8 / 0.080);
    }
}

// The cut PRR spreads is the one an ECN echo asks for too (Linux's
// tcp_enter_cwr): CUBIC behind CoDel marking, the window is above ssthresh
// in some bucket of a reduction, where the textbook sender is at ssthresh in
// every one.
TEST(PrrRun, AnEcnEchoIsSpreadTheSameWay) {
    Scenario s = test::defaults();
    s.aqm = Aqm::Codel;
    s.ecn = true;
    s.duration_s = 20;
    s.prr = Detail::On;
    const RunResult on = run_scenario(s);
    s.prr = Detail::Off;
    const RunResult off = run_scenario(s);
    EXPECT_GT(on.summary.ecn_marks, 0u);
    EXPECT_EQ(on.summary.drops_aqm, 0u);
    int above = 0, recovery_buckets = 0;
    for (const TraceBucket& b : on.trace.buckets) {
        if (b.phase != CcPhase::Recovery) continue;
        ++recovery_buckets;
        if (b.cwnd_end_bytes > b.ssthresh_bytes + on.trace.mss_bytes) ++above;
    }
    EXPECT_GT(recovery_buckets, 0);
    EXPECT_GT(above, 0);
    for (const TraceBucket& b : off.trace.buckets) {
        if (b.phase == CcPhase::Recovery) {
            EXPECT_LE(b.cwnd_end_bytes, b.ssthresh_bytes);
        }
    }
    // No throughput bound here: the queue drains more slowly while PRR still
    // sends, so CoDel may mark once more just after a reduction ends and a
    // 20 s run with a handful of events can differ by one cut.
}

// BBR has its own recovery (Linux: cong_control replaces tcp_cwnd_reduction):
// the detail changes nothing.
TEST(PrrRun, BbrIsLeftAsItIs) {
    Scenario s = lossy(Algorithm::Bbr, 100e6, Detail::On);
    s.duration_s = 10;
    const RunResult on = run_scenario(s);
    s.prr = Detail::Off;
    const RunResult off = run_scenario(s);
    EXPECT_EQ(on.summary.throughput_bps, off.summary.throughput_bps);
    EXPECT_EQ(on.summary.retransmits, off.summary.retransmits);
    EXPECT_EQ(on.summary.mean_cwnd_packets, off.summary.mean_cwnd_packets);
}
