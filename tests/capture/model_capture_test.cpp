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

// A request/response flow (two 100-byte writes, a 1,000-byte and then a
// 4,000-byte response): the server's answers are on the wire as its data,
// in segments of at most the MSS, the first carrying the ACK of the
// request; the server's sequence numbers count them, and the client's next
// request acknowledges them. The model's own figures are the expected ones:
// its transactions and the response size the scenario asks for.
TEST(ModelCapture, ARequestResponseFlowsAnswersAreTheServersData) {
    REQUIRE_TSHARK();
    TempDir dir;
    for (const std::uint64_t response : {1'000ull, 4'000ull}) {
        for (const Stack stack : {Stack::Textbook, Stack::Linux}) {
            Scenario s;
            s.bandwidth_bps = 100e6;
            s.rtt_s = 0.020;
            s.duration_s = 1;
            s.stack = stack;
            s.mss_bytes = 1500;
            FlowSpec rpc;
            rpc.app = FlowApp::Rpc;
            rpc.rpc_writes = {100, 100};
            rpc.rpc_response_bytes = response;
            s.flows = {rpc};
            const std::string f = dir.file("rpc.pcap");
            const Captured c = run_with_capture(s, f);
            const std::uint64_t transactions = c.result.flows[0].summary.transactions;
            ASSERT_GT(transactions, 10u);
            EXPECT_EQ(capture_test::tshark_complaints(f), "");
            const std::string from_server = "tcp.srcport == 5201 && tcp.len > 0";
            // Each response whole: one per transaction done (and perhaps the
            // one the run's end cut short).
            std::uint64_t server_bytes = 0;
            for (const std::string& len : capture_test::tshark_field(f, from_server, "tcp.len")) {
                EXPECT_LE(std::stoull(len), s.mss_bytes);  // the model's segment size is the TCP payload
                server_bytes += std::stoull(len);
            }
            EXPECT_GE(server_bytes, transactions * response);
            EXPECT_LE(server_bytes, (transactions + 1) * response);
            // Segments per response: ceil(response / segment size).
            const std::uint64_t per = (response + s.mss_bytes - 1) / s.mss_bytes;
            const std::size_t segments = capture_test::tshark_count(f, from_server);
            EXPECT_GE(segments, transactions * per);
            EXPECT_LE(segments, (transactions + 1) * per);
            // Both directions in sequence (a lossless path): no segment
            // missing before one seen, none ACKed unseen, none out of order.
            EXPECT_EQ(capture_test::tshark_count(f, "tcp.analysis.lost_segment || tcp.analysis.ack_lost_segment || "
                                                    "tcp.analysis.retransmission || tcp.analysis.out_of_order"),
                      0u);
            // The client acknowledges every response: its last segment's ACK
            // is past the last response tshark saw whole (relative numbers).
            const auto client_acks = capture_test::tshark_field(f, "tcp.dstport == 5201 && tcp.len > 0", "tcp.ack");
            ASSERT_FALSE(client_acks.empty());
            EXPECT_EQ(std::stoull(client_acks.back()) - 1, transactions * response)
                << "stack " << static_cast<int>(stack) << ", response " << response;
            // And records are in time order.
            const auto times = capture_test::tshark_field(f, "frame", "frame.time_relative");
            for (std::size_t i = 1; i < times.size(); ++i)
                ASSERT_LE(std::stod(times[i - 1]), std::stod(times[i])) << "frame " << i + 1;
        }
    }
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
