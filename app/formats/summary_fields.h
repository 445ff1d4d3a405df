// The summary's figures, listed once: for each, its key (the `run --json`
// name, with its unit), its unit, its words for people, whether a guided
// experiment's check may test it, and how to read it off a RunResult.
// `run --json` writes every field here (plus `version`, `scenario` and,
// when the run has per-flow results, `flows`); the window's run metrics
// (ui/lesson/run_metrics) offer the checkable ones.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "model/core/result.h"

namespace inflight {

enum class FieldUnit : std::uint8_t {
    Rate,      // bits/s
    Time,      // seconds
    Fraction,  // 0..1
    Packets,   // MSS-sized packets, fractional
    Count,     // a whole number of things
    None       // a flag, a word or the limits' shares
};

// How a field is read: one accessor, its type saying what the value is.
using NumberOf = double (*)(const RunResult&);
using CountOf = std::uint64_t (*)(const RunResult&);
using FlagOf = bool (*)(const RunResult&);
using WordOf = const char* (*)(const RunResult&);  // binding_limit: "cwnd", "rwnd", ...; null: none
using LimitSharesOf = std::array<double, kLimitCount> (*)(const RunResult&);  // by Limit
using FieldValue = std::variant<NumberOf, CountOf, FlagOf, WordOf, LimitSharesOf>;

struct SummaryField {
    std::string_view key;
    FieldUnit unit;
    std::string_view words;  // "mean RTT", "tail drops"
    bool checkable;          // a guided-experiment check may test it
    FieldValue value;
};

// Every field, in key order.
std::span<const SummaryField> summary_fields();
// The field of this key, or nullptr.
const SummaryField* find_summary_field(std::string_view key);
// A numeric field's value (counts as doubles); nothing for flags, words and shares.
std::optional<double> field_number(const SummaryField& f, const RunResult& r);
// A word field's value ("cwnd"); nothing for the others.
std::optional<std::string_view> field_word(const SummaryField& f, const RunResult& r);

// Each flow's figures, listed once beside
// the summary's: `run --json` writes them in each element of `flows`, the
// readable summary reads them for its line per flow.
enum class FlowFieldFor : std::uint8_t {
    Every,      // every flow
    Transfers,  // TCP flows with a size (flow completion times)
    Pings,      // pings
    Rpc         // request/response flows (app=rpc)
};

// Read from one flow of a run: what ran (FlowResult::flow) and its figures.
using FlowNumberOf = double (*)(const FlowResult&);
using FlowCountOf = std::uint64_t (*)(const FlowResult&);
using FlowFlagOf = bool (*)(const FlowResult&);
using FlowTextOf = std::optional<std::string> (*)(const FlowResult&);  // label, algo ("ping"), binding_limit; nothing: none (JSON null)
using FlowListOf = const std::vector<double>& (*)(const FlowResult&);  // fct_s: every FCT in order
using FlowFieldValue = std::variant<FlowNumberOf, FlowCountOf, FlowFlagOf, FlowTextOf, FlowListOf>;

struct FlowField {
    std::string_view key;
    FieldUnit unit;
    std::string_view words;
    FlowFieldFor applies;
    FlowFieldValue value;
};

// Every per-flow field, in key order.
std::span<const FlowField> flow_fields();
const FlowField* find_flow_field(std::string_view key);
// Whether the flow is a transfer, a ping or neither: whether `f` applies to it.
bool flow_field_applies(const FlowField& f, const ResolvedFlow& flow);

}  // namespace inflight
