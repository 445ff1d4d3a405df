// The trace's advertised window (TraceBucket::rwnd_bytes): the window the
// receiver offers, as the sender last learned it at each bucket's end. The
// expected figures are the receive buffer's arithmetic (receive_buffer.h):
// window = buffer × scaling_ratio / 256 with scaling_ratio 160; SO_RCVBUF n
// locks a buffer of 2n; autotuning starts from tcp_rmem[1] = 131,072 B.
#include <gtest/gtest.h>

#include <cmath>

#include "model/core/flow_spec.h"
#include "model/engine/run.h"

namespace inflight {
namespace {

// The handshake takes one RTT (SYN out, SYN-ACK back): buckets ending by
// then have no connection that learned a window.
constexpr double kHandshakeS = 0.080;

Scenario path_100mbit_80ms(double duration_s) {
    Scenario s;
    s.bandwidth_bps = 100e6;
    s.rtt_s = 0.080;
    s.duration_s = duration_s;
    return s;
}

TEST(AdvertisedWindow, NoneBeforeTheHandshakeEnds) {
    const RunResult r = run_scenario(path_100mbit_80ms(2));
    ASSERT_FALSE(r.trace.buckets.empty());
    EXPECT_TRUE(std::isnan(r.trace.buckets.front().rwnd_bytes));  // the first bucket ends before the SYN-ACK
}

// Textbook: the receiver offers the flow's fixed rwnd all along.
TEST(AdvertisedWindow, TextbookIsTheFixedRwnd) {
    Scenario s = path_100mbit_80ms(5);
    s.rwnd_bytes = 64 * 1024;
    const RunResult r = run_scenario(s);
    int checked = 0;
    for (const TraceBucket& b : r.trace.buckets) {
        if (b.t_end_s <= kHandshakeS + 0.001) continue;
        EXPECT_EQ(b.rwnd_bytes, 65536.0) << "bucket ending at " << b.t_end_s << " s";
        ++checked;
    }
    EXPECT_GT(checked, 0);
}

// SO_RCVBUF 256 KiB on the linux stack: a locked buffer of 2 × 262,144 B,
// whose window is 524,288 × 160 / 256 = 327,680 B, from the first ACK on.
TEST(AdvertisedWindow, SoRcvbufFixesItAt320KiB) {
    Scenario s = path_100mbit_80ms(5);
    s.stack = Stack::Linux;
    s.rcvbuf_bytes = 256 * 1024;
    const RunResult r = run_scenario(s);
    int checked = 0;
    for (const TraceBucket& b : r.trace.buckets) {
        if (b.t_end_s <= kHandshakeS + 0.001) continue;
        EXPECT_EQ(b.rwnd_bytes, 327680.0) << "bucket ending at " << b.t_end_s << " s";
        ++checked;
    }
    EXPECT_GT(checked, 0);
}

// Autotuning at 100 Mbit/s, 80 ms: the window opens at 131,072 × 160 / 256 =
// 81,920 B, never shrinks, steps up round by round, and ends at least at the
// BDP (100 Mbit/s × 80 ms = 1,000,000 B), or the receiver would bind.
TEST(AdvertisedWindow, AutotuningOpensItRoundByRound) {
    Scenario s = path_100mbit_80ms(5);
    s.stack = Stack::Linux;
    const RunResult r = run_scenario(s);
    double first = std::nan(""), last = std::nan("");
    int steps = 0;
    for (const TraceBucket& b : r.trace.buckets) {
        if (std::isnan(b.rwnd_bytes)) {
            EXPECT_LE(b.t_end_s, kHandshakeS + 0.001);
            continue;
        }
        if (std::isnan(first)) first = b.rwnd_bytes;
        if (!std::isnan(last)) {
            EXPECT_GE(b.rwnd_bytes, last) << "at " << b.t_end_s << " s";
            if (b.rwnd_bytes > last) ++steps;
        }
        last = b.rwnd_bytes;
    }
    EXPECT_EQ(first, 81920.0);
    EXPECT_GE(last, 1'000'000.0);
    EXPECT_GE(steps, 4);  // 81,920 B to 1 MB at most doubling or so per round takes several
}

// Several flows: each flow's trace has its own, the path's trace the sum of
// the flows that have one (a ping has none).
TEST(AdvertisedWindow, SeveralFlowsSumOnThePath) {
    Scenario s = path_100mbit_80ms(2);
    FlowSpec a;
    a.rwnd_bytes = 64 * 1024;
    FlowSpec b;
    b.rwnd_bytes = 100'000;
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    s.flows = {a, b, ping};
    const RunResult r = run_scenario(s);
    ASSERT_EQ(r.flows.size(), 3u);
    const TraceBucket& path = r.trace.buckets.back();
    EXPECT_EQ(r.flows[0].trace.buckets.back().rwnd_bytes, 65536.0);
    EXPECT_EQ(r.flows[1].trace.buckets.back().rwnd_bytes, 100000.0);
    EXPECT_TRUE(std::isnan(r.flows[2].trace.buckets.back().rwnd_bytes));
    EXPECT_EQ(path.rwnd_bytes, 65536.0 + 100000.0);
}

}  // namespace
}  // namespace inflight
