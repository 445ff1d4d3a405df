// The experiment file loader: the built-in experiments load whole; a
// malformed file is refused with one line naming the file and the problem,
// and nothing of it is taken.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include "ui/lesson/experiment_file.h"

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

// A step's set with two flows, CUBIC and BBR.
const QByteArray kTwoFlows = R"({"flows":[{"algo":"cubic"},{"algo":"bbr"}]})";

void write(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

}  // namespace

TEST(ExperimentFile, TheTenBuiltInExperimentsLoadInOrderWithEveryStepChecked) {
    const ExperimentSet set = load_all_experiments(QString());
    EXPECT_TRUE(set.errors.isEmpty()) << set.errors.join('\n').toStdString();
    // The course's three, BBR, three over several flows, and the next
    // chapter's three; in their numbers' order ("10." last, not after "1.").
    ASSERT_EQ(set.experiments.size(), 10u);
    for (std::size_t i = 0; i < set.experiments.size(); ++i)
        EXPECT_EQ(set.experiments[i].title.rfind(std::to_string(i + 1) + ". ", 0), 0u) << set.experiments[i].title;
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

TEST(ExperimentFile, ChecksOverFlowsParseTheirSelectors) {
    auto r = parse_experiment(good(R"({"text":"t","across":{"param":"buffer","from":"20ms","to":"640ms"},"all":[
        {"field":"flows[1].share","op":"falls_by","value":"25%"},
        {"field":"throughput_bps","flow":"web","op":">","value":"1Mbps"},
        {"field":"ping_p95_rtt_s","op":"<=","value":"22ms"},
        {"field":"binding_limit","flow":"cubic","op":"==","value":"rwnd"},
        {"field":"jain_index","op":">=","value":0.95},
        {"field":"settled","op":"==","value":false}]})",
                                   R"({"flows":[{"algo":"cubic"},{"algo":"bbr"},{"algo":"ping"},
                                                {"algo":"cubic","size":"100KB","label":"web"}]})"),
                              "good.json");
    ASSERT_TRUE(std::holds_alternative<Experiment>(r)) << std::get<QString>(r).toStdString();
    const std::vector<Condition>& all = std::get<Experiment>(r).steps.at(0).check.all;
    ASSERT_EQ(all.size(), 6u);
    ASSERT_TRUE(all[0].flow.has_value());
    EXPECT_EQ(all[0].flow->by, FlowSelector::By::Index);
    EXPECT_EQ(all[0].flow->index, 1u);
    EXPECT_EQ(all[0].field, "share");
    EXPECT_EQ(all[0].op, Condition::Op::FallsBy);
    EXPECT_DOUBLE_EQ(all[0].value, 0.25);
    EXPECT_EQ(all[1].flow->by, FlowSelector::By::Label);
    EXPECT_EQ(all[1].flow->label, "web");
    EXPECT_EQ(all[2].flow->by, FlowSelector::By::Ping);  // ping_* alone: every ping
    EXPECT_DOUBLE_EQ(all[2].value, 0.022);
    EXPECT_EQ(all[3].flow->by, FlowSelector::By::Algorithm);
    EXPECT_EQ(all[3].text_value, "rwnd");
    EXPECT_FALSE(all[4].flow.has_value());  // Jain's index is the path's
    EXPECT_FALSE(all[5].flow.has_value());
    EXPECT_DOUBLE_EQ(all[5].value, 0);
}

TEST(ExperimentFile, EveryLimitTheModelNamesCanBeChecked) {
    // The application's limit among them: a request/response flow's.
    for (const char* limit : {"cwnd", "rwnd", "sndbuf", "pacing", "link", "app"}) {
        const QByteArray check = QByteArray(R"({"text":"t","all":[{"field":"binding_limit","op":"==","value":")") +
                                 limit + R"("}]})";
        auto r = parse_experiment(good(check), "good.json");
        ASSERT_TRUE(std::holds_alternative<Experiment>(r)) << limit << ": " << std::get<QString>(r).toStdString();
        EXPECT_EQ(std::get<Experiment>(r).steps.at(0).check.all.at(0).text_value, limit);
    }
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
        // Checks over flows: an unknown field or selector names the step and the field.
        {good(R"({"text":"t","all":[{"field":"shar","flow":"bbr","op":">=","value":0.5}]})", kTwoFlows),
         "steps[0].check.all[0].field: unknown field \"shar\" of a flow"},
        {good(R"({"text":"t","all":[{"field":"share","flow":"vegas","op":">=","value":0.5}]})", kTwoFlows),
         "steps[0].check.all[0].flow: \"vegas\" selects no flow of this step's set (its flows: flow 1 (cubic), flow 2 (bbr)"},
        {good(R"({"text":"t","all":[{"field":"flows[2].share","op":">=","value":0.5}]})", kTwoFlows),
         "steps[0].check.all[0].field: flows[2] is out of range: this step's set has 2 flows"},
        {good(R"({"text":"t","all":[{"field":"flows[x].share","op":">=","value":0.5}]})"), "is not a flow's field"},
        {good(R"({"text":"t","all":[{"field":"flows[0].share","flow":"bbr","op":">=","value":0.5}]})", kTwoFlows),
         "give the flow once"},
        {good(R"({"text":"t","all":[{"field":"share","op":">=","value":0.5}]})", kTwoFlows),
         "steps[0].check.all[0].field: \"share\" is a figure of one flow: say which"},
        {good(R"({"text":"t","all":[{"field":"ping_mean_rtt_s","flow":"bbr","op":"<","value":"30ms"}]})", kTwoFlows),
         "\"ping_mean_rtt_s\" is for pings; flow 2 (bbr) is not one"},
        {good(R"({"text":"t","all":[{"field":"ping_mean_rtt_s","op":"<","value":"30ms"}]})", kTwoFlows),
         "steps[0].check.all[0].field: \"ping\" selects no flow"},
        {good(R"({"text":"t","all":[{"field":"share","flow":"bbr","op":"falls_by","value":0.2}]})", kTwoFlows),
         "steps[0].check.all[0].op: falls_by and rises_by compare the runs of a sweep"},
        {good(R"({"text":"t","all":[{"field":"settled","op":"==","value":1}]})"), "must be true or false"},
        {good(R"({"text":"t","all":[{"field":"settled","op":">","value":true}]})"), "takes only =="},
        // A key twice in one object (the last would win silently).
        {good(R"({"text":"t","all":[{"field":"utilisation","op":">=","value":0.9,"value":0.1}]})"),
         "\"value\" is given twice in one object"},
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
    ASSERT_EQ(set.experiments.size(), 11u);  // ten built in + the good one
    EXPECT_EQ(set.experiments.back().title, "X");
    ASSERT_EQ(set.errors.size(), 1);
    EXPECT_TRUE(set.errors.front().contains("6-broken.json")) << set.errors.front().toStdString();
    EXPECT_TRUE(set.errors.front().contains("unknown field \"nope\"")) << set.errors.front().toStdString();
}
