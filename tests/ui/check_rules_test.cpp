// The rules a guided step's check keeps, each shown failing the way a
// student met it:
//  - a check holds only on a run of what its step sets (the algorithm, the
//    loss pattern, …) but for what the step asks the student to change;
//  - a step that asks for a change (remove streams) needs a run with it;
//  - a sweep's drag may begin before its step opens: the run on screen, or
//    still running, when it opens is where the drag starts;
//  - a step that only asks to look says how to make its run;
//  - "Done" never sits beside "not yet";
//  - every value a step asks the student to drag to is a rung of the slider.
// Expected figures come from the steps' own arithmetic (65,535 B × 8 /
// 80 ms = 6.55 Mbit/s; 2, 4, 8 × 40 ms of BDP) or from what the step says.
#include <QPushButton>
#include <QRegularExpression>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

#include "ui/controls/controls_panel.h"
#include "ui/controls/param_slider.h"
#include "ui/controls/stop_slider.h"
#include "ui/lesson/experiment_file.h"
#include "ui/lesson/run_metrics.h"
#include "ui/lesson/step_check.h"
#include "ui/lesson/value_text.h"
#include "ui/shell/main_window.h"
#include "ui/teaching/experiment_panel.h"
#include "model/engine/run.h"
#include "model/core/parameters.h"
#include "model/core/units.h"
#include "test_helpers.h"
#include "builtin_experiments.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

const Experiment& experiment(const std::string& id) { return test::builtin_experiment(id); }

const Step& step_of(const std::string& id, std::size_t i) {
    const Experiment& e = experiment(id);
    if (i >= e.steps.size()) {
        ADD_FAILURE() << id << " has no step " << i;
        static const Step none;
        return none;
    }
    return e.steps[i];
}

CheckOutcome check_one(const Step& step, const Scenario& s, RunResult* out = nullptr) {
    RunResult r = run_scenario(s);
    const CheckOutcome o = evaluate_check(step.check, {&r});
    if (out) *out = std::move(r);
    return o;
}

// The step's check as it was before a check held the run to the step's
// settings: its conditions alone.
bool conditions_alone_pass(const Step& step, const RunResult& r) {
    Check bare = step.check;
    bare.fixed.reset();
    return evaluate_check(bare, {&r}).passed;
}

int index_of(const MainWindow& w, const std::string& id) {
    const auto& all = w.guide()->experiments();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].id == id) return static_cast<int>(i);
    ADD_FAILURE() << "no experiment " << id;
    return 0;
}

QString error_of(const QByteArray& json) {
    auto r = parse_experiment(json, "bad.json");
    return std::holds_alternative<QString>(r) ? std::get<QString>(r) : QString();
}

QByteArray one_step(const QByteArray& check, const QByteArray& set = R"({"algo":"bbr","loss":"1%"})") {
    return R"({"format":"inflight-experiment/1","id":"x","title":"X","steps":[{"title":"s","set":)" + set +
           R"(,"do":"d","watch":"w","why":"y","check":)" + check + "}]}";
}

}  // namespace

// --- A check holds only on a run of what its step sets -----------------------

// "BBR obeys the same arithmetic": a CUBIC run with the same 65,535 B window
// gives the very throughput the check asks for (6.55 Mbit/s), after a seed
// change as before it; it is not a BBR run, so the step does not tick.
TEST(CheckRules, TheBbrWindowStepDoesNotTickOnACubicRun) {
    const Step& bbr = step_of("receiver-window", 2);
    ASSERT_EQ(bbr.settings.algorithm, Algorithm::Bbr);
    Scenario cubic = bbr.settings;
    cubic.algorithm = Algorithm::Cubic;
    cubic.seed = 7;
    RunResult r;
    const CheckOutcome o = check_one(bbr, cubic, &r);
    // The figures alone would pass: 65,535 B × 8 / 80 ms, within 1%.
    const double one_window = 65535.0 * 8 / 0.080;
    EXPECT_NEAR(r.summary.throughput_bps, one_window, 0.01 * one_window);
    EXPECT_TRUE(conditions_alone_pass(bbr, r));  // what ticked it before
    EXPECT_FALSE(o.passed) << o.detail;
    EXPECT_NE(o.detail.find("algorithm cubic where the step sets bbr"), std::string::npos) << o.detail;
    // BBR, with any seed, does.
    Scenario seeded = bbr.settings;
    seeded.seed = 7;
    const CheckOutcome b = check_one(bbr, seeded);
    EXPECT_TRUE(b.passed) << b.detail;
}

// "Random loss barely moves it" asks for random loss; evenly spaced loss
// at the same rate is another experiment.
TEST(CheckRules, TheBbrRandomLossStepDoesNotTickOnEvenlySpacedLoss) {
    const Step& random = step_of("bbr", 2);
    ASSERT_EQ(random.settings.loss_pattern, LossPattern::Random);
    Scenario even = random.settings;
    even.loss_pattern = LossPattern::Even;
    RunResult r;
    const CheckOutcome o = check_one(random, even, &r);
    EXPECT_TRUE(conditions_alone_pass(random, r));  // what ticked it before
    EXPECT_FALSE(o.passed) << o.detail;
    EXPECT_NE(o.detail.find("loss pattern even where the step sets random"), std::string::npos) << o.detail;
    EXPECT_TRUE(check_one(random, random.settings).passed);
}

// A key the step asks the student to change is free ("Switch Algorithm
// between CUBIC and Reno"); one it does not is not.
TEST(CheckRules, AFreeKeyMayChangeAndTheOthersMayNot) {
    const Step& floor = step_of("loss-wall", 3);
    Scenario reno = floor.settings;
    reno.algorithm = Algorithm::Reno;
    const CheckOutcome r = check_one(floor, reno);
    EXPECT_TRUE(r.passed) << r.detail;
    // Twice the RTT halves the throughput: still under 10% of the link, but not the step's path.
    Scenario far = floor.settings;
    far.rtt_s = 0.160;
    const CheckOutcome f = check_one(floor, far);
    EXPECT_FALSE(f.passed) << f.detail;
    EXPECT_NE(f.detail.find("base RTT 160 ms where the step sets 80 ms"), std::string::npos) << f.detail;
}

// "Without the window limit": press Set it (ten streams), then remove
// streams until one is left. The ten streams fill the link, but the step
// asks for the one: Set it alone does not tick it.
TEST(CheckRules, TheWithoutTheWindowLimitStepNeedsTheStreamsRemoved) {
    const Step& scaled = step_of("ten-streams", 3);
    ASSERT_EQ(scaled.settings.flows.size(), 10u);
    RunResult r;
    const CheckOutcome ten = check_one(scaled, scaled.settings, &r);
    // Without the count, the check ticked on Set it: ten streams fill the link too.
    Step before = scaled;
    std::erase_if(before.check.all, [](const Condition& c) { return c.field == "flow_count"; });
    before.check.fixed.reset();
    EXPECT_TRUE(evaluate_check(before.check, {&r}).passed);
    EXPECT_FALSE(ten.passed) << ten.detail;
    EXPECT_NE(ten.detail.find("number of flows 10, expected equal to 1"), std::string::npos) << ten.detail;
    Scenario one = scaled.settings;
    one.flows.resize(1);
    const CheckOutcome o = check_one(scaled, one);
    EXPECT_TRUE(o.passed) << o.detail;
}

// --- The file: "free" and "stops" ---------------------------------------------

// Every setting Set it puts in place is held — the set's keys and the
// defaults it leaves the rest at — but the swept, the free ones and the seed.
TEST(CheckRules, TheFixedSettingsAreEverySettingButTheSweptTheFreeAndTheSeed) {
    const auto every_but = [](std::vector<std::string> left_out) {
        std::vector<std::string> keys{"flows"};
        for (const ParamRow& row : param_table()) keys.emplace_back(row.key);
        left_out.emplace_back("seed");
        std::erase_if(keys, [&](const std::string& k) {
            return std::find(left_out.begin(), left_out.end(), k) != left_out.end();
        });
        std::sort(keys.begin(), keys.end());
        return keys;
    };
    const Step& clean = step_of("loss-wall", 0);  // sweeps bandwidth
    ASSERT_TRUE(clean.check.fixed);
    EXPECT_EQ(clean.check.fixed->keys, every_but({"bandwidth"}));
    const Step& floor = step_of("loss-wall", 3);  // frees the algorithm
    ASSERT_TRUE(floor.check.fixed);
    EXPECT_EQ(floor.check.fixed->keys, every_but({"algo"}));
}

// "Tick CoDel" is CoDel without ECN (its Set leaves ECN off; the next step
// ticks it). Back from that step with ECN still on, a sweep of the buffer
// passes the figures — CoDel keeps the queue short either way — but it is
// not the step's run: Set it would turn ECN off, so the step does not tick.
TEST(CheckRules, TheCoDelStepDoesNotTickOnRunsWithEcn) {
    const Step& codel = step_of("bufferbloat", 2);
    ASSERT_EQ(codel.settings.aqm, Aqm::Codel);
    ASSERT_FALSE(codel.settings.ecn);
    ASSERT_TRUE(codel.check.across);
    std::vector<RunResult> with_ecn;
    for (double buffer_s : {codel.check.across->from, codel.check.across->to}) {
        Scenario s = codel.settings;
        s.ecn = true;
        s.buffer_s = buffer_s;
        with_ecn.push_back(run_scenario(s));
    }
    const std::vector<const RunResult*> runs{&with_ecn[0], &with_ecn[1]};
    Check bare = codel.check;
    bare.fixed.reset();
    EXPECT_TRUE(evaluate_check(bare, runs).passed);  // what ticked it before
    const CheckOutcome o = evaluate_check(codel.check, runs);
    EXPECT_FALSE(o.passed) << o.detail;
    EXPECT_NE(o.detail.find("ECN"), std::string::npos) << o.detail;
    // Without ECN, as Set it leaves it, the same sweep ticks.
    std::vector<RunResult> plain;
    for (double buffer_s : {codel.check.across->from, codel.check.across->to}) {
        Scenario s = codel.settings;
        s.buffer_s = buffer_s;
        plain.push_back(run_scenario(s));
    }
    EXPECT_TRUE(evaluate_check(codel.check, {&plain[0], &plain[1]}).passed);
}

TEST(CheckRules, AFreeKeyOrAStopThatMeansNothingIsRefusedInOneLine) {
    const QString e1 = error_of(one_step(R"({"text":"t","free":["rtt"],"all":[{"field":"utilisation","op":">=","value":"90%"}]})"));
    EXPECT_EQ(e1, "bad.json: steps[0].check.free[0]: \"rtt\" is not a key of this step's set (its keys: algo, loss)");
    const QString e2 = error_of(one_step(R"({"text":"t","free":"algo","all":[{"field":"utilisation","op":">=","value":"90%"}]})"));
    EXPECT_EQ(e2, "bad.json: steps[0].check.free: must be an array of keys of this step's set");
    const QString e3 = error_of(one_step(
        R"({"text":"t","across":{"param":"buffer","from":"20ms","to":"640ms","stops":["10ms"]},"all":[{"field":"utilisation","op":">=","value":"90%"}]})"));
    EXPECT_EQ(e3, "bad.json: steps[0].check.across.stops[0]: must lie between \"from\" and \"to\"");
    EXPECT_FALSE(error_of(one_step(
        R"({"text":"t","across":{"param":"buffer","from":"20ms","to":"640ms","stops":["nine"]},"all":[{"field":"utilisation","op":">=","value":"90%"}]})"))
                     .isEmpty());
    // A step without "set" has nothing to free.
    const QByteArray no_set = R"({"format":"inflight-experiment/1","id":"x","title":"X","steps":[{"title":"s",
        "do":"d","watch":"w","why":"y","check":{"text":"t","free":["algo"],"all":[{"field":"utilisation","op":">=","value":"90%"}]}}]})";
    EXPECT_EQ(error_of(no_set), "bad.json: steps[0].check.free: frees keys of the step's \"set\", and this step has none");
}

// "Deepen the buffer" stops at 2, 4 and 8 BDP of a 50 Mbit/s × 40 ms path.
TEST(CheckRules, TheDeepBufferSweepStopsAtTwoFourAndEightBdp) {
    const Step& deepen = step_of("two-algorithms", 1);
    ASSERT_TRUE(deepen.check.across);
    const std::vector<double> want{2 * 0.040, 4 * 0.040, 8 * 0.040};
    ASSERT_EQ(deepen.check.across->stops.size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(deepen.check.across->stops[i], want[i], 1e-12);
}

// --- In the window -------------------------------------------------------------

// The window opens on CUBIC, 100 Mbit/s, 80 ms, no loss: experiment 1's
// first step. The student opens it and drags Bandwidth up to 10 Gbit/s, as
// its Do says: a rate on the way (2.5 Gbit/s) is inside the step's range,
// and the drag started at the run on screen, so both ends are there.
TEST(CheckRulesWindow, ADragFromTheRunOnScreenWhenTheStepOpensTicksTheSweep) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    w->openExperiment(index_of(*w, "loss-wall"));
    type_value(w->controls()->bandwidth(), "2.5Gbps");
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_TRUE(wait_until([&] { return w->guide()->checkDetail().startsWith("so far 2 runs from 100 Mbit/s to 2.5 Gbit/s;"); }, 2000))
        << w->guide()->checkDetail().toStdString();
    type_value(w->controls()->bandwidth(), "10Gbps");
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_TRUE(wait_until([&] { return w->guide()->ticked(0); }, 2000)) << w->guide()->checkDetail().toStdString();
}

// A drag under way when the step opens counts by its end value: the run
// still streaming then is the sweep's first point when it finishes.
TEST(CheckRulesWindow, ARunStillStreamingWhenTheStepOpensCountsWhenItFinishes) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    type_value(w->controls()->bandwidth(), "10Gbps");
    w->openExperiment(index_of(*w, "loss-wall"));
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_TRUE(wait_until([&] { return w->guide()->checkDetail().startsWith("so far 1 run, at 10 Gbit/s;"); }, 2000))
        << w->guide()->checkDetail().toStdString();
    type_value(w->controls()->bandwidth(), "100Mbps");
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_TRUE(wait_until([&] { return w->guide()->ticked(0); }, 2000)) << w->guide()->checkDetail().toStdString();
}

// A run on screen that is not the step's (another loss) is no start of its drag.
TEST(CheckRulesWindow, TheRunOnScreenCountsOnlyWithTheStepsSettings) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    type_value(w->controls()->loss(), "0.1%");
    ASSERT_TRUE(wait_settled(*w));
    w->openExperiment(index_of(*w, "loss-wall"));
    EXPECT_TRUE(w->guide()->checkDetail().startsWith("waiting for a run")) << w->guide()->checkDetail().toStdString();
}

// Steps that ask only to look ("look at the RTT panel", "find a notch")
// say how to make the run they are checked on, and Set it makes it.
TEST(CheckRulesWindow, ALookStepSaysHowToMakeItsRunAndSetItCompletesIt) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    for (const auto& [id, step] : {std::pair<std::string, int>{"bufferbloat", 1}, {"bbr", 1}}) {
        w->openExperiment(index_of(*w, id));
        w->goToStep(step);
        EXPECT_EQ(w->guide()->checkDetail(), "waiting for a run: press Set it to make one") << id;
        QTest::mouseClick(w->guide()->setButton(), Qt::LeftButton);
        ASSERT_TRUE(wait_settled(*w));
        const int step_index = step;  // clang 14 cannot capture a structured binding in a lambda
        EXPECT_TRUE(wait_until([&] { return w->guide()->ticked(step_index); }, 2000))
            << id << ": " << w->guide()->checkDetail().toStdString();
    }
}

// Done, then a run that falls short: the line under the check keeps the
// passing figure and says the newest run as what it is, never "not yet";
// back on the step later, the passing figure again.
TEST(CheckRulesWindow, DoneIsNeverShownBesideNotYet) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    w->openExperiment(index_of(*w, "loss-wall"));
    w->goToStep(3);  // 0.1% loss: utilisation under 10%
    QTest::mouseClick(w->guide()->setButton(), Qt::LeftButton);
    ASSERT_TRUE(wait_settled(*w));
    ASSERT_TRUE(wait_until([&] { return w->guide()->ticked(3); }, 2000)) << w->guide()->checkDetail().toStdString();
    type_value(w->controls()->loss(), "none");  // a clean path fills the link
    ASSERT_TRUE(wait_settled(*w));
    QTest::qWait(50);
    const QString d = w->guide()->checkDetail();
    EXPECT_TRUE(w->guide()->ticked(3));
    EXPECT_FALSE(d.contains("not yet")) << d.toStdString();
    EXPECT_TRUE(d.startsWith("measured: utilisation")) << d.toStdString();
    // The newest run is not of the step's settings (loss none where it sets 0.1%): said as that.
    EXPECT_TRUE(d.contains("the newest: this run has loss none where the step sets")) << d.toStdString();
    w->goToStep(2);
    w->goToStep(3);
    EXPECT_TRUE(w->guide()->checkDetail().startsWith("measured: utilisation")) << w->guide()->checkDetail().toStdString();
}

// Every value a sweep step names in its "do" (and its ends and stops) is a
// rung of the slider it asks to drag, once the step is open: "stopping on
// the way at 80 ms, 160 ms and 320 ms" can be done with the mouse.
TEST(CheckRulesWindow, EveryValueASweepStepAsksForIsOnItsSlider) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    const auto on_ladder = [](const ParamSlider* p, double v) {
        for (std::size_t i = 0; i < p->ladder().size(); ++i)
            if (std::fabs(p->ladder().at(i) - v) <= 1e-9 * v) return true;
        return false;
    };
    int checked = 0;
    const auto& all = w->guide()->experiments();
    for (std::size_t e = 0; e < all.size(); ++e) {
        for (std::size_t i = 0; i < all[e].steps.size(); ++i) {
            const Step& s = all[e].steps[i];
            if (!s.check.across) continue;
            w->openExperiment(static_cast<int>(e));
            w->goToStep(static_cast<int>(i));
            const Across& a = *s.check.across;
            ParamSlider* p = w->controls()->slider(a.param);
            ASSERT_NE(p, nullptr) << s.title;
            std::vector<double> wanted{a.from, a.to};
            wanted.insert(wanted.end(), a.stops.begin(), a.stops.end());
            // The values of the swept quantity written in the step's "do".
            const bool rate = a.param == Param::Bandwidth;
            if (rate || a.param == Param::Buffer || a.param == Param::Rtt) {
                const QRegularExpression re(rate ? R"((\d+(?:\.\d+)?) ?([MG]bit/s))" : R"((\d+(?:\.\d+)?) ?ms\b)");
                for (auto m = re.globalMatch(QString::fromStdString(s.todo)); m.hasNext();) {
                    const QString token = m.next().captured(0);
                    const auto v = parse_value(rate ? Quantity::RateBps : Quantity::TimeMs, token.toStdString());
                    ASSERT_TRUE(v) << token.toStdString();
                    wanted.push_back(*v);
                }
            }
            for (double v : wanted) {
                EXPECT_TRUE(on_ladder(p, v)) << all[e].title << " / " << s.title << ": "
                                             << format_param(a.param, v) << " is not on the slider";
                ++checked;
            }
        }
    }
    EXPECT_GE(checked, 20);
}

// A check on one metric over several flows names the metric once, then each
// flow's figure: experiment 8's four sizes read "mean flow completion time:
// 10 KB 81.6 ms · 100 KB 169 ms · …", not the metric's name four times (a
// Check line ten lines tall in the presentation look's guide).
TEST(CheckRules, OneMetricOverSeveralFlowsIsNamedOnce) {
    const Experiment& ramp = test::builtin_experiment("the-ramp");
    ASSERT_GE(ramp.steps.size(), 4u);
    const Step& four = ramp.steps[3];  // four sizes, one after another
    const RunResult r = run_scenario(four.settings);
    const CheckOutcome o = evaluate_check(four.check, {&r});
    ASSERT_TRUE(o.passed) << o.detail;
    std::string expected = "measured: mean flow completion time: ";
    for (std::size_t i = 0; i < r.flows.size(); ++i)
        expected += (i ? " · " : "") + r.flows[i].flow.label + " " + format_time(r.flows[i].summary.fct_mean_s);
    EXPECT_EQ(o.detail.rfind(expected, 0), 0u) << o.detail << "\nexpected to start with\n" << expected;
    // A metric on one flow alone keeps its own words.
    EXPECT_NE(o.detail.find(" · 10 MB: retransmissions "), std::string::npos) << o.detail;
}

// A step that names the event log gives the log its room once the controls
// hold the step (before its Set it, the window shows another step's run),
// keeps it while the student changes a setting on that step, and gives it
// back when the step changes to one that does not name the log.
TEST(CheckRulesWindow, TheLogsRoomComesWithTheStepsSetItAndStaysThroughADrag) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    w->openExperiment(index_of(*w, "small-writes"));
    w->goToStep(0);  // "open the event log"
    QTest::qWait(20);
    EXPECT_FALSE(w->dashboard()->eventLogFirst()) << "another step's run is shown";
    QTest::mouseClick(w->guide()->setButton(), Qt::LeftButton);
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_TRUE(w->dashboard()->eventLogFirst());
    type_value(w->controls()->bandwidth(), "50 Mbps");  // off the step's settings
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_TRUE(w->dashboard()->eventLogFirst()) << "a change on the step keeps the log's room";
    w->goToStep(1);  // names no event log
    QTest::qWait(20);
    EXPECT_FALSE(w->dashboard()->eventLogFirst());
}

// "Stopping on the way at 80 ms, 160 ms and 320 ms" named rungs the
// slider did not show: a student dragging by eye landed on 100 and 600 ms.
// Each value a step names (its range's ends and stops) is now a tick under
// its slider, at the handle's centre on that rung, drawn darker than the
// slider beside it.
TEST(CheckRulesWindow, TheValuesAStepNamesAreTicksUnderItsSlider) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    w->openExperiment(index_of(*w, "two-algorithms"));
    w->goToStep(1);
    const Step& deepen = step_of("two-algorithms", 1);
    ASSERT_TRUE(deepen.check.across);
    const Across& a = *deepen.check.across;
    ParamSlider* p = w->controls()->slider(a.param);
    ASSERT_NE(p, nullptr);
    StopSlider* s = p->slider();
    std::vector<double> named{a.from, a.to};
    named.insert(named.end(), a.stops.begin(), a.stops.end());
    for (double v : named) {
        const int rung = static_cast<int>(p->ladder().nearest(v));
        ASSERT_DOUBLE_EQ(p->ladder().at(static_cast<std::size_t>(rung)), v) << "a rung at " << v;
        EXPECT_NE(std::find(s->marks().begin(), s->marks().end(), rung), s->marks().end()) << "no mark at " << v;
    }
    const QImage img = s->grab().toImage();
    const int y = s->height() - 2;
    for (int m : s->marks()) {
        const int x = s->centreX(m);
        ASSERT_GT(x, 4);
        ASSERT_LT(x, s->width() - 4);
        EXPECT_LT(img.pixelColor(x, y).lightness() + 40, img.pixelColor(x + 4, y).lightness()) << "rung " << m << " at x " << x;
    }
    // The marks are the step's: another step, or the guide closed on
    // another experiment, leaves the slider without them (its rungs stay).
    const std::size_t marked = s->marks().size();
    ASSERT_GE(marked, 2u);
    w->goToStep(2);
    ASSERT_FALSE(step_of("two-algorithms", 2).check.across);
    EXPECT_TRUE(s->marks().empty()) << s->marks().size() << " marks left";
    for (double v : named)
        EXPECT_DOUBLE_EQ(p->ladder().at(p->ladder().nearest(v)), v) << "the rung at " << v << " stays";
    w->goToStep(1);
    EXPECT_EQ(s->marks().size(), marked);
}
