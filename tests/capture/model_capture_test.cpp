// The model's synthetic capture held to tshark: it opens without a word on
// stderr, its retransmissions (tcp.analysis.retransmission) are the run's,
// its largest bytes in flight is the run's within one segment, pings are
// ICMP echo, and writing it costs well under a second for 40 s at
// 100 Mbit/s. The expected figures are the run's own (measured in the same
// test) or tshark's, never the capture code's.
#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <cmath>

#include "app/capture/model_capture.h"
#include "model/engine/run.h"
#include "tshark.h"

namespace inflight::capture {
namespace {

using capture_test::TempDir;

struct Captured {
    RunResult result;
    double seconds = 0;  // wall time of the run with its capture
};

Captured run_with_capture(const Scenario& s, const std::string& path) {
    std::string error;
    auto writer = PcapFileWriter::open(path, {}, &error);
    EXPECT_TRUE(writer) << error;
    ModelCapture tap(*writer, s);
    RunControl control;
    control.tap = &tap;
    const auto t0 = std::chrono::steady_clock::now();
    Captured c;
    c.result = run_scenario(s, control);
    tap.flush();
    const auto e = writer->finish();
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_FALSE(e) << *e;
    return c;
}

double max_inflight(const Trace& t) {
    double m = 0;
    for (const TraceBucket& b : t.buckets)
        if (std::isfinite(b.inflight_bytes.max)) m = std::max(m, b.inflight_bytes.max);
    return m;
}

Scenario lossy_reno() {
    Scenario s;
    s.algorithm = Algorithm::Reno;
    s.bandwidth_bps = 20e6;
    s.rtt_s = 0.040;
    s.loss = 0.001;
    s.loss_pattern = LossPattern::Random;
    s.duration_s = 20;
    return s;
}

TEST(ModelCapture, TsharkOpensItAndCountsTheRunsRetransmissions) {
    REQUIRE_TSHARK();
    TempDir dir;
    const std::string f = dir.file("reno.pcap");
    const Captured c = run_with_capture(lossy_reno(), f);
    ASSERT_GT(c.result.summary.retransmits, 10u);
    EXPECT_EQ(capture_test::tshark_complaints(f), "");
    EXPECT_EQ(capture_test::tshark_count(f, capture_test::kSenderRetransmissions), c.result.summary.retransmits);
}

TEST(ModelCapture, TsharksLargestFlightIsTheRunsWithinOneSegment) {
    REQUIRE_TSHARK();
    TempDir dir;
    // The window binds (64 KB over 80 ms, no loss): the flight is the window.
    Scenario window_bound;
    window_bound.rwnd_bytes = 65535;
    window_bound.duration_s = 5;
    // Loss-bound: the sawtooth's peaks.
    for (const Scenario& s : {window_bound, lossy_reno()}) {
        const std::string f = dir.file("flight.pcap");
        const Captured c = run_with_capture(s, f);
        const double run_max = max_inflight(c.result.trace);
        const double tshark_max = capture_test::tshark_max(f, "tcp.analysis.bytes_in_flight");
        EXPECT_NEAR(tshark_max, run_max, s.mss_bytes) << "rwnd " << s.rwnd_bytes;
        EXPECT_EQ(capture_test::tshark_complaints(f), "");
    }
}

TEST(ModelCapture, EcnSackAndDelayedAcksOpenCleanly) {
    REQUIRE_TSHARK();
    TempDir dir;
    Scenario s;
    s.aqm = Aqm::Codel;
    s.ecn = true;
    s.stack = Stack::Linux;
    s.loss = 0.0005;
    s.duration_s = 5;
    const std::string f = dir.file("ecn.pcap");
    const Captured c = run_with_capture(s, f);
    EXPECT_EQ(capture_test::tshark_complaints(f), "");
    EXPECT_EQ(capture_test::tshark_count(f, capture_test::kSenderRetransmissions), c.result.summary.retransmits);
    EXPECT_GT(capture_test::tshark_count(f, "tcp.options.sack_le"), 0u);
    EXPECT_GT(capture_test::tshark_count(f, "ip.dsfield.ecn == 2"), 0u);
    if (c.result.summary.ecn_marks > 0) {
        EXPECT_GT(capture_test::tshark_count(f, "tcp.flags.ece == 1"), 0u);
    }
    // Delayed ACKs: about one ACK per two segments on the wire, as the receiver sent them.
    const double acks = static_cast<double>(capture_test::tshark_count(f, "tcp.srcport == 5201 && tcp.len == 0"));
    EXPECT_NEAR(acks, static_cast<double>(c.result.summary.acks_sent), 0.01 * acks + 2);
}

TEST(ModelCapture, OneStreamPerFlowAndPingsAsIcmpEcho) {
    REQUIRE_TSHARK();
    TempDir dir;
    Scenario s;
    s.duration_s = 3;
    s.flows = {FlowSpec{}, FlowSpec{}, FlowSpec{}};
    s.flows[2].kind = FlowKind::Ping;
    s.flows[2].ping_interval_s = 0.1;
    const std::string f = dir.file("flows.pcap");
    const Captured c = run_with_capture(s, f);
    EXPECT_EQ(capture_test::tshark_complaints(f), "");
    EXPECT_EQ(capture_test::tshark_count(f, "tcp.flags.syn == 1 && tcp.flags.ack == 0"), 2u);
    const auto streams = capture_test::tshark_field(f, "tcp", "tcp.stream");
    EXPECT_EQ(std::set<std::string>(streams.begin(), streams.end()).size(), 2u);
    EXPECT_EQ(capture_test::tshark_count(f, "icmp.type == 8"), c.result.flows[2].summary.pings_sent);
    EXPECT_EQ(capture_test::tshark_count(f, "icmp.type == 0"), c.result.flows[2].ping_rtt_samples_s.size());
}

// 40 s at 100 Mbit/s (about 330,000 segments and as many ACKs): the capture
// adds well under a second to the run.
TEST(ModelCapture, FortySecondsAt100MbitAddUnderOneWallSeconds) {
    TempDir dir;
    Scenario s;  // the defaults: CUBIC, 100 Mbit/s, 80 ms, 40 s
    const auto t0 = std::chrono::steady_clock::now();
    const RunResult plain = run_scenario(s);
    const double plain_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const Captured c = run_with_capture(s, dir.file("big.pcap"));
    const double extra_s = c.seconds - plain_s;
    std::printf("40 s at 100 Mbit/s: run %.3f s, with capture %.3f s, capture adds %.3f s\n", plain_s, c.seconds,
                extra_s);
    EXPECT_LT(extra_s, 1.0);
    EXPECT_EQ(c.result.summary.packets_simulated, plain.summary.packets_simulated);  // the tap changes nothing
    EXPECT_EQ(c.result.summary.throughput_bps, plain.summary.throughput_bps);
}

}  // namespace
}  // namespace inflight::capture
