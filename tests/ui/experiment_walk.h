// Walking a guided experiment headless at the lesson level, as the guide
// does after every run: each step's settings → run_scenario →
// evaluate_check, the sweep a step asks for made by moving its parameter
// from one end of its range to the other (the two ends and the geometric
// middle).
#pragma once

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "builtin_experiments.h"
#include "model/engine/run.h"
#include "ui/lesson/experiment_file.h"
#include "ui/lesson/step_check.h"

namespace inflight::ui::test {

// A run as the window makes it. The guide re-runs on every change, so a
// step's run stays small: under 2 M packets (the longest, 240 s at
// 50 Mbit/s, is 1 M; a Release build simulates over 10 M packets a second).
// Its speed is the benchmarks' to measure, not a timed test's.
inline RunResult guide_run(const Scenario& s) {
    RunResult r = run_scenario(s);
    EXPECT_LT(r.summary.packets_simulated, 2'000'000u) << "a guide run of " << r.summary.packets_simulated << " packets";
    return r;
}

// The runs a student makes for a step: its settings, and for a sweep the
// two ends of the range and one value in between (geometric middle).
inline std::vector<RunResult> runs_for(const Step& step, const Scenario& settings) {
    std::vector<RunResult> out;
    if (const auto& a = step.check.across) {
        for (double v : {a->from, std::sqrt(a->from * a->to), a->to}) {
            Scenario s = settings;
            set_param_value(s, a->param, v);
            out.push_back(guide_run(s));
        }
    } else {
        out.push_back(guide_run(settings));
    }
    return out;
}

inline CheckOutcome outcome(const Step& step, const std::vector<RunResult>& runs) {
    std::vector<const RunResult*> p;
    for (const RunResult& r : runs) p.push_back(&r);
    return evaluate_check(step.check, p);
}

inline CheckOutcome walk(const Step& step, const Scenario& settings) { return outcome(step, runs_for(step, settings)); }

// The step's check on its figures alone: without the step's settings, which
// a run of other settings is told about first (step_check.h), so a test
// can ask what the figures of a deliberately different run say.
inline Step figures_only(Step step) {
    step.check.fixed.reset();
    return step;
}

// The step's settings with what it asks for done: "remove streams until
// one is left" (a check of flow_count) leaves that many of its flows; "set
// Duration to 120 s, then to 240 s" (a free duration) runs the longest.
inline Scenario as_asked(const Step& step) {
    Scenario s = step.settings;
    const bool duration_free = step.check.fixed && std::find(step.check.fixed->keys.begin(), step.check.fixed->keys.end(),
                                                             "duration") == step.check.fixed->keys.end();
    if (duration_free && step.todo.find("240 s") != std::string::npos) s.duration_s = 240.0;
    for (const Condition& c : step.check.all)
        if (c.field == "flow_count" && c.op == Condition::Op::Equal && !s.flows.empty())
            s.flows.resize(static_cast<std::size_t>(c.value));
    return s;
}

// Every step of experiment `id` (which has `steps` steps) ticks when done
// as asked; prints what each check read.
inline void walk_all(const std::string& id, std::size_t steps) {
    const Experiment& e = builtin_experiment(id);
    ASSERT_EQ(e.steps.size(), steps) << id;
    for (const Step& step : e.steps) {
        ASSERT_TRUE(step.has_settings) << step.title;
        const CheckOutcome o = walk(step, as_asked(step));
        EXPECT_TRUE(o.passed) << e.title << " / " << step.title << ": " << o.detail;
        std::cout << "  " << step.title << ": " << o.detail << "\n";
    }
}

}  // namespace inflight::ui::test
