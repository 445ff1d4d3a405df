// The experiment file loader: the built-in experiments load whole; a
// malformed file is refused with one line naming the file and the problem,
// and nothing of it is taken.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include "lesson/experiment_file.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

QString error_of(const QByteArray& json) {
    auto r = parse_experiment(json, "bad.json");
    return std::holds_alternative<QString>(r) ? std::get<QString>(r) : QString();
}

// A minimal good experiment with one replaceable part.
QByteArray good(const QByteArray& step_check =
                    R"({"text":"t","all":[{"field":"throughput_bps","op":">=","value":"1Mbps"}]})",
                const QByteArray& set = R"({"algo":"reno","loss":"0.01%"})") {
    return R"({"format":"inflight-experiment/1","id":"x","title":"X","steps":[{"title":"s","set":)" + set +
           R"(,"do":"d","watch":"w","why":"y","check":)" + step_check + "}]}";
}

void write(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

}  // namespace

TEST(ExperimentFile, TheFourBuiltInExperimentsLoadWithEveryStepChecked) {
    const ExperimentSet set = load_all_experiments(QString());
    EXPECT_TRUE(set.errors.isEmpty()) << set.errors.join('\n').toStdString();
    ASSERT_EQ(set.experiments.size(), 4u);
    for (const Experiment& e : set.experiments) {
        EXPECT_GE(e.steps.size(), 3u) << e.title;
        for (const Step& s : e.steps) {
            EXPECT_TRUE(s.has_settings) << s.title;
            EXPECT_FALSE(s.check.all.empty()) << s.title;
        }
    }
}

TEST(ExperimentFile, AGoodFileParsesUnitsInValuesAndSettings) {
    auto r = parse_experiment(good(R"({"text":"t","across":{"param":"bandwidth","from":"25Mbps","to":"10Gbps"},
        "all":[{"field":"throughput_bps","op":"within","value":"24Mbps","tolerance":"10%"}]})"),
                              "good.json");
    ASSERT_TRUE(std::holds_alternative<Experiment>(r)) << std::get<QString>(r).toStdString();
    const Step& s = std::get<Experiment>(r).steps.at(0);
    EXPECT_EQ(s.settings.algorithm, Algorithm::Reno);
    EXPECT_DOUBLE_EQ(s.settings.loss, 1e-4);
    EXPECT_DOUBLE_EQ(s.settings.bandwidth_bps, 100e6);  // a default, untouched
    ASSERT_TRUE(s.check.across.has_value());
    EXPECT_DOUBLE_EQ(s.check.across->from, 25e6);
    EXPECT_DOUBLE_EQ(s.check.across->to, 10e9);
    EXPECT_DOUBLE_EQ(s.check.all.at(0).value, 24e6);
    EXPECT_DOUBLE_EQ(s.check.all.at(0).tolerance, 0.10);
}

TEST(ExperimentFile, MalformedFilesAreRefusedWithAMessageNamingTheFileAndTheProblem) {
    struct Case {
        QByteArray json;
        const char* must_mention;
    };
    const Case cases[] = {
        {"not json", "not valid JSON"},
        {"[1,2]", "one JSON object"},
        {R"({"format":"inflight-experiment/2","id":"x","title":"X","steps":[]})", "format"},
        {R"({"format":"inflight-experiment/1","id":"x","title":"X","steps":[]})", "steps"},
        {R"({"format":"inflight-experiment/1","id":"x","title":"X","stpes":[]})", "unknown key \"stpes\""},
        {good(R"({"text":"t","all":[{"field":"thruput_bps","op":">=","value":1}]})"), "unknown field \"thruput_bps\""},
        {good(R"({"text":"t","all":[{"field":"throughput_bps","op":"=>","value":1}]})"), "\"=>\" is not a comparison"},
        {good(R"({"text":"t","all":[{"field":"throughput_bps","op":">=","value":"fast"}]})"), "'fast' is not a rate"},
        {good(R"({"text":"t","all":[{"field":"throughput_bps","op":"within","value":"24Mbps"}]})"), "needs a \"tolerance\""},
        {good(R"({"text":"t","all":[{"field":"binding_limit","op":"==","value":"rwin"}]})"), "\"rwin\" is not a limit"},
        {good(R"({"text":"t","all":[]})"), "non-empty array"},
        {good(R"({"text":"t","across":{"param":"bandwidth","from":"1Gbps","to":"10Mbps"},"all":[{"field":"utilisation","op":">=","value":0.9}]})"), "\"from\" must be below \"to\""},
        {good(R"({"text":"t","all":[{"field":"utilisation","op":">=","value":0.9}]})", R"({"bandwith":"10Mbps"})"), "bandwith"},
        {good(R"({"text":"t","all":[{"field":"utilisation","op":">=","value":0.9}]})", R"({"rtt":"5s"})"), "rtt"},
    };
    for (const Case& c : cases) {
        const QString err = error_of(c.json);
        EXPECT_TRUE(err.startsWith("bad.json: ")) << c.json.toStdString() << " -> " << err.toStdString();
        EXPECT_TRUE(err.contains(QString::fromUtf8(c.must_mention)))
            << c.json.toStdString() << " -> " << err.toStdString();
        EXPECT_FALSE(err.contains('\n')) << err.toStdString();
    }
}

TEST(ExperimentFile, AUserFolderAddsGoodFilesAndRefusesBadOnesWhole) {
    QTemporaryDir dir;
    write(dir.filePath("5-mine.json"), good());
    write(dir.filePath("6-broken.json"), good(R"({"text":"t","all":[{"field":"nope","op":">=","value":1}]})"));
    write(dir.filePath("notes.txt"), "ignored: not .json");
    const ExperimentSet set = load_all_experiments(dir.path());
    ASSERT_EQ(set.experiments.size(), 5u);  // four built in + the good one
    EXPECT_EQ(set.experiments.back().title, "X");
    ASSERT_EQ(set.errors.size(), 1);
    EXPECT_TRUE(set.errors.front().contains("6-broken.json")) << set.errors.front().toStdString();
    EXPECT_TRUE(set.errors.front().contains("unknown field \"nope\"")) << set.errors.front().toStdString();
}
