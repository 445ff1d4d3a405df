// Whether a run was made with the settings a step asks for (experiment.h,
// FixedSettings): every setting "Set it" puts in place holds in the run,
// the seed and the ones the step lets the student change aside. Plain C++.
#pragma once

#include <optional>
#include <string>

#include "ui/lesson/experiment.h"

namespace inflight::ui {

// Nothing when `run` has every fixed setting; else the first that differs,
// in words: "algorithm cubic where the step sets bbr".
std::optional<std::string> differing_setting(const FixedSettings& fixed, const Scenario& run);

}  // namespace inflight::ui
