// What the fuzzers check on every input, shared with the regression test
// (regressions_test.cpp) so a saved input is held to the same promises.
// Each function feeds the bytes to one loader and returns an empty string
// when the loader kept its promises, or what it broke:
//   - no crash, no sanitizer report (that is the fuzzer's own job);
//   - a refusal is one non-empty line naming the source, and changes nothing;
//   - what is accepted is valid and survives a round trip.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace inflight::fuzz {

// The scenario-file loader (app/scenario_file.h) on the bytes as JSON text.
std::string check_scenario_json(const std::uint8_t* data, std::size_t size);
// Every unit parser (model/units.h) on the bytes as text.
std::string check_units(const std::uint8_t* data, std::size_t size);
// The guided-experiment loader (ui/experiment_file.h) on the bytes as JSON.
std::string check_experiment(const std::uint8_t* data, std::size_t size);

}  // namespace inflight::fuzz
