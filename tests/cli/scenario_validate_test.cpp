// validate(): every parameter against the ranges of the README's option
// table; the error names the parameter, the value and the allowed range.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>

#include "model/core/scenario.h"

using namespace inflight;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The error for a scenario that differs from the default by `change`.
template <class Change>
std::string error_after(Change change, double max_bw = Limits::max_bandwidth_bps_cli) {
    Scenario s;
    change(s);
    auto err = validate(s, max_bw);
    return err ? *err : std::string();
}

template <class Change>
bool accepted(Change change, double max_bw = Limits::max_bandwidth_bps_cli) {
    return error_after(change, max_bw).empty();
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST(Validate, DefaultScenarioIsValid) {
    // The README's defaults: cubic, 100 Mbit/s, 80 ms, no loss, ...
    Scenario s;
    EXPECT_FALSE(validate(s).has_value());
    EXPECT_EQ(s.bandwidth_bps, 100e6);
    EXPECT_EQ(s.rtt_s, 0.080);
    EXPECT_EQ(s.rwnd_bytes, 1ull << 30);
    EXPECT_EQ(s.duration_s, 40.0);
}

TEST(Validate, RttMessageNamesParameterValueAndRange) {
    EXPECT_EQ(error_after([](Scenario& s) { s.rtt_s = 2.0; }),
              "rtt: 2 s is out of range; allowed 1 ms – 1000 ms");
}

TEST(Validate, RttRange) {
    EXPECT_TRUE(accepted([](Scenario& s) { s.rtt_s = 0.001; }));
    EXPECT_TRUE(accepted([](Scenario& s) { s.rtt_s = 1.0; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.rtt_s = 0.0009; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.rtt_s = 1.001; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.rtt_s = -0.08; }));
}

TEST(Validate, ValueJustOutsideALimitIsNotPrintedAsTheLimit) {
    const std::string e = error_after([](Scenario& s) { s.rtt_s = 0.0009999; });
    EXPECT_TRUE(contains(e, "999.9 µs")) << e;
}

TEST(Validate, BandwidthRangeDependsOnCaller) {
    EXPECT_TRUE(accepted([](Scenario& s) { s.bandwidth_bps = 1e6; }));
    EXPECT_TRUE(accepted([](Scenario& s) { s.bandwidth_bps = 100e9; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.bandwidth_bps = 0.999e6; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.bandwidth_bps = 101e9; }));
    // The window's sliders stop at 10 Gbit/s.
    EXPECT_TRUE(accepted([](Scenario& s) { s.bandwidth_bps = 10e9; }, Limits::max_bandwidth_bps_app));
    const std::string e =
        error_after([](Scenario& s) { s.bandwidth_bps = 20e9; }, Limits::max_bandwidth_bps_app);
    EXPECT_EQ(e, "bandwidth: 20 Gbit/s is out of range; allowed 1 Mbit/s – 10 Gbit/s");
}

TEST(Validate, LossIsZeroOrWithinOneInAMillionToTenPercent) {
    EXPECT_TRUE(accepted([](Scenario& s) { s.loss = 0; }));
    EXPECT_TRUE(accepted([](Scenario& s) { s.loss = 1e-6; }));
    EXPECT_TRUE(accepted([](Scenario& s) { s.loss = 0.1; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.loss = 5e-7; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.loss = 0.11; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.loss = -0.01; }));
    EXPECT_EQ(error_after([](Scenario& s) { s.loss = 1.5; }),
              "loss: 150% is out of range; allowed 0 or 0.0001% – 10%");
}

TEST(Validate, NaNIsRejectedForEveryRealParameter) {
    for (auto set : {+[](Scenario& s) { s.bandwidth_bps = kNaN; }, +[](Scenario& s) { s.rtt_s = kNaN; },
                     +[](Scenario& s) { s.loss = kNaN; }, +[](Scenario& s) { s.buffer_s = kNaN; },
                     +[](Scenario& s) { s.duration_s = kNaN; }}) {
        const std::string e = error_after(set);
        EXPECT_TRUE(contains(e, "nan is not a number")) << e;
    }
}

TEST(Validate, InfinityIsOutOfRange) {
    EXPECT_FALSE(accepted([](Scenario& s) { s.bandwidth_bps = std::numeric_limits<double>::infinity(); }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.duration_s = std::numeric_limits<double>::infinity(); }));
}

TEST(Validate, WindowsBetween16KiBAnd1GiB) {
    EXPECT_TRUE(accepted([](Scenario& s) { s.rwnd_bytes = 16 * 1024; }));
    EXPECT_TRUE(accepted([](Scenario& s) { s.rwnd_bytes = 65535; }));  // no window scaling
    EXPECT_TRUE(accepted([](Scenario& s) { s.rwnd_bytes = 1ull << 30; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.rwnd_bytes = 16 * 1024 - 1; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.rwnd_bytes = (1ull << 30) + 1; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.sndbuf_bytes = 1000; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.sndbuf_bytes = 2ull << 30; }));
    EXPECT_EQ(error_after([](Scenario& s) { s.sndbuf_bytes = 1000; }),
              "sndbuf: 1,000 B is out of range; allowed 16 KiB – 1 GiB (16,384 – 1,073,741,824 B)");
}

TEST(Validate, BufferMssDuration) {
    EXPECT_TRUE(accepted([](Scenario& s) { s.buffer_s = 0.001; }));
    EXPECT_TRUE(accepted([](Scenario& s) { s.buffer_s = 1.0; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.buffer_s = 0; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.buffer_s = 1.5; }));
    EXPECT_TRUE(accepted([](Scenario& s) { s.mss_bytes = 500; }));
    EXPECT_TRUE(accepted([](Scenario& s) { s.mss_bytes = 9000; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.mss_bytes = 499; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.mss_bytes = 9001; }));
    EXPECT_TRUE(accepted([](Scenario& s) { s.duration_s = 1; }));
    EXPECT_TRUE(accepted([](Scenario& s) { s.duration_s = 600; }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.duration_s = 0.5; }));
    EXPECT_EQ(error_after([](Scenario& s) { s.duration_s = 601; }),
              "duration: 601 s is out of range; allowed 1 s – 600 s");
    EXPECT_EQ(error_after([](Scenario& s) { s.mss_bytes = 100; }),
              "mss: 100 B is out of range; allowed 500 – 9000 B");
}

TEST(Validate, EnumValuesOutsideTheirTypeAreRejected) {
    const std::string e = error_after([](Scenario& s) { s.algorithm = static_cast<Algorithm>(7); });
    EXPECT_TRUE(contains(e, "algo")) << e;
    EXPECT_FALSE(accepted([](Scenario& s) { s.aqm = static_cast<Aqm>(9); }));
    EXPECT_FALSE(accepted([](Scenario& s) { s.loss_pattern = static_cast<LossPattern>(-1); }));
}

TEST(Validate, SeedEcnPacingAcceptEveryValue) {
    EXPECT_TRUE(accepted([](Scenario& s) { s.seed = std::numeric_limits<std::uint64_t>::max(); }));
    EXPECT_TRUE(accepted([](Scenario& s) { s.ecn = true; s.pacing = true; }));
}

TEST(ValidateParam, UsesTheNameItIsGiven) {
    Scenario s;
    s.rtt_s = 2;
    auto e = validate_param(s, Param::Rtt, "--rtt");
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(*e, "--rtt: 2 s is out of range; allowed 1 ms – 1000 ms");
    EXPECT_FALSE(validate_param(s, Param::Bandwidth, "--bandwidth").has_value());
}

TEST(Names, AlgorithmsPatternsAndAqmRoundTrip) {
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr})
        EXPECT_EQ(algorithm_from_string(to_string(a)), a);
    for (LossPattern p : {LossPattern::Even, LossPattern::Random})
        EXPECT_EQ(loss_pattern_from_string(to_string(p)), p);
    for (Aqm a : {Aqm::None, Aqm::Codel}) EXPECT_EQ(aqm_from_string(to_string(a)), a);
    EXPECT_STREQ(to_string(Algorithm::Bbr), "bbr");
    EXPECT_EQ(algorithm_from_string("BBR"), Algorithm::Bbr);
    EXPECT_EQ(algorithm_from_string("vegas"), std::nullopt);
    EXPECT_EQ(aqm_from_string("red"), std::nullopt);
    EXPECT_EQ(loss_pattern_from_string(""), std::nullopt);
}

TEST(Names, KeysAreTheScenarioFileKeysOfTheReadme) {
    const std::set<std::string> expected = {"algo", "bandwidth", "rtt", "loss", "loss_pattern",
                                            "rwnd", "sndbuf", "buffer", "aqm", "ecn",
                                            "mss", "pacing", "duration", "seed",
                                            "stack", "bbr_pacing", "bbr_headroom", "hystart", "delayed_acks",
                                            "autotuning", "prr", "slow_start_room", "rcvbuf"};
    std::set<std::string> keys;
    for (Param p : kAllParams) {
        keys.insert(key(p));
        EXPECT_EQ(param_from_key(key(p)), p);
    }
    EXPECT_EQ(keys, expected);
    EXPECT_EQ(param_from_key("rttt"), std::nullopt);
}

TEST(Derived, BdpAndBufferInBytes) {
    Scenario s;  // 100 Mbit/s, 80 ms, buffer 100 ms
    EXPECT_DOUBLE_EQ(bdp_bytes(s), 100e6 * 0.080 / 8);     // 1,000,000 B
    EXPECT_DOUBLE_EQ(buffer_bytes(s), 100e6 * 0.100 / 8);  // 1,250,000 B
    s.bandwidth_bps = 1e9;
    s.rtt_s = 0.020;
    EXPECT_DOUBLE_EQ(bdp_bytes(s), 2.5e6);
}
