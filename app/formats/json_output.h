// A run's result as one JSON object (the `run --json` output): every field
// of the summary's table (summary_fields.h) in SI units (bits/s, seconds,
// bytes, packets) under the keys the README lists, plus `version`;
// `scenario` uses the scenario-file keys so it can be fed back with
// --scenario. When the run has per-flow results (RunResult::flows), `flows`
// is an array of them in the scenario's order, each with the per-flow
// fields that apply to it (flow_fields(): FCTs for transfers, ping RTTs for
// pings).
#pragma once

#include <QJsonObject>
#include <string>

#include "model/core/result.h"

namespace inflight {

QJsonObject result_to_json(const RunResult& r);
// Indented JSON text ending in a newline.
std::string result_json_text(const RunResult& r);

}  // namespace inflight
