// From the run options given to the scenario they describe, the same for
// every subcommand that runs one: the --scenario file first, wherever it
// stands, then each option in command-line order (so options override the
// file, and the last of two wins), then the whole scenario validated.
// --flow (repeatable) and --parallel N replace the file's flows; they cannot
// be given together. The run's own --algo, --rtt, --rwnd, --sndbuf and
// --pacing are the defaults of every flow that does not set its own.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/read_options.h"
#include "model/core/scenario.h"

namespace inflight::cli {

// Sets `scenario` from `given`. Options that do not set the scenario (e.g.
// --json, --csv) go to `other`, in their place in the order, if it is given.
// Returns the first error, one line naming the option, value and range.
std::optional<std::string> scenario_from_options(
    const std::vector<Given>& given, Scenario& scenario,
    const std::function<std::optional<std::string>(const Given&)>& other = {});

// The --scenario file among `given` that sets the scenario (the last one
// given); empty when there is none. An output may not be written over it.
std::string scenario_file_given(const std::vector<Given>& given);

}  // namespace inflight::cli
