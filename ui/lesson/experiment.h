// A guided experiment as data: steps with what to set, what to do, what to
// watch and why, and a check the model's result must pass for the step to
// tick. Loaded from JSON (experiment_file.h); evaluated by step_check.h.
// Plain C++, no Qt.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "model/core/scenario.h"

namespace inflight::ui {

// Which flows of a run a condition reads (README, "Guided experiments"):
// `"field": "flows[1].share"` (by position, 0-based as in the "flows" array
// of "set") or `"flow": "bbr"` beside the field — an algorithm (reno,
// cubic, bbr: every TCP flow running it), "ping" (every ping), "transfer"
// (every finite transfer) or else a flow's label. A selector that picks
// several flows asks the condition of each one.
struct FlowSelector {
    enum class By { Index, Algorithm, Ping, Transfer, Label };
    By by = By::Index;
    std::size_t index = 0;           // By::Index
    Algorithm algorithm = Algorithm::Cubic;  // By::Algorithm
    std::string label;               // By::Label
    std::string text;                // as written, for people: "flows[1]", "bbr", "web"

    bool operator==(const FlowSelector&) const = default;
};

// One comparison on a run's metrics (run_metrics.h names the fields).
struct Condition {
    enum class Op { Less, LessEq, Greater, GreaterEq, Equal, Within, SpreadBelow, FallsBy, RisesBy };
    std::string field;        // "throughput_bps", "binding_limit", "share" (with `flow`), ...
    std::optional<FlowSelector> flow;  // unset: the run's aggregate figure
    Op op = Op::GreaterEq;
    double value = 0;         // numeric fields (a flag: 1 true, 0 false)
    std::string text_value;   // string fields (binding_limit): compared with Equal
    double tolerance = 0;     // Within: |x − value| ≤ tolerance × |value|
    // SpreadBelow, FallsBy and RisesBy are properties of a sweep (Check::across):
    // (max − min)/mean < value; the figure at the sweep's low end minus the
    // figure at its high end ≥ value (FallsBy), or the other way (RisesBy).
    // With several flows selected, a run's figure is their mean.
};

// When set, the check is not on one run but on every finished run of a
// sweep the student makes by moving one parameter while everything else
// stays put: the runs must reach both ends of [from, to] (within 5%), there
// must be at least min_runs of them, and every one must pass.
struct Across {
    Param param = Param::Bandwidth;
    double from = 0, to = 0;  // SI base units
    int min_runs = 2;
    // Values between from and to the step asks the student to stop at
    // ("80 ms, 160 ms and 320 ms"): the slider gets a notch at each, and at
    // from and to, so a drag can land on every one.
    std::vector<double> stops;
};

// The settings a run must have for the check to hold: every setting "Set
// it" puts in place (the keys the step's "set" names, the defaults for the
// rest), but the seed and those the step asks the student to change (the
// check's "free" keys and the swept parameter). A step that says "BBR, 1%
// random loss" does not tick on a CUBIC run or on evenly spaced loss, nor
// "CoDel" on a run with ECN left on from the next step.
struct FixedSettings {
    Scenario as_set;                // the step's settings
    std::vector<std::string> keys;  // scenario-file keys ("algo", "loss_pattern", "flows")
};

struct Check {
    std::string text;         // the check in words, shown beside the tick
    std::vector<Condition> all;
    // "on": "kernel": the check reads the run on this computer's kernel
    // (View ▸ Real system), not the model's. Its fixed settings leave out
    // the model's stack and its details (the kernel has its own) and the
    // duration (the kernel run's is chosen beside its button); no "across".
    bool on_kernel = false;
    std::optional<Across> across;
    std::optional<FixedSettings> fixed;  // unset: a step without "set"
};

struct Step {
    std::string title;
    Scenario settings;        // the defaults with the step's "set" keys applied
    bool has_settings = false;
    std::string set_text;     // what "set" changes, in words ("CUBIC, 0.01% loss")
    std::string todo;         // what to do
    std::string watch;        // what to watch
    std::string why;          // why it happens
    Check check;
};

struct Experiment {
    std::string id;
    std::string title;
    std::string intro;
    std::vector<Step> steps;
    std::string source;       // where it was loaded from (":/…" or a path)
};

}  // namespace inflight::ui
