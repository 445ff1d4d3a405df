// The path emulator without privileges: its timeline (LinkCore) driven with
// exact times, and its thread (LinkThread) between socketpairs standing in
// for the two TUN devices. Expected figures are arithmetic on the path:
// size·8/C per packet, half the RTT each way, B bytes of buffer, one loss in
// 1/p payload segments.
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmath>

#include "app/kernel/emulator.h"
#include "app/kernel/ip_header.h"
#include "packet_builder.h"

namespace inflight::kernel {
namespace {

using test::tcp_packet;

constexpr std::uint32_t kPacket = 1500;
constexpr std::uint32_t kPayload = kPacket - 52;  // IPv4 20 + TCP 32

std::vector<LinkCore::Due> drain(LinkCore& core, TimePs until) {
    std::vector<LinkCore::Due> out;
    while (auto d = core.pop_due(until)) out.push_back(std::move(*d));
    return out;
}

TEST(PacketInfo, PayloadOfTcpSegmentsAndNotOfAcks) {
    auto data = tcp_packet(kPayload);
    EXPECT_EQ(inspect_packet(data.data(), data.size()).payload_bytes, kPayload);
    auto ack = tcp_packet(0);
    EXPECT_TRUE(inspect_packet(ack.data(), ack.size()).ipv4_tcp);
    EXPECT_EQ(inspect_packet(ack.data(), ack.size()).payload_bytes, 0u);
}

TEST(PacketInfo, MarkingCeKeepsTheHeaderChecksumValid) {
    auto p = tcp_packet(100, /*tos=ECT(0)*/ 0x02);
    ASSERT_TRUE(inspect_packet(p.data(), p.size()).ect);
    mark_ce(p.data(), p.size());
    EXPECT_EQ(p[1] & 0x03, 0x03);
    std::uint32_t sum = 0;  // RFC 1071: the header sums to 0xffff with its checksum
    for (int i = 0; i < 20; i += 2) sum += (p[i] << 8) | p[i + 1];
    while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
    EXPECT_EQ(sum, 0xffffu);
}

TEST(LinkCore, ABurstLeavesAtExactlyTheLinkRate) {
    LinkConfig c;
    c.rate_bps = 12e6;  // 1500 B = 1 ms
    c.delay = 0;
    LinkCore core(c);
    auto p = tcp_packet(kPayload);
    for (int i = 0; i < 100; ++i) ASSERT_EQ(core.arrive(0, p.data(), p.size()), LinkCore::Fate::Queued);
    const auto out = drain(core, from_ms(1000));
    ASSERT_EQ(out.size(), 100u);
    for (std::size_t k = 0; k < out.size(); ++k) EXPECT_EQ(out[k].deliver_at, from_ms(1) * static_cast<TimePs>(k + 1));
}

TEST(LinkCore, ServiceStartsAtArrivalWhenTheLinkIsIdle) {
    LinkConfig c;
    c.rate_bps = 20e6;  // 1500 B = 600 µs
    c.delay = from_ms(20);
    LinkCore core(c);
    auto p = tcp_packet(kPayload);
    core.arrive(from_ms(5), p.data(), p.size());
    core.arrive(from_ms(50), p.data(), p.size());  // long after the first left
    const auto out = drain(core, from_ms(1000));
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0].deliver_at, from_ms(5) + 600'000'000 + from_ms(20));
    EXPECT_EQ(out[1].deliver_at, from_ms(50) + 600'000'000 + from_ms(20));
}

TEST(LinkCore, NothingIsDueBeforeItsTime) {
    LinkConfig c;
    c.rate_bps = 12e6;
    c.delay = from_ms(20);
    LinkCore core(c);
    auto p = tcp_packet(kPayload);
    core.arrive(0, p.data(), p.size());
    EXPECT_FALSE(core.pop_due(from_ms(21) - 1).has_value());
    EXPECT_EQ(core.next_deadline(), from_ms(21));
    EXPECT_TRUE(core.pop_due(from_ms(21)).has_value());
}

TEST(LinkCore, AckDirectionHasOnlyTheDelay) {
    LinkConfig c;  // no rate limit, no loss, no buffer limit
    c.delay = from_ms(20);
    LinkCore core(c);
    auto ack = tcp_packet(0);
    for (int i = 0; i < 1000; ++i) core.arrive(from_ms(1), ack.data(), ack.size());
    const auto out = drain(core, from_ms(1000));
    ASSERT_EQ(out.size(), 1000u);
    for (const auto& d : out) EXPECT_EQ(d.deliver_at, from_ms(21));
    EXPECT_EQ(core.counters().drops(), 0u);
}

TEST(LinkCore, TailDropAtTheBuffer) {
    LinkConfig c;
    c.rate_bps = 12e6;
    c.buffer_bytes = 10 * kPacket;  // ten packets wait; the one on the wire has left the buffer
    LinkCore core(c);
    auto p = tcp_packet(kPayload);
    int queued = 0;
    for (int i = 0; i < 20; ++i) queued += core.arrive(0, p.data(), p.size()) == LinkCore::Fate::Queued;
    EXPECT_EQ(queued, 11);
    EXPECT_EQ(core.counters().drops_tail, 9u);
    EXPECT_EQ(core.counters().queue_bytes, 10u * kPacket);
    // After 3 ms three have left the buffer: three more fit, the fourth does not.
    for (int i = 0; i < 4; ++i) core.arrive(from_ms(3), p.data(), p.size());
    EXPECT_EQ(core.counters().drops_tail, 10u);
}

TEST(LinkCore, QueueRangeSeesThePeakBetweenReadings) {
    LinkConfig c;
    c.rate_bps = 12e6;
    LinkCore core(c);
    auto p = tcp_packet(kPayload);
    for (int i = 0; i < 5; ++i) core.arrive(0, p.data(), p.size());
    const QueueRange r = core.take_queue_range(from_ms(10));  // all gone by then
    EXPECT_EQ(r.max_bytes, 4u * kPacket);
    EXPECT_EQ(r.now_bytes, 0u);
    EXPECT_EQ(r.min_bytes, 0u);
}

TEST(LinkCore, EvenLossDropsEveryFiftiethPayloadSegmentAtTwoPercent) {
    LinkConfig c;
    c.loss = 0.02;  // 1/p = 50
    c.loss_pattern = LossPattern::Even;
    LinkCore core(c);
    auto data = tcp_packet(kPayload);
    auto ack = tcp_packet(0);
    std::vector<int> lost;
    for (int k = 1; k <= 500; ++k) {
        if (core.arrive(0, data.data(), data.size()) == LinkCore::Fate::LostRandom) lost.push_back(k);
        // A pure ACK after each segment: never lost, never counted.
        EXPECT_EQ(core.arrive(0, ack.data(), ack.size()), LinkCore::Fate::Queued);
    }
    ASSERT_EQ(lost.size(), 10u);
    for (std::size_t i = 0; i < lost.size(); ++i) EXPECT_EQ(lost[i], 50 * static_cast<int>(i + 1));
    EXPECT_EQ(core.counters().payload_segments, 500u);
}

TEST(LinkCore, EvenLossOfOnePercentIsOneInAHundred) {
    LinkConfig c;
    c.loss = 0.01;
    LinkCore core(c);
    auto data = tcp_packet(kPayload);
    for (int k = 0; k < 100'000; ++k) core.arrive(0, data.data(), data.size());
    EXPECT_EQ(core.counters().drops_random, 1000u);
}

TEST(LinkCore, RandomLossIsNearPAndSeeded) {
    auto run = [](std::uint64_t seed) {
        LinkConfig c;
        c.loss = 0.02;
        c.loss_pattern = LossPattern::Random;
        c.seed = seed;
        LinkCore core(c);
        auto data = tcp_packet(kPayload);
        for (int k = 0; k < 100'000; ++k) core.arrive(0, data.data(), data.size());
        return core.counters().drops_random;
    };
    const auto drops = run(7);
    // Binomial(100000, 0.02): mean 2000, σ ≈ 44; four σ either side.
    EXPECT_NEAR(static_cast<double>(drops), 2000.0, 4 * std::sqrt(100'000 * 0.02 * 0.98));
    EXPECT_EQ(run(7), drops);
}

TEST(LinkCore, CodelDropsFromAStandingQueue) {
    LinkConfig c;
    c.rate_bps = 12e6;            // 1 ms per packet
    c.codel = CodelParams{};      // target 5 ms, interval 100 ms
    LinkCore core(c);
    auto p = tcp_packet(kPayload);
    // Two packets per millisecond into a 1-packet-per-ms link for 400 ms:
    // the sojourn time grows far past 5 ms and stays there.
    for (int ms = 0; ms < 400; ++ms)
        for (int i = 0; i < 2; ++i) core.arrive(from_ms(ms), p.data(), p.size());
    drain(core, from_ms(2000));
    EXPECT_GT(core.counters().drops_aqm, 0u);
    EXPECT_EQ(core.counters().drops_tail, 0u);
}

TEST(LatenessStats, MaxAndP99) {
    LatenessStats s;
    for (int i = 0; i < 99; ++i) s.add(from_ms(0));
    s.add(from_ms(3));
    EXPECT_EQ(s.writes(), 100u);
    EXPECT_EQ(s.max(), from_ms(3));
    EXPECT_LE(s.quantile(0.99), LatenessStats::kBin);
    EXPECT_EQ(s.quantile(1.0), from_ms(3));
}

// --- The thread, between fake TUN devices --------------------------------

struct FakeTunPair {
    int in[2] = {-1, -1};   // test writes in[0]; the emulator reads in[1]
    int out[2] = {-1, -1};  // the emulator writes out[0]; the test reads out[1]
    FakeTunPair() {
        socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0, in);
        socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0, out);
        const int big = 4 << 20;
        for (int fd : {in[0], in[1], out[0], out[1]}) {
            setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &big, sizeof big);
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
        }
    }
    ~FakeTunPair() {
        for (int fd : {in[0], in[1], out[0], out[1]}) close(fd);
    }
    // Reads packets until `count` arrived or `timeout` passed; their arrival times.
    std::vector<TimePs> receive(std::size_t count, TimePs timeout) {
        std::vector<TimePs> t;
        std::vector<char> buf(65536);
        const TimePs end = monotonic_now() + timeout;
        while (t.size() < count && monotonic_now() < end) {
            pollfd p{out[1], POLLIN, 0};
            poll(&p, 1, 5);
            while (read(out[1], buf.data(), buf.size()) > 0) t.push_back(monotonic_now());
        }
        return t;
    }
};

// Real time on a shared machine: the emulator never writes early (a packet
// leaves at or after its computed time), but a late wake-up of an ordinary
// thread on a busy machine may delay a write; allow this much.
constexpr TimePs kJitter = from_ms(20);

TEST(LinkThread, ABurstLeavesNoFasterThanTheLinkRateAfterHalfTheRtt) {
    FakeTunPair tun;
    LinkConfig c;
    c.rate_bps = 12e6;          // 1 ms per 1500 B
    c.delay = from_ms(20);      // half of a 40 ms RTT
    LinkThread link(tun.in[1], tun.out[0], c, 9000);
    link.start();
    auto p = tcp_packet(kPayload);
    const TimePs sent = monotonic_now();
    for (int i = 0; i < 50; ++i) ASSERT_EQ(write(tun.in[0], p.data(), p.size()), static_cast<ssize_t>(p.size()));
    const auto t = tun.receive(50, from_ms(2000));
    link.stop();
    ASSERT_EQ(t.size(), 50u);
    // Packet k (from 0) has been serialized after (k+1) ms, then delayed 20 ms.
    for (std::size_t k = 0; k < t.size(); ++k)
        EXPECT_GE(t[k] - sent, from_ms(20) + from_ms(1) * static_cast<TimePs>(k + 1)) << "packet " << k;
    EXPECT_LE(t.back() - sent, from_ms(70) + kJitter);
    EXPECT_EQ(link.counters().pkts_out, 50u);
    EXPECT_EQ(link.lateness().writes(), 50u);
}

TEST(LinkThread, AckDirectionIsDelayedByHalfTheRttOnly) {
    FakeTunPair tun;
    LinkConfig c;
    c.delay = from_ms(50);
    LinkThread link(tun.in[1], tun.out[0], c, 9000);
    link.start();
    auto ack = tcp_packet(0);
    const TimePs sent = monotonic_now();
    for (int i = 0; i < 20; ++i) write(tun.in[0], ack.data(), ack.size());
    const auto t = tun.receive(20, from_ms(2000));
    link.stop();
    ASSERT_EQ(t.size(), 20u);
    EXPECT_GE(t.front() - sent, from_ms(50));
    EXPECT_LE(t.back() - sent, from_ms(50) + kJitter);
}

TEST(LinkThread, TailDropsWhatTheBufferCannotHold) {
    FakeTunPair tun;
    LinkConfig c;
    c.rate_bps = 0.12e6;              // 100 ms per packet: the burst is all in before one leaves
    c.buffer_bytes = 10 * kPacket;
    LinkThread link(tun.in[1], tun.out[0], c, 9000);
    link.start();
    auto p = tcp_packet(kPayload);
    for (int i = 0; i < 30; ++i) write(tun.in[0], p.data(), p.size());
    const TimePs end = monotonic_now() + from_ms(1000);
    while (link.counters().pkts_in < 30 && monotonic_now() < end) usleep(1000);
    const LinkCounters counters = link.counters();
    link.stop();
    EXPECT_EQ(counters.pkts_in, 30u);
    EXPECT_EQ(counters.drops_tail, 19u);  // one on the wire, ten waiting
    EXPECT_EQ(counters.queue_bytes, 10u * kPacket);
}

TEST(LinkThread, StopsPromptly) {
    FakeTunPair tun;
    LinkThread link(tun.in[1], tun.out[0], LinkConfig{}, 9000);
    link.start();
    const TimePs t = monotonic_now();
    link.stop();
    EXPECT_LT(monotonic_now() - t, from_ms(100));
}

}  // namespace
}  // namespace inflight::kernel
