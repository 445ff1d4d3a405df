// One scenario parameter as text: reading what a person typed on the
// command line or wrote as a string in a scenario file ("80ms", "cubic",
// "on"), and writing a value back exactly or readably. Plain C++, no Qt.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/core/scenario.h"

namespace inflight {

// Sets parameter `p` of `s` from `text` and checks its range. On failure
// returns a one-line error that calls the parameter `name` ("--rtt", "rtt")
// and leaves `s` unchanged.
std::optional<std::string> set_param_from_text(Scenario& s, Param p, std::string_view text,
                                               std::string_view name,
                                               double max_bandwidth_bps = Limits::max_bandwidth_bps_cli);

// The value in SI base units, exactly (shortest text that reads back to the
// same double): "100000000", "0.08", "cubic", "on".
std::string param_exact_text(const Scenario& s, Param p);
// The value for people: "100 Mbit/s", "80 ms", "0.01%", "64 KiB", "on".
std::string param_human_text(const Scenario& s, Param p);

// The shortest decimal text that reads back to exactly `x` ("0.08").
std::string exact_number(double x);

// What each parameter models, in a few words (for --help and CSV headers).
const char* param_unit(Param p);  // "bit/s", "s", "fraction", "bytes", ""

}  // namespace inflight
