// Finite transfers (size=, every=) on this machine's TCP stack through the
// emulator, on the path the model's Linux details are held to (100 Mbit/s,
// 80 ms, a 1-BDP buffer, CUBIC). Expected figures:
//   the FCT of 100 KB and of 1 MB within 10% of the model's with
//     --stack linux on the same scenario
//   the FCT from arithmetic on slow start: a handshake (1 RTT), then rounds
//     of 10, 20, 40 … segments of 1448 B (Linux's initial window of 10; with
//     delayed ACKs Linux still grows cwnd by the segments each ACK covers,
//     so it doubles per round) until the transfer's segments are sent; the
//     FCT lies between that many RTTs and one RTT more (serialisation, the
//     last ACK's delay); the path never queues (the largest round is below
//     the BDP)
//   every= starts a new connection each period until the flow's stop, and
//     each completes; the emulator counts every connection's segments as
//     the flow's (it tells flows apart by the receiver's port)
// Each transfer is repeated (every 1 s) and the median FCT is compared: a
// machine shared with other jobs sometimes delays one transfer by up to an
// RTT (the emulator's or the sender's thread waking late), and the median
// speaks for the path, not for that moment. Skipped unless root.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "app/kernel/kernel_run.h"
#include "kernel_paths.h"
#include "model/engine/run.h"

namespace inflight::kernel {
namespace {

// 1500 B packets: 20 B IP, 20 B TCP, 12 B timestamps.
constexpr double kPayloadBytes = 1448;
constexpr double kInitialWindowSegments = 10;

// RTTs from the SYN to the ACK of the last byte: the handshake and the slow-start rounds.
int rtts_by_slow_start(double size_bytes) {
    const double segments = std::ceil(size_bytes / kPayloadBytes);
    double sent = 0, cwnd = kInitialWindowSegments;
    int rounds = 0;
    while (sent < segments) {
        sent += cwnd;
        cwnd *= 2;
        ++rounds;
    }
    return 1 + rounds;
}

Scenario repeated_transfer(std::uint64_t size_bytes) {
    Scenario s = test::one_bdp_path_100M_80ms();
    s.duration_s = 3;
    FlowSpec f;
    f.size_bytes = size_bytes;
    f.every_s = 1.0;
    s.flows = {f};
    return s;
}

std::size_t count(const RunResult& r, EventKind k) {
    std::size_t n = 0;
    for (const Event& e : r.events) n += e.kind == k;
    return n;
}

void expect_fct_as_model_and_slow_start(std::uint64_t size_bytes) {
    const Scenario s = repeated_transfer(size_bytes);
    const KernelOutcome o = run_on_kernel(s);
    ASSERT_TRUE(o.ok()) << o.error;
    const FlowSummary& kernel = o.result->flows[0].summary;
    Scenario linux_stack = s;
    linux_stack.stack = Stack::Linux;
    const RunResult model = run_scenario(linux_stack);
    const FlowSummary& modelled = model.flows[0].summary;
    const int rtts = rtts_by_slow_start(static_cast<double>(size_bytes));
    std::printf("%llu B, CUBIC 100 Mbit/s 80 ms, 1 BDP: kernel FCT p50 %.1f ms (", static_cast<unsigned long long>(size_bytes),
                kernel.fct_p50_s * 1e3);
    for (double x : kernel.fct_s) std::printf(" %.1f", x * 1e3);
    std::printf(" ), model linux %.1f ms, slow start %d-%d RTTs\n", modelled.fct_p50_s * 1e3, rtts, rtts + 1);
    // Starts at 0, 1 and 2 s, each done well before the next and the end.
    ASSERT_EQ(kernel.fct_s.size(), 3u);
    ASSERT_EQ(modelled.fct_s.size(), 3u);
    EXPECT_EQ(count(*o.result, EventKind::TransferDone), 3u);
    EXPECT_NEAR(kernel.fct_p50_s, modelled.fct_p50_s, 0.10 * modelled.fct_p50_s);
    EXPECT_GE(kernel.fct_p50_s, rtts * s.rtt_s);
    EXPECT_LE(kernel.fct_p50_s, (rtts + 1) * s.rtt_s);
    // Every transfer's bytes reached the receiver, counted as this flow's.
    const auto segments = static_cast<std::uint64_t>(std::ceil(static_cast<double>(size_bytes) / kPayloadBytes));
    EXPECT_GE(kernel.segments_received, 3 * segments);
}

TEST(KernelTransfers, FctOf100KBAgreesWithTheModelAndSlowStart) {
    REQUIRE_ROOT();
    EXPECT_EQ(rtts_by_slow_start(100e3), 4);  // 70 segments: 10 + 20 + 40
    expect_fct_as_model_and_slow_start(100'000);
}

TEST(KernelTransfers, FctOf1MBAgreesWithTheModelAndSlowStart) {
    REQUIRE_ROOT();
    EXPECT_EQ(rtts_by_slow_start(1e6), 8);  // 691 segments: 10 + 20 + … + 640
    expect_fct_as_model_and_slow_start(1'000'000);
}

TEST(KernelTransfers, EveryStartsOverlappingConnectionsAndAllComplete) {
    REQUIRE_ROOT();
    // A 100 KB transfer every 100 ms until 1 s: ten connections, about four
    // at a time (each takes about 4 RTTs), all done by 1.6 s.
    Scenario s = test::one_bdp_path_100M_80ms();
    s.duration_s = 1.6;
    FlowSpec f;
    f.size_bytes = 100'000;
    f.every_s = 0.100;
    f.stop_s = 1.0;
    s.flows = {f};
    const auto started = static_cast<std::size_t>(std::ceil(*f.stop_s / *f.every_s - 1e-9));
    const KernelOutcome o = run_on_kernel(s);
    ASSERT_TRUE(o.ok()) << o.error;
    const RunResult& r = *o.result;
    const FlowSummary& k = r.flows[0].summary;
    std::printf("100 KB every 100 ms until 1 s: %zu started, %zu done, FCT mean %.1f ms, max %.1f ms\n",
                count(r, EventKind::FlowStart), k.fct_s.size(), k.fct_mean_s * 1e3, k.fct_max_s * 1e3);
    EXPECT_EQ(count(r, EventKind::FlowStart), started);
    EXPECT_EQ(count(r, EventKind::TransferDone), started);
    ASSERT_EQ(k.fct_s.size(), started);
    EXPECT_GE(count(r, EventKind::TransferOverlap), 1u);
    // Each transfer is numbered once, and done after it started.
    std::vector<double> start_of(started + 1, NAN);
    for (const Event& e : r.events) {
        EXPECT_EQ(e.flow, 0);
        if (e.kind == EventKind::FlowStart) {
            ASSERT_GE(e.transfer, 1u);
            ASSERT_LE(e.transfer, started);
            EXPECT_TRUE(std::isnan(start_of[e.transfer]));
            start_of[e.transfer] = e.t_s;
            // On the flow's clock (start + k·every), never early; late by the
            // sender thread's wake-up (over 5 ms seen with the other core busy).
            const double due = static_cast<double>(e.transfer - 1) * *f.every_s;
            EXPECT_GE(e.t_s, due - 1e-6);
            EXPECT_LE(e.t_s, due + 0.020);
        }
        if (e.kind == EventKind::TransferDone) {
            EXPECT_EQ(e.size_bytes, *f.size_bytes);
            EXPECT_NEAR(e.t_s - e.fct_s, start_of[e.transfer], 1e-9);
        }
    }
    // A few connections at once are far below the link: each takes as long
    // as a lone one. The median lies within slow start's RTTs and one more;
    // each lies within one RTT more again, for a machine shared with other
    // jobs (as above). A quiet machine gives 326-332 ms for all ten; a CI
    // run under AddressSanitizer gave one of 433 ms, and a run here just
    // after a build gave 337-430 ms for five in a row, none retransmitted.
    const int rtts = rtts_by_slow_start(100e3);
    std::printf("FCTs (ms), retransmitted %llu:", static_cast<unsigned long long>(k.retransmits));
    for (double fct : k.fct_s) std::printf(" %.1f", fct * 1e3);
    std::printf("\n");
    EXPECT_GE(k.fct_p50_s, rtts * s.rtt_s);
    EXPECT_LE(k.fct_p50_s, (rtts + 1) * s.rtt_s);
    for (double fct : k.fct_s) {
        EXPECT_GE(fct, rtts * s.rtt_s);
        EXPECT_LE(fct, (rtts + 2) * s.rtt_s);
    }
    // The model starts and completes as many.
    Scenario linux_stack = s;
    linux_stack.stack = Stack::Linux;
    EXPECT_EQ(run_scenario(linux_stack).flows[0].summary.fct_s.size(), started);
    // Every connection's segments were the flow's at the emulator.
    EXPECT_GE(k.segments_received, started * static_cast<std::uint64_t>(std::ceil(100e3 / kPayloadBytes)));
}

}  // namespace
}  // namespace inflight::kernel
