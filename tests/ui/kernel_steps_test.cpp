// Guided steps whose check reads the run on this computer's kernel:
//  - a file says so with "on": "kernel" (or "model"); another word, or a
//    sweep ("across") on the kernel, is refused naming the key;
//  - such a step holds the run to its settings but the model's stack, its
//    details and the duration (the kernel has its own stack; its run's
//    duration is chosen beside its button);
//  - the panel ticks it on a kernel run finished while the step is open,
//    never on a model run; where the kernel cannot run, it says why;
//  - as root, every built-in kernel step ticks on this machine's kernel.
// Expected figures are the steps' own words (the thresholds they state).
#include <QByteArray>
#include <QString>
#include <algorithm>
#include <cstdio>
#include <gtest/gtest.h>
#include <unistd.h>

#include "app/kernel/kernel_run.h"
#include "builtin_experiments.h"
#include "model/engine/run.h"
#include "ui/lesson/experiment_file.h"
#include "ui/lesson/step_check.h"
#include "ui/teaching/experiment_panel.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

QByteArray one_step(const char* check_extra) {
    return QByteArray(R"({"format": "inflight-experiment/1", "id": "k", "title": "K", "intro": "i",
        "steps": [{"title": "t", "do": "d", "watch": "w", "why": "y",
                   "set": {"stack": "linux", "bandwidth": "50Mbps", "duration": "10s", "hystart": "on"},
                   "check": {"text": "c", "all": [{"field": "utilisation", "op": ">=", "value": "90%"}])") +
           check_extra + "}}]}";
}

bool has_key(const Step& s, const std::string& k) {
    const auto& keys = s.check.fixed->keys;
    return std::find(keys.begin(), keys.end(), k) != keys.end();
}

SnapshotPtr snapshot(RunResult r, quint64 generation) {
    auto s = std::make_shared<RunSnapshot>();
    s->generation = generation;
    s->done = true;
    s->result = std::move(r);
    return s;
}

// The built-in steps whose check reads the kernel, with their experiment.
std::vector<std::pair<std::string, const Step*>> kernel_steps() {
    std::vector<std::pair<std::string, const Step*>> out;
    for (const char* id : {"two-algorithms", "ten-streams", "latency-others-pay", "the-ramp", "receive-buffer", "small-writes"}) {
        const Experiment& e = test::builtin_experiment(id);
        for (const Step& s : e.steps)
            if (s.check.on_kernel) out.emplace_back(e.title, &s);
    }
    return out;
}

}  // namespace

TEST(KernelSteps, AFileSaysOnKernelAndTheStepHoldsAllButTheStackAndDuration) {
    const auto model = parse_experiment(one_step(""), "t");
    ASSERT_TRUE(std::holds_alternative<Experiment>(model)) << std::get<QString>(model).toStdString();
    const Step& m = std::get<Experiment>(model).steps[0];
    EXPECT_FALSE(m.check.on_kernel);
    EXPECT_TRUE(has_key(m, "stack") && has_key(m, "duration") && has_key(m, "hystart"));

    const auto kernel = parse_experiment(one_step(R"(, "on": "kernel")"), "t");
    ASSERT_TRUE(std::holds_alternative<Experiment>(kernel)) << std::get<QString>(kernel).toStdString();
    const Step& k = std::get<Experiment>(kernel).steps[0];
    EXPECT_TRUE(k.check.on_kernel);
    EXPECT_TRUE(has_key(k, "bandwidth"));
    EXPECT_FALSE(has_key(k, "stack") || has_key(k, "duration") || has_key(k, "hystart"));
}

TEST(KernelSteps, AnotherWordOrASweepOnTheKernelIsRefusedNamingTheKey) {
    const auto word = parse_experiment(one_step(R"(, "on": "kernal")"), "t");
    ASSERT_TRUE(std::holds_alternative<QString>(word));
    EXPECT_TRUE(std::get<QString>(word).contains("check.on")) << std::get<QString>(word).toStdString();
    const auto sweep = parse_experiment(
        one_step(R"(, "on": "kernel", "across": {"param": "bandwidth", "from": "10Mbps", "to": "50Mbps"})"), "t");
    ASSERT_TRUE(std::holds_alternative<QString>(sweep));
    EXPECT_TRUE(std::get<QString>(sweep).contains("check.across")) << std::get<QString>(sweep).toStdString();
}

TEST(KernelSteps, AModelRunNeverTicksAKernelStepAKernelRunDoes) {
    const auto steps = kernel_steps();
    ASSERT_EQ(steps.size(), 6u);  // experiments 5 to 10 end on the kernel
    const Experiment& e = test::builtin_experiment("ten-streams");
    ExperimentPanel panel;
    panel.setExperiments({e}, {});
    panel.setKernelRefusal([](const Scenario&) { return std::optional<QString>(); });
    const int last = static_cast<int>(e.steps.size()) - 1;
    ASSERT_TRUE(e.steps[last].check.on_kernel);
    panel.setExperiment(0, 0);
    panel.setStep(last, 0);
    EXPECT_NE(panel.checkDetail().indexOf("waiting for a kernel run"), -1) << panel.checkDetail().toStdString();
    // A kernel run that falls short (one stream, not ten) says what it lacks.
    Scenario one = e.steps[last].settings;
    one.flows.resize(1);
    panel.kernelRunFinished(snapshot(run_scenario(one), 1));
    EXPECT_FALSE(panel.ticked(last));
    EXPECT_TRUE(panel.checkDetail().startsWith("not yet")) << panel.checkDetail().toStdString();
    // The model's run of the step's own settings passes the conditions
    // (the model agrees), yet it is not the kernel's: no tick.
    const RunResult model = run_scenario(e.steps[last].settings);
    ASSERT_TRUE(evaluate_check(e.steps[last].check, {&model}).passed);
    panel.runFinished(snapshot(model, 2));
    EXPECT_FALSE(panel.ticked(last));
    // The same figures arriving as the kernel's run tick it.
    panel.kernelRunFinished(snapshot(model, 2));
    EXPECT_TRUE(panel.ticked(last));
}

TEST(KernelSteps, WhereTheKernelCannotRunTheStepSaysWhy) {
    const Experiment& e = test::builtin_experiment("latency-others-pay");
    ExperimentPanel panel;
    panel.setExperiments({e}, {});
    panel.setKernelRefusal([](const Scenario&) { return std::optional<QString>("needs CAP_NET_ADMIN"); });
    panel.setExperiment(0, 0);
    panel.setStep(static_cast<int>(e.steps.size()) - 1, 0);
    EXPECT_NE(panel.checkDetail().indexOf("this computer cannot run it (needs CAP_NET_ADMIN)"), -1)
        << panel.checkDetail().toStdString();
}

// As root: each built-in kernel step, run on this machine's kernel as the
// window's button runs it (the step's settings, its duration), ticks.
TEST(KernelSteps, EveryBuiltInKernelStepTicksOnThisKernel) {
    const auto steps = kernel_steps();
    ASSERT_FALSE(steps.empty());
    if (const auto why = kernel::kernel_run_refusal(steps[0].second->settings))
        GTEST_SKIP() << "the kernel cannot run here: " << *why;
    for (const auto& [title, step] : steps) {
        const kernel::KernelOutcome o = kernel::run_on_kernel(step->settings);
        ASSERT_TRUE(o.ok()) << title << ": " << o.error;
        // An emulator that fell behind (a sanitizer build, a loaded machine)
        // did not give the path the step sets: its figures prove nothing.
        if (!o.facts.honest) {
            std::printf("%s / %s: the emulator fell behind (p99 write lateness %.1f ms): not checked\n", title.c_str(),
                        step->title.c_str(), o.facts.data_direction.p99_late_s * 1e3);
            continue;
        }
        // So did a busy machine: the kernel's senders and receivers waited
        // for a CPU, stretching every round trip (cpu_pressure.h).
        if (o.facts.machine_busy) {
            std::printf("%s / %s: this computer was busy (%s): not checked\n", title.c_str(), step->title.c_str(),
                        kernel::cpu_wait_words(o.facts).c_str());
            continue;
        }
        const CheckOutcome c = evaluate_check(step->check, {&*o.result});
        std::printf("%s / %s: %s (%s)\n", title.c_str(), step->title.c_str(), c.detail.c_str(),
                    kernel::cpu_wait_words(o.facts).c_str());
        EXPECT_TRUE(c.passed) << title << " / " << step->title << ": " << c.detail;
    }
}
