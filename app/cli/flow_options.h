// --flow SPEC and --parallel N, the command line's flows:
//
//   --flow ALGO[,key=value...]   ALGO is reno, cubic, bbr or ping; the keys
//                                are a scenario file's flow keys, with the
//                                run options' units (rtt=40ms, size=100KB,
//                                pacing=on); a spec may also start with a
//                                key (--flow rtt=20ms: the run's --algo)
//   --parallel N                 N identical bulk flows from the run options
//
// A comma inside a label is written "\,". Errors call the first --flow
// "flow 1", as the rest of the command line counts flows (a scenario
// file's errors keep its array's naming, flows[0] first).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "model/core/flow_spec.h"

namespace inflight::cli {

// Reads one --flow spec as flow number `index` (0-based) into `out`. On
// failure returns one line naming flow index + 1, the key, the value and
// what is allowed, e.g. "flow 1: algo: 'vegas' is not allowed; use one of
// reno, cubic, bbr, ping". Ranges that depend on the whole scenario (start within
// the run) are validate_flows()'s, once every option is read.
std::optional<std::string> parse_flow_spec(std::string_view spec, std::size_t index, FlowSpec& out);

// --parallel's value, 1 – FlowLimits::max_flows.
std::optional<std::string> parse_parallel(std::string_view text, std::size_t& out);

}  // namespace inflight::cli
