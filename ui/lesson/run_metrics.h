// The figures a guided-experiment check may test, read from a finished run:
// the summary's checkable fields under their --json names (read from the
// field table, summary_fields.h), plus a few derived ones (queue delay,
// total drops, ProbeRTT entries, the smallest cwnd). Plain C++.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "result.h"

namespace inflight::ui {

// Every numeric field name, for the loader's "unknown field" message.
const std::vector<std::string>& numeric_metric_names();
// Every text field name ("binding_limit").
const std::vector<std::string>& text_metric_names();

// The value of a numeric field, or nothing when the name is unknown.
std::optional<double> numeric_metric(const RunResult& r, const std::string& field);
// The value of a text field, or nothing when the name is unknown.
std::optional<std::string> text_metric(const RunResult& r, const std::string& field);

// The unit a field's values are written in, for parsing "24Mbps" in a file
// and formatting a value for people.
enum class MetricUnit { Rate, Time, Fraction, Count };
MetricUnit metric_unit(const std::string& field);
std::string format_metric(const std::string& field, double v);
// The field in words for the panel: "throughput", "mean RTT".
std::string metric_label(const std::string& field);

}  // namespace inflight::ui
