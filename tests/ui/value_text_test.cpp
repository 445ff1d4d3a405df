// The controls' text and slider positions (plain C++ helpers of ui/).
#include <gtest/gtest.h>

#include "ui/lesson/binding_words.h"
#include "ui/lesson/value_ladder.h"
#include "ui/lesson/value_text.h"

using namespace inflight;
using namespace inflight::ui;

TEST(ValueText, BareNumberIsReadInTheUnitShown) {
    EXPECT_DOUBLE_EQ(*parse_value(Quantity::RateBps, "50"), 50e6);
    EXPECT_DOUBLE_EQ(*parse_value(Quantity::RateBps, "1 Gbit/s"), 1e9);
    EXPECT_DOUBLE_EQ(*parse_value(Quantity::TimeMs, "80"), 0.080);
    EXPECT_DOUBLE_EQ(*parse_value(Quantity::LossFraction, "0.01"), 1e-4);
    EXPECT_DOUBLE_EQ(*parse_value(Quantity::LossFraction, "none"), 0.0);
    EXPECT_DOUBLE_EQ(*parse_value(Quantity::Bytes, "65,535"), 65535.0);
}

TEST(ValueText, GarbageIsRefusedWithAReason) {
    std::string why;
    EXPECT_FALSE(parse_value(Quantity::RateBps, "fast", &why));
    EXPECT_FALSE(why.empty());
}

TEST(ValueText, FormatsForPeople) {
    EXPECT_EQ(format_value(Quantity::RateBps, 24.13e6), "24.1 Mbit/s");
    EXPECT_EQ(format_value(Quantity::LossFraction, 0), "none");
    EXPECT_EQ(format_value(Quantity::Bytes, 65535), "65,535 B");
}

TEST(ValueLadder, LogLadderStepsThroughEachDecadeAndHitsTheEnds) {
    const auto l = ValueLadder::log(1e6, 10e9);
    EXPECT_DOUBLE_EQ(l.at(0), 1e6);
    EXPECT_DOUBLE_EQ(l.at(l.size() - 1), 10e9);
    EXPECT_DOUBLE_EQ(l.at(l.nearest(100e6)), 100e6);
    EXPECT_DOUBLE_EQ(l.at(l.nearest(25e6)), 25e6);
    EXPECT_EQ(l.page_step(), 10);  // Page Up/Down: one decade
}

TEST(ValueLadder, RwndLadderHasTheNoWindowScalingNotch) {
    auto l = ValueLadder::binary(16 * 1024, 1 << 30);
    l.insert(65535);
    EXPECT_DOUBLE_EQ(l.at(l.nearest(65535)), 65535.0);
    EXPECT_DOUBLE_EQ(l.at(l.nearest(65536)), 65535.0);  // the notch replaces 64 KiB
}

TEST(BindingWords, RwndSaysTheWindowPerRtt) {
    Scenario sc;
    sc.rwnd_bytes = 65535;
    Summary s;
    s.binding_limit = Limit::Rwnd;
    s.mean_rtt_s = 0.0812;  // the words quote the base RTT, not the measured one
    s.throughput_bps = 65535 * 8 / 0.0812;  // it sent (a run that sent nothing names no limit)
    const ResolvedFlow f = resolve_flow(sc, 0);
    EXPECT_EQ(binding_limit_words(s, &f), "limited by rwnd: 65,535 B per 80 ms");
    s.binding_limit = Limit::Sndbuf;
    EXPECT_EQ(binding_limit_words(s, &f), "limited by the send buffer: 1,073,741,824 B per 80 ms");
    s.binding_limit = Limit::Cwnd;
    EXPECT_EQ(binding_limit_words(s, &f), "limited by cwnd — loss-based sawtooth");
    s.binding_limit = Limit::Link;
    EXPECT_EQ(binding_limit_words(s, &f), "limited by the link");
}
