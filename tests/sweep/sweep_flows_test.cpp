// A sweep whose scenario lists flows (`inflight sweep` with flows reports
// each flow's throughput and share per point): the
// table, JSON and CSV of a hand-built result carry each flow's figures, and
// the reproduce line carries the flows.
#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonObject>

#include "app/formats/sweep_output.h"

using namespace inflight;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Buffer 20 ms and 640 ms, CUBIC against BBR: BBR's share falls as the buffer grows.
SweepResult two_flow_sweep() {
    SweepResult r;
    r.spec.param = SweepParam::Buffer;
    r.spec.from = 0.020;
    r.spec.to = 0.640;
    r.spec.points = 2;
    r.spec.algorithms = {Algorithm::Cubic};
    r.spec.base.flows.resize(2);
    r.spec.base.flows[0].algorithm = Algorithm::Cubic;
    r.spec.base.flows[1].algorithm = Algorithm::Bbr;
    r.spec.base.flows[1].label = "the bbr one";
    r.values = {0.020, 0.640};
    r.link_bps = {100e6, 100e6};
    SweepSeries s;
    s.algorithm = Algorithm::Cubic;
    s.samples.resize(2);
    s.samples[0].throughput_bps = 95e6;
    s.samples[0].flows = {{25e6, 25.0 / 95}, {70e6, 70.0 / 95}};
    s.samples[0].jain_index = 0.8;
    s.samples[1].throughput_bps = 99e6;
    s.samples[1].flows = {{60e6, 60.0 / 99}, {39e6, 39.0 / 99}};
    s.samples[1].jain_index = 0.95;
    s.theory_bps = {100e6, 100e6};
    s.theory_law = {"link", "link"};
    r.series.push_back(s);
    r.runs_done = 2;
    r.threads_used = 1;
    return r;
}

}  // namespace

TEST(SweepFlows, TableHasEachFlowsThroughputAndShare) {
    const std::string text = sweep_table_text(two_flow_sweep());
    // Both flows name their algorithm, so --algo changes nothing: the
    // aggregate column is "all", not the unused default's name.
    EXPECT_TRUE(contains(text, "Flows: f1 = flow 1 (cubic), f2 = the bbr one\n")) << text;
    EXPECT_TRUE(contains(text, "2 log-spaced points, 2 flows;")) << text;
    EXPECT_TRUE(contains(text, "      buffer       all       RTT")) << text;
    EXPECT_TRUE(contains(text, "f1  share       f2  share")) << text;
    // 640 ms: CUBIC 60 Mbit/s = 60.6%, BBR 39 Mbit/s = 39.4%.
    EXPECT_TRUE(contains(text, "     60   60.6       39   39.4\n")) << text;
    EXPECT_TRUE(contains(text, "     25   26.3       70   73.7\n")) << text;
    EXPECT_FALSE(contains(text, "Theory: Reno")) << text;  // no single-flow theory column or note
}

TEST(SweepFlows, AFlowOnTheDefaultAlgorithmNamesTheSeries) {
    SweepResult r = two_flow_sweep();
    r.spec.base.flows[0].algorithm.reset();  // flow 1 runs --algo's cubic
    const std::string text = sweep_table_text(r);
    EXPECT_TRUE(contains(text, "Flows (cubic): f1 = flow 1 (cubic), f2 = the bbr one\n")) << text;
    EXPECT_TRUE(contains(text, "2 log-spaced points, cubic;")) << text;
    EXPECT_TRUE(contains(text, "      buffer     cubic       RTT")) << text;
}

TEST(SweepFlows, JsonHasAFlowsArrayPerSeries) {
    const QJsonObject o = sweep_to_json(two_flow_sweep());
    const QJsonObject series = o["series"].toArray()[0].toObject();
    const QJsonArray flows = series["flows"].toArray();
    ASSERT_EQ(flows.size(), 2);
    EXPECT_EQ(flows[1].toObject()["label"].toString(), "the bbr one");
    EXPECT_EQ(flows[1].toObject()["algo"].toString(), "bbr");
    EXPECT_EQ(flows[1].toObject()["throughput_bps"].toArray(), (QJsonArray{70e6, 39e6}));
    EXPECT_EQ(flows[0].toObject()["share"].toArray(), (QJsonArray{25.0 / 95, 60.0 / 99}));
    EXPECT_EQ(series["jain_index"].toArray(), (QJsonArray{0.8, 0.95}));
    EXPECT_EQ(o["scenario"].toObject()["flows"].toArray().size(), 2);
}

TEST(SweepFlows, CsvHasFlowColumnsAndTheReproduceLineHasTheFlows) {
    const std::string csv = sweep_csv(two_flow_sweep());
    EXPECT_TRUE(contains(csv, ",few_events,flow1_throughput_bps,flow1_share,flow2_throughput_bps,flow2_share,"
                              "jain_index\n"))
        << csv;
    EXPECT_TRUE(contains(csv, ",false,60000000," + std::string("0.6060606060606061") + ",39000000,")) << csv;
    EXPECT_TRUE(contains(csv, " --flow cubic --flow 'bbr,label=the bbr one'\n")) << csv;
}

TEST(SweepFlows, WithoutFlowsTheSweepIsTodays) {
    SweepResult r = two_flow_sweep();
    r.spec.base.flows.clear();
    for (SweepSample& x : r.series[0].samples) x.flows.clear();
    EXPECT_FALSE(contains(sweep_csv(r), "flow1_")) << sweep_csv(r);
    EXPECT_FALSE(contains(sweep_table_text(r), "Flows")) << sweep_table_text(r);
    EXPECT_TRUE(contains(sweep_table_text(r), "theory")) << sweep_table_text(r);
    EXPECT_FALSE(sweep_to_json(r)["series"].toArray()[0].toObject().contains("flows"));
}
