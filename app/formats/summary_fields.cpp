#include "summary_fields.h"

#include <algorithm>

namespace inflight {
namespace {

using R = const RunResult&;

// In key order (the JSON object's order too).
constexpr SummaryField kFields[] = {
    {"bdp_packets", FieldUnit::Packets, "BDP (packets)", true, +[](R r) { return r.summary.bdp_packets; }},
    {"binding_fractions", FieldUnit::None, "share of the steady state each limit bound", false,
     +[](R r) { return r.summary.binding_fractions; }},
    {"binding_limit", FieldUnit::None, "limited by", true, +[](R r) { return to_string(r.summary.binding_limit); }},
    {"buffer_packets", FieldUnit::Packets, "buffer (packets)", false, +[](R r) { return r.summary.buffer_packets; }},
    {"cancelled", FieldUnit::None, "cancelled", false, +[](R r) { return r.cancelled; }},
    {"congestion_events", FieldUnit::Count, "congestion events", true,
     +[](R r) { return r.summary.congestion_events; }},
    {"drops_aqm", FieldUnit::Count, "AQM drops", true, +[](R r) { return r.summary.drops_aqm; }},
    {"drops_random", FieldUnit::Count, "random losses", true, +[](R r) { return r.summary.drops_random; }},
    {"drops_tail", FieldUnit::Count, "tail drops", true, +[](R r) { return r.summary.drops_tail; }},
    {"ecn_marks", FieldUnit::Count, "ECN marks", true, +[](R r) { return r.summary.ecn_marks; }},
    {"few_events", FieldUnit::None, "too few congestion events to trust", false,
     +[](R r) { return r.summary.few_events; }},
    {"max_rtt_s", FieldUnit::Time, "max RTT", true, +[](R r) { return r.summary.max_rtt_s; }},
    {"mean_cwnd_packets", FieldUnit::Packets, "mean cwnd (packets)", true,
     +[](R r) { return r.summary.mean_cwnd_packets; }},
    {"mean_rtt_s", FieldUnit::Time, "mean RTT", true, +[](R r) { return r.summary.mean_rtt_s; }},
    {"min_rtt_s", FieldUnit::Time, "min RTT", true, +[](R r) { return r.summary.min_rtt_s; }},
    {"p95_rtt_s", FieldUnit::Time, "95th-percentile RTT", true, +[](R r) { return r.summary.p95_rtt_s; }},
    {"packets_simulated", FieldUnit::Count, "packets simulated", false,
     +[](R r) { return r.summary.packets_simulated; }},
    {"retransmits", FieldUnit::Count, "retransmissions", true, +[](R r) { return r.summary.retransmits; }},
    {"rtos", FieldUnit::Count, "RTOs", true, +[](R r) { return r.summary.rtos; }},
    {"throughput_bps", FieldUnit::Rate, "throughput", true, +[](R r) { return r.summary.throughput_bps; }},
    {"utilisation", FieldUnit::Fraction, "utilisation", true, +[](R r) { return r.summary.utilisation; }},
    {"wall_seconds", FieldUnit::Time, "wall time", false, +[](R r) { return r.summary.wall_seconds; }},
    {"window_congestion_events", FieldUnit::Count, "congestion events (2nd half)", true,
     +[](R r) { return r.summary.window_congestion_events; }},
    {"window_end_s", FieldUnit::Time, "end of the steady state", false, +[](R r) { return r.summary.window_end_s; }},
    {"window_start_s", FieldUnit::Time, "start of the steady state", false,
     +[](R r) { return r.summary.window_start_s; }},
};

}  // namespace

std::span<const SummaryField> summary_fields() { return kFields; }

const SummaryField* find_summary_field(std::string_view key) {
    const auto it = std::find_if(std::begin(kFields), std::end(kFields),
                                 [&](const SummaryField& f) { return f.key == key; });
    return it == std::end(kFields) ? nullptr : &*it;
}

std::optional<double> field_number(const SummaryField& f, const RunResult& r) {
    if (const auto* number = std::get_if<NumberOf>(&f.value)) return (*number)(r);
    if (const auto* count = std::get_if<CountOf>(&f.value)) return static_cast<double>((*count)(r));
    return std::nullopt;
}

std::optional<std::string_view> field_word(const SummaryField& f, const RunResult& r) {
    if (const auto* word = std::get_if<WordOf>(&f.value)) return (*word)(r);
    return std::nullopt;
}

}  // namespace inflight
