// The metrics a guided-experiment check reads (lesson/run_metrics.h): the
// fields the README's "Guided experiments" lists, no more, no fewer; the
// summary's ones read through the field table, with their units and words.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "lesson/run_metrics.h"

using namespace inflight;
using namespace inflight::ui;

TEST(RunMetrics, KnowEveryFieldTheExperimentFormatLists) {
    // README, "Guided experiments": `field` is one of ...
    const std::set<std::string> numeric = {
        "throughput_bps", "utilisation", "mean_cwnd_packets", "mean_rtt_s", "min_rtt_s", "max_rtt_s",
        "p95_rtt_s", "queue_delay_s", "congestion_events", "window_congestion_events", "drops",
        "drops_tail", "drops_aqm", "drops_random", "ecn_marks", "retransmits", "rtos", "bdp_packets",
        "probe_rtt_entries", "min_cwnd_steady_packets"};
    const auto& names = numeric_metric_names();
    EXPECT_EQ(std::set<std::string>(names.begin(), names.end()), numeric);
    EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));  // the "known: …" list reads in order
    EXPECT_EQ(text_metric_names(), std::vector<std::string>{"binding_limit"});
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
