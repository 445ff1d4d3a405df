// The path emulator with several flows, without privileges: LinkCore driven
// with exact times. A flow is its receiver port; each flow takes its own
// one-way delay after the shared link, and its drops and deliveries are
// counted apart; fq_codel serves the flows' queues in turn. Expected figures
// are arithmetic on the path (size·8/C per packet, each flow's delay) and
// RFC 8290's round robin (with equal packets and a quantum of one packet,
// backlogged queues alternate).
#include <gtest/gtest.h>

#include <map>

#include "app/kernel/emulator.h"
#include "app/kernel/ip_header.h"
#include "packet_builder.h"

namespace inflight::kernel {
namespace {

using test::tcp_packet;

constexpr std::uint32_t kPacket = 1500;
constexpr std::uint32_t kPayload = kPacket - 52;
constexpr std::uint16_t kBase = 5201;

LinkConfig two_flows(double rate_bps) {
    LinkConfig c;
    c.rate_bps = rate_bps;
    c.delay = from_ms(1);
    c.flow_port_base = kBase;
    c.flow_port_is_destination = true;
    c.flow_delays = {from_ms(10), from_ms(40)};
    return c;
}

std::uint16_t dst_port_of(const std::vector<std::uint8_t>& p) { return inspect_packet(p.data(), p.size()).dst_port; }

TEST(LinkCoreFlows, EachFlowTakesItsOwnDelayAfterTheSharedLink) {
    LinkCore core(two_flows(12e6));  // 1500 B = 1 ms
    const auto a = tcp_packet(kPayload, 0, 40000, kBase);       // flow 0: 10 ms
    const auto b = tcp_packet(kPayload, 0, 40001, kBase + 1);   // flow 1: 40 ms
    const auto other = tcp_packet(kPayload, 0, 40002, kBase + 7);  // no flow: the link's 1 ms
    core.arrive(0, b.data(), b.size());
    core.arrive(0, a.data(), a.size());
    core.arrive(0, other.data(), other.size());
    std::vector<LinkCore::Due> out;
    while (auto d = core.pop_due(from_ms(1000))) out.push_back(std::move(*d));
    ASSERT_EQ(out.size(), 3u);
    // Served in arrival order (1, 2, 3 ms), delivered in order of delivery time.
    EXPECT_EQ(dst_port_of(out[0].bytes), kBase + 7);
    EXPECT_EQ(out[0].deliver_at, from_ms(3) + from_ms(1));
    EXPECT_EQ(dst_port_of(out[1].bytes), kBase);
    EXPECT_EQ(out[1].deliver_at, from_ms(2) + from_ms(10));
    EXPECT_EQ(dst_port_of(out[2].bytes), kBase + 1);
    EXPECT_EQ(out[2].deliver_at, from_ms(1) + from_ms(40));
    const LinkCounters& c = core.counters();
    ASSERT_EQ(c.flows.size(), 2u);
    EXPECT_EQ(c.flows[0].payload_segments_out, 1u);
    EXPECT_EQ(c.flows[1].payload_segments_out, 1u);
    EXPECT_EQ(c.payload_segments_out, 3u);
}

TEST(LinkCoreFlows, TheAckPathKnowsAFlowByItsSourcePortAndCountsItsAcks) {
    LinkConfig c = two_flows(std::numeric_limits<double>::infinity());
    c.flow_port_is_destination = false;
    LinkCore core(c);
    auto ack1 = tcp_packet(0, 0, kBase + 1, 40001);
    ack1[20 + 13] = 0x10;  // the ACK flag alone: a pure ACK
    for (int i = 0; i < 3; ++i) core.arrive(0, ack1.data(), ack1.size());
    auto ack0 = tcp_packet(0, 0, kBase, 40000);
    ack0[20 + 13] = 0x10;
    core.arrive(0, ack0.data(), ack0.size());
    EXPECT_EQ(core.counters().flows[1].pure_acks, 3u);
    EXPECT_EQ(core.counters().flows[0].pure_acks, 1u);
    auto first = core.pop_due(from_ms(10));
    ASSERT_TRUE(first.has_value());
    EXPECT_EQ(first->deliver_at, from_ms(10));  // flow 0's ACK: 10 ms, ahead of flow 1's at 40 ms
}

TEST(LinkCoreFlows, TailDropsAreChargedToTheFlowThatLostThePacket) {
    LinkConfig c = two_flows(12e6);
    c.buffer_bytes = 3 * kPacket;  // three waiting, one on the link
    LinkCore core(c);
    const auto a = tcp_packet(kPayload, 0, 40000, kBase);
    const auto b = tcp_packet(kPayload, 0, 40001, kBase + 1);
    for (int i = 0; i < 4; ++i) core.arrive(0, a.data(), a.size());  // 1 on the link, 3 waiting
    for (int i = 0; i < 2; ++i) EXPECT_EQ(core.arrive(0, b.data(), b.size()), LinkCore::Fate::DroppedTail);
    EXPECT_EQ(core.counters().flows[0].drops_tail, 0u);
    EXPECT_EQ(core.counters().flows[1].drops_tail, 2u);
    EXPECT_EQ(core.counters().drops_tail, 2u);
}

TEST(LinkCoreFlows, FqCodelServesBackloggedFlowsInTurn) {
    LinkConfig c = two_flows(12e6);
    c.fq_codel = CodelParams{};
    c.quantum_bytes = kPacket;
    c.buffer_bytes = 100 * kPacket;
    LinkCore core(c);
    const auto a = tcp_packet(kPayload, 0, 40000, kBase);
    const auto b = tcp_packet(kPayload, 0, 40001, kBase + 1);
    // Flow 0 queues ten packets before flow 1 queues ten: a FIFO would send
    // all of flow 0's first; fq_codel alternates once both are backlogged.
    for (int i = 0; i < 10; ++i) core.arrive(0, a.data(), a.size());
    for (int i = 0; i < 10; ++i) core.arrive(0, b.data(), b.size());
    // Service order = order of service end; deliveries at end + flow delay.
    std::map<TimePs, std::uint16_t> by_service_end;
    while (auto d = core.pop_due(from_ms(1000))) {
        const std::uint16_t port = dst_port_of(d->bytes);
        by_service_end[d->deliver_at - (port == kBase ? from_ms(10) : from_ms(40))] = port;
    }
    ASSERT_EQ(by_service_end.size(), 20u);
    std::vector<std::uint16_t> order;
    for (const auto& [end, port] : by_service_end) order.push_back(port);
    // The first packet took the idle link at once; from then on the two
    // backlogged queues take turns (one quantum = one packet each).
    for (std::size_t k = 1; k + 1 < 19; ++k) EXPECT_NE(order[k], order[k + 1]) << "at " << k;
    EXPECT_EQ(by_service_end.begin()->first, from_ms(1));
    EXPECT_EQ(by_service_end.rbegin()->first, from_ms(20));  // the link never idled
}

TEST(LinkCoreFlows, FqCodelOverflowDropsFromTheLongestQueue) {
    LinkConfig c = two_flows(12e6);
    c.fq_codel = CodelParams{};
    c.quantum_bytes = kPacket;
    c.buffer_bytes = 6 * kPacket;
    LinkCore core(c);
    const auto a = tcp_packet(kPayload, 0, 40000, kBase);
    const auto b = tcp_packet(kPayload, 0, 40001, kBase + 1);
    for (int i = 0; i < 7; ++i) core.arrive(0, a.data(), a.size());  // one served, six queued: full
    EXPECT_EQ(core.arrive(0, b.data(), b.size()), LinkCore::Fate::Queued);  // flow 1's packet stays
    EXPECT_EQ(core.counters().flows[0].drops_tail, 1u);  // flow 0's head made room
    EXPECT_EQ(core.counters().flows[1].drops_tail, 0u);
}

}  // namespace
}  // namespace inflight::kernel
