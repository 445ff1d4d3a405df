// The summary's field table (summary_fields.h): it holds every key the
// README lists for `run --json`, and `run --json` writes exactly its keys (plus
// `version` and `scenario`); units follow the keys' suffixes; each accessor
// reads its own figure.
#include <QJsonObject>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "app/formats/json_output.h"
#include "app/formats/summary_fields.h"

using namespace inflight;

namespace {
bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}
}  // namespace

TEST(SummaryFields, HoldEveryJsonKeyTheReadmeLists) {
    // The README's --json keys (it may write more).
    for (const char* k : {"throughput_bps", "utilisation", "mean_cwnd_packets", "mean_rtt_s", "min_rtt_s",
                          "max_rtt_s", "p95_rtt_s", "window_congestion_events", "congestion_events", "drops_tail",
                          "drops_aqm", "drops_random", "ecn_marks", "retransmits", "rtos", "binding_limit",
                          "binding_fractions", "bdp_packets", "buffer_packets", "packets_simulated",
                          "wall_seconds"})
        EXPECT_NE(find_summary_field(k), nullptr) << k;
    EXPECT_EQ(find_summary_field("thruput_bps"), nullptr);
}

TEST(SummaryFields, AreWhatRunJsonWrites) {
    std::set<std::string> table;
    for (const SummaryField& f : summary_fields()) EXPECT_TRUE(table.emplace(f.key).second) << f.key << " twice";
    std::set<std::string> json;
    for (const QString& k : result_to_json(RunResult{}).keys()) json.insert(k.toStdString());
    table.insert("version");
    table.insert("scenario");
    EXPECT_EQ(json, table);
}

TEST(SummaryFields, UnitsFollowTheKeys) {
    for (const SummaryField& f : summary_fields()) {
        if (ends_with(f.key, "_bps")) {
            EXPECT_EQ(f.unit, FieldUnit::Rate) << f.key;
        } else if (ends_with(f.key, "_s") || f.key == "wall_seconds") {
            EXPECT_EQ(f.unit, FieldUnit::Time) << f.key;
        } else if (ends_with(f.key, "_packets")) {
            EXPECT_EQ(f.unit, FieldUnit::Packets) << f.key;
        }
        EXPECT_FALSE(f.words.empty()) << f.key;
    }
    EXPECT_EQ(find_summary_field("utilisation")->unit, FieldUnit::Fraction);
    EXPECT_EQ(find_summary_field("retransmits")->unit, FieldUnit::Count);
}

TEST(SummaryFields, EachReadsItsOwnFigure) {
    RunResult r;
    r.summary.throughput_bps = 24.1e6;
    r.summary.p95_rtt_s = 0.180;
    r.summary.drops_random = 3200;
    r.summary.drops_tail = 7;
    r.summary.mean_cwnd_packets = 41.5;
    r.summary.binding_limit = Limit::Rwnd;
    EXPECT_EQ(field_number(*find_summary_field("throughput_bps"), r), 24.1e6);
    EXPECT_EQ(field_number(*find_summary_field("p95_rtt_s"), r), 0.180);
    EXPECT_EQ(field_number(*find_summary_field("drops_random"), r), 3200.0);
    EXPECT_EQ(field_number(*find_summary_field("drops_tail"), r), 7.0);
    EXPECT_EQ(field_number(*find_summary_field("mean_cwnd_packets"), r), 41.5);
    EXPECT_EQ(field_word(*find_summary_field("binding_limit"), r), "rwnd");
    EXPECT_FALSE(field_number(*find_summary_field("binding_limit"), r).has_value());
    EXPECT_FALSE(field_word(*find_summary_field("drops_tail"), r).has_value());
    // Counts are JSON integers, figures JSON doubles.
    const QJsonObject o = result_to_json(r);
    EXPECT_EQ(o["drops_random"].toInteger(), 3200);
    EXPECT_EQ(o["mean_cwnd_packets"].toDouble(), 41.5);
    EXPECT_EQ(o["binding_limit"].toString(), QStringLiteral("rwnd"));
}
