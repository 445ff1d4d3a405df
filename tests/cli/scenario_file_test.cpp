// Scenario files (README, "Scenario files"): good files set exactly what
// they say; malformed or hostile ones give one line naming the problem and
// change nothing.
#include <gtest/gtest.h>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

#include "app/formats/scenario_file.h"

using namespace inflight;

namespace {

// Parses `json`; returns the error ("" on success).
std::string load_text(const std::string& json, Scenario& s) {
    auto err = scenario_from_json(QByteArray::fromStdString(json), "test.json", s);
    return err ? *err : std::string();
}

std::string error_for(const std::string& json) {
    Scenario s;
    return load_text(json, s);
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

class ScenarioFileOnDisk : public ::testing::Test {
protected:
    QTemporaryDir dir_;
    std::string write(const std::string& name, const QByteArray& bytes) {
        const QString path = dir_.filePath(QString::fromStdString(name));
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        return path.toStdString();
    }
};

}  // namespace

TEST(ScenarioJson, EmptyObjectKeepsDefaults) {
    Scenario s;
    EXPECT_EQ(load_text("{}", s), "");
    EXPECT_EQ(s, Scenario{});
}

TEST(ScenarioJson, NumbersAreSiBaseUnits) {
    Scenario s;
    EXPECT_EQ(load_text(R"({"algo": "bbr", "bandwidth": 1e9, "rtt": 0.02, "loss": 0.0001,
        "loss_pattern": "random", "rwnd": 65535, "sndbuf": 4194304, "buffer": 0.05,
        "aqm": "codel", "ecn": true, "mss": 9000, "pacing": true, "duration": 10, "seed": 7})",
                        s),
              "");
    EXPECT_EQ(s.algorithm, Algorithm::Bbr);
    EXPECT_EQ(s.bandwidth_bps, 1e9);
    EXPECT_EQ(s.rtt_s, 0.02);
    EXPECT_EQ(s.loss, 1e-4);
    EXPECT_EQ(s.loss_pattern, LossPattern::Random);
    EXPECT_EQ(s.rwnd_bytes, 65535u);
    EXPECT_EQ(s.sndbuf_bytes, 4u * 1024 * 1024);
    EXPECT_EQ(s.buffer_s, 0.05);
    EXPECT_EQ(s.aqm, Aqm::Codel);
    EXPECT_TRUE(s.ecn);
    EXPECT_EQ(s.mss_bytes, 9000u);
    EXPECT_TRUE(s.pacing);
    EXPECT_EQ(s.duration_s, 10.0);
    EXPECT_EQ(s.seed, 7u);
}

TEST(ScenarioJson, StringsCarryUnitsAsOnTheCommandLine) {
    Scenario s;
    EXPECT_EQ(load_text(R"({"bandwidth": "1Gbps", "rtt": "20ms", "loss": "0.01%", "rwnd": "64KiB",
        "buffer": "250ms", "mss": "9000", "duration": "2s", "seed": "18446744073709551615",
        "ecn": "on"})",
                        s),
              "");
    EXPECT_EQ(s.bandwidth_bps, 1e9);
    EXPECT_EQ(s.rtt_s, 0.020);
    EXPECT_EQ(s.loss, 1e-4);
    EXPECT_EQ(s.rwnd_bytes, 64u * 1024);
    EXPECT_EQ(s.buffer_s, 0.250);
    EXPECT_EQ(s.mss_bytes, 9000u);
    EXPECT_EQ(s.duration_s, 2.0);
    EXPECT_EQ(s.seed, 18446744073709551615ull);
    EXPECT_TRUE(s.ecn);
}

TEST(ScenarioJson, UnknownKeyIsAnErrorNamingIt) {
    const std::string e = error_for(R"({"rttt": 0.08})");
    EXPECT_TRUE(contains(e, "test.json")) << e;
    EXPECT_TRUE(contains(e, "unknown key 'rttt'")) << e;
    EXPECT_TRUE(contains(e, "rtt")) << e;  // lists what is allowed
}

TEST(ScenarioJson, OutOfRangeNamesKeyValueAndRange) {
    EXPECT_EQ(error_for(R"({"rtt": 2})"), "test.json: rtt: 2 s is out of range; allowed 1 ms – 1000 ms");
    EXPECT_TRUE(contains(error_for(R"({"loss": "150%"})"), "loss: 150% is out of range"));
    EXPECT_TRUE(contains(error_for(R"({"rwnd": 1000})"), "rwnd: 1,000 B is out of range"));
    EXPECT_TRUE(contains(error_for(R"({"mss": 100000})"), "mss: 100,000 B is out of range"));
    EXPECT_TRUE(contains(error_for(R"({"bandwidth": -1})"), "bandwidth"));
    EXPECT_TRUE(contains(error_for(R"({"duration": 0})"), "duration: 0 s is out of range"));
}

TEST(ScenarioJson, WrongTypesNameKeyValueAndWhatIsAllowed) {
    struct Case {
        const char* json;
        const char* must_contain;
    };
    for (const Case& c : {Case{R"({"rtt": true})", "rtt: true is not allowed"},
                          Case{R"({"rtt": null})", "rtt: null is not allowed"},
                          Case{R"({"algo": 3})", "algo: 3 is not allowed"},
                          Case{R"({"algo": "vegas"})", "algo: 'vegas' is not allowed; use one of reno, cubic, bbr"},
                          Case{R"({"ecn": 1})", "ecn: 1 is not allowed; use true or false"},
                          Case{R"({"ecn": "maybe"})", "ecn: 'maybe'"},
                          Case{R"({"rwnd": 65535.5})", "rwnd: 65535.5 is not allowed"},
                          Case{R"({"mss": -1})", "mss: -1 is not allowed"},
                          Case{R"({"seed": 1.5})", "seed: 1.5 is not allowed"},
                          Case{R"({"rtt": "80 parsecs"})", "rtt: '80 parsecs' is not a time"}}) {
        const std::string e = error_for(c.json);
        EXPECT_TRUE(contains(e, c.must_contain)) << c.json << " -> " << e;
        EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    }
}

TEST(ScenarioJson, NestedValuesAreRejected) {
    for (const char* json : {R"({"rtt": {"value": 0.08}})", R"({"rtt": [0.08]})"}) {
        const std::string e = error_for(json);
        EXPECT_TRUE(contains(e, "rtt")) << e;
        EXPECT_TRUE(contains(e, "no nesting")) << e;
    }
}

TEST(ScenarioJson, NotJsonTruncatedOrNotAnObject) {
    EXPECT_TRUE(contains(error_for("hello"), "not valid JSON"));
    EXPECT_TRUE(contains(error_for(R"({"rtt": 0.08,)"), "not valid JSON"));
    EXPECT_TRUE(contains(error_for(R"({"rtt": 0.0)"), "not valid JSON"));
    EXPECT_TRUE(contains(error_for(""), "not valid JSON"));
    EXPECT_TRUE(contains(error_for("[1, 2]"), "one JSON object"));
    EXPECT_TRUE(contains(error_for("42"), "one JSON object"));
    // Deep nesting is a parse error, not a stack overflow.
    EXPECT_FALSE(error_for(std::string(100000, '[')).empty());
}

TEST(ScenarioJson, AFailedLoadChangesNothing) {
    Scenario s;
    s.rtt_s = 0.05;
    const Scenario before = s;
    // The first key is fine, the second is not: neither may be applied.
    EXPECT_FALSE(load_text(R"({"bandwidth": "1Gbps", "rtt": 2})", s).empty());
    EXPECT_EQ(s, before);
}

TEST(ScenarioJson, WhatIsWrittenReadsBackTheSame) {
    Scenario s;
    s.algorithm = Algorithm::Reno;
    s.bandwidth_bps = 24.1e6;
    s.rtt_s = 0.0123;
    s.loss = 3e-4;
    s.loss_pattern = LossPattern::Random;
    s.rwnd_bytes = 65535;
    s.buffer_s = 0.333;
    s.aqm = Aqm::Codel;
    s.ecn = true;
    s.mss_bytes = 9000;
    s.duration_s = 12.5;
    for (std::uint64_t seed : {0ull, 42ull, (1ull << 53) + 1, 18446744073709551615ull}) {
        s.seed = seed;
        const QByteArray json = QJsonDocument(scenario_to_json(s)).toJson();
        Scenario back;
        EXPECT_EQ(load_text(json.toStdString(), back), "");
        EXPECT_EQ(back, s) << json.toStdString();
    }
}

TEST_F(ScenarioFileOnDisk, LoadsAGoodFile) {
    const std::string path = write("good.json", R"({"rtt": "20ms", "algo": "reno"})");
    Scenario s;
    EXPECT_FALSE(load_scenario_file(path, s).has_value());
    EXPECT_EQ(s.rtt_s, 0.020);
    EXPECT_EQ(s.algorithm, Algorithm::Reno);
}

TEST_F(ScenarioFileOnDisk, MissingFileAndDirectoryNameThePath) {
    Scenario s;
    const std::string missing = dir_.filePath("nope.json").toStdString();
    auto e = load_scenario_file(missing, s);
    ASSERT_TRUE(e.has_value());
    EXPECT_TRUE(contains(*e, missing)) << *e;
    EXPECT_TRUE(contains(*e, "no such file")) << *e;
    e = load_scenario_file(dir_.path().toStdString(), s);
    ASSERT_TRUE(e.has_value());
    EXPECT_TRUE(contains(*e, "directory")) << *e;
}

TEST_F(ScenarioFileOnDisk, ErrorsInAFileNameTheFile) {
    const std::string path = write("bad.json", R"({"rtt": 2})");
    Scenario s;
    auto e = load_scenario_file(path, s);
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(*e, path + ": rtt: 2 s is out of range; allowed 1 ms – 1000 ms");
}

TEST_F(ScenarioFileOnDisk, AFileOfOneMegabyteIsReadAndOneByteMoreIsRefused) {
    // 1 MB = 1,000,000 bytes (units.h: MB is decimal). Pad valid JSON with spaces.
    const QByteArray body = R"({"rtt": "20ms"})";
    QByteArray exact = body + QByteArray(1'000'000 - body.size(), ' ');
    ASSERT_EQ(exact.size(), 1'000'000);
    Scenario s;
    EXPECT_FALSE(load_scenario_file(write("exact.json", exact), s).has_value());
    EXPECT_EQ(s.rtt_s, 0.020);

    const std::string big = write("big.json", exact + " ");
    Scenario t;
    auto e = load_scenario_file(big, t);
    ASSERT_TRUE(e.has_value());
    EXPECT_TRUE(contains(*e, "larger than")) << *e;
    EXPECT_EQ(t, Scenario{});
}

TEST_F(ScenarioFileOnDisk, HugeFileIsRefusedUnread) {
    const std::string path = write("huge.json", QByteArray(50'000'000, '['));
    Scenario s;
    auto e = load_scenario_file(path, s);
    ASSERT_TRUE(e.has_value());
    EXPECT_TRUE(contains(*e, "larger than")) << *e;
}

// A key given twice in one object was taken silently, the last winning
// ({"rtt": "80ms", "rtt": "5ms"} ran at 5 ms). It is refused in one line
// naming the key and the line of its second use, in a flow's object too;
// the same key in two different objects, or a string value equal to a key,
// is no repeat.
TEST(ScenarioJson, AKeyGivenTwiceInOneObjectIsRefused) {
    Scenario s;
    EXPECT_EQ(load_text("{\"rtt\": \"80ms\",\n \"rtt\": \"5ms\"}", s),
              "test.json: \"rtt\" is given twice in one object (the second on line 2); give each key once");
    EXPECT_EQ(load_text(R"({"flows": [{"algo": "cubic", "rtt": "20ms", "rtt": "40ms"}]})", s),
              "test.json: \"rtt\" is given twice in one object (the second on line 1); give each key once");
    EXPECT_EQ(load_text(R"({"rtt": "20ms", "flows": [{"rtt": "40ms"}, {"rtt": "80ms", "label": "rtt"}]})", s), "");
    EXPECT_EQ(s.flows.size(), 2u);
    EXPECT_EQ(load_text(R"({"label\"x": 1, "seed": 3})", s).find("given twice"), std::string::npos);
}
