// Words the hero reads out: a queueing delay below one packet's time on the
// link is no standing queue ("queue 0.845 µs" read as if it meant
// something), and the unsettled warning names the run's length.
#include <gtest/gtest.h>

#include "model/core/units.h"
#include "model/engine/run.h"
#include "../model/test_scenarios.h"
#include "ui/lesson/binding_words.h"
#include "ui/lesson/flow_words.h"

using namespace inflight;
using namespace inflight::ui;

TEST(HeroWords, AQueueShorterThanOnePacketOnTheLinkIsUnderOnePacket) {
    Scenario s;  // 100 Mbit/s, MSS 1500: one packet is 1500 × 8 / 100e6 = 120 µs
    EXPECT_EQ(queue_delay_words(0.845e-6, s), QStringLiteral("< 1 packet"));
    EXPECT_EQ(queue_delay_words(119e-6, s), QStringLiteral("< 1 packet"));
    EXPECT_EQ(queue_delay_words(0.005, s), QString::fromStdString(format_time(0.005)));
    s.bandwidth_bps = 10e9;  // 1.2 µs a packet: 0.845 µs is still under one
    EXPECT_EQ(queue_delay_words(0.845e-6, s), QStringLiteral("< 1 packet"));
    EXPECT_EQ(queue_delay_words(2e-6, s), QString::fromStdString(format_time(2e-6)));
}

TEST(HeroWords, TheUnsettledWarningNamesTheRunsLength) {
    Scenario s;
    s.duration_s = 120;  // the CUBIC vs BBR preset's own length
    const QString w = unsettled_warning(s);
    EXPECT_TRUE(w.contains(QString::fromStdString(format_time(120)))) << w.toStdString();
    EXPECT_TRUE(w.contains("run longer")) << w.toStdString();
    // Never longer than the plain warning it replaces.
    EXPECT_LE(w.size(), QStringLiteral("still changing at the end of the run: run longer").size());
    s.duration_s = Limits::max_duration_s;  // nothing longer to ask for
    EXPECT_FALSE(unsettled_warning(s).contains("longer")) << unsettled_warning(s).toStdString();
}

TEST(HeroWords, ARunThatSentNothingInTheWindowNamesNoLimit) {
    // A 10 KB transfer, done at about 2 × 80 ms of a 10 s run: nothing held
    // it back over the steady state (5 – 10 s), so the hero names no limit.
    Scenario s = test::short_transfer_alone();
    const RunResult r = run_scenario(s);
    const std::string words = binding_limit_words(r.summary, &r.flows.front().flow);
    EXPECT_EQ(words, "no data sent in the steady state (5 s – 10 s)");
    s.flows.clear();
    const RunResult bulk = run_scenario(s);
    EXPECT_EQ(binding_limit_words(bulk.summary, &bulk.flows.front().flow).rfind("limited by", 0), 0u);
}

// Two flows at 60/40 have a Jain's index of 1 / (2 × (0.36 + 0.16)) = 0.96,
// over the 0.95 that reads as fair, yet one takes 1.2× its fair share:
// the words say that, not "the flows share fairly" (experiment 5 step 2,
// where the lesson calls BBR's 40% a fall). 52/48 is fair by both.
TEST(HeroWords, SixtyFortyIsNotCalledFairThoughJainIsOverPointNineFive) {
    const auto run_of = [](double first_share) {
        RunResult r;
        r.flows.resize(2);
        r.flows[0].flow.algorithm = Algorithm::Cubic;
        r.flows[1].flow.algorithm = Algorithm::Bbr;
        r.flows[0].summary.share = first_share;
        r.flows[1].summary.share = 1 - first_share;
        const double sq = first_share * first_share + (1 - first_share) * (1 - first_share);
        r.summary.jain_index = 1.0 / (2 * sq);
        return r;
    };
    const RunResult sixty = run_of(0.6);
    ASSERT_GE(sixty.summary.jain_index, kFairJain);
    EXPECT_EQ(jain_words(sixty), QStringLiteral("CUBIC takes 1.2× its fair share (Jain 0.96)"));
    EXPECT_EQ(jain_words(run_of(0.52)), QStringLiteral("the flows share fairly (Jain 1)"));
}
