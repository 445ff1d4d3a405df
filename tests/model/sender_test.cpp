// The TCP sender on hand-made ACKs, without the run loop: every packet it
// sends is taken off a fast bottleneck's ACK line, and the test decides
// which of them are ACKed, when, and in what order (an un-ACKed one is a
// loss). Reno is the algorithm (RFC 5681 arithmetic); the expected figures
// come from RFC 6928 (IW 10), RFC 5681 (slow start, FlightSize/2), RFC 6675
// (pipe), RFC 8985's three-later-deliveries rule, RFC 6298 (SRTT, RTTVAR,
// RTO, Karn, backoff) with Linux's 200 ms floor on the variance term and
// 120 s ceiling, RFC 3168 (one reduction per window for ECN) and Linux
// tcp_update_pacing_rate (200% of cwnd/SRTT in slow start).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "model/cc/reno.h"
#include "model/path/ack_path.h"
#include "model/path/bottleneck.h"
#include "model/tcp/sender.h"

using namespace inflight;

namespace {
constexpr std::uint32_t kMss = 1000;
constexpr TimePs kMs = kPsPerMs;
constexpr std::uint64_t kPlenty = 1'000'000'000;

struct Logged {
    struct Congestion { TimePs t; CongestionCause cause; double before, after; bool ended_slow_start; };
    struct Timeout { TimePs t; TimePs rto; int backoff; };
    std::vector<Congestion> congestion;
    std::vector<Timeout> timeouts;
};
class Log final : public SenderEvents {
public:
    Logged seen;
    void congestion_event(TimePs now, CongestionCause cause, double before, double after, bool ended) override {
        seen.congestion.push_back({now, cause, before, after, ended});
    }
    void retransmission_timeout(TimePs now, TimePs rto, int backoff, double) override {
        seen.timeouts.push_back({now, rto, backoff});
    }
    void phase_change(TimePs, CcPhase, CcPhase, const CcState&) override {}
};

Sender::Config config() {
    Sender::Config c{};
    c.mss_bytes = kMss;
    c.rwnd_bytes = kPlenty;
    c.sndbuf_bytes = kPlenty;
    c.pacing = false;
    c.handshake_rtt = 100 * kMs;
    return c;
}

std::vector<AckPath> one_line() {
    std::vector<AckPath> v;
    v.emplace_back(100 * kMs);
    return v;
}

// One sender on a 1 Tbit/s link with room for everything: the link only
// carries the packets to the ACK line, where the test collects them.
struct Rig {
    std::vector<AckPath> returns = one_line();
    Bottleneck path{Bottleneck::Config{1e12, kPlenty, 0.0, LossPattern::Even, 1, std::nullopt, false, kMss, kNever},
                    returns};
    Reno reno;
    Log log;
    Sender sender;
    explicit Rig(const Sender::Config& c = config()) : sender(c, reno, path, log) {}

    // Sends what the sender may at `now`; returns those packets in send order.
    std::vector<Packet> send(TimePs now) {
        path.advance_to(now);
        sender.try_send(now);
        path.advance_to(kNever);
        std::vector<Packet> out;
        while (returns[0].size() > 0) out.push_back(returns[0].pop().packet);
        return out;
    }
    AckOutcome ack(TimePs now, const Packet& p, bool ce = false) {
        AckInFlight a{p, now};
        a.packet.ce = ce;
        return sender.on_ack(now, a);
    }
};
}  // namespace

TEST(Sender, StartsWithAnInitialWindowOfTenSegments) {
    Rig r;
    const std::vector<Packet> sent = r.send(0);
    ASSERT_EQ(sent.size(), 10u);
    for (std::uint32_t i = 0; i < sent.size(); ++i) {
        EXPECT_EQ(sent[i].seg_no, i);
        EXPECT_EQ(sent[i].bytes, kMss);
    }
    EXPECT_EQ(r.sender.bytes_in_flight(), 10u * kMss);
    EXPECT_EQ(r.sender.blocked_by(), Limit::Cwnd);
    EXPECT_TRUE(r.send(0).empty()) << "nothing more until an ACK";
}

TEST(Sender, TheLastSegmentIsShortWhenRwndBinds) {
    Sender::Config c = config();
    c.rwnd_bytes = 4500;
    Rig r(c);
    const std::vector<Packet> sent = r.send(0);
    ASSERT_EQ(sent.size(), 5u);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(sent[static_cast<std::size_t>(i)].bytes, kMss);
    EXPECT_EQ(sent[4].bytes, 500);
    EXPECT_EQ(r.sender.blocked_by(), Limit::Rwnd);
    EXPECT_DOUBLE_EQ(r.sender.window_in_force_bytes(), 4500.0);

    // A smaller send buffer binds instead, and is named.
    c.sndbuf_bytes = 2500;
    Rig s(c);
    EXPECT_EQ(s.send(0).size(), 3u);
    EXPECT_EQ(s.sender.blocked_by(), Limit::Sndbuf);
}

TEST(Sender, AFiniteTransferSendsItsBytesAndIsDoneWhenTheLastIsAcked) {
    Sender::Config c = config();
    c.data_bytes = 2500;
    Rig r(c);
    const std::vector<Packet> sent = r.send(0);
    ASSERT_EQ(sent.size(), 3u);
    EXPECT_EQ(sent[2].bytes, 500);
    r.ack(100 * kMs, sent[0]);
    r.ack(100 * kMs, sent[1]);
    EXPECT_FALSE(r.sender.done());
    r.ack(100 * kMs, sent[2]);
    EXPECT_TRUE(r.sender.done());
    EXPECT_EQ(r.sender.acked_bytes(), 2500u);
    EXPECT_EQ(r.sender.bytes_in_flight(), 0u);
}

TEST(Sender, SlowStartGrowsCwndByOneSegmentPerAckAndRefillsThePipe) {
    Rig r;
    const std::vector<Packet> sent = r.send(0);
    const AckOutcome a = r.ack(100 * kMs, sent[0]);
    EXPECT_TRUE(a.new_data);
    EXPECT_DOUBLE_EQ(r.sender.cwnd_bytes(), 11.0 * kMss);
    // 9 in flight, cwnd 11: two new segments.
    const std::vector<Packet> more = r.send(100 * kMs);
    ASSERT_EQ(more.size(), 2u);
    EXPECT_EQ(more[0].seg_no, 10u);
    EXPECT_EQ(more[1].seg_no, 11u);
    EXPECT_EQ(r.sender.bytes_in_flight(), 11u * kMss);
}

TEST(Sender, AnAckAlreadySeenChangesNothing) {
    Rig r;
    const std::vector<Packet> sent = r.send(0);
    EXPECT_TRUE(r.ack(100 * kMs, sent[1]).new_data);
    const double cwnd = r.sender.cwnd_bytes();
    const AckOutcome again = r.ack(101 * kMs, sent[1]);
    EXPECT_FALSE(again.new_data);
    EXPECT_EQ(again.rtt, -1);
    EXPECT_DOUBLE_EQ(r.sender.cwnd_bytes(), cwnd);
    EXPECT_EQ(r.sender.bytes_in_flight(), 9u * kMss);
}

TEST(Sender, TheFirstAckGivesAnRttAndADeliveryRateOfOneSegmentOverIt) {
    Rig r;
    const std::vector<Packet> sent = r.send(0);
    const AckOutcome a = r.ack(100 * kMs, sent[0]);
    EXPECT_EQ(a.rtt, 100 * kMs);
    EXPECT_DOUBLE_EQ(a.delivery_rate_bps, kMss * 8 / 0.1);  // 80 kbit/s
    EXPECT_EQ(r.sender.min_rtt(), 100 * kMs);
}

TEST(Sender, RttEstimatorFollowsRfc6298) {
    Rig r;
    // Initialized from the handshake's R = 100 ms: SRTT = R, RTTVAR = R/2,
    // RTO = SRTT + max(4·RTTVAR, 200 ms) = 300 ms, armed by the first send.
    EXPECT_DOUBLE_EQ(r.sender.srtt_s(), 0.1);
    EXPECT_DOUBLE_EQ(r.sender.rttvar_s(), 0.05);
    const std::vector<Packet> sent = r.send(0);
    EXPECT_EQ(r.sender.rto_deadline(), 300 * kMs);
    // A 200 ms sample: RTTVAR = 3/4·50 + 1/4·|100 − 200| = 62.5 ms,
    // SRTT = 7/8·100 + 1/8·200 = 112.5 ms; the timer restarts at the ACK:
    // 200 + 112.5 + 4·62.5 = 562.5 ms.
    r.ack(200 * kMs, sent[0]);
    EXPECT_DOUBLE_EQ(r.sender.rttvar_s(), 0.0625);
    EXPECT_DOUBLE_EQ(r.sender.srtt_s(), 0.1125);
    EXPECT_EQ(r.sender.rto_deadline(), 562'500'000'000);
}

TEST(Sender, TheRtoIsNeverBelowSrttPlus200ms) {
    // R = 10 ms: 4·RTTVAR = 20 ms is below Linux's 200 ms floor: RTO = 210 ms.
    Sender::Config c = config();
    c.handshake_rtt = 10 * kMs;
    Rig r(c);
    r.send(0);
    EXPECT_EQ(r.sender.rto_deadline(), 210 * kMs);
}

TEST(Sender, ATimeoutLeavesOneSegmentOfCwndAndResendsTheFirstHoleFirst) {
    Rig r;
    r.send(0);
    r.sender.on_rto_timer(300 * kMs);
    EXPECT_DOUBLE_EQ(r.sender.cwnd_bytes(), kMss);
    EXPECT_DOUBLE_EQ(r.sender.ssthresh_bytes(), 5.0 * kMss);  // FlightSize 10 segments / 2
    EXPECT_EQ(r.sender.bytes_in_flight(), 0u) << "everything outstanding is presumed lost";
    EXPECT_EQ(r.sender.phase(), CcPhase::Loss);
    const std::vector<Packet> resent = r.send(300 * kMs);
    ASSERT_EQ(resent.size(), 1u);
    EXPECT_EQ(resent[0].seg_no, 0u);
    EXPECT_EQ(r.sender.retransmits(), 1u);
    // Backed off once: the next timeout is 2 × 300 ms away.
    EXPECT_EQ(r.sender.rto_deadline(), 900 * kMs);
    ASSERT_EQ(r.log.seen.timeouts.size(), 1u);
    EXPECT_EQ(r.log.seen.timeouts[0].rto, 600 * kMs);
    EXPECT_EQ(r.log.seen.timeouts[0].backoff, 1);
}

TEST(Sender, EachTimeoutDoublesTheRtoUpTo120Seconds) {
    Rig r;
    r.send(0);
    TimePs now = 300 * kMs;
    TimePs expected = 300 * kMs;
    for (int k = 1; k <= 11; ++k) {
        r.sender.on_rto_timer(now);
        expected = std::min<TimePs>(2 * expected, 120 * kPsPerSecond);
        ASSERT_EQ(r.log.seen.timeouts.size(), static_cast<std::size_t>(k));
        EXPECT_EQ(r.log.seen.timeouts.back().rto, expected) << "timeout " << k;
        EXPECT_EQ(r.sender.rto_deadline(), now + expected) << "timeout " << k;
        now += expected;
    }
    EXPECT_EQ(expected, 120 * kPsPerSecond);  // 300 ms · 2^9 = 153.6 s was capped
    EXPECT_EQ(r.sender.rtos(), 11u);
}

TEST(Sender, NoRttSampleFromARetransmittedSegment) {
    // Karn's rule: the ACK of a retransmitted segment could be for either
    // transmission, so it neither updates SRTT nor ends the backoff.
    Rig r;
    r.send(0);
    r.sender.on_rto_timer(300 * kMs);
    const std::vector<Packet> resent = r.send(300 * kMs);
    ASSERT_EQ(resent.size(), 1u);
    const AckOutcome a = r.ack(400 * kMs, resent[0]);
    EXPECT_TRUE(a.new_data);
    EXPECT_EQ(a.rtt, -1);
    EXPECT_DOUBLE_EQ(r.sender.srtt_s(), 0.1);
    EXPECT_DOUBLE_EQ(r.sender.rttvar_s(), 0.05);
    // The timer restarts (new data acknowledged) with the backoff kept: 2 × 300 ms.
    EXPECT_EQ(r.sender.rto_deadline(), 1000 * kMs);
}

TEST(Sender, TwoLaterDeliveriesDoNotYetMakeASegmentLost) {
    Rig r;
    const std::vector<Packet> sent = r.send(0);
    r.ack(100 * kMs, sent[1]);
    r.ack(101 * kMs, sent[2]);
    EXPECT_TRUE(r.log.seen.congestion.empty());
    EXPECT_EQ(r.sender.congestion_events(), 0u);
    EXPECT_EQ(r.sender.bytes_in_flight(), 8u * kMss);
    EXPECT_EQ(r.sender.acked_bytes(), 0u) << "segment 0 is a hole: nothing is acknowledged in order";
    EXPECT_EQ(r.sender.delivered_bytes(), 2u * kMss);
}

TEST(Sender, TheThirdLaterDeliveryMakesItLostAndHalvesTheFlightSize) {
    Rig r;
    const std::vector<Packet> sent = r.send(0);
    r.ack(100 * kMs, sent[1]);  // slow start: cwnd 11
    r.ack(101 * kMs, sent[2]);  // cwnd 12
    r.ack(102 * kMs, sent[3]);
    ASSERT_EQ(r.log.seen.congestion.size(), 1u);
    const Logged::Congestion& e = r.log.seen.congestion[0];
    EXPECT_EQ(e.cause, CongestionCause::Loss);
    EXPECT_EQ(e.t, 102 * kMs);
    EXPECT_DOUBLE_EQ(e.before, 12.0 * kMss);
    EXPECT_DOUBLE_EQ(e.after, 5.0 * kMss);  // FlightSize (snd_nxt − snd_una) 10 segments / 2
    EXPECT_TRUE(e.ended_slow_start);
    EXPECT_DOUBLE_EQ(r.sender.ssthresh_bytes(), 5.0 * kMss);
    // Pipe: 10 sent − 3 delivered − 1 lost.
    EXPECT_EQ(r.sender.bytes_in_flight(), 6u * kMss);
    EXPECT_EQ(r.sender.phase(), CcPhase::Recovery);
}

TEST(Sender, FastRetransmitGoesAtOnceThoughThePipeExceedsCwnd) {
    Rig r;
    const std::vector<Packet> sent = r.send(0);
    for (int i = 1; i <= 3; ++i) r.ack((99 + i) * kMs, sent[static_cast<std::size_t>(i)]);
    // Pipe 6 segments, cwnd 5: only the fast retransmit of segment 0 goes.
    const std::vector<Packet> out = r.send(102 * kMs);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].seg_no, 0u);
    EXPECT_EQ(r.sender.retransmits(), 1u);
    EXPECT_EQ(r.sender.bytes_in_flight(), 7u * kMss);
    EXPECT_TRUE(r.send(102 * kMs).empty()) << "the rest waits for the pipe to fall below cwnd";
}

TEST(Sender, LossesInOneWindowGiveOneReductionAndAreResentLowestFirst) {
    Rig r;
    const std::vector<Packet> sent = r.send(0);
    // Segments 0 and 2 lost; the others delivered. Segment 0 is found lost
    // on the ACK of 4 (1, 3, 4 came after it), segment 2 on the ACK of 5.
    for (std::size_t i : {1, 3, 4}) r.ack(static_cast<TimePs>(99 + i) * kMs, sent[i]);
    EXPECT_EQ(r.sender.congestion_events(), 1u);
    EXPECT_DOUBLE_EQ(r.sender.cwnd_bytes(), 5.0 * kMss);
    for (std::size_t i = 5; i < 10; ++i) r.ack(static_cast<TimePs>(99 + i) * kMs, sent[i]);
    EXPECT_EQ(r.sender.congestion_events(), 1u) << "the second loss is in the same window: no second reduction";
    EXPECT_EQ(r.log.seen.congestion.size(), 1u);
    EXPECT_DOUBLE_EQ(r.sender.cwnd_bytes(), 5.0 * kMss);
    EXPECT_EQ(r.sender.bytes_in_flight(), 0u);
    // cwnd 5 segments, pipe 0: both holes (lowest first), then 3 new segments.
    const std::vector<Packet> out = r.send(108 * kMs);
    ASSERT_EQ(out.size(), 5u);
    EXPECT_EQ(out[0].seg_no, 0u);
    EXPECT_EQ(out[1].seg_no, 2u);
    EXPECT_EQ(out[2].seg_no, 10u);
    EXPECT_EQ(r.sender.retransmits(), 2u);
    // Recovery ends once everything outstanding at its start (segments
    // 0..9) is acknowledged; cwnd = ssthresh: congestion avoidance.
    r.ack(210 * kMs, out[0]);
    EXPECT_EQ(r.sender.acked_bytes(), 2u * kMss);
    EXPECT_EQ(r.sender.phase(), CcPhase::Recovery);
    r.ack(211 * kMs, out[1]);
    EXPECT_EQ(r.sender.acked_bytes(), 10u * kMss);
    EXPECT_EQ(r.sender.phase(), CcPhase::CongestionAvoidance);
    EXPECT_EQ(r.sender.congestion_events(), 1u);
}

TEST(Sender, ALostRetransmissionIsFoundByThreeLaterDeliveriesWithoutATimeout) {
    // RFC 8985's rule applies to retransmissions too: segment 0's
    // retransmission is lost once three transmissions sent after it are
    // delivered; it goes again at once, in the same recovery.
    Rig r;
    const std::vector<Packet> sent = r.send(0);
    for (std::size_t i = 1; i <= 3; ++i) r.ack(static_cast<TimePs>(99 + i) * kMs, sent[i]);
    const std::vector<Packet> first_resend = r.send(102 * kMs);
    ASSERT_EQ(first_resend.size(), 1u);
    EXPECT_EQ(first_resend[0].seg_no, 0u);
    // The retransmission is lost too. The other originals arrive; new data
    // goes out as the pipe falls below cwnd (5 segments).
    std::vector<Packet> fresh;
    for (std::size_t i = 4; i < 10; ++i) {
        r.ack(static_cast<TimePs>(99 + i) * kMs, sent[i]);
        for (const Packet& p : r.send(static_cast<TimePs>(99 + i) * kMs)) fresh.push_back(p);
    }
    ASSERT_GE(fresh.size(), 3u);
    EXPECT_EQ(fresh[0].seg_no, 10u);
    // Two of the new segments sent after the retransmission: not yet.
    r.ack(210 * kMs, fresh[0]);
    r.ack(211 * kMs, fresh[1]);
    for (const Packet& p : r.send(211 * kMs)) EXPECT_NE(p.seg_no, 0u) << "segment 0 is not yet taken for lost";
    EXPECT_EQ(r.sender.retransmits(), 1u);
    // The third: segment 0 is lost again and resent first.
    r.ack(212 * kMs, fresh[2]);
    const std::vector<Packet> second_resend = r.send(212 * kMs);
    ASSERT_FALSE(second_resend.empty());
    EXPECT_EQ(second_resend[0].seg_no, 0u);
    EXPECT_EQ(r.sender.retransmits(), 2u);
    EXPECT_EQ(r.sender.rtos(), 0u);
    EXPECT_EQ(r.sender.congestion_events(), 1u) << "still the same window's recovery";
}

TEST(Sender, AnEcnEchoReducesOncePerWindowWithoutRetransmitting) {
    Rig r;
    const std::vector<Packet> sent = r.send(0);
    r.ack(100 * kMs, sent[0], /*ce=*/true);
    ASSERT_EQ(r.log.seen.congestion.size(), 1u);
    EXPECT_EQ(r.log.seen.congestion[0].cause, CongestionCause::Ecn);
    // FlightSize after the ACK: 9 segments; ssthresh = cwnd = 4.5 segments.
    EXPECT_DOUBLE_EQ(r.sender.cwnd_bytes(), 4500.0);
    r.ack(101 * kMs, sent[1], true);
    r.ack(102 * kMs, sent[2], true);
    EXPECT_EQ(r.sender.congestion_events(), 1u) << "one reduction per window of data";
    EXPECT_EQ(r.sender.retransmits(), 0u);
}

TEST(Sender, PacingSpacesPacketsBySizeOverTwiceCwndPerSrtt) {
    // Slow start (cwnd < ssthresh/2): rate = 2 · 10 000 B / 0.1 s = 200 kB/s,
    // so one 1000-byte packet per 5 ms.
    Sender::Config c = config();
    c.pacing = true;
    Rig r(c);
    EXPECT_EQ(r.send(0).size(), 1u);
    EXPECT_EQ(r.sender.blocked_by(), Limit::Pacing);
    // (Within a picosecond: the gap is computed in floating point.)
    EXPECT_NEAR(static_cast<double>(r.sender.pacing_wakeup()), 5.0 * kMs, 1);
    EXPECT_TRUE(r.send(4 * kMs).empty());
    EXPECT_EQ(r.send(5 * kMs).size(), 1u);
    EXPECT_NEAR(static_cast<double>(r.sender.pacing_wakeup()), 10.0 * kMs, 2);
}

// Linux's tcp_is_cwnd_limited: in slow start a sender counts as held by
// cwnd while cwnd is under twice the most it had in flight over the last
// window. Held by an 8-segment rwnd from an IW of 10, the textbook sender
// never grows cwnd (cwnd never binds); with slow start's room it grows one
// segment per ACK up to 2 × 8 = 16 segments, and no further.
TEST(Sender, SlowStartsRoomGrowsAnRwndLimitedCwndToTwiceWhatWasInFlight) {
    for (const bool room : {false, true}) {
        Sender::Config c = config();
        c.rwnd_bytes = 8 * kMss;
        c.slow_start_room = room;
        Rig r(c);
        TimePs now = 0;
        std::vector<Packet> flight = r.send(now);
        ASSERT_EQ(flight.size(), 8u);
        ASSERT_EQ(r.sender.blocked_by(), Limit::Rwnd);
        for (int round = 0; round < 10; ++round) {
            now += 100 * kMs;
            std::vector<Packet> next;
            for (const Packet& p : flight) {
                r.ack(now, p);
                for (const Packet& q : r.send(now)) next.push_back(q);
            }
            flight = next;
            ASSERT_FALSE(flight.empty());
        }
        EXPECT_DOUBLE_EQ(r.sender.cwnd_bytes(), (room ? 16.0 : 10.0) * kMss) << (room ? "with" : "without") << " the room";
        EXPECT_EQ(r.sender.blocked_by(), Limit::Rwnd);
    }
}
