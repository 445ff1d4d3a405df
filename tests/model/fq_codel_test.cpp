// FQ-CoDel against RFC 8290's rules (§4.1 enqueue and overflow, §4.2 the
// DRR scheduler and its two lists, §5 CoDel per queue), on hand-built
// arrivals. Expected orders and counts are worked out from the rules by
// hand in the comments, not taken from the code.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "model/path/aqm/fq_codel.h"

using namespace inflight;

namespace {
constexpr std::uint32_t kMss = 1500;

// The payload is the packet's sequence number within its flow.
using Fq = FqCodel<std::uint32_t>;

FqCodelParams params(std::uint32_t queues, std::uint64_t limit_bytes = 1'000'000) {
    FqCodelParams p;
    p.queues = queues;
    p.limit_bytes = limit_bytes;
    p.quantum_bytes = kMss;
    return p;
}

// Numbers each flow's packets 0, 1, 2, … as they are sent.
struct Senders {
    std::array<std::uint32_t, 8> next_seq{};
    FqEnqueueResult<std::uint32_t> send(Fq& fq, TimePs now, std::uint32_t flow, std::uint32_t bytes) {
        return fq.enqueue(now, flow, bytes, next_seq[flow]++);
    }
    void send(Fq& fq, TimePs now, std::uint32_t flow, std::uint32_t bytes, int count) {
        for (int i = 0; i < count; ++i) send(fq, now, flow, bytes);
    }
};

// Dequeues `n` packets at `now` and names their flows, "ABC…".
std::string serve(Fq& fq, TimePs now, int n) {
    std::string order;
    for (int i = 0; i < n; ++i) {
        const auto r = fq.dequeue(now);
        if (!r.packet) break;
        order += static_cast<char>('A' + r.packet->flow);
    }
    return order;
}

// The next packet to leave is packet `seq` of `flow`.
void expect_next(Fq& fq, TimePs now, std::uint32_t flow, std::uint32_t seq) {
    const auto r = fq.dequeue(now);
    ASSERT_TRUE(r.packet);
    EXPECT_EQ(r.packet->flow, flow);
    EXPECT_EQ(r.packet->payload, seq);
}
}  // namespace

TEST(FqCodel, EqualPacketsAreServedRoundRobin) {
    // Each queue's quantum is one packet: A, B, C become new in that order,
    // each serves one packet and moves to old_flows' tail, and the old list
    // then turns A, B, C, A, …
    Fq fq(params(3));
    Senders s;
    for (std::uint32_t f = 0; f < 3; ++f) s.send(fq, 0, f, kMss, 10);
    std::string expected;
    for (int i = 0; i < 10; ++i) expected += "ABC";
    EXPECT_EQ(serve(fq, 0, 30), expected);
    EXPECT_TRUE(fq.empty());
    EXPECT_FALSE(fq.dequeue(0).packet);
}

TEST(FqCodelDrr, SmallPacketsGetAQuantumOfBytesPerRound) {
    // B's 500-byte packets: a quantum buys exactly three, so each round is A BBB.
    Fq fq(params(2));
    Senders s;
    s.send(fq, 0, 0, kMss, 6);
    s.send(fq, 0, 1, 500, 18);
    EXPECT_EQ(serve(fq, 0, 24), "ABBBABBBABBBABBBABBBABBB");
    EXPECT_EQ(fq.queue_stats(0).served_bytes, fq.queue_stats(1).served_bytes);
}

TEST(FqCodelDrr, UnequalPacketsCarryTheDeficitBetweenRounds) {
    // B's 700-byte packets against a 1500-byte quantum. B serves while its
    // deficit is positive: 1500 → 800 → 100 → −600 (3 packets), then
    // 900 → 200 → −500, 1000 → 300 → −400, … 1400 → 700 → 0 (2 each), and
    // the eighth round starts from 1500 again (3). After 7 rounds B has
    // served 15 · 700 = 10500 bytes = 7 quanta, exactly A's 7 · 1500.
    Fq fq(params(2));
    Senders s;
    s.send(fq, 0, 0, kMss, 8);
    s.send(fq, 0, 1, 700, 20);
    const std::vector<int> b_per_round = {3, 2, 2, 2, 2, 2, 2, 3};
    for (std::size_t round = 0; round < b_per_round.size(); ++round) {
        std::string expected(1, 'A');
        expected.append(static_cast<std::size_t>(b_per_round[round]), 'B');
        EXPECT_EQ(serve(fq, 0, 1 + b_per_round[round]), expected) << "round " << round;
        const auto a = static_cast<std::int64_t>(fq.queue_stats(0).served_bytes);
        const auto b = static_cast<std::int64_t>(fq.queue_stats(1).served_bytes);
        EXPECT_LE(std::abs(a - b), static_cast<std::int64_t>(kMss)) << "round " << round;
        if (round == 6) {
            EXPECT_EQ(a, b);
        }
    }
}

TEST(FqCodel, ASparseFlowsFirstPacketLeavesBeforeTheBacklog) {
    // A and B backlogged; after A B A B both sit in old_flows. S's packet
    // makes S new: it leaves next, ahead of A's third packet.
    Fq fq(params(3));
    Senders s;
    s.send(fq, 0, 0, kMss, 10);
    s.send(fq, 0, 1, kMss, 10);
    EXPECT_EQ(serve(fq, 0, 4), "ABAB");
    s.send(fq, 0, 2, 100);
    EXPECT_EQ(fq.scheduler().list_of(2), FqList::New);
    expect_next(fq, 0, 2, 0);
    expect_next(fq, 0, 0, 2);  // then the round robin resumes: A's third packet
}

TEST(FqCodel, ANewQueueThatEmptiesMovesToOldFlows) {
    // A backlogged; C sends one 100-byte packet. C, new, is served next
    // (deficit 1500 → 1400). At the next dequeue C is found empty while old
    // flows exist: it goes to old_flows' tail, keeping its deficit, instead
    // of leaving. Found empty again in old_flows, it leaves the lists.
    Fq fq(params(3));
    Senders s;
    s.send(fq, 0, 0, kMss, 10);
    EXPECT_EQ(serve(fq, 0, 1), "A");
    s.send(fq, 0, 2, 100);
    EXPECT_EQ(serve(fq, 0, 1), "C");  // A had spent its quantum and went old
    EXPECT_EQ(fq.scheduler().list_of(2), FqList::New);
    EXPECT_EQ(serve(fq, 0, 1), "A");  // C found empty: moved to old, behind A
    EXPECT_EQ(fq.scheduler().list_of(2), FqList::Old);
    EXPECT_EQ(fq.scheduler().deficit_bytes(2), static_cast<std::int64_t>(kMss - 100));
    EXPECT_EQ(serve(fq, 0, 1), "A");  // A spent → tail; C at the head, empty: leaves
    EXPECT_EQ(fq.scheduler().list_of(2), FqList::None);
}

TEST(FqCodel, AFlowThatEmptiesEveryOtherDequeueGetsOnlyItsShare) {
    // S (flow 2, "C") sends a 1400-byte packet before every second dequeue:
    // the first is served at once and S is found empty at the next dequeue.
    // Had S left the lists
    // then, its next packet would make it new again with a fresh quantum:
    // S would take every second packet (half the link) however many flows
    // share it. By §4.2 S goes to old_flows instead, its next packet waits
    // its turn there, and the order is strict round robin S A B S A B …
    // (traced by hand: after A B, S's first packet leaves its deficit at 100;
    // A, B; its second takes it from 100 to −1300; A, B; the third from
    // −1300 + 1500 = 200; … S gains 100 bytes of credit a round, too little
    // for a second packet in any of these 10 rounds).
    Fq fq(params(3));
    Senders s;
    s.send(fq, 0, 0, kMss, 50);
    s.send(fq, 0, 1, kMss, 50);
    EXPECT_EQ(serve(fq, 0, 2), "AB");
    std::string order;
    for (int i = 0; i < 30; ++i) {
        if (i % 2 == 0) s.send(fq, 0, 2, 1400);
        order += serve(fq, 0, 1);
    }
    std::string expected;
    for (int i = 0; i < 10; ++i) expected += "CAB";
    EXPECT_EQ(order, expected);
    EXPECT_EQ(fq.queue_stats(2).served_packets, 10u);
}

TEST(FqCodelOverflow, DropsTheHeadOfTheLongestQueue) {
    // limit 10 packets. A holds 6, B 4 (= the limit, not over it). C's
    // packet makes 11: A is the longest, and loses its head, packet 0.
    Fq fq(params(3, 10 * kMss));
    Senders s;
    s.send(fq, 0, 0, kMss, 6);
    s.send(fq, 0, 1, kMss, 4);
    EXPECT_EQ(fq.backlog_bytes(), 10 * kMss);
    EXPECT_EQ(fq.stats().drops_overflow, 0u);
    const auto r = s.send(fq, 0, 2, kMss);
    EXPECT_TRUE(r.accepted);
    ASSERT_EQ(r.overflow_drops.size(), 1u);  // one packet per excess
    EXPECT_EQ(r.overflow_drops[0].flow, 0u);
    EXPECT_EQ(r.overflow_drops[0].payload, 0u);
    EXPECT_EQ(fq.backlog_bytes(0), 5 * kMss);
    EXPECT_EQ(fq.backlog_bytes(2), kMss);
    EXPECT_EQ(fq.queue_stats(0).drops_overflow, 1u);
    // B's fifth packet: A and B tie at 5 packets; the lower index, A, loses
    // its new head, packet 1. B's packet is accepted.
    const auto r2 = s.send(fq, 0, 1, kMss);
    EXPECT_TRUE(r2.accepted);
    ASSERT_EQ(r2.overflow_drops.size(), 1u);
    EXPECT_EQ(r2.overflow_drops[0].flow, 0u);
    EXPECT_EQ(r2.overflow_drops[0].payload, 1u);
    expect_next(fq, 0, 0, 2);  // what is left of A starts at packet 2
}

TEST(FqCodelOverflow, TheArrivingFlowLosesItsOldestPacketNotTheNewOne) {
    Fq fq(params(2, 4 * kMss));
    Senders s;
    s.send(fq, 0, 0, kMss, 4);
    const auto r = s.send(fq, 0, 0, kMss);
    EXPECT_TRUE(r.accepted);
    ASSERT_EQ(r.overflow_drops.size(), 1u);
    EXPECT_EQ(r.overflow_drops[0].payload, 0u);
}

TEST(FqCodelOverflow, APacketLargerThanTheBufferIsDroppedItself) {
    Fq fq(params(2, 1000));
    Senders s;
    const auto r = s.send(fq, 0, 1, kMss);
    EXPECT_FALSE(r.accepted);
    ASSERT_EQ(r.overflow_drops.size(), 1u);
    EXPECT_EQ(r.overflow_drops[0].flow, 1u);
    EXPECT_TRUE(fq.empty());
    EXPECT_FALSE(fq.dequeue(0).packet);  // the queue, activated, is retired empty
}

TEST(FqCodelOverflow, TheSharedLimitSparesASparseFlow) {
    // limit 20 packets, no service. Ten times: A sends 10 packets, S one
    // 100-byte packet. A is always the longest, so only A loses, from its
    // head: at the end S holds its 10 packets (1000 bytes) and A the most
    // that fits beside them, ⌊(30000 − 1000)/1500⌋ = 19 packets, its last
    // ones (81…99); 100 − 19 = 81 dropped.
    Fq fq(params(2, 20 * kMss));
    Senders s;
    for (int round = 0; round < 10; ++round) {
        for (int i = 0; i < 10; ++i) {
            s.send(fq, 0, 0, kMss);
            EXPECT_LE(fq.backlog_bytes(), 20 * kMss);
        }
        const auto r = s.send(fq, 0, 1, 100);
        EXPECT_TRUE(r.accepted);
        EXPECT_LE(fq.backlog_bytes(), 20 * kMss);
        EXPECT_EQ(fq.backlog_bytes(), fq.backlog_bytes(0) + fq.backlog_bytes(1));
    }
    EXPECT_EQ(fq.backlog_bytes(1), 1000u);
    EXPECT_EQ(fq.backlog_bytes(0), 19u * kMss);
    EXPECT_EQ(fq.queue_stats(0).drops_overflow, 81u);
    EXPECT_EQ(fq.queue_stats(1).drops_overflow, 0u);
    EXPECT_EQ(fq.stats().drops_overflow, 81u);
    EXPECT_EQ(fq.packets(), 29u);
    expect_next(fq, 0, 0, 81);
}

TEST(FqCodelOverflow, LinuxBatchDropsHalfTheFatQueue) {
    // Linux's rule: up to 64 packets, stopping once half the fat queue's
    // bytes are gone. A holds 6 packets (9000 bytes) when B's packet
    // overflows a 6-packet limit: drops of 1500, 3000, 4500 bytes; the third
    // reaches half (4500), so three packets, A's 0, 1, 2.
    FqCodelParams p = params(2, 6 * kMss);
    p.drop_batch_packets = 64;
    Fq fq(p);
    Senders s;
    s.send(fq, 0, 0, kMss, 6);
    const auto r = s.send(fq, 0, 1, kMss);
    EXPECT_TRUE(r.accepted);
    ASSERT_EQ(r.overflow_drops.size(), 3u);
    for (std::uint32_t i = 0; i < 3; ++i) {
        EXPECT_EQ(r.overflow_drops[i].flow, 0u);
        EXPECT_EQ(r.overflow_drops[i].payload, i);
    }
    EXPECT_EQ(fq.backlog_bytes(), 4u * kMss);
}

namespace {
// One packet leaves per millisecond. A has a standing queue of 400 packets
// from t = 0; B sends one 100-byte packet every 10 ms, which arrives just
// before that millisecond's dequeue and, B being new, leaves at once.
// CoDel on A: sojourn first reaches the 5 ms target at t = 5 ms, so A may be
// signalled from 5 + 100 = 105 ms, and the next signal comes one interval
// later (interval/√1), at 205 ms. B's sojourn is 0: never signalled.
struct CodelRun {
    std::vector<TimePs> a_signals;  // times A was dropped or marked
    std::uint64_t b_served = 0;
    bool b_ever_dropping = false;
};

CodelRun run_standing_queue(Fq& fq, TimePs until) {
    CodelRun out;
    Senders s;
    s.send(fq, 0, 0, kMss, 400);
    for (TimePs t = from_ms(1); t <= until; t += from_ms(1)) {
        if (t % from_ms(10) == 0) s.send(fq, t, 1, 100);
        const auto r = fq.dequeue(t);
        for (const auto& d : r.codel_drops) {
            EXPECT_EQ(d.flow, 0u) << "B dropped at " << t;
            out.a_signals.push_back(t);
        }
        if (!r.packet) continue;
        if (r.packet->flow == 1) {
            EXPECT_FALSE(r.ce) << "B marked at " << t;
            EXPECT_EQ(r.packet->enqueued_at, t);
            ++out.b_served;
        } else if (r.ce) {
            out.a_signals.push_back(t);
        }
        out.b_ever_dropping |= fq.scheduler().codel_vars(1).dropping;
    }
    return out;
}
}  // namespace

TEST(FqCodelAqm, EachQueueHasItsOwnCodel) {
    Fq fq(params(2));
    const CodelRun run = run_standing_queue(fq, from_ms(250));
    ASSERT_EQ(run.a_signals.size(), 2u);
    EXPECT_EQ(run.a_signals[0], from_ms(105));
    EXPECT_EQ(run.a_signals[1], from_ms(205));
    EXPECT_TRUE(fq.scheduler().codel_vars(0).dropping);
    EXPECT_FALSE(run.b_ever_dropping);
    EXPECT_EQ(run.b_served, 25u);
    EXPECT_EQ(fq.queue_stats(0).drops_codel, 2u);
    EXPECT_EQ(fq.queue_stats(1).drops_codel, 0u);
    EXPECT_EQ(fq.stats().drops_codel, 2u);
    EXPECT_EQ(fq.stats().ecn_marks, 0u);
}

TEST(FqCodelAqm, MarksInsteadOfDroppingWithEcn) {
    FqCodelParams p = params(2);
    p.codel.ecn = true;
    Fq fq(p);
    const CodelRun run = run_standing_queue(fq, from_ms(250));
    ASSERT_EQ(run.a_signals.size(), 2u);  // the same times, now CE marks
    EXPECT_EQ(run.a_signals[0], from_ms(105));
    EXPECT_EQ(run.a_signals[1], from_ms(205));
    EXPECT_EQ(fq.stats().drops_codel, 0u);
    EXPECT_EQ(fq.queue_stats(0).ecn_marks, 2u);
    EXPECT_EQ(fq.queue_stats(1).ecn_marks, 0u);
    // Marked packets are served: A lost nothing. In 250 ms, 250 packets left,
    // 25 of them B's.
    EXPECT_EQ(fq.queue_stats(0).served_packets, 225u);
    EXPECT_EQ(fq.scheduler().backlog_packets(0), 400u - 225u);
}

TEST(FqCodelAqm, AQueueFoundEmptyLeavesTheDroppingState) {
    // A (60 packets) and C (400) alternate, A at odd milliseconds (its
    // packet k leaves at 2k + 1 ms). A's sojourn reaches 5 ms at t = 5, so
    // CoDel drops A's packet 52 at t = 105 and enters its dropping state; its
    // last packets 54…59 leave at 107…117 ms, still above target with C's
    // backlog behind them, so A is still dropping when its queue runs dry.
    // Only when the scheduler finds A empty (codel_dequeue on no packet)
    // does A's CoDel leave that state.
    Fq fq(params(2));
    Senders s;
    s.send(fq, 0, 0, kMss, 60);
    s.send(fq, 0, 1, kMss, 400);
    TimePs t = 0;
    while (fq.scheduler().backlog_packets(0) > 0) {
        t += from_ms(1);
        fq.dequeue(t);
    }
    EXPECT_EQ(t, from_ms(117));
    EXPECT_EQ(fq.queue_stats(0).drops_codel, 1u);
    EXPECT_TRUE(fq.scheduler().codel_vars(0).dropping);
    while (fq.scheduler().list_of(0) != FqList::None) {
        t += from_ms(1);
        fq.dequeue(t);
    }
    EXPECT_EQ(t, from_ms(119));  // 118: A spends its deficit; 119: found empty
    EXPECT_FALSE(fq.scheduler().codel_vars(0).dropping);
    EXPECT_TRUE(fq.scheduler().codel_vars(1).dropping);  // C's own state goes on
}

// admit_usual, the bottleneck's inline arrival, takes an arrival only when
// admit would do nothing else (its queue already active, the buffer within
// its limit) and then does what admit does. Two disciplines fed the same
// arrivals, one through admit_usual first and admit when it declines, one
// through admit alone, serve the same packets in the same order with the
// same drops. The arrivals (three flows, overflow, CoDel drops, queues that
// empty and come back) come from a fixed-seed generator.
TEST(FqCodel, TheInlineArrivalDoesWhatAdmitDoes) {
    FqCodelParams p = params(3, 20 * kMss);
    Fq usual_first(p), general(p);
    std::uint64_t state = 12345;
    auto draw = [&state](std::uint32_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>((state >> 33) % n);
    };
    std::uint32_t seq = 0, taken_inline = 0, declined = 0;
    std::uint64_t drops_a = 0, drops_b = 0;
    TimePs now = 0;
    for (int step = 0; step < 20'000; ++step) {
        now += from_ms(1);
        // One departure a millisecond; 1.5 arrivals on average for 500 ms
        // (the buffer fills: overflow, and CoDel's 5 ms target exceeded for
        // longer than its 100 ms interval), then 0.5 (the queues drain).
        const bool busy = (step / 500) % 2 == 0;
        const int arrivals = static_cast<int>(draw(busy ? 4 : 2));
        for (int i = 0; i < arrivals; ++i) {
            const std::uint32_t flow = draw(3);
            const std::uint32_t bytes = draw(5) == 0 ? 100 : kMss;
            ++seq;
            if (usual_first.admit_usual(now, flow, bytes, seq)) ++taken_inline;
            else {
                ++declined;
                usual_first.admit(now, flow, bytes, seq, [&](const Fq::Packet&) { ++drops_a; });
            }
            general.admit(now, flow, bytes, seq, [&](const Fq::Packet&) { ++drops_b; });
        }
        bool ce_a = false, ce_b = false;
        const Fq::Packet* a = usual_first.next(now, ce_a, [&](const Fq::Packet&) { ++drops_a; });
        const Fq::Packet* b = general.next(now, ce_b, [&](const Fq::Packet&) { ++drops_b; });
        ASSERT_EQ(a == nullptr, b == nullptr) << "step " << step;
        if (a) ASSERT_EQ(a->payload, b->payload) << "step " << step;
        ASSERT_EQ(drops_a, drops_b) << "step " << step;
    }
    EXPECT_GT(taken_inline, 10'000u);  // the usual arrival is the common one
    EXPECT_GT(declined, 1'000u);       // and the others (new flows, overflow) were met too
    EXPECT_GT(general.stats().drops_overflow, 0u);
    EXPECT_GT(general.stats().drops_codel, 0u);
    EXPECT_EQ(usual_first.stats().drops_overflow, general.stats().drops_overflow);
    EXPECT_EQ(usual_first.stats().new_flow_count, general.stats().new_flow_count);
}
