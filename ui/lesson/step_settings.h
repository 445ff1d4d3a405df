// Whether a run was made with the settings a step asks for (experiment.h,
// FixedSettings): every key its "set" names holds in the run as set, the
// ones the step lets the student change aside. Plain C++.
#pragma once

#include <optional>
#include <string>

#include "ui/lesson/experiment.h"

namespace inflight::ui {

// Nothing when `run` has every fixed setting; else the first that differs,
// in words: "algorithm cubic where the step sets bbr".
std::optional<std::string> differing_setting(const FixedSettings& fixed, const Scenario& run);

}  // namespace inflight::ui
