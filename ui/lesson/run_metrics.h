// The figures a guided-experiment check may test, read from a finished run:
// the summary's checkable fields under their --json names (read from the
// field table, summary_fields.h), plus a few derived ones (queue delay,
// total drops, ProbeRTT entries, the smallest cwnd, and for several flows
// Jain's index, the bottleneck's queueing delay, whether the run settled,
// how many flows it had);
// and each flow's figures (the per-flow table of summary_fields.h: share,
// throughput, FCTs, ping RTTs, ...), read for the flows a selector picks.
// Plain C++.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ui/lesson/experiment.h"
#include "model/core/result.h"

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
// Flag: a yes/no figure ("settled"), 1 or 0, written true or false.
enum class MetricUnit { Rate, Time, Fraction, Count, Flag };
MetricUnit metric_unit(const std::string& field);
std::string format_metric(const std::string& field, double v);
// The field in words for the panel: "throughput", "mean RTT".
std::string metric_label(const std::string& field);

// --- Each flow's figures ---------------------------------------------------

// Every numeric per-flow field name ("share", "ping_p95_rtt_s", "settled", ...).
const std::vector<std::string>& flow_numeric_metric_names();
// Every text per-flow field name ("binding_limit").
const std::vector<std::string>& flow_text_metric_names();
bool is_flow_metric(const std::string& field);

// Flow i's figure, or nothing when the name is unknown or the run has no flow i.
std::optional<double> flow_numeric_metric(const RunResult& r, std::size_t i, const std::string& field);
std::optional<std::string> flow_text_metric(const RunResult& r, std::size_t i, const std::string& field);

// Whether a per-flow field means something for flow i of `s`: ping_* and
// pings_* for pings, fct_* for finite transfers, the rest for every flow.
bool flow_metric_applies(const std::string& field, const Scenario& s, std::size_t i);
// What kind of flow a field is for, in words ("pings", "transfers"), or
// empty when it is for every flow.
std::string flow_metric_for(const std::string& field);

// A per-flow field with no aggregate of the same name, written without a
// selector, reads every flow it applies to: ping_* every ping, fct_* every
// transfer. Nothing for the others (share needs a selector).
std::optional<FlowSelector> implied_selector(const std::string& field);

// The selector a word names: "reno", "cubic", "bbr" (every TCP flow of that
// algorithm), "ping", "transfer", else a label.
FlowSelector selector_from_word(const std::string& word);
// The flows of `s` the selector picks, in order (flow_count(s) flows).
std::vector<std::size_t> selected_flows(const Scenario& s, const FlowSelector& sel);
// The selector in words: "flows[1]", "the BBR flows", "“web”"; and a run
// without such a flow: "this run has no BBR flow". An algorithm by its
// proper name, as the window writes it ("BBR", "CUBIC", "Reno").
std::string algorithm_words(Algorithm a);
std::string selector_words(const FlowSelector& sel);
std::string no_such_flow_words(const FlowSelector& sel);

}  // namespace inflight::ui
