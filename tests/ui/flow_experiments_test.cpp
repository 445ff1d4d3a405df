// The three guided experiments over several flows (5. Two algorithms, one
// link; 6. Ten streams; 7. The latency others pay), walked headless at the
// lesson level, as the guide does after every run: each step's settings →
// run_scenario → evaluate_check, the sweep a step asks for made by moving
// its parameter from one end of its range to the other. Every step ticks
// with its own settings; a deliberately wrong setting does not. A step
// whose check reads the kernel is walked here with the model's linux stack,
// which must agree with it (the kernel itself walks it in kernel_steps_test). Expected
// figures come from the experiments' statements and arithmetic
// (65,535 B × 8 / 80 ms), never
// from the model. And the checks over flows: selectors, their messages.
#include <QString>
#include <algorithm>
#include <cmath>
#include <iostream>
#include <gtest/gtest.h>

#include "ui/lesson/experiment_file.h"
#include "ui/lesson/run_metrics.h"
#include "ui/lesson/step_check.h"
#include "model/engine/run.h"
#include "builtin_experiments.h"
#include "experiment_walk.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

const Experiment& experiment(const std::string& id) { return test::builtin_experiment(id); }

using test::as_asked;
using test::outcome;
using test::walk;
using test::walk_all;
RunResult run(const Scenario& s) { return test::guide_run(s); }

FlowSpec tcp(Algorithm a) {
    FlowSpec f;
    f.algorithm = a;
    return f;
}

}  // namespace

// --- Walked to the last step -------------------------------------------------

TEST(FlowExperiments, TwoAlgorithmsOneLinkTicksEveryStep) { walk_all("two-algorithms", 4); }
TEST(FlowExperiments, TenStreamsTicksEveryStep) { walk_all("ten-streams", 5); }
TEST(FlowExperiments, TheLatencyOthersPayTicksEveryStep) { walk_all("latency-others-pay", 4); }

// --- The figures the steps state, from arithmetic ---------------------------

TEST(FlowExperiments, TheStepsCarryTheFiguresTheyState) {
    const Experiment& two = experiment("two-algorithms");
    ASSERT_EQ(two.steps.size(), 4u);
    // ½ BDP at 50 Mbit/s × 40 ms is 20 ms of buffer; 16 BDP is 640 ms.
    const Scenario& s0 = two.steps[0].settings;
    ASSERT_EQ(s0.flows.size(), 2u);
    EXPECT_DOUBLE_EQ(s0.buffer_s, 0.5 * 0.040);
    EXPECT_GE(s0.duration_s, 120.0);  // runs of 120 s or more: 20–30 s cycles
    EXPECT_DOUBLE_EQ(two.steps[1].check.across->to, 16 * 0.040);
    EXPECT_DOUBLE_EQ(two.steps[2].settings.duration_s, 60.0);

    const Experiment& ten = experiment("ten-streams");
    ASSERT_EQ(ten.steps.size(), 5u);
    const double one_stream = 65535.0 * 8 / 0.080;  // 6.55 Mbit/s
    EXPECT_NEAR(ten.steps[0].check.all[1].value, one_stream, 0.01 * one_stream);
    EXPECT_EQ(ten.steps[1].settings.flows.size(), 10u);
    EXPECT_NEAR(ten.steps[1].check.all[0].value, 10 * one_stream, 0.01 * 10 * one_stream);
    ASSERT_EQ(ten.steps[2].settings.flows.size(), 16u);  // the window's most, and 16 × 6.55 > 100 Mbit/s
    EXPECT_GT(16 * one_stream, ten.steps[2].settings.bandwidth_bps);
    EXPECT_NEAR(ten.steps[2].check.all[1].value, 100e6 / 16, 0.01 * 100e6 / 16);
    EXPECT_NEAR(ten.steps[2].check.all[2].value, 16 * 65535.0 * 8 / 100e6, 0.001);  // 83.9 ms

    const Experiment& lat = experiment("latency-others-pay");
    ASSERT_EQ(lat.steps.size(), 4u);
    EXPECT_EQ(lat.steps[0].settings.aqm, Aqm::None);
    EXPECT_EQ(lat.steps[1].settings.aqm, Aqm::Codel);
    EXPECT_EQ(lat.steps[2].settings.aqm, Aqm::FqCodel);
    for (const Step& s : lat.steps) {
        EXPECT_DOUBLE_EQ(s.settings.buffer_s, 0.200) << s.title;
        ASSERT_EQ(s.settings.flows.size(), 3u) << s.title;
        EXPECT_EQ(s.settings.flows[1].kind, FlowKind::Ping) << s.title;
    }
}

// --- A deliberately wrong setting does not tick ------------------------------

TEST(FlowExperiments, TwoAlgorithmsShallowBufferDoesNotTickTheDeepBufferSteps) {
    const Experiment& e = experiment("two-algorithms");
    ASSERT_EQ(e.steps.size(), 4u);
    // "Deep buffers need long runs" as Set it leaves it, 60 s: CUBIC has
    // filled the 640 ms buffer first and BBR holds about 15%, far from the
    // 35% it wins back over three minutes or more: no tick.
    const CheckOutcome o = walk(e.steps[2], e.steps[2].settings);
    EXPECT_FALSE(o.passed) << o.detail;
    // At 120 s BBR holds about a third (35.6% in a walk of the window) and
    // the window says the run is still changing: not done either, since the
    // step's point is that 120 s is not long enough.
    Scenario two_minutes = e.steps[2].settings;
    two_minutes.duration_s = 120;
    const RunResult at_120 = run(two_minutes);
    EXPECT_FALSE(at_120.summary.settled);
    const CheckOutcome t = outcome(e.steps[2], {at_120});
    EXPECT_FALSE(t.passed) << t.detail;
    EXPECT_EQ(t.detail, "not yet: the run is still changing at its end: run longer");

    // "BBR's share falls" with the drag stopped at 4 BDP: not yet, and says where to go.
    std::vector<RunResult> part;
    for (double b : {0.020, 0.080, 0.160}) {
        Scenario s = e.steps[1].settings;
        s.buffer_s = b;
        part.push_back(run(s));
    }
    const CheckOutcome p = outcome(e.steps[1], part);
    EXPECT_FALSE(p.passed) << p.detail;
    EXPECT_NE(p.detail.find("keep going up to 640 ms"), std::string::npos) << p.detail;

    // The same drag with two BBR flows: the share stays at a half, it does not fall.
    Scenario two_bbr = e.steps[1].settings;
    two_bbr.flows = {tcp(Algorithm::Bbr), tcp(Algorithm::Bbr)};
    const CheckOutcome b = walk(test::figures_only(e.steps[1]), two_bbr);
    EXPECT_FALSE(b.passed) << b.detail;
    EXPECT_NE(b.detail.find("expected a fall of at least 40%"), std::string::npos) << b.detail;
    // The step itself names the cause first: its flows are not these.
    const CheckOutcome named = walk(e.steps[1], two_bbr);
    EXPECT_FALSE(named.passed);
    EXPECT_EQ(named.detail.rfind("not yet: this run has the flows' settings differ", 0), 0u) << named.detail;

    // And without a BBR flow at all the selector says so.
    Scenario two_cubic = e.steps[0].settings;
    two_cubic.flows = {tcp(Algorithm::Cubic), tcp(Algorithm::Cubic)};
    const CheckOutcome c = walk(test::figures_only(e.steps[0]), two_cubic);
    EXPECT_FALSE(c.passed) << c.detail;
    EXPECT_NE(c.detail.find("this run has no BBR flow"), std::string::npos) << c.detail;
}

// A run past the sweep's end is no figure of it: a drag that overshot to
// 800 ms (the step sweeps 20 ms to 640 ms) was reported as the sweep's end
// ("30.2% at 800 ms"); now it is said to be outside the range, and the
// sweep from 20 ms to 640 ms ticks on its own runs.
TEST(FlowExperiments, ARunPastTheSweepsEndIsNotPartOfIt) {
    const Experiment& e = experiment("two-algorithms");
    const Step& step = e.steps[1];
    ASSERT_TRUE(step.check.across);
    ASSERT_DOUBLE_EQ(step.check.across->to, 0.640);
    std::vector<RunResult> runs;
    for (double b : {0.020, 0.040, 0.080, 0.160, 0.320, 0.640, 0.800}) {
        Scenario s = step.settings;
        s.buffer_s = b;
        runs.push_back(run(s));
    }
    const CheckOutcome past = outcome(step, runs);
    EXPECT_FALSE(past.passed) << past.detail;
    EXPECT_NE(past.detail.find("800 ms is outside the step's range, 20 ms – 640 ms"), std::string::npos) << past.detail;
    std::rotate(runs.begin() + 5, runs.begin() + 6, runs.end());  // 640 ms the newest, after 800 ms
    const CheckOutcome back = outcome(step, runs);
    EXPECT_TRUE(back.passed) << back.detail;
    EXPECT_NE(back.detail.find("to 640 ms"), std::string::npos) << back.detail;
    EXPECT_EQ(back.detail.find("800 ms"), std::string::npos) << back.detail;
}

TEST(FlowExperiments, TenStreamsWithoutTheSmallWindowDoNotTickTenTimesOne) {
    const Experiment& e = experiment("ten-streams");
    ASSERT_EQ(e.steps.size(), 5u);
    Scenario scaled = e.steps[1].settings;  // ten streams, but window scaling on
    scaled.rwnd_bytes = Limits::max_window_bytes;
    const CheckOutcome o = walk(test::figures_only(e.steps[1]), scaled);
    EXPECT_FALSE(o.passed) << o.detail;
    EXPECT_EQ(o.detail.rfind("not yet: throughput", 0), 0u) << o.detail;
    const CheckOutcome named = walk(e.steps[1], scaled);
    EXPECT_FALSE(named.passed);
    EXPECT_EQ(named.detail.rfind("not yet: this run has rwnd 1 GiB where the step sets 65,535 B", 0), 0u) << named.detail;
    // Nine streams instead of ten: every stream still 6.55, the aggregate 59 Mbit/s.
    Scenario nine = e.steps[1].settings;
    nine.flows.pop_back();
    const CheckOutcome n = walk(e.steps[1], nine);
    EXPECT_FALSE(n.passed) << n.detail;
}

TEST(FlowExperiments, TheFqCodelPingCheckDoesNotTickBehindAFifoOrPlainCodel) {
    const Experiment& e = experiment("latency-others-pay");
    ASSERT_EQ(e.steps.size(), 4u);
    const Step& fq = e.steps[2];
    for (Aqm wrong : {Aqm::None, Aqm::Codel}) {
        Scenario s = fq.settings;
        s.aqm = wrong;
        const CheckOutcome o = walk(test::figures_only(fq), s);
        EXPECT_FALSE(o.passed) << to_string(wrong) << ": " << o.detail;
        const CheckOutcome named = walk(fq, s);
        EXPECT_NE(named.detail.find("this run has queue discipline"), std::string::npos) << named.detail;
        // The first condition fails: the ping's p95, named by its label.
        EXPECT_NE(o.detail.find("ping: 95th-percentile ping RTT"), std::string::npos) << o.detail;
    }
    // And the FIFO step's check does not tick under fq_codel: the ping is back at the base RTT.
    const CheckOutcome f = walk(e.steps[0], fq.settings);
    EXPECT_FALSE(f.passed) << f.detail;
}

// --- Checks over flows: how selectors read a run -----------------------------

namespace {

// A finished two-flow run with the figures set by hand.
RunResult two_flows(double share0, double share1) {
    RunResult r;
    r.scenario.flows = {tcp(Algorithm::Cubic), tcp(Algorithm::Bbr)};
    r.flows.resize(2);
    r.flows[0].flow.label = "flow 1 (cubic)";
    r.flows[0].flow.algorithm = Algorithm::Cubic;
    r.flows[0].summary.share = share0;
    r.flows[1].flow.label = "flow 2 (bbr)";
    r.flows[1].flow.algorithm = Algorithm::Bbr;
    r.flows[1].summary.share = share1;
    return r;
}

Check share_check(const FlowSelector& sel, Condition::Op op, double v) {
    Check c;
    c.text = "t";
    Condition k;
    k.field = "share";
    k.flow = sel;
    k.op = op;
    k.value = v;
    c.all.push_back(k);
    return c;
}

}  // namespace

TEST(FlowChecks, ASelectorReadsTheFlowsItPicksAndNamesTheOneThatFails) {
    const RunResult r = two_flows(0.3, 0.7);
    const Check bbr = share_check(selector_from_word("bbr"), Condition::Op::GreaterEq, 0.6);
    CheckOutcome o = evaluate_check(bbr, {&r});
    EXPECT_TRUE(o.passed) << o.detail;
    EXPECT_NE(o.detail.find("BBR: share of the throughput 70%"), std::string::npos) << o.detail;

    FlowSelector first;
    first.by = FlowSelector::By::Index;
    first.index = 0;
    first.text = "flows[0]";
    o = evaluate_check(share_check(first, Condition::Op::GreaterEq, 0.6), {&r});
    EXPECT_FALSE(o.passed);
    EXPECT_NE(o.detail.find("CUBIC: share of the throughput 30%"), std::string::npos) << o.detail;

    // A label picks by label; one that matches nothing fails and says so.
    o = evaluate_check(share_check(selector_from_word("video call"), Condition::Op::GreaterEq, 0), {&r});
    EXPECT_FALSE(o.passed);
    EXPECT_NE(o.detail.find("this run has no flow labelled “video call”"), std::string::npos) << o.detail;
}

TEST(FlowChecks, ASelectorOfSeveralFlowsNeedsEveryOneAndFallsByComparesTheEnds) {
    RunResult r = two_flows(0.5, 0.5);
    r.scenario.flows = {tcp(Algorithm::Cubic), tcp(Algorithm::Cubic)};
    r.flows[1].flow.label = "flow 2 (cubic)";
    r.flows[1].flow.algorithm = Algorithm::Cubic;
    const Check both = share_check(selector_from_word("cubic"), Condition::Op::GreaterEq, 0.45);
    EXPECT_TRUE(evaluate_check(both, {&r}).passed);
    r.flows[1].summary.share = 0.4;
    const CheckOutcome o = evaluate_check(both, {&r});
    EXPECT_FALSE(o.passed);
    EXPECT_NE(o.detail.find("flow 2 (CUBIC): share of the throughput 40%"), std::string::npos)
        << o.detail;  // the one that failed, by its label

    // falls_by over a buffer sweep: the share at the low end minus the high end.
    Check falls = share_check(selector_from_word("bbr"), Condition::Op::FallsBy, 0.25);
    falls.across = Across{Param::Buffer, 0.020, 0.640, 2};
    RunResult lo = two_flows(0.02, 0.98), hi = two_flows(0.48, 0.52), flat = two_flows(0.2, 0.8);
    lo.scenario.buffer_s = 0.020;
    hi.scenario.buffer_s = flat.scenario.buffer_s = 0.640;
    const CheckOutcome f = evaluate_check(falls, {&lo, &hi});
    EXPECT_TRUE(f.passed) << f.detail;
    // One BBR flow, named as the window names it: not "the bbr flows".
    EXPECT_NE(f.detail.find("BBR: share of the throughput 98% at 20 ms, 52% at 640 ms"), std::string::npos) << f.detail;
    const CheckOutcome g = evaluate_check(falls, {&lo, &flat});
    EXPECT_FALSE(g.passed) << g.detail;
}

// The tick line names a limit in the window's words, as the hero does:
// "limited by send buffer", not the command line's "sndbuf".
TEST(FlowChecks, ALimitIsNamedInTheWindowsWords) {
    const Step& step = experiment("receiver-window").steps[3];
    const CheckOutcome o = walk(step, step.settings);
    EXPECT_TRUE(o.passed) << o.detail;
    EXPECT_NE(o.detail.find("limited by send buffer"), std::string::npos) << o.detail;
    EXPECT_EQ(o.detail.find("sndbuf"), std::string::npos) << o.detail;
}
