// Scenario files: one JSON object whose keys are the parameters' keys
// (scenario.h, key()) and whose values are numbers in SI base units or
// strings with units as on the command line; an unknown key is refused.
// Missing keys keep the values already in the scenario (the defaults).
// "flows" is an array of 1 – 100 objects with the flow keys (flow_spec.h),
// e.g. [{"algo": "cubic"}, {"algo": "bbr", "rtt": "40ms"}, {"algo": "ping",
// "interval": "100ms"}]; errors name flows[i].key (0-based).
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <optional>
#include <string>

#include "model/core/scenario.h"

namespace inflight {

// Files larger than this are refused unread: a scenario is a few hundred bytes.
inline constexpr qint64 kMaxScenarioFileBytes = 1'000'000;

// Reads `path` over `s`. On failure returns one line naming the file, the
// key, the value and what is allowed, and leaves `s` unchanged.
std::optional<std::string> load_scenario_file(const std::string& path, Scenario& s,
                                              double max_bandwidth_bps = Limits::max_bandwidth_bps_cli);

// The same for JSON text already in memory; `source` names it in errors.
std::optional<std::string> scenario_from_json(const QByteArray& json, const std::string& source,
                                              Scenario& s,
                                              double max_bandwidth_bps = Limits::max_bandwidth_bps_cli);

// Every parameter, keyed as in scenario files, values in SI base units
// (numbers) or names (strings); reads back to the same scenario. A seed
// from 2^53 up (refused as a JSON number) is written as a string of digits.
// "flows" only when the scenario lists flows, each with the keys it sets.
QJsonObject scenario_to_json(const Scenario& s);

}  // namespace inflight
