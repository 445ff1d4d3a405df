// Linux's receiver (model/tcp/receiver.h): when each data segment is ACKed,
// alone, against figures from tcp_input.c / tcp_output.c / tcp_timer.c and
// plain arithmetic; then in a run.
#include <gtest/gtest.h>

#include "model/engine/run.h"
#include "model/tcp/receiver.h"

using namespace inflight;

namespace {
constexpr std::uint32_t kMss = 1500;
using V = Receiver::Verdict;

AckInFlight seg(std::uint32_t n, std::uint16_t bytes = kMss, bool ce = false) {
    AckInFlight a{};
    a.packet = Packet{n, n + 1, bytes, 0, 1, PacketKind::Data};
    a.packet.ce = ce;
    return a;
}

Receiver::Config config(std::uint64_t rcv_wnd_bytes, TimePs srtt = from_ms(80)) {
    Receiver::Config c;
    c.mss_bytes = kMss;
    c.rcv_wnd_bytes = rcv_wnd_bytes;
    c.srtt = srtt;
    return c;
}

// rcv_wnd = 4 MSS: tcp_incr_quickack allows 4/2 = 2 quick ACKs. Segments 0
// and 1 use them (1 ms apart); returns the time of the last.
TimePs use_quick_acks(Receiver& r) {
    EXPECT_EQ(r.on_segment(0, seg(0)), V::AckNow);
    EXPECT_EQ(r.on_segment(from_ms(1), seg(1)), V::AckNow);
    EXPECT_EQ(r.quick_acks_left(), 0u);
    return from_ms(1);
}
}  // namespace

TEST(Receiver, QuickAcksAtTheStartAreBoundedByHalfTheWindowInSegments) {
    // rcv_wnd / (2·MSS) = 15000 / 3000 = 5 quick ACKs, then every second segment.
    Receiver r(config(10 * kMss));
    for (std::uint32_t i = 0; i < 5; ++i) EXPECT_EQ(r.on_segment(from_ms(i), seg(i)), V::AckNow) << i;
    EXPECT_EQ(r.on_segment(from_ms(5), seg(5)), V::Hold);
    EXPECT_EQ(r.on_segment(from_ms(6), seg(6)), V::AckNow);
    EXPECT_EQ(r.release().size(), 2u);  // one cumulative ACK for both
    EXPECT_EQ(r.acks_sent(), 6u);
    EXPECT_EQ(r.segments_received(), 7u);
}

TEST(Receiver, AtMostSixteenQuickAcksWhateverTheWindow) {
    Receiver r(config(1ull << 30));  // 2^30 / 3000 ≫ TCP_MAX_QUICKACKS
    for (std::uint32_t i = 0; i < 16; ++i) EXPECT_EQ(r.on_segment(from_ms(i), seg(i)), V::AckNow) << i;
    EXPECT_EQ(r.on_segment(from_ms(16), seg(16)), V::Hold);
}

TEST(Receiver, ATinyWindowStillGetsTwoQuickAcks) {
    Receiver r(config(kMss));  // 1500 / 3000 = 0 → 2
    EXPECT_EQ(r.on_segment(0, seg(0)), V::AckNow);
    EXPECT_EQ(r.on_segment(from_ms(1), seg(1)), V::AckNow);
    EXPECT_EQ(r.on_segment(from_ms(2), seg(2)), V::Hold);
}

TEST(Receiver, TwoFullSegmentsGetOneAck) {
    Receiver r(config(4 * kMss));
    const TimePs t = use_quick_acks(r);
    EXPECT_EQ(r.on_segment(t + from_ms(1), seg(2)), V::Hold);
    EXPECT_EQ(r.on_segment(t + from_ms(2), seg(3)), V::AckNow);
    ASSERT_EQ(r.release().size(), 2u);
    EXPECT_EQ(r.release()[0].packet.seg_no, 2u);
    EXPECT_EQ(r.release()[1].packet.seg_no, 3u);
    EXPECT_EQ(r.timer(), kNever);  // the ACK stopped the timer
}

TEST(Receiver, ALoneSegmentWaitsForTheTimerThenAtoDoubles) {
    Receiver r(config(4 * kMss));
    const TimePs t = use_quick_acks(r);
    // Leaving quick-ACK mode set ato to TCP_ATO_MIN; m = 1 ms ≤ 20 ms keeps
    // it at 40/2 + 20 = 40 ms, and 40 ms is not above TCP_DELACK_MIN: the timer is 40 ms.
    const TimePs arrive = t + from_ms(1);
    EXPECT_EQ(r.on_segment(arrive, seg(2)), V::Hold);
    EXPECT_EQ(r.ato(), from_ms(40));
    EXPECT_EQ(r.timer(), arrive + from_ms(40));
    r.on_timer(r.timer());
    ASSERT_EQ(r.release().size(), 1u);
    // tcp_delack_timer_handler: ato = min(2·40, RTO) with RTO = 80 + max(160, 200) = 280 ms.
    EXPECT_EQ(r.rto(), from_ms(280));
    EXPECT_EQ(r.ato(), from_ms(80));
    // Next lone segment 100 ms later: m ≥ ato leaves ato at 80 ms; above
    // TCP_DELACK_MIN, the timer is bounded by max(SRTT, 40 ms) = 80 ms.
    const TimePs next = arrive + from_ms(100);
    EXPECT_EQ(r.on_segment(next, seg(3)), V::Hold);
    EXPECT_EQ(r.ato(), from_ms(80));
    EXPECT_EQ(r.timer(), next + from_ms(80));
}

TEST(Receiver, TheTimerIsBoundedByTheReceiversRtt) {
    Receiver r(config(4 * kMss, from_ms(30)));  // RTO = 30 + 200 = 230 ms
    const TimePs t = use_quick_acks(r);
    EXPECT_EQ(r.on_segment(t + from_ms(1), seg(2)), V::Hold);
    r.on_timer(r.timer());
    EXPECT_EQ(r.ato(), from_ms(80));
    const TimePs next = t + from_ms(200);
    EXPECT_EQ(r.on_segment(next, seg(3)), V::Hold);
    EXPECT_EQ(r.timer(), next + from_ms(40));  // max(SRTT 30 ms, TCP_DELACK_MIN 40 ms)
}

TEST(Receiver, AtoFollowsTheInterArrivalTime) {
    Receiver r(config(4 * kMss));
    const TimePs t = use_quick_acks(r);
    EXPECT_EQ(r.on_segment(t + from_ms(1), seg(2)), V::Hold);
    r.on_timer(r.timer());  // ato 80 ms
    // m = 50 ms < ato: ato = 80/2 + 50 = 90 ms.
    EXPECT_EQ(r.on_segment(t + from_ms(51), seg(3)), V::Hold);
    EXPECT_EQ(r.ato(), from_ms(90));
    EXPECT_EQ(r.timer(), t + from_ms(51) + from_ms(80));  // bounded by SRTT
    // m = 10 ms ≤ 20 ms: ato = 90/2 + 20 = 65 ms; two full segments: ACK.
    EXPECT_EQ(r.on_segment(t + from_ms(61), seg(4)), V::AckNow);
    EXPECT_EQ(r.ato(), from_ms(65));
    // m = 30 ms < 65: ato = 32.5 + 30 = 62.5 ms.
    EXPECT_EQ(r.on_segment(t + from_ms(91), seg(5)), V::Hold);
    EXPECT_EQ(r.ato(), from_ms(62) + from_ms(1) / 2);
}

TEST(Receiver, AtoIsCappedByTheRto) {
    // SRTT 10 ms: RTO = 10 + max(20, 200) = 210 ms. After two timers ato would be 160 ms, then
    // m = 150 ms < 160 gives 80 + 150 = 230 ms, capped at 210.
    Receiver r(config(4 * kMss, from_ms(10)));
    TimePs t = use_quick_acks(r);
    t += from_ms(1);
    EXPECT_EQ(r.on_segment(t, seg(2)), V::Hold);
    r.on_timer(r.timer());  // 80 ms
    EXPECT_EQ(r.ato(), from_ms(80));
    t += from_ms(100);  // m = 100 ≥ 80: unchanged
    EXPECT_EQ(r.on_segment(t, seg(3)), V::Hold);
    r.on_timer(r.timer());  // 160 ms
    EXPECT_EQ(r.ato(), from_ms(160));
    t += from_ms(150);
    EXPECT_EQ(r.on_segment(t, seg(4)), V::Hold);
    EXPECT_EQ(r.ato(), from_ms(210));
}

TEST(Receiver, OutOfOrderDataIsAckedAtOnceThenSacksAreCompressed) {
    Receiver r(config(4 * kMss));
    TimePs t = use_quick_acks(r);
    // Segment 2 is missing: 3, 4, 5 each get a duplicate ACK at once (TCP_FASTRETRANS_THRESH).
    for (std::uint32_t n = 3; n <= 5; ++n) EXPECT_EQ(r.on_segment(t += from_ms(1), seg(n)), V::AckNow) << n;
    // The fourth waits for the compressed-ACK timer: min(1 ms, SRTT/20 = 4 ms).
    EXPECT_EQ(r.on_segment(t += from_ms(1), seg(6)), V::Hold);
    EXPECT_EQ(r.timer(), t + from_ms(1));
    // The hole filled: an ACK at once for it and what was held.
    EXPECT_EQ(r.on_segment(t += from_ms(1) / 10, seg(2)), V::AckNow);
    EXPECT_EQ(r.release().size(), 2u);
}

TEST(Receiver, ACeMarkedSegmentIsAckedAtOnce) {
    Receiver r(config(1ull << 30));
    for (std::uint32_t i = 0; i < 16; ++i) r.on_segment(from_ms(i), seg(i));
    EXPECT_EQ(r.on_segment(from_ms(20), seg(16, kMss, true)), V::AckNow);
    // tcp_enter_quickack_mode(sk, 2): the next one too, then delayed again.
    EXPECT_EQ(r.on_segment(from_ms(21), seg(17)), V::AckNow);
    EXPECT_EQ(r.on_segment(from_ms(22), seg(18)), V::Hold);
}

TEST(Receiver, AnIdleLongerThanTheRtoBringsQuickAcksBack) {
    Receiver r(config(1ull << 30));
    for (std::uint32_t i = 0; i < 16; ++i) r.on_segment(from_ms(i), seg(i));
    EXPECT_EQ(r.on_segment(from_ms(16), seg(16)), V::Hold);
    r.on_timer(r.timer());
    // 300 ms later: m > RTO (280 ms): 16 quick ACKs again.
    EXPECT_EQ(r.on_segment(from_ms(316), seg(17)), V::AckNow);
    EXPECT_EQ(r.quick_acks_left(), 15u);
}

TEST(Receiver, ADuplicateIsAckedAtOnce) {
    Receiver r(config(4 * kMss));
    const TimePs t = use_quick_acks(r);
    EXPECT_EQ(r.on_segment(t + from_ms(1), seg(1)), V::AckNow);
}

TEST(Receiver, PushedSegmentsAreAckedWhenTheApplicationReadsThem) {
    Receiver::Config c = config(4 * kMss);
    c.data_bytes = 3 * kMss;  // the transfer's third segment is its last (PSH)
    Receiver r(c);
    const TimePs t = use_quick_acks(r);
    EXPECT_EQ(r.on_segment(t + from_ms(1), seg(2)), V::AckNow);

    Receiver s(config(4 * kMss));
    const TimePs u = use_quick_acks(s);
    EXPECT_EQ(s.on_segment(u + from_ms(1), seg(2, 500)), V::AckNow);  // shorter than the MSS
}

// In a run: bulk CUBIC, 100 Mbit/s, 80 ms, the default 100 ms buffer.
namespace {
Scenario bulk(bool delayed) {
    Scenario s;
    s.algorithm = Algorithm::Cubic;
    s.bandwidth_bps = 100e6;
    s.rtt_s = 0.080;
    s.duration_s = 20;
    s.delayed_acks = delayed ? Detail::On : Detail::Off;
    return s;
}
Scenario transfer(bool delayed, std::uint64_t size) {
    Scenario s = bulk(delayed);
    s.duration_s = 5;
    FlowSpec f;
    f.size_bytes = size;
    s.flows.push_back(f);
    return s;
}
}  // namespace

TEST(ReceiverRun, BulkCubicSendsAboutOneAckPerTwoSegmentsAtTheSameGoodput) {
    const RunResult textbook = run_scenario(bulk(false));
    const RunResult linux = run_scenario(bulk(true));
    EXPECT_EQ(textbook.summary.acks_sent, textbook.summary.segments_received);
    const double ratio = static_cast<double>(linux.summary.acks_sent) / static_cast<double>(linux.summary.segments_received);
    EXPECT_GE(ratio, 0.45);
    EXPECT_LE(ratio, 0.55);
    EXPECT_NEAR(linux.summary.throughput_bps, textbook.summary.throughput_bps, 0.05 * textbook.summary.throughput_bps);
}

TEST(ReceiverRun, ASmallTransferTakesAtMostOneTimerWaitMore) {
    // 100 KB = 67 segments: 10, then 20, then 37 with slow start; 16 quick
    // ACKs cover the first round and 6 of the second, the second's other 14
    // go in pairs, and the last segment (short, PSH) is ACKed when read: no
    // timer wait at all.
    const RunResult a = run_scenario(transfer(false, 100'000));
    const RunResult b = run_scenario(transfer(true, 100'000));
    ASSERT_EQ(a.flows[0].summary.fct_s.size(), 1u);
    ASSERT_EQ(b.flows[0].summary.fct_s.size(), 1u);
    EXPECT_NEAR(b.flows[0].summary.fct_s[0], a.flows[0].summary.fct_s[0], 1e-3);
    // 1 MB: never more than one ato (40 ms) behind per round, and not ahead.
    const RunResult c = run_scenario(transfer(false, 1'000'000));
    const RunResult d = run_scenario(transfer(true, 1'000'000));
    EXPECT_GE(d.flows[0].summary.fct_s[0], c.flows[0].summary.fct_s[0] - 1e-9);
    EXPECT_LE(d.flows[0].summary.fct_s[0], c.flows[0].summary.fct_s[0] + 0.040);
}

// Ping-pong mode (a server answering with data), Linux's rules: the answer
// sent within ato of the request counts an exchange (tcp_event_data_sent),
// one is enough (tcp_pingpong_thresh = 1); then quick ACKs are off and a
// lone short segment waits for the delayed-ACK timer (ato 40 ms); the timer
// firing leaves the mode and deflates ato to 40 ms.
TEST(Receiver, AServerThatAnswersHoldsALoneShortSegmentUntilItsTimer) {
    Receiver r(config(1ull << 30, from_ms(20)));
    EXPECT_EQ(r.on_segment(0, seg(0, 100)), V::AckNow);  // quick-ACK mode: 16 quick ACKs
    EXPECT_FALSE(r.pingpong());
    EXPECT_EQ(r.on_data_sent(0), V::Hold);  // nothing held: no ACK rides on the answer, but an exchange counts
    EXPECT_TRUE(r.pingpong());
    const TimePs t = from_ms(20);
    EXPECT_EQ(r.on_segment(t, seg(1, 100)), V::Hold);  // quick ACKs left, but off in ping-pong mode
    EXPECT_GT(r.quick_acks_left(), 0u);
    EXPECT_EQ(r.timer(), t + Receiver::kDelackMin);
    r.on_timer(r.timer());
    EXPECT_EQ(r.release().size(), 1u);
    EXPECT_FALSE(r.pingpong());
    EXPECT_EQ(r.ato(), Receiver::kAtoMin);
}

TEST(Receiver, TheAnswerCarriesTheAckOfWhatIsHeldAndASecondShortSegmentIsAckedOnRead) {
    Receiver r(config(1ull << 30, from_ms(20)));
    EXPECT_EQ(r.on_segment(0, seg(0, 100)), V::AckNow);
    r.on_data_sent(0);
    EXPECT_EQ(r.on_segment(from_ms(20), seg(1, 100)), V::Hold);
    // A second short segment before the timer: ICSK_ACK_PUSHED2, ACKed when read.
    EXPECT_EQ(r.on_segment(from_ms(21), seg(2, 100)), V::AckNow);
    EXPECT_EQ(r.release().size(), 2u);
    EXPECT_EQ(r.on_segment(from_ms(60), seg(3, 100)), V::Hold);
    const std::uint64_t pure = r.acks_sent();
    EXPECT_EQ(r.on_data_sent(from_ms(60)), V::AckNow);  // the answer carries it: no pure ACK
    EXPECT_EQ(r.release().size(), 1u);
    EXPECT_EQ(r.acks_sent(), pure);
    EXPECT_EQ(r.timer(), kNever);
    EXPECT_EQ(r.rcv_nxt_bytes(), 400u);
}

TEST(Receiver, AReceiverThatNeverSendsDataNeverEntersPingPong) {
    Receiver r(config(4 * kMss));
    use_quick_acks(r);
    EXPECT_EQ(r.on_segment(from_ms(2), seg(2, 100)), V::AckNow);  // short, no ping-pong: ACKed when read
    EXPECT_FALSE(r.pingpong());
}
