// A request/response stream's application read back from a capture: the
// model writes the capture of a request/response flow we chose (as
// `inflight run --pcap` does), and the estimate must give back that flow's
// request writes, response size, think time and Nagle setting — the
// expected values are the scenario's, never the estimator's. Then "Model
// this path" runs that flow, and the model of the capture makes as many
// transactions as the run that wrote it.
#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <regex>

#include "app/capture/capture_reader.h"
#include "app/capture/model_capture.h"
#include "app/capture/path_estimate.h"
#include "app/capture/request_response.h"
#include "app/capture/stream_analysis.h"
#include "model/engine/run.h"
#include "model_capture_file.h"
#include "tshark.h"

namespace inflight::capture {
namespace {

using capture_test::TempDir;

RunResult write_capture(const Scenario& s, const std::string& path) { return capture_test::write_model_capture(s, path); }

std::optional<PathEstimate> estimate_of(const std::string& path) {
    std::string error;
    const auto contents = read_capture(path, &error);
    EXPECT_TRUE(contents) << error;
    if (!contents) return std::nullopt;
    const auto analysis = analyze_capture(*contents, path, std::nullopt, &error);
    EXPECT_TRUE(analysis) << error;
    if (!analysis) return std::nullopt;
    auto e = estimate_path(*contents, *analysis, &error);
    EXPECT_TRUE(e) << error;
    return e;
}

Scenario rpc_scenario(Stack stack, std::vector<std::uint64_t> writes, std::uint64_t response, double think_s,
                      bool nodelay) {
    Scenario s;
    s.stack = stack;
    s.bandwidth_bps = 20e6;
    s.rtt_s = 0.020;
    s.duration_s = 4;
    FlowSpec f;
    f.app = FlowApp::Rpc;
    f.rpc_writes = std::move(writes);
    f.rpc_response_bytes = response;
    f.rpc_think_s = think_s;
    f.nodelay = nodelay;
    s.flows = {f};
    return s;
}

// Each case: the flow written, and what the capture must give back.
TEST(RequestResponseEstimate, GivesBackTheFlowThatWroteTheCapture) {
    TempDir dir;
    struct Case {
        Stack stack;
        std::vector<std::uint64_t> writes;
        std::uint64_t response;
        double think_s;
        bool nodelay;
    };
    const Case cases[] = {
        {Stack::Textbook, {100, 100}, 100, 0, false},   // write-write-read, Nagle holds the second write
        {Stack::Linux, {100, 100}, 100, 0, false},      // the same with delayed ACKs (80 ms a transaction)
        {Stack::Linux, {100, 100}, 100, 0, true},       // TCP_NODELAY: the second write goes at once
        {Stack::Textbook, {5000}, 3000, 0.050, false},  // one write over three full segments, a pause
        {Stack::Linux, {200, 300, 400}, 10 * 1500, 0.0125, true},  // three writes, a response of 10 segments
    };
    int n = 0;
    for (const Case& c : cases) {
        SCOPED_TRACE("case " + std::to_string(++n));
        const Scenario s = rpc_scenario(c.stack, c.writes, c.response, c.think_s, c.nodelay);
        const std::string f = dir.file("rpc" + std::to_string(n) + ".pcap");
        const RunResult run = write_capture(s, f);
        const std::optional<PathEstimate> e = estimate_of(f);
        ASSERT_TRUE(e);
        ASSERT_TRUE(e->application) << path_estimate_words(*e);
        const RequestResponse& a = *e->application;
        EXPECT_EQ(a.writes, c.writes);
        EXPECT_EQ(a.response_bytes, c.response);
        EXPECT_NEAR(a.think_s, c.think_s, 1e-4);  // to 0.1 ms
        EXPECT_EQ(a.nodelay, c.nodelay);
        // Every transaction the run finished is whole in the capture (the
        // last may be cut by the run's end).
        const std::uint64_t done = run.flows.at(0).summary.transactions;
        EXPECT_GE(a.transactions + 1, done);
        EXPECT_LE(a.transactions, done);
        EXPECT_EQ(a.like_the_request, a.requests);  // every request alike

        // As the model's scenario: one request/response flow, the same one.
        const Scenario m = path_scenario(*e, Scenario{}, Limits::max_bandwidth_bps_cli);
        ASSERT_EQ(m.flows.size(), 1u);
        EXPECT_EQ(m.flows[0].app, FlowApp::Rpc);
        EXPECT_EQ(m.flows[0].rpc_writes, c.writes);
        EXPECT_EQ(m.flows[0].rpc_response_bytes, c.response);
        EXPECT_EQ(m.flows[0].nodelay, c.nodelay);
        EXPECT_FALSE(validate(m, Limits::max_bandwidth_bps_cli).has_value());
    }
}

// A bulk flow and one finite transfer (the client sends, the server only
// ACKs) are not request/response.
TEST(RequestResponseEstimate, BulkAndOneTransferAreNotRequestResponse) {
    TempDir dir;
    Scenario bulk;
    bulk.bandwidth_bps = 20e6;
    bulk.rtt_s = 0.020;
    bulk.duration_s = 2;
    Scenario transfer = bulk;
    FlowSpec once;
    once.size_bytes = 1'000'000;
    transfer.flows = {once};
    int n = 0;
    for (const Scenario& s : {bulk, transfer}) {
        const std::string f = dir.file("not-rpc" + std::to_string(++n) + ".pcap");
        write_capture(s, f);
        const std::optional<PathEstimate> e = estimate_of(f);
        ASSERT_TRUE(e);
        EXPECT_FALSE(e->application) << "scenario " << n;
        const Scenario m = path_scenario(*e, Scenario{}, Limits::max_bandwidth_bps_cli);
        EXPECT_TRUE(m.flows.empty());  // the model's flow is bulk, as before
    }
}

// The model's request/response flow sends a response in one flight of at
// most 10 segments: a larger one is modelled as a bulk flow, and said.
TEST(RequestResponseEstimate, AResponseOverTenSegmentsIsABulkFlowAndSaid) {
    PathEstimate e;
    e.bottleneck_bps = 10e6;
    e.base_rtt_s = 0.020;
    e.rwnd_bytes = 65535;
    e.mss_bytes = 1448;
    e.duration_s = 5;
    RequestResponse a;
    a.writes = {100};
    a.response_bytes = 10 * 1448 + 1;
    a.transactions = 5;
    a.requests = 5;
    a.like_the_request = 5;
    e.application = a;
    std::vector<std::string> adjusted;
    const Scenario m = path_scenario(e, Scenario{}, Limits::max_bandwidth_bps_cli, &adjusted);
    EXPECT_TRUE(m.flows.empty());
    ASSERT_EQ(adjusted.size(), 1u);
    EXPECT_NE(adjusted[0].find("14,481 B"), std::string::npos) << adjusted[0];
    EXPECT_NE(adjusted[0].find("14,480 B (10 segments"), std::string::npos) << adjusted[0];
    EXPECT_NE(adjusted[0].find("the model's flow is bulk"), std::string::npos) << adjusted[0];
    e.application->response_bytes = 10 * 1448;  // exactly ten segments fits
    EXPECT_EQ(path_scenario(e, Scenario{}, Limits::max_bandwidth_bps_cli).flows.size(), 1u);
    // A request of 65 writes, one more than the model's flow takes.
    e.application->writes.assign(65, 100);
    adjusted.clear();
    EXPECT_TRUE(path_scenario(e, Scenario{}, Limits::max_bandwidth_bps_cli, &adjusted).flows.empty());
    ASSERT_EQ(adjusted.size(), 1u);
    EXPECT_NE(adjusted[0].find("65 writes"), std::string::npos) << adjusted[0];
    e.application->writes = {100};
    // A pause longer than the longest run (a hostile or odd capture) is no
    // scenario the model refuses: a bulk flow and the reason.
    e.application->think_s = Limits::max_duration_s + 1;
    adjusted.clear();
    const Scenario paused = path_scenario(e, Scenario{}, Limits::max_bandwidth_bps_cli, &adjusted);
    EXPECT_TRUE(paused.flows.empty());
    EXPECT_FALSE(validate(paused, Limits::max_bandwidth_bps_cli).has_value());
    ASSERT_EQ(adjusted.size(), 1u);
    EXPECT_NE(adjusted[0].find("think"), std::string::npos) << adjusted[0];
    EXPECT_NE(adjusted[0].find("the model's flow is bulk"), std::string::npos) << adjusted[0];
}

// `inflight capture FILE --model` names the application and prints run
// options that model it: the same stack over them makes as many
// transactions as the run that wrote the capture.
TEST(RequestResponseEstimate, CaptureModelRunsTheCapturesExchange) {
    TempDir dir;
    const std::string f = dir.file("exchange.pcap");
    const Scenario s = rpc_scenario(Stack::Linux, {100, 100}, 100, 0.010, false);
    const RunResult run = write_capture(s, f);
    const auto shell = [](const std::string& args) {
        return capture_test::shell(std::string(INFLIGHT_EXE) + " " + args);
    };
    const capture_test::Shell out = shell("capture '" + f + "' --model");
    ASSERT_EQ(out.code, 0) << out.err;
    EXPECT_NE(out.out.find("Application: request/response, request 100 B + 100 B, response 100 B, think 10 ms, Nagle on"),
              std::string::npos)
        << out.out;
    std::smatch m;
    const std::regex line("Model this path: inflight run ([^\n]*)\n");
    ASSERT_TRUE(std::regex_search(out.out, m, line)) << out.out;
    const std::string options = m[1];
    EXPECT_NE(options.find("--flow 'app=rpc,writes=100B+100B,response=100,think=0.01,nodelay=off'"),
              std::string::npos)
        << options;
    const capture_test::Shell modelled = shell("run " + options + " --stack linux --json");
    ASSERT_EQ(modelled.code, 0) << modelled.err;
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(modelled.out)).object();
    const QJsonArray flows = o["flows"].toArray();
    ASSERT_EQ(flows.size(), 1);
    // The capture's stream lasts from its SYN to its last packet, so the
    // modelled run is that rounded up to whole seconds, as long as the run.
    const double made = static_cast<double>(run.flows.at(0).summary.transactions);
    EXPECT_NEAR(flows[0].toObject()["transactions"].toDouble(), made, 1.0);
    EXPECT_NEAR(flows[0].toObject()["transaction_p50_s"].toDouble(), run.flows.at(0).summary.transaction_p50_s, 1e-4);

    const capture_test::Shell json = shell("capture '" + f + "' --model --json");
    ASSERT_EQ(json.code, 0) << json.err;
    const QJsonObject app =
        QJsonDocument::fromJson(QByteArray::fromStdString(json.out)).object()["path_estimate"].toObject()["application"].toObject();
    EXPECT_EQ(app["response_bytes"].toInt(), 100);
    EXPECT_EQ(app["writes_bytes"].toArray().size(), 2);
    EXPECT_EQ(app["nodelay"].toBool(true), false);
}

}  // namespace
}  // namespace inflight::capture
