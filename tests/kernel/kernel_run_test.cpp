// Runs on this machine's TCP stack: short runs (10 s, the Summary's window =
// the last 5 s) at 20 Mbit/s, 40 ms, buffer 40 ms; cleanup after a normal
// end, SIGINT and SIGKILL; the refusal without capabilities. Expected
// figures are the stated bounds (goodput ≥ 90% of the link, BBR ≥ 5× CUBIC
// at 2% loss) or arithmetic on the path. Skipped unless root (CI runs as root).
#include <algorithm>
#include <gtest/gtest.h>
#include <linux/capability.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

#include "app/kernel/kernel_run.h"
#include "app/kernel/netns.h"
#include "app/kernel/privileges.h"
#include "kernel_paths.h"

namespace inflight::kernel {
namespace {


Scenario lesson_path() {
    Scenario s;
    s.algorithm = Algorithm::Cubic;
    s.bandwidth_bps = 20e6;
    s.rtt_s = 0.040;
    s.buffer_s = 0.040;
    s.duration_s = 10;
    return s;
}

RunResult run_ok(const Scenario& s, KernelFacts* facts = nullptr) {
    KernelOutcome o = run_on_kernel(s);
    EXPECT_TRUE(o.ok()) << o.error;
    if (facts) *facts = o.facts;
    return o.result.value_or(RunResult{});
}

std::vector<std::string> netns_of(pid_t pid) {
    std::vector<std::string> mine;
    const std::string prefix = netns_prefix_for(pid);
    for (const std::string& n : list_inflight_netns())
        if (n.rfind(prefix, 0) == 0) mine.push_back(n);
    return mine;
}

bool wait_for(const std::function<bool()>& cond, std::chrono::milliseconds timeout) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < end) {
        if (cond()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return cond();
}

// A child process that runs a long scenario on the kernel and exits with
// 130 when a signal stopped it, 0 after a normal end, 1 on an error.
pid_t spawn_long_run() {
    const pid_t pid = fork();
    if (pid == 0) {
        Scenario s = lesson_path();
        s.duration_s = 30;
        const KernelOutcome o = run_on_kernel(s);
        _exit(!o.error.empty() ? 1 : o.signal != 0 ? 130 : 0);
    }
    return pid;
}

int wait_exit(pid_t pid, std::chrono::milliseconds timeout, bool& exited) {
    int status = 0;
    exited = wait_for([&] { return waitpid(pid, &status, WNOHANG) == pid; }, timeout);
    if (!exited) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
    }
    return status;
}

TEST(KernelRun, CubicFillsTheLinkWithSrttWithinBaseRttPlusBuffer) {
    REQUIRE_ROOT();
    const Scenario s = lesson_path();
    KernelFacts f;
    const RunResult r = run_ok(s, &f);
    std::printf("CUBIC 20 Mbit/s 40 ms buffer 40 ms: goodput %.2f Mbit/s, utilisation %.3f, srtt mean %.1f ms "
                "max %.1f ms, MSS %u, emulator p99 late %.0f us\n",
                r.summary.throughput_bps / 1e6, r.summary.utilisation, r.summary.mean_rtt_s * 1e3,
                r.summary.max_rtt_s * 1e3, f.mss_bytes, f.data_direction.p99_late_s * 1e6);
    EXPECT_GE(r.summary.utilisation, 0.90);
    // srtt over the window: at least the base RTT, at most base RTT + the
    // buffer's 40 ms, plus two packets on the wire (the sample's own and, with
    // an ACK every second segment, its partner's: 0.6 ms each), the latest the
    // emulator delivered a packet in each direction (measured), and 2 ms for
    // the host: both stacks and the emulator run on the same two cores as
    // ctest's other job (a fresh-clone run measured 0.8 ms over a 1 ms
    // allowance).
    const double packet_s = 1500 * 8 / s.bandwidth_bps;
    const double emulator_late_s = f.data_direction.max_late_s + f.ack_direction.max_late_s;
    EXPECT_GE(r.summary.min_rtt_s, s.rtt_s);
    EXPECT_LE(r.summary.max_rtt_s, s.rtt_s + s.buffer_s + 2 * packet_s + emulator_late_s + 0.002);
    EXPECT_EQ(f.engine, "kernel");
    EXPECT_EQ(f.congestion_control, "cubic");
    // The emulator's honesty is measured and reported, not assumed: how late
    // it woke is this machine's business (the shared 2-core CI host measured
    // 1.9–3.0 ms at p99 even with the kernel tests run alone), and lateness
    // adds jitter, never rate (the utilisation above holds either way). The
    // report must say "not honest" exactly when p99 exceeds the 1 ms limit.
    EXPECT_GT(f.data_direction.writes, 0u);
    EXPECT_GE(f.data_direction.p99_late_s, 0.0);
    EXPECT_LE(f.data_direction.p99_late_s, f.data_direction.max_late_s);
    EXPECT_EQ(f.honest, f.data_direction.p99_late_s <= 1e-3);
    EXPECT_FALSE(r.trace.buckets.empty());
}

TEST(KernelRun, WindowScalingOffHoldsGoodputAtRwndOverRtt) {
    REQUIRE_ROOT();
    Scenario s = lesson_path();
    s.rwnd_bytes = 65535;
    KernelFacts f;
    const RunResult r = run_ok(s, &f);
    // The lesson's law: one window per round trip — the path's (RTT plus one
    // packet's serialization) with an honest emulator, the one the kernel
    // measured when the emulator reports itself late (its lateness lengthens
    // every round trip; the CI host measured p99 1.9–2.5 ms).
    const double path_rtt_s = s.rtt_s + 1500 * 8 / s.bandwidth_bps;
    const double expected_bps = 65535.0 * 8 / (f.honest ? path_rtt_s : std::max(path_rtt_s, r.summary.mean_rtt_s));
    std::printf("rwnd 65,535 B, 20 Mbit/s, 40 ms: goodput %.3f Mbit/s, expected %.3f\n",
                r.summary.throughput_bps / 1e6, expected_bps / 1e6);
    EXPECT_FALSE(f.window_scaling);
    EXPECT_NEAR(r.summary.throughput_bps, expected_bps, 0.05 * expected_bps);
    EXPECT_EQ(r.summary.binding_limit, Limit::Rwnd);
}

// A flow's rwnd of 64 KiB, one byte past what 16 bits hold, so window
// scaling stays on: the advertised window is capped at 65,536 B, and the
// flow moves at most that per round trip — 6.55 Mbit/s at 80 ms, where the
// autotuned buffer let Linux advertise 131,070 B (65,535 << 1) and the flow
// moved twice that.
TEST(KernelRun, AFlowsRwndCapsTheAdvertisedWindowWithWindowScalingOn) {
    REQUIRE_ROOT();
    Scenario s = test::one_bdp_path_100M_80ms();
    s.duration_s = 6;
    FlowSpec f;
    f.rwnd_bytes = 65536;
    s.flows = {f};
    KernelFacts facts;
    const RunResult r = run_ok(s, &facts);
    // Each round trip takes at least the path's RTT (plus one packet's
    // serialization) and at least the smallest RTT the kernel measured; on a
    // late emulator or a busy machine the mean RTT is the round trip.
    const double path_rtt_s = s.rtt_s + 1500 * 8 / s.bandwidth_bps;
    const double window_bits = 65536.0 * 8;
    const double most_bps = window_bits / std::max(path_rtt_s, r.summary.min_rtt_s);
    const double expected_bps = window_bits / (facts.honest ? path_rtt_s : std::max(path_rtt_s, r.summary.mean_rtt_s));
    std::printf("flow rwnd 64 KiB, 100 Mbit/s, 80 ms: goodput %.3f Mbit/s, at most %.3f, expected %.3f (min RTT "
                "%.2f ms, mean %.2f ms)\n",
                r.summary.throughput_bps / 1e6, most_bps / 1e6, expected_bps / 1e6, r.summary.min_rtt_s * 1e3,
                r.summary.mean_rtt_s * 1e3);
    EXPECT_TRUE(facts.window_scaling);
    EXPECT_LE(r.summary.throughput_bps, 1.05 * most_bps);
    EXPECT_GE(r.summary.throughput_bps, 0.85 * expected_bps);
    EXPECT_EQ(r.summary.binding_limit, Limit::Rwnd);
    // The window the sender last learned (tcpi_snd_wnd) held at 65,536 B
    // in every 10 ms bucket. Linux moves the clamp to the buffer's window
    // as autotuning grows the buffer (the receiver locks the first buffer,
    // which already holds this window) and at the first full-sized segment
    // (tcp_measure_rcv_mss); from then each segment adds 2 MSS to the window
    // offered (tcp_grow_window) until the receiver's first read sets the
    // clamp again. From the SYN-ACK's 65,160 B one segment made it 68,056 B
    // (4 of 20 runs beside two busy loops); from the sender's first flight
    // (initrwnd 10, transfer.cpp) 65,536 B lies a round trip away.
    double widest = 0;
    std::size_t known = 0, over = 0;
    for (const TraceBucket& b : r.trace.buckets) {
        if (std::isnan(b.rwnd_bytes)) continue;
        ++known;
        widest = std::max(widest, b.rwnd_bytes);
        if (b.rwnd_bytes > 65536.0) ++over;
    }
    std::printf("widest advertised window %.0f B; %zu of %zu buckets above 65,536 B\n", widest, over, known);
    EXPECT_GT(widest, 0.0);
    EXPECT_LE(widest, 65536.0);
    EXPECT_EQ(over, 0u) << "the clamp did not hold the window";
}

// SO_RCVBUF 256 KiB locks the receive buffer at 2 × 262,144 B (net/core/sock.c)
// and the window at that × 160/256 (scaling_ratio of a 1448-byte payload in a
// 2,304-byte skb): 327,680 B per round trip, 32.8 Mbit/s at 80 ms — a third
// of the link, and not 256 KiB per RTT. The model's receive buffer says the
// same (receive_buffer_test); the kernel must agree within 10%.
TEST(KernelRun, SoRcvbufHoldsGoodputAtItsLockedWindowOverRtt) {
    REQUIRE_ROOT();
    Scenario s = test::one_bdp_path_100M_80ms();
    s.rcvbuf_bytes = 256 * 1024;
    KernelFacts f;
    const RunResult r = run_ok(s, &f);
    const double window_bytes = 2.0 * 262144 * 160 / 256;
    const double path_rtt_s = s.rtt_s + 1500 * 8 / s.bandwidth_bps;
    const double expected_bps = window_bytes * 8 / (f.honest ? path_rtt_s : std::max(path_rtt_s, r.summary.mean_rtt_s));
    std::printf("SO_RCVBUF 256 KiB, 100 Mbit/s, 80 ms: goodput %.3f Mbit/s, expected %.3f\n",
                r.summary.throughput_bps / 1e6, expected_bps / 1e6);
    EXPECT_NEAR(r.summary.throughput_bps, expected_bps, 0.10 * expected_bps);
    EXPECT_EQ(r.summary.binding_limit, Limit::Rwnd);
    // The trace's advertised window (tcpi_snd_wnd) is that window: never
    // above it, and below it only by what waits unread in the receive queue
    // at an ACK (the reader drains it at once: a few segments at most).
    std::vector<double> steady;
    for (const TraceBucket& b : r.trace.buckets)
        if (b.t_start_s >= r.summary.window_start_s && !std::isnan(b.rwnd_bytes)) steady.push_back(b.rwnd_bytes);
    ASSERT_FALSE(steady.empty());
    std::sort(steady.begin(), steady.end());
    std::printf("advertised window over the steady window: min %.0f, median %.0f, max %.0f B (expected %.0f)\n",
                steady.front(), steady[steady.size() / 2], steady.back(), window_bytes);
    EXPECT_LE(steady.back(), window_bytes);
    EXPECT_NEAR(steady[steady.size() / 2], window_bytes, 0.02 * window_bytes);
}

TEST(KernelRun, BbrHoldsTheLinkAtTwoPercentRandomLossWhereCubicCollapses) {
    REQUIRE_ROOT();
    Scenario s = lesson_path();
    s.rtt_s = 0.100;
    s.loss = 0.02;
    s.loss_pattern = LossPattern::Random;
    s.algorithm = Algorithm::Cubic;
    const RunResult cubic = run_ok(s);
    s.algorithm = Algorithm::Bbr;
    KernelFacts f;
    const RunResult bbr = run_ok(s, &f);
    std::printf("2%% random loss, 100 ms: BBR %.2f Mbit/s, CUBIC %.2f Mbit/s (%.1fx)\n",
                bbr.summary.throughput_bps / 1e6, cubic.summary.throughput_bps / 1e6,
                bbr.summary.throughput_bps / cubic.summary.throughput_bps);
    EXPECT_GE(bbr.summary.throughput_bps, 5 * cubic.summary.throughput_bps);
    EXPECT_GT(bbr.summary.drops_random, 0u);
    EXPECT_NE(f.pacing.find("BBR"), std::string::npos);
    ASSERT_FALSE(bbr.trace.buckets.empty());
    EXPECT_FALSE(std::isnan(bbr.trace.buckets.back().cc.bw_bps));
}

TEST(KernelCleanup, NamespacesExistDuringARunAndAreGoneAfterItsEnd) {
    REQUIRE_ROOT();
    Scenario s = lesson_path();
    s.duration_s = 1;
    std::size_t seen = 0;
    const KernelOutcome o =
        run_on_kernel(s, [&](const KernelProgressView&) { seen = std::max(seen, netns_of(getpid()).size()); });
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_EQ(seen, 2u);
    EXPECT_TRUE(netns_of(getpid()).empty());
}

TEST(KernelCleanup, CancelStopsWithinHalfASecondAndCleansUp) {
    REQUIRE_ROOT();
    Scenario s = lesson_path();
    s.duration_s = 30;
    std::atomic<bool> cancel{false};
    std::chrono::steady_clock::time_point asked{};
    const KernelOutcome o = run_on_kernel(
        s,
        [&](const KernelProgressView& v) {
            if (v.elapsed_s > 0.5 && !cancel) {
                asked = std::chrono::steady_clock::now();
                cancel = true;
            }
        },
        &cancel);
    const auto took = std::chrono::steady_clock::now() - asked;
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_TRUE(o.result->cancelled);
    EXPECT_LT(took, std::chrono::milliseconds(500));
    EXPECT_TRUE(netns_of(getpid()).empty());
}

TEST(KernelCleanup, SigintStopsTheRunAndRemovesItsNamespaces) {
    REQUIRE_ROOT();
    const pid_t child = spawn_long_run();
    ASSERT_GT(child, 0);
    ASSERT_TRUE(wait_for([&] { return netns_of(child).size() == 2; }, std::chrono::seconds(5)));
    const auto signalled = std::chrono::steady_clock::now();
    kill(child, SIGINT);
    bool exited = false;
    const int status = wait_exit(child, std::chrono::seconds(5), exited);
    ASSERT_TRUE(exited);
    EXPECT_LT(std::chrono::steady_clock::now() - signalled, std::chrono::milliseconds(1000));
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 130);
    EXPECT_TRUE(netns_of(child).empty());
}

TEST(KernelCleanup, AKilledRunsNamespacesAreRemovedAtTheNextStart) {
    REQUIRE_ROOT();
    const pid_t child = spawn_long_run();
    ASSERT_GT(child, 0);
    ASSERT_TRUE(wait_for([&] { return netns_of(child).size() == 2; }, std::chrono::seconds(5)));
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    EXPECT_EQ(netns_of(child).size(), 2u);  // a killed run cannot clean up after itself
    Scenario s = lesson_path();
    s.duration_s = 1;
    run_ok(s);
    EXPECT_TRUE(netns_of(child).empty());
}

TEST(KernelRefusal, WithoutCapabilitiesOneLineAnErrorAndNothingCreated) {
    REQUIRE_ROOT();
    int pipe_fd[2];
    ASSERT_EQ(pipe(pipe_fd), 0);
    const pid_t child = fork();
    if (child == 0) {
        close(pipe_fd[0]);
        // Drop CAP_NET_ADMIN and CAP_SYS_ADMIN from the effective and permitted sets.
        __user_cap_header_struct h{_LINUX_CAPABILITY_VERSION_3, 0};
        __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3]{};
        syscall(SYS_capget, &h, d);
        for (int cap : {CAP_NET_ADMIN, CAP_SYS_ADMIN}) {
            d[cap / 32].effective &= ~(1u << (cap % 32));
            d[cap / 32].permitted &= ~(1u << (cap % 32));
        }
        if (syscall(SYS_capset, &h, d) != 0) _exit(3);
        const KernelOutcome o = run_on_kernel(lesson_path());
        if (write(pipe_fd[1], o.error.data(), o.error.size()) < 0) _exit(4);
        _exit(o.ok() ? 0 : 1);
    }
    close(pipe_fd[1]);
    std::string msg;
    char buf[512];
    for (ssize_t n; (n = read(pipe_fd[0], buf, sizeof buf)) > 0;) msg.append(buf, static_cast<std::size_t>(n));
    close(pipe_fd[0]);
    int status = 0;
    waitpid(child, &status, 0);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1);
    EXPECT_FALSE(msg.empty());
    EXPECT_EQ(msg.find('\n'), std::string::npos);
    EXPECT_NE(msg.find("sudo inflight kernel"), std::string::npos) << msg;
    EXPECT_TRUE(netns_of(child).empty());
}

}  // namespace
}  // namespace inflight::kernel
