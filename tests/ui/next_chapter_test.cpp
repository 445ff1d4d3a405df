// The lesson's next chapter (8. The ramp; 9. The receiver's buffer; 10.
// Small writes stall), walked headless at the lesson level as the guide
// does after every run (experiment_walk.h): every step ticks with its own
// settings, a deliberately wrong setting does not, and the figures the
// steps state follow from arithmetic:
//  - slow start from an initial window of 10 segments (RFC 6928) doubling
//    every round: 100 KB is 67 segments of 1,500 B, more than 10 + 20 and
//    at most 10 + 20 + 40: three rounds;
//  - a window locked by SO_RCVBUF n is 2·min(n, net.core.rmem_max) of
//    buffer × 160/256 (Linux's scaling_ratio for a full segment's 2,304
//    bytes of memory);
//  - write–write–read with Nagle against a delayed-ACK receiver costs
//    2 RTT + the 40 ms timer (TCP_DELACK_MIN).
// The kernel steps are walked here with the model's linux stack; the kernel
// itself walks them in kernel_steps_test.
#include <cmath>
#include <gtest/gtest.h>

#include "builtin_experiments.h"
#include "experiment_walk.h"
#include "ui/lesson/experiment_file.h"
#include "ui/lesson/step_check.h"

using namespace inflight;
using namespace inflight::ui;
using test::walk;

namespace {

const Experiment& experiment(const std::string& id) { return test::builtin_experiment(id); }

// The condition of `step` on `field` for the flow labelled `label` with op `op`.
const Condition* condition(const Step& step, const std::string& field, const std::string& label, Condition::Op op) {
    for (const Condition& c : step.check.all)
        if (c.field == field && c.op == op && c.flow && c.flow->label == label) return &c;
    return nullptr;
}

constexpr double kPayloadBytes = 1500;  // the model's MSS (and the kernel run's: its path's MTU carries 1,500 B)
constexpr double kDelayedAckTimerS = 0.040;

// The window SO_RCVBUF n locks on this machine's Linux: net.core.rmem_max
// 4 MiB, the buffer twice the request, 160/256 of it advertised.
double locked_window_bytes(double n) { return 2 * std::min(n, 4.0 * 1024 * 1024) * 160 / 256; }

}  // namespace

// --- Walked to the last step -------------------------------------------------

TEST(NextChapter, TheRampTicksEveryStep) { test::walk_all("the-ramp", 6); }
TEST(NextChapter, TheReceiveBufferTicksEveryStep) { test::walk_all("receive-buffer", 5); }
TEST(NextChapter, SmallWritesTicksEveryStep) { test::walk_all("small-writes", 5); }

// --- The figures the steps state, from arithmetic ---------------------------

TEST(NextChapter, TheRampsBoundsHoldTheRoundTripsOfSlowStart) {
    const Experiment& e = experiment("the-ramp");
    ASSERT_EQ(e.steps.size(), 6u);
    const double rtt = e.steps[0].settings.rtt_s;
    // 10 KB fits the initial window: the handshake and one round.
    EXPECT_LE(10'000 / kPayloadBytes, 10);
    const Condition* lo10 = condition(e.steps[0], "fct_mean_s", "10 KB", Condition::Op::GreaterEq);
    ASSERT_TRUE(lo10);
    EXPECT_DOUBLE_EQ(lo10->value, 2 * rtt);
    // 100 KB is 67 segments: more than 10 + 20, at most 10 + 20 + 40: three rounds.
    EXPECT_GT(std::ceil(100'000 / kPayloadBytes), 10 + 20);
    EXPECT_LE(std::ceil(100'000 / kPayloadBytes), 10 + 20 + 40);
    const Condition* lo100 = condition(e.steps[1], "fct_mean_s", "100 KB", Condition::Op::GreaterEq);
    ASSERT_TRUE(lo100);
    EXPECT_DOUBLE_EQ(lo100->value, 4 * rtt);
    // 10 MB cannot finish before its bytes have crossed the link.
    const Step& four = e.steps[3];
    ASSERT_EQ(four.settings.flows.size(), 4u);
    const Condition* lo10m = condition(four, "fct_mean_s", "10 MB", Condition::Op::GreaterEq);
    ASSERT_TRUE(lo10m);
    EXPECT_DOUBLE_EQ(lo10m->value, 10e6 * 8 / four.settings.bandwidth_bps);
    // Each transfer starts after the one before has ended: the path is empty for each.
    for (std::size_t i = 1; i < 4; ++i) EXPECT_GE(four.settings.flows[i].start_s, static_cast<double>(i)) << i;
    // The kernel step runs the same four transfers.
    EXPECT_TRUE(e.steps[5].check.on_kernel);
    EXPECT_EQ(e.steps[5].settings.flows.size(), 4u);
}

TEST(NextChapter, TheReceiveBufferFiguresAreTheLockedWindowPerRoundTrip) {
    const Experiment& e = experiment("receive-buffer");
    ASSERT_EQ(e.steps.size(), 5u);
    for (std::size_t i : {1u, 2u, 4u}) {
        const Step& s = e.steps[i];
        EXPECT_EQ(s.settings.rcvbuf_bytes, 256u * 1024) << s.title;
        const double rate = locked_window_bytes(256 * 1024) * 8 / s.settings.rtt_s;  // 32.77 Mbit/s
        bool found = false;
        for (const Condition& c : s.check.all)
            if (c.field == "throughput_bps") {
                found = true;
                EXPECT_NEAR(c.value, rate, 0.001 * rate) << s.title;
            }
        EXPECT_TRUE(found) << s.title;
    }
    // 8 MiB is cut to rmem_max's 4 MiB: a 5 MiB window, 524 Mbit/s at 80 ms.
    const Step& big = e.steps[3];
    EXPECT_EQ(big.settings.rcvbuf_bytes, 8u * 1024 * 1024);
    const double big_rate = locked_window_bytes(8.0 * 1024 * 1024) * 8 / big.settings.rtt_s;
    ASSERT_EQ(big.check.all.size(), 2u);
    EXPECT_NEAR(big.check.all[1].value, big_rate, 0.001 * big_rate);
    EXPECT_LT(big_rate, 0.6 * big.settings.bandwidth_bps);  // far from the link, as the step says
    EXPECT_EQ(e.steps[0].settings.rcvbuf_bytes, 0u);          // autotuning: not set
}

TEST(NextChapter, SmallWritesFiguresAreTwoRoundTripsAndTheTimer) {
    const Experiment& e = experiment("small-writes");
    ASSERT_EQ(e.steps.size(), 5u);
    const Condition* nagle20 = condition(e.steps[0], "transaction_p50_s", "write-write-read", Condition::Op::Within);
    ASSERT_TRUE(nagle20);
    EXPECT_DOUBLE_EQ(nagle20->value, 2 * e.steps[0].settings.rtt_s + kDelayedAckTimerS);
    const Condition* nagle1 = condition(e.steps[3], "transaction_p50_s", "write-write-read", Condition::Op::Within);
    ASSERT_TRUE(nagle1);
    EXPECT_DOUBLE_EQ(nagle1->value, 2 * e.steps[3].settings.rtt_s + kDelayedAckTimerS);
    const Condition* nodelay = condition(e.steps[1], "transaction_p50_s", "nodelay", Condition::Op::Within);
    ASSERT_TRUE(nodelay);
    EXPECT_DOUBLE_EQ(nodelay->value, e.steps[1].settings.rtt_s);
    // The request is two 100-byte writes; "write once" sends the same 200 bytes in one.
    ASSERT_EQ(e.steps[0].settings.flows[0].rpc_writes, (std::vector<std::uint64_t>{100, 100}));
    ASSERT_EQ(e.steps[2].settings.flows[0].rpc_writes, (std::vector<std::uint64_t>{200}));
    EXPECT_EQ(e.steps[1].settings.flows[0].nodelay, std::optional<bool>(true));
}

// --- A deliberately wrong setting does not tick ------------------------------

TEST(NextChapter, HyStartOnDoesNotTickTheOvershootStep) {
    const Step& off = experiment("the-ramp").steps[4];
    ASSERT_EQ(off.settings.hystart, Detail::Off);
    Scenario on = off.settings;
    on.hystart = Detail::On;
    const CheckOutcome o = walk(test::figures_only(off), on);
    EXPECT_FALSE(o.passed) << o.detail;
    EXPECT_NE(o.detail.find("retransmissions"), std::string::npos) << o.detail;
    const CheckOutcome named = walk(off, on);
    EXPECT_FALSE(named.passed);
    EXPECT_EQ(named.detail.rfind("not yet: this run has hystart on where the step sets off", 0), 0u) << named.detail;
}

TEST(NextChapter, ALongTransferDoesNotTickTheFasterLinkStep) {
    // 10 MB instead of 100 KB: at 50 Mbit/s its time is the link's, and a
    // faster link shortens it: the spread is far over 10%.
    const Step& faster = experiment("the-ramp").steps[2];
    ASSERT_TRUE(faster.check.across);
    Scenario big = faster.settings;
    big.flows[0].size_bytes = 10'000'000;
    const CheckOutcome o = walk(faster, big);
    EXPECT_FALSE(o.passed) << o.detail;
}

TEST(NextChapter, AutotuningDoesNotTickTheLockedBufferStep) {
    const Step& locked = experiment("receive-buffer").steps[1];
    Scenario autotuned = locked.settings;
    autotuned.rcvbuf_bytes = 0;
    const CheckOutcome o = walk(locked, autotuned);
    EXPECT_FALSE(o.passed) << o.detail;
}

TEST(NextChapter, NagleAndNodelayDoNotTickEachOthersStep) {
    const Experiment& e = experiment("small-writes");
    Scenario nodelay = e.steps[0].settings;
    nodelay.flows[0].nodelay = true;
    EXPECT_FALSE(walk(e.steps[0], nodelay).passed);
    Scenario nagle = e.steps[1].settings;
    nagle.flows[0].nodelay = false;
    const CheckOutcome o = walk(e.steps[1], nagle);
    EXPECT_FALSE(o.passed) << o.detail;
    // The textbook receiver ACKs at once: Nagle costs 2 RTT there, not 2 RTT + 40 ms.
    Scenario textbook = e.steps[0].settings;
    textbook.stack = Stack::Textbook;
    EXPECT_FALSE(walk(e.steps[0], textbook).passed);
}
