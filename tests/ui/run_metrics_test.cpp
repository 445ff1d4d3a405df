// The metrics a guided-experiment check reads (lesson/run_metrics.h): the
// fields the README's "Guided experiments" lists, no more, no fewer; the
// summary's ones read through the field table, with their units and words.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "ui/lesson/run_metrics.h"

using namespace inflight;
using namespace inflight::ui;

TEST(RunMetrics, KnowEveryFieldTheExperimentFormatLists) {
    // README, "Guided experiments": `field` is one of ...
    const std::set<std::string> numeric = {
        "throughput_bps", "utilisation", "mean_cwnd_packets", "mean_rtt_s", "min_rtt_s", "max_rtt_s",
        "p95_rtt_s", "queue_delay_s", "congestion_events", "window_congestion_events", "drops",
        "drops_tail", "drops_aqm", "drops_random", "ecn_marks", "retransmits", "rtos", "bdp_packets",
        "probe_rtt_entries", "min_cwnd_steady_packets", "acks_per_segment",
        // Several flows: the path's figures and how many flows ran.
        "jain_index", "mean_queue_delay_s", "p95_queue_delay_s", "settled", "flow_count"};
    const auto& names = numeric_metric_names();
    EXPECT_EQ(std::set<std::string>(names.begin(), names.end()), numeric);
    EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));  // the "known: …" list reads in order
    EXPECT_EQ(text_metric_names(), std::vector<std::string>{"binding_limit"});
    // Each flow's: README, "Checks over flows".
    const std::set<std::string> per_flow = {
        "throughput_bps", "share", "mean_cwnd_packets", "mean_rtt_s", "p95_rtt_s", "min_rtt_s", "max_rtt_s",
        "congestion_events", "drops_tail", "drops_aqm", "drops_random", "ecn_marks", "retransmits", "rtos",
        "settled", "acks_per_segment", "fct_mean_s", "fct_p50_s", "fct_p95_s", "fct_max_s", "ping_mean_rtt_s", "ping_p50_rtt_s",
        "ping_p95_rtt_s", "ping_max_rtt_s", "pings_sent", "pings_lost", "transactions", "transaction_mean_s",
        "transaction_p50_s", "transaction_p95_s", "transaction_max_s", "writes_held_by_nagle"};
    const auto& flow_names = flow_numeric_metric_names();
    EXPECT_EQ(std::set<std::string>(flow_names.begin(), flow_names.end()), per_flow);
    EXPECT_EQ(flow_text_metric_names(), std::vector<std::string>{"binding_limit"});
}

TEST(RunMetrics, ReadEachFlowAndPickFlowsBySelector) {
    RunResult r;
    FlowSpec bulk, ping, web;
    bulk.label = "bulk";
    ping.kind = FlowKind::Ping;
    web.size_bytes = 100000;
    web.label = "web";
    r.scenario.flows = {bulk, ping, web};
    r.flows.resize(3);
    r.flows[0].summary.share = 0.99;
    r.flows[0].summary.settled = false;
    r.flows[1].flow.kind = FlowKind::Ping;
    r.flows[1].summary.ping_p95_rtt_s = 0.0202;
    r.flows[2].summary.fct_mean_s = 0.098;
    r.summary.settled = false;
    r.summary.jain_index = 0.5;
    EXPECT_EQ(flow_numeric_metric(r, 0, "share"), 0.99);
    EXPECT_EQ(flow_numeric_metric(r, 0, "settled"), 0.0);
    EXPECT_EQ(flow_numeric_metric(r, 1, "ping_p95_rtt_s"), 0.0202);
    EXPECT_FALSE(flow_numeric_metric(r, 3, "share").has_value());  // no such flow
    EXPECT_FALSE(flow_numeric_metric(r, 0, "label").has_value());  // words, not a figure
    EXPECT_EQ(numeric_metric(r, "settled"), 0.0);
    EXPECT_EQ(numeric_metric(r, "jain_index"), 0.5);
    EXPECT_EQ(metric_unit("settled"), MetricUnit::Flag);
    EXPECT_EQ(metric_unit("share"), MetricUnit::Fraction);
    EXPECT_EQ(format_metric("settled", 0), "no");

    using V = std::vector<std::size_t>;
    EXPECT_EQ(selected_flows(r.scenario, selector_from_word("cubic")), (V{0, 2}));  // the default algo
    EXPECT_EQ(selected_flows(r.scenario, selector_from_word("ping")), (V{1}));
    EXPECT_EQ(selected_flows(r.scenario, selector_from_word("transfer")), (V{2}));
    EXPECT_EQ(selected_flows(r.scenario, selector_from_word("web")), (V{2}));
    EXPECT_EQ(selected_flows(r.scenario, selector_from_word("flow 2 (ping)")), (V{1}));  // a default label
    EXPECT_TRUE(selected_flows(r.scenario, selector_from_word("bbr")).empty());
    EXPECT_TRUE(flow_metric_applies("ping_p95_rtt_s", r.scenario, 1));
    EXPECT_FALSE(flow_metric_applies("ping_p95_rtt_s", r.scenario, 0));
    EXPECT_TRUE(flow_metric_applies("fct_mean_s", r.scenario, 2));
    EXPECT_FALSE(flow_metric_applies("fct_mean_s", r.scenario, 0));
    ASSERT_TRUE(implied_selector("ping_mean_rtt_s").has_value());
    EXPECT_EQ(implied_selector("ping_mean_rtt_s")->by, FlowSelector::By::Ping);
    EXPECT_EQ(implied_selector("fct_mean_s")->by, FlowSelector::By::Transfer);
    EXPECT_FALSE(implied_selector("share").has_value());           // needs a selector
    EXPECT_FALSE(implied_selector("throughput_bps").has_value());  // the aggregate
}

TEST(RunMetrics, ReadTheSummaryAndDeriveTheRest) {
    RunResult r;
    r.scenario.rtt_s = 0.020;
    Summary& s = r.summary;
    s.mean_rtt_s = 0.270;
    s.drops_tail = 5, s.drops_aqm = 2, s.drops_random = 1;
    s.throughput_bps = 6.55e6;
    s.binding_limit = Limit::Link;
    EXPECT_EQ(numeric_metric(r, "throughput_bps"), 6.55e6);
    EXPECT_EQ(numeric_metric(r, "drops_aqm"), 2.0);
    EXPECT_EQ(numeric_metric(r, "drops"), 8.0);                 // every cause
    EXPECT_NEAR(*numeric_metric(r, "queue_delay_s"), 0.250, 1e-12);  // mean RTT − base RTT
    EXPECT_FALSE(numeric_metric(r, "wall_seconds").has_value());     // in the JSON, not for checks
    EXPECT_FALSE(numeric_metric(r, "binding_limit").has_value());
    EXPECT_EQ(text_metric(r, "binding_limit"), "link");
    EXPECT_FALSE(text_metric(r, "throughput_bps").has_value());
}

TEST(RunMetrics, UnitsAndWords) {
    EXPECT_EQ(metric_unit("throughput_bps"), MetricUnit::Rate);
    EXPECT_EQ(metric_unit("p95_rtt_s"), MetricUnit::Time);
    EXPECT_EQ(metric_unit("queue_delay_s"), MetricUnit::Time);
    EXPECT_EQ(metric_unit("utilisation"), MetricUnit::Fraction);
    EXPECT_EQ(metric_unit("mean_cwnd_packets"), MetricUnit::Count);
    EXPECT_EQ(metric_unit("rtos"), MetricUnit::Count);
    EXPECT_EQ(metric_label("throughput_bps"), "throughput");
    EXPECT_EQ(metric_label("p95_rtt_s"), "95th-percentile RTT");
    EXPECT_EQ(metric_label("min_cwnd_steady_packets"), "smallest cwnd (packets)");
    EXPECT_EQ(metric_label("binding_limit"), "limited by");
    EXPECT_EQ(format_metric("utilisation", 0.241), "24.1%");
}
