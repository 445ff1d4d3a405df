// inflight kernel's capture (the emulator's packets at the sender's
// interface): tshark opens it without a word on stderr, and the project's
// reader on it gives the run's own goodput within 1% — the run measures
// bytes its receiver read, the reader the ACKs on the wire — and the path
// estimated from it is the emulator's. Skipped unless
// root (CI runs as root); tshark's part skips when tshark is missing.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "app/capture/capture_reader.h"
#include "app/capture/path_estimate.h"
#include "app/capture/pcap_file_writer.h"
#include "app/capture/stream_analysis.h"
#include "app/kernel/kernel_run.h"
#include "kernel_paths.h"

namespace inflight::kernel {
namespace {

// tshark's stderr on reading the whole file, less its note about running as root.
std::string tshark_complaints(const std::string& file) {
    const std::string cmd = "tshark -n -r '" + file + "' -q 2>&1 >/dev/null | grep -v '^Running as user \"root\"'";
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    char buf[4096];
    std::size_t n;
    while (p && (n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    if (p) pclose(p);
    return out;
}

TEST(KernelCapture, TheReaderGivesTheRunsGoodputWithinOnePercent) {
    REQUIRE_ROOT();
    char dir[] = "/tmp/inflight-kernel-capture-XXXXXX";
    ASSERT_TRUE(mkdtemp(dir));
    const std::string file = std::string(dir) + "/kernel.pcap";
    Scenario s;
    s.algorithm = Algorithm::Cubic;
    s.bandwidth_bps = 20e6;
    s.rtt_s = 0.040;
    s.buffer_s = 0.040;
    s.duration_s = 10;
    std::string error;
    auto writer = capture::PcapFileWriter::open(file, {}, &error);
    ASSERT_TRUE(writer) << error;
    KernelRunOptions options;
    options.capture = writer.get();
    const KernelOutcome o = run_on_kernel(s, {}, nullptr, options);
    ASSERT_TRUE(o.ok()) << o.error;
    ASSERT_FALSE(writer->finish());
    const auto contents = capture::read_capture(file, &error);
    ASSERT_TRUE(contents) << error;
    const auto a = capture::analyze_capture(*contents, file, std::nullopt, &error);
    ASSERT_TRUE(a) << error;
    const double run_bps = o.result->summary.throughput_bps;
    const double read_bps = a->result.summary.throughput_bps;
    std::printf("kernel run goodput %.0f bit/s, reader on its capture %.0f bit/s (%+.2f%%)\n", run_bps, read_bps,
                100.0 * (read_bps / run_bps - 1));
    EXPECT_NEAR(read_bps, run_bps, 0.01 * run_bps);
    // Retransmissions on the wire: the sender's own count (tcpi_total_retrans) is what the reader sees.
    EXPECT_EQ(a->result.summary.retransmits, o.result->summary.retransmits);
    // The RTT samples are at least the path's base RTT.
    EXPECT_GE(a->result.summary.min_rtt_s, s.rtt_s);
    // Model this path: the emulator's link as the payload it carries (each
    // 1,500 B packet holds 1,448 B of data beside 52 B of IP and TCP headers
    // with timestamps), within 5% — the estimate spans eight minimum RTTs
    // and counts the data's sending time, so ACKs let out late in a clump
    // and the emulator's catching up after a late moment do not read as a
    // faster link — and the base RTT within a millisecond.
    const auto e = capture::estimate_path(*contents, *a, &error);
    ASSERT_TRUE(e) << error;
    const double payload_bps = s.bandwidth_bps * a->mss_bytes / (a->mss_bytes + 52.0);
    std::printf("path estimate %.2f Mbit/s (link's payload %.2f), base RTT %.2f ms\n", e->bottleneck_bps / 1e6,
                payload_bps / 1e6, e->base_rtt_s * 1e3);
    EXPECT_EQ(a->mss_bytes, 1448u);
    EXPECT_NEAR(e->bottleneck_bps, payload_bps, 0.05 * payload_bps);
    EXPECT_NEAR(e->base_rtt_s, s.rtt_s, 0.001);
    if (std::system("command -v tshark >/dev/null") == 0) EXPECT_EQ(tshark_complaints(file), "");
    std::system(("rm -rf '" + std::string(dir) + "'").c_str());
}

}  // namespace
}  // namespace inflight::kernel
