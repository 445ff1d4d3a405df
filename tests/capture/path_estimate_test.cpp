// The path estimated from a capture against the path that made it: the
// model writes a capture (as `inflight run --pcap` does) over a path we
// chose, and the estimate must give that path back — the bottleneck rate
// within 5%, the base RTT within a millisecond, the receive window to the
// byte, the loss rate within the spread its count allows. The expected
// values are the scenario's, never the estimator's. Then `inflight capture
// FILE --model` prints the estimate as `inflight run` options that run.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "app/capture/capture_reader.h"
#include "app/capture/model_capture.h"
#include "app/capture/path_estimate.h"
#include "app/capture/stream_analysis.h"
#include "model/engine/run.h"
#include "model_capture_file.h"
#include "tshark.h"

namespace inflight::capture {
namespace {

using capture_test::TempDir;

void write_capture(const Scenario& s, const std::string& path) { capture_test::write_model_capture(s, path); }

PathEstimate estimate_of(const std::string& path) {
    std::string error;
    const auto contents = read_capture(path, &error);
    EXPECT_TRUE(contents) << error;
    if (!contents) return {};
    const auto analysis = analyze_capture(*contents, path, std::nullopt, &error);
    EXPECT_TRUE(analysis) << error;
    if (!analysis) return {};
    const auto e = estimate_path(*contents, *analysis, &error);
    EXPECT_TRUE(e) << error;
    return e ? *e : PathEstimate{};
}

// BBR keeps the link full through random loss (it does not back off on
// loss), so the ACKs come back at the link's rate for most of the run, and
// the losses are many enough to count.
Scenario lossy_path() {
    Scenario s;
    s.algorithm = Algorithm::Bbr;
    s.bandwidth_bps = 50e6;
    s.rtt_s = 0.040;
    s.loss = 0.01;
    s.loss_pattern = LossPattern::Random;
    s.rwnd_bytes = 786432;  // 768 KiB: 3 BDP, so the window never binds; a multiple of the shift's 16
    s.duration_s = 20;
    s.seed = 7;
    return s;
}

TEST(PathEstimate, RecoversTheRateRttWindowAndLossOfTheModelsPath) {
    TempDir dir;
    const std::string f = dir.file("bbr.pcap");
    const Scenario s = lossy_path();
    write_capture(s, f);
    const PathEstimate e = estimate_of(f);
    EXPECT_NEAR(e.bottleneck_bps, 50e6, 0.05 * 50e6);
    EXPECT_NEAR(e.base_rtt_s, 0.040, 0.001);
    EXPECT_NEAR(e.min_rtt_s, 0.040, 0.002);
    EXPECT_EQ(e.rwnd_bytes, 786432u);
    EXPECT_TRUE(e.rwnd_scale_known);
    EXPECT_TRUE(e.notes.empty()) << e.notes.front();
    EXPECT_EQ(e.mss_bytes, 1500u);
    // About 20 s × 4,167 segments/s = 83,000 segments at 1%: some 830
    // losses, whose count spreads by √830 ≈ 29 (3.5%); 15% leaves room for
    // a retransmission lost again, which is sent (and counted) once more.
    EXPECT_NEAR(e.loss_fraction, 0.01, 0.15 * 0.01);
    EXPECT_NEAR(e.duration_s, 20, 0.5);

    // As the model's scenario: the same path back (one flow, random loss).
    Scenario base;
    base.algorithm = Algorithm::Reno;
    base.flows.push_back(FlowSpec{});
    std::vector<std::string> adjusted;
    const Scenario m = path_scenario(e, base, Limits::max_bandwidth_bps_app, &adjusted);
    EXPECT_TRUE(adjusted.empty());
    EXPECT_TRUE(m.flows.empty());
    EXPECT_EQ(m.algorithm, Algorithm::Reno);  // a capture cannot say the algorithm: kept
    EXPECT_EQ(m.loss_pattern, LossPattern::Random);
    EXPECT_EQ(m.rwnd_bytes, 786432u);
    EXPECT_DOUBLE_EQ(m.duration_s, 20);
    EXPECT_NEAR(m.bandwidth_bps, e.bottleneck_bps, 0.005 * e.bottleneck_bps);  // 3 figures
    EXPECT_NEAR(m.rtt_s, e.base_rtt_s, 0.00005);                               // 0.1 ms
    EXPECT_FALSE(validate(m).has_value());
}

TEST(PathEstimate, AWindowLimitedFlowGivesItsWindowNoLossAndSaysTheRateIsTheWindows) {
    TempDir dir;
    const std::string f = dir.file("rwnd.pcap");
    Scenario s;
    s.bandwidth_bps = 100e6;
    s.rtt_s = 0.080;
    s.rwnd_bytes = 65535;  // no window scaling: 6.55 Mbit/s over 80 ms
    s.duration_s = 5;
    write_capture(s, f);
    const PathEstimate e = estimate_of(f);
    EXPECT_EQ(e.rwnd_bytes, 65535u);
    EXPECT_EQ(e.retransmits, 0u);
    EXPECT_EQ(e.loss_fraction, 0.0);
    EXPECT_NEAR(e.base_rtt_s, 0.080, 0.001);
    // The rate is the window's (65,535 B per 80 ms), a lower bound of the link's.
    EXPECT_LT(e.bottleneck_bps, 0.2 * 100e6);
    bool said = false;
    for (const std::string& n : e.notes) said = said || n.find("what the advertised window allows") != std::string::npos;
    EXPECT_TRUE(said);
    const Scenario m = path_scenario(e, Scenario{}, Limits::max_bandwidth_bps_app);
    EXPECT_EQ(m.loss, 0.0);
    EXPECT_EQ(m.rwnd_bytes, 65535u);
}

// A request/response flow never fills its path: each request is two 100 B
// writes and each response 100 B (`inflight run --stack linux --rtt 20ms
// --duration 5s --flow cubic,app=rpc,writes=100B+100B,response=100B`), so
// its delivery rate is the application's, some 22 kbit/s, not the link's
// 100 Mbit/s. One segment's transmission at that rate would be longer than
// the round trip, and taking it off the minimum RTT left nothing (a base
// RTT of 0 s, modelled as 1 ms). The path's round trip is the scenario's
// 20 ms; the segments add 200 B at 100 Mbit/s (16 µs) and the server
// answers at once, so the base RTT is 20 ms within 3% (0.6 ms), and the
// estimate says its rate is only a lower bound.
TEST(PathEstimate, AnApplicationLimitedFlowKeepsTheRoundTripAndSaysItsRateIsALowerBound) {
    TempDir dir;
    const std::string f = dir.file("rpc.pcap");
    Scenario s;
    s.stack = Stack::Linux;
    s.rtt_s = 0.020;
    s.duration_s = 5;
    FlowSpec rpc;
    rpc.algorithm = Algorithm::Cubic;
    rpc.app = FlowApp::Rpc;
    rpc.rpc_writes = {100, 100};
    rpc.rpc_response_bytes = 100;
    s.flows.push_back(rpc);
    write_capture(s, f);
    const PathEstimate e = estimate_of(f);
    EXPECT_NEAR(e.base_rtt_s, 0.020, 0.03 * 0.020);
    EXPECT_LT(e.bottleneck_bps, 0.01 * s.bandwidth_bps);  // the application's rate, far below the link's
    EXPECT_TRUE(e.rate_is_lower_bound);
    bool said = false;
    for (const std::string& n : e.notes) said = said || n.find("lower bound") != std::string::npos;
    EXPECT_TRUE(said);
    EXPECT_NE(path_estimate_words(e).find("at least"), std::string::npos) << path_estimate_words(e);

    // As the model's scenario: the round trip from the capture; the
    // bandwidth, which the capture does not give, stays what it was.
    Scenario base;
    base.bandwidth_bps = 40e6;
    std::vector<std::string> adjusted;
    const Scenario m = path_scenario(e, base, Limits::max_bandwidth_bps_app, &adjusted);
    EXPECT_NEAR(m.rtt_s, 0.020, 0.03 * 0.020);
    EXPECT_EQ(m.bandwidth_bps, 40e6);
    ASSERT_EQ(adjusted.size(), 1u);
    EXPECT_NE(adjusted.front().find("lower bound"), std::string::npos) << adjusted.front();
}

TEST(PathEstimate, OutOfRangeValuesAreBroughtToTheNearestEndAndSaid) {
    PathEstimate e;
    e.bottleneck_bps = 20e9;
    e.base_rtt_s = 0.0002;
    e.loss_fraction = 0.3;
    e.retransmits = 3;
    e.rwnd_bytes = 4000;
    e.mss_bytes = 1448;
    e.duration_s = 0.4;
    std::vector<std::string> adjusted;
    const Scenario m = path_scenario(e, Scenario{}, Limits::max_bandwidth_bps_app, &adjusted);
    EXPECT_EQ(m.bandwidth_bps, Limits::max_bandwidth_bps_app);
    EXPECT_EQ(m.rtt_s, Limits::min_rtt_s);
    EXPECT_EQ(m.loss, Limits::max_loss);
    EXPECT_EQ(m.rwnd_bytes, Limits::min_window_bytes);
    EXPECT_EQ(m.mss_bytes, 1448u);
    EXPECT_EQ(m.duration_s, Limits::min_duration_s);
    EXPECT_EQ(adjusted.size(), 4u);
    EXPECT_FALSE(validate(m, Limits::max_bandwidth_bps_app).has_value());
}

TEST(PathEstimate, CaptureModelPrintsRunOptionsThatRun) {
    TempDir dir;
    const std::string f = dir.file("m.pcap");
    Scenario s;
    s.bandwidth_bps = 20e6;
    s.rtt_s = 0.030;
    s.duration_s = 4;
    write_capture(s, f);
    const auto shell = [](const std::string& args) {
        return capture_test::shell(std::string(INFLIGHT_EXE) + " " + args);
    };
    const capture_test::Shell out = shell("capture '" + f + "' --model");
    ASSERT_EQ(out.code, 0) << out.err;
    std::smatch m;
    const std::regex line("Model this path: inflight run ([^\n]*)\n");
    ASSERT_TRUE(std::regex_search(out.out, m, line)) << out.out;
    const std::string options = m[1];
    EXPECT_NE(options.find("--bandwidth "), std::string::npos) << options;
    EXPECT_NE(options.find("--rwnd "), std::string::npos) << options;
    const capture_test::Shell run = shell("run " + options + " --json");
    EXPECT_EQ(run.code, 0) << run.err;
    const capture_test::Shell json = shell("capture '" + f + "' --model --json");
    EXPECT_EQ(json.code, 0) << json.err;
    EXPECT_NE(json.out.find("\"path_estimate\""), std::string::npos);
    EXPECT_NE(json.out.find("\"run_options\""), std::string::npos);
}

}  // namespace
}  // namespace inflight::capture
