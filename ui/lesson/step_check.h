// Evaluating a step's check against the runs the student has made since the
// step began. A check on one run looks at the newest; a check "across" a
// parameter looks at the newest run's sweep: every finished run that differs
// from it in that parameter alone. Either way the run must also have the
// step's settings (experiment.h, FixedSettings). Plain C++.
#pragma once

#include <string>
#include <vector>

#include "ui/lesson/experiment.h"
#include "model/core/result.h"

namespace inflight::ui {

struct CheckOutcome {
    bool passed = false;
    std::string detail;  // for people: what was measured, or what is still missing
};

// `runs`: finished runs since the step began, oldest first.
CheckOutcome evaluate_check(const Check& check, const std::vector<const RunResult*>& runs);

// A parameter of a scenario as a number in SI base units (swept parameters only).
double param_value(const Scenario& s, Param p);
void set_param_value(Scenario& s, Param p, double v);
std::string format_param(Param p, double v);

}  // namespace inflight::ui
