// The parameter table (model/core/parameters.h) checked against itself and
// against the readers and writers built on it: every default is a value in
// its row's range, every key and command-line option is unique, each row's
// get and set reach its own field and no other, and what the scenario-file
// writer writes the reader reads back, row by row.
#include <gtest/gtest.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <set>
#include <string>

#include "app/cli/options.h"
#include "app/formats/scenario_file.h"
#include "model/analysis/sweep.h"
#include "model/core/parameters.h"

using namespace inflight;

namespace {

// Every parameter away from its default, each to a value allowed by the
// ranges of the model's spec (a seed above 2^53 tests the file's exact
// digits).
Scenario changed() {
    Scenario s;
    s.algorithm = Algorithm::Bbr;
    s.bandwidth_bps = 250e6;
    s.rtt_s = 0.033;
    s.loss = 0.002;
    s.loss_pattern = LossPattern::Random;
    s.rwnd_bytes = 65535;
    s.sndbuf_bytes = 4u << 20;
    s.buffer_s = 0.25;
    s.aqm = Aqm::FqCodel;
    s.ecn = true;
    s.mss_bytes = 9000;
    s.pacing = true;
    s.duration_s = 12.5;
    s.seed = (1ull << 60) + 3;
    s.stack = Stack::Linux;
    s.bbr_pacing = Detail::Off;
    s.bbr_headroom = Detail::Off;
    s.hystart = Detail::On;
    s.delayed_acks = Detail::Off;
    s.autotuning = Detail::On;
    s.prr = Detail::Off;
    s.slow_start_room = Detail::Off;
    s.rcvbuf_bytes = 256 * 1024;
    return s;
}

}  // namespace

TEST(ParameterTable, OneRowPerParamInOrder) {
    ASSERT_EQ(param_table().size(), kAllParams.size());
    for (std::size_t i = 0; i < kAllParams.size(); ++i) {
        EXPECT_EQ(param_table()[i].param, kAllParams[i]);
        EXPECT_EQ(&param_row(kAllParams[i]), &param_table()[i]);
    }
}

TEST(ParameterTable, ChangedScenarioDiffersInEveryRow) {
    // The fixture the other tests lean on: otherwise a set that did nothing would pass.
    const Scenario d, c = changed();
    for (const ParamRow& row : param_table()) EXPECT_NE(get(c, row.param), get(d, row.param)) << row.key;
    EXPECT_EQ(validate(c), std::nullopt);
}

TEST(ParameterTable, EveryDefaultTextReadsBackToTheDefaultAndIsInRange) {
    const Scenario d;
    for (const ParamRow& row : param_table()) {
        Scenario s = changed();
        EXPECT_EQ(set_param_from_text(s, row.param, row.default_text, row.key), std::nullopt) << row.key;
        EXPECT_EQ(get(s, row.param), get(d, row.param)) << row.key << " default " << row.default_text;
        EXPECT_EQ(validate_param(d, row.param, row.key), std::nullopt) << row.key;
        switch (row.type) {
            case ParamType::Rate:
            case ParamType::Time:
            case ParamType::Window:
            case ParamType::Bytes:
                EXPECT_LT(row.min, row.max) << row.key;
                EXPECT_GE(number(d, row.param), row.min) << row.key;
                EXPECT_LE(number(d, row.param), row.max) << row.key;
                break;
            case ParamType::Loss:  // 0 (none), or within the range
                EXPECT_LT(row.min, row.max) << row.key;
                EXPECT_TRUE(number(d, row.param) == 0 ||
                            (number(d, row.param) >= row.min && number(d, row.param) <= row.max));
                break;
            case ParamType::WindowOrAuto:  // auto (0), or within the range
                EXPECT_LT(row.min, row.max) << row.key;
                EXPECT_EQ(number(d, row.param), 0) << row.key;
                break;
            case ParamType::Choice:
                EXPECT_STRNE(choice_name(d, row.param), "?") << row.key;
                break;
            case ParamType::Switch:
            case ParamType::Count: break;
        }
    }
}

TEST(ParameterTable, KeysAndOptionsAreUnique) {
    std::set<std::string> keys, options;
    for (const ParamRow& row : param_table()) {
        EXPECT_TRUE(keys.insert(row.key).second) << row.key;
        EXPECT_TRUE(options.insert(row.option).second) << row.option;
        // The option is the key with '_' as '-'.
        std::string dashed = row.key;
        for (char& c : dashed)
            if (c == '_') c = '-';
        EXPECT_EQ(dashed, row.option);
        if (row.type == ParamType::Switch) {
            EXPECT_EQ(std::string(row.off_option), "no-" + std::string(row.option));
            EXPECT_TRUE(options.insert(row.off_option).second) << row.off_option;
        } else {
            EXPECT_STREQ(row.off_option, "") << row.key;
        }
        EXPECT_STRNE(row.label, "") << row.key;
        EXPECT_STRNE(row.help, "") << row.key;
        EXPECT_STRNE(row.option_help, "") << row.key;
        EXPECT_EQ(param_row_by_option(row.option), &row);
    }
    // `inflight run` has every one of them once, with its parameter, and no
    // other option shares a name.
    std::set<std::string> all;
    for (const cli::Option& o : cli::run_options()) {
        EXPECT_TRUE(all.insert(o.name).second) << o.name;
        if (const ParamRow* row = param_row_by_option(o.name)) {
            EXPECT_TRUE(cli::sets_scenario(o.kind)) << o.name;
            EXPECT_EQ(o.param, row->param) << o.name;
        }
    }
    for (const std::string& option : options) EXPECT_EQ(all.count(option), 1u) << option;
}

TEST(ParameterTable, SetThenGetGivesTheValueAndTouchesNoOtherRow) {
    const Scenario d, c = changed();
    for (const ParamRow& row : param_table()) {
        Scenario s;
        set(s, row.param, get(c, row.param));
        EXPECT_EQ(get(s, row.param), get(c, row.param)) << row.key;
        for (const ParamRow& other : param_table()) {
            if (other.param == row.param) continue;
            EXPECT_EQ(get(s, other.param), get(d, other.param)) << row.key << " set " << other.key;
        }
    }
}

TEST(ParameterTable, NumberRoundTripsForEveryRowButTheSeed) {
    // A seed above 2^53 is not a double; every other value is one exactly.
    const Scenario c = changed();
    for (const ParamRow& row : param_table()) {
        if (row.type == ParamType::Count) continue;
        Scenario s;
        set_number(s, row.param, number(c, row.param));
        EXPECT_EQ(get(s, row.param), get(c, row.param)) << row.key;
    }
}

TEST(ParameterTable, ExactTextReadsBackForEveryRow) {
    const Scenario c = changed();
    for (const ParamRow& row : param_table()) {
        Scenario s;
        const std::string text = param_exact_text(c, row.param);
        EXPECT_EQ(set_param_from_text(s, row.param, text, row.key), std::nullopt) << row.key << " " << text;
        EXPECT_EQ(get(s, row.param), get(c, row.param)) << row.key << " " << text;
    }
}

TEST(ParameterTable, FileWriterWritesEveryRowTheReaderReads) {
    const Scenario c = changed();
    const QJsonObject written = scenario_to_json(c);
    EXPECT_EQ(static_cast<std::size_t>(written.size()), param_table().size());  // no flows: the rows only
    for (const ParamRow& row : param_table()) {
        ASSERT_TRUE(written.contains(row.key)) << row.key;
        // Each key alone over the defaults sets its row and nothing else.
        QJsonObject one;
        one.insert(row.key, written.value(row.key));
        Scenario s;
        EXPECT_EQ(scenario_from_json(QJsonDocument(one).toJson(), "one.json", s), std::nullopt) << row.key;
        Scenario expected;
        set(expected, row.param, get(c, row.param));
        EXPECT_EQ(s, expected) << row.key;
    }
    Scenario whole;
    EXPECT_EQ(scenario_from_json(QJsonDocument(written).toJson(), "all.json", whole), std::nullopt);
    EXPECT_EQ(whole, c);
}

TEST(ParameterTable, OutOfRangeValuesAreRefusedNotClamped) {
    for (const ParamRow& row : param_table()) {
        if (row.type != ParamType::Time && row.type != ParamType::Rate && row.type != ParamType::Window &&
            row.type != ParamType::Bytes && row.type != ParamType::Loss)
            continue;
        Scenario s;
        set_number(s, row.param, row.max * 2);
        const auto err = validate_param(s, row.param, row.key);
        ASSERT_TRUE(err.has_value()) << row.key;
        EXPECT_EQ(err->rfind(std::string(row.key) + ": ", 0), 0u) << *err;
        EXPECT_NE(err->find("out of range; allowed " + allowed_range(row.param)), std::string::npos) << *err;
        EXPECT_EQ(number(s, row.param), row.max * 2) << row.key;  // left as given
    }
}

TEST(ParameterTable, SweepRanksAreTheSweepParameters) {
    std::set<int> ranks;
    for (const ParamRow& row : param_table())
        if (row.sweep_rank) {
            EXPECT_TRUE(ranks.insert(row.sweep_rank).second) << row.key;
            EXPECT_NE(row.type, ParamType::Choice) << row.key;
            EXPECT_NE(row.type, ParamType::Switch) << row.key;
        }
    ASSERT_EQ(ranks.size(), std::size(kAllSweepParams));
    for (std::size_t i = 0; i < std::size(kAllSweepParams); ++i) {
        const ParamRow& row = param_row(scenario_param(kAllSweepParams[i]));
        EXPECT_EQ(row.sweep_rank, static_cast<int>(i) + 1);
        EXPECT_STREQ(to_string(kAllSweepParams[i]), row.key);
        EXPECT_TRUE(row.across) << row.key;  // what a sweep takes, a guided step may vary too
    }
}

TEST(ParameterTable, ChoicesHaveUniqueNamesAndValues) {
    for (const ParamRow& row : param_table()) {
        if (row.type != ParamType::Choice) {
            EXPECT_TRUE(row.choices.empty()) << row.key;
            continue;
        }
        std::set<std::string> names;
        std::set<int> values;
        std::string listed;
        for (const ParamChoice& c : row.choices) {
            EXPECT_TRUE(names.insert(c.name).second) << c.name;
            EXPECT_TRUE(values.insert(c.value).second) << c.name;
            Scenario s;
            EXPECT_EQ(set_param_from_text(s, row.param, c.name, row.key), std::nullopt) << c.name;
            EXPECT_STREQ(choice_name(s, row.param), c.name);
            listed += (listed.empty() ? "" : ", ") + std::string(c.name);
        }
        EXPECT_EQ(allowed_range(row.param), listed);
    }
}

// Figures from the model's spec: the ranges as the command line refuses them.
TEST(ParameterTable, RangesAreTheSpecs) {
    EXPECT_EQ(param_row(Param::Bandwidth).min, 1e6);
    EXPECT_EQ(param_row(Param::Bandwidth).max, 100e9);
    EXPECT_EQ(param_row(Param::Rtt).min, 0.001);
    EXPECT_EQ(param_row(Param::Rtt).max, 1.0);
    EXPECT_EQ(param_row(Param::Loss).max, 0.10);
    EXPECT_EQ(param_row(Param::Rwnd).min, 16 * 1024);
    EXPECT_EQ(param_row(Param::Rwnd).max, 1024.0 * 1024 * 1024);
    EXPECT_EQ(param_row(Param::Mss).min, 500);
    EXPECT_EQ(param_row(Param::Mss).max, 9000);
    EXPECT_EQ(param_row(Param::Duration).max, 600);
    EXPECT_EQ(param_row(Param::Loss).min, 1e-6);
    const Scenario d;  // the spec's defaults
    EXPECT_EQ(number(d, Param::Bandwidth), 100e6);
    EXPECT_EQ(number(d, Param::Rtt), 0.080);
    EXPECT_EQ(number(d, Param::Loss), 0);
    EXPECT_EQ(number(d, Param::Rwnd), 1024.0 * 1024 * 1024);
    EXPECT_EQ(number(d, Param::Sndbuf), 1024.0 * 1024 * 1024);
    EXPECT_EQ(number(d, Param::Buffer), 0.100);
    EXPECT_EQ(number(d, Param::Mss), 1500);
    EXPECT_EQ(number(d, Param::Duration), 40);
    EXPECT_EQ(allowed_range(Param::Rtt), "1 ms – 1000 ms");
    EXPECT_EQ(allowed_range(Param::Mss), "500 – 9000 B");
}
