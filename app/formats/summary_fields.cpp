#include "app/formats/summary_fields.h"

#include <algorithm>

#include "app/formats/limit_words.h"

namespace inflight {
namespace {

using R = const RunResult&;

// The receiver's pure ACKs per data segment it took (1 for the lesson's
// mirror); 0 when it took none.
double acks_per_segment(std::uint64_t acks, std::uint64_t segments) {
    return segments > 0 ? static_cast<double>(acks) / static_cast<double>(segments) : 0.0;
}

// In key order (the JSON object's order too).
constexpr SummaryField kFields[] = {
    {"acks_per_segment", FieldUnit::Fraction, "ACKs per data segment", true,
     +[](R r) { return acks_per_segment(r.summary.acks_sent, r.summary.segments_received); }},
    {"bdp_packets", FieldUnit::Packets, "BDP (packets)", true, +[](R r) { return r.summary.bdp_packets; }},
    {"binding_fractions", FieldUnit::None, "share of the steady state each limit bound", false,
     +[](R r) { return r.summary.binding_fractions; }},
    // None (null) for a run that sent no data in the steady state: no limit held it back.
    {"binding_limit", FieldUnit::None, "limited by", true,
     +[](R r) { return nothing_sent_in_window(r.summary) ? nullptr : to_string(r.summary.binding_limit); }},
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
    {"jain_index", FieldUnit::Fraction, "Jain's fairness index", false, +[](R r) { return r.summary.jain_index; }},
    {"max_rtt_s", FieldUnit::Time, "max RTT", true, +[](R r) { return r.summary.max_rtt_s; }},
    {"mean_cwnd_packets", FieldUnit::Packets, "mean cwnd (packets)", true,
     +[](R r) { return r.summary.mean_cwnd_packets; }},
    {"mean_queue_delay_s", FieldUnit::Time, "mean queueing delay", false,
     +[](R r) { return r.summary.mean_queue_delay_s; }},
    {"mean_rtt_s", FieldUnit::Time, "mean RTT", true, +[](R r) { return r.summary.mean_rtt_s; }},
    {"min_rtt_s", FieldUnit::Time, "min RTT", true, +[](R r) { return r.summary.min_rtt_s; }},
    {"p95_queue_delay_s", FieldUnit::Time, "95th-percentile queueing delay", false,
     +[](R r) { return r.summary.p95_queue_delay_s; }},
    {"p95_rtt_s", FieldUnit::Time, "95th-percentile RTT", true, +[](R r) { return r.summary.p95_rtt_s; }},
    {"packets_simulated", FieldUnit::Count, "packets simulated", false,
     +[](R r) { return r.summary.packets_simulated; }},
    {"retransmits", FieldUnit::Count, "retransmissions", true, +[](R r) { return r.summary.retransmits; }},
    {"rtos", FieldUnit::Count, "RTOs", true, +[](R r) { return r.summary.rtos; }},
    {"settled", FieldUnit::None, "settled (the two halves of the steady state agree)", false,
     +[](R r) { return r.summary.settled; }},
    {"throughput_bps", FieldUnit::Rate, "throughput", true, +[](R r) { return r.summary.throughput_bps; }},
    {"utilisation", FieldUnit::Fraction, "utilisation", true, +[](R r) { return r.summary.utilisation; }},
    {"wall_seconds", FieldUnit::Time, "wall time", false, +[](R r) { return r.summary.wall_seconds; }},
    {"window_congestion_events", FieldUnit::Count, "congestion events (2nd half)", true,
     +[](R r) { return r.summary.window_congestion_events; }},
    {"window_end_s", FieldUnit::Time, "end of the steady state", false, +[](R r) { return r.summary.window_end_s; }},
    {"window_start_s", FieldUnit::Time, "start of the steady state", false,
     +[](R r) { return r.summary.window_start_s; }},
};

using F = const FlowResult&;
constexpr auto kEvery = FlowFieldFor::Every;

// In key order.
const FlowField kFlowFields[] = {
    {"acks_per_segment", FieldUnit::Fraction, "ACKs per data segment", kEvery,
     +[](F f) { return acks_per_segment(f.summary.acks_sent, f.summary.segments_received); }},
    {"algo", FieldUnit::None, "algorithm", kEvery,
     +[](F f) -> std::optional<std::string> { return f.flow.kind == FlowKind::Ping ? "ping" : to_string(f.flow.algorithm); }},
    {"binding_limit", FieldUnit::None, "limited by", kEvery, +[](F f) { return flow_binding_limit(f); }},
    {"congestion_events", FieldUnit::Count, "congestion events", kEvery, +[](F f) { return f.summary.congestion_events; }},
    {"drops_aqm", FieldUnit::Count, "AQM drops", kEvery, +[](F f) { return f.summary.drops_aqm; }},
    {"drops_random", FieldUnit::Count, "random losses", kEvery, +[](F f) { return f.summary.drops_random; }},
    {"drops_tail", FieldUnit::Count, "tail drops", kEvery, +[](F f) { return f.summary.drops_tail; }},
    {"ecn_marks", FieldUnit::Count, "ECN marks", kEvery, +[](F f) { return f.summary.ecn_marks; }},
    {"fct_max_s", FieldUnit::Time, "longest flow completion time", FlowFieldFor::Transfers,
     +[](F f) { return f.summary.fct_max_s; }},
    {"fct_mean_s", FieldUnit::Time, "mean flow completion time", FlowFieldFor::Transfers,
     +[](F f) { return f.summary.fct_mean_s; }},
    {"fct_p50_s", FieldUnit::Time, "median flow completion time", FlowFieldFor::Transfers,
     +[](F f) { return f.summary.fct_p50_s; }},
    {"fct_p95_s", FieldUnit::Time, "95th-percentile flow completion time", FlowFieldFor::Transfers,
     +[](F f) { return f.summary.fct_p95_s; }},
    {"fct_s", FieldUnit::Time, "every flow completion time", FlowFieldFor::Transfers,
     +[](F f) -> const std::vector<double>& { return f.summary.fct_s; }},
    {"label", FieldUnit::None, "label", kEvery, +[](F f) -> std::optional<std::string> { return f.flow.label; }},
    {"max_rtt_s", FieldUnit::Time, "max RTT", kEvery, +[](F f) { return f.summary.max_rtt_s; }},
    {"mean_cwnd_packets", FieldUnit::Packets, "mean cwnd (packets)", kEvery, +[](F f) { return f.summary.mean_cwnd_packets; }},
    {"mean_rtt_s", FieldUnit::Time, "mean RTT", kEvery, +[](F f) { return f.summary.mean_rtt_s; }},
    {"min_rtt_s", FieldUnit::Time, "min RTT", kEvery, +[](F f) { return f.summary.min_rtt_s; }},
    {"p95_rtt_s", FieldUnit::Time, "95th-percentile RTT", kEvery, +[](F f) { return f.summary.p95_rtt_s; }},
    {"ping_max_rtt_s", FieldUnit::Time, "longest ping RTT", FlowFieldFor::Pings, +[](F f) { return f.summary.ping_max_rtt_s; }},
    {"ping_mean_rtt_s", FieldUnit::Time, "mean ping RTT", FlowFieldFor::Pings, +[](F f) { return f.summary.ping_mean_rtt_s; }},
    {"ping_p50_rtt_s", FieldUnit::Time, "median ping RTT", FlowFieldFor::Pings, +[](F f) { return f.summary.ping_p50_rtt_s; }},
    {"ping_p95_rtt_s", FieldUnit::Time, "95th-percentile ping RTT", FlowFieldFor::Pings,
     +[](F f) { return f.summary.ping_p95_rtt_s; }},
    {"pings_lost", FieldUnit::Count, "pings lost", FlowFieldFor::Pings, +[](F f) { return f.summary.pings_lost; }},
    {"pings_sent", FieldUnit::Count, "pings sent", FlowFieldFor::Pings, +[](F f) { return f.summary.pings_sent; }},
    {"retransmits", FieldUnit::Count, "retransmissions", kEvery, +[](F f) { return f.summary.retransmits; }},
    {"rtos", FieldUnit::Count, "RTOs", kEvery, +[](F f) { return f.summary.rtos; }},
    {"settled", FieldUnit::None, "settled (its share agrees over the two halves)", kEvery,
     +[](F f) { return f.summary.settled; }},
    {"share", FieldUnit::Fraction, "share of the throughput", kEvery, +[](F f) { return f.summary.share; }},
    {"throughput_bps", FieldUnit::Rate, "throughput", kEvery, +[](F f) { return f.summary.throughput_bps; }},
    {"transaction_max_s", FieldUnit::Time, "longest transaction", FlowFieldFor::Rpc,
     +[](F f) { return f.summary.transaction_max_s; }},
    {"transaction_mean_s", FieldUnit::Time, "mean transaction latency", FlowFieldFor::Rpc,
     +[](F f) { return f.summary.transaction_mean_s; }},
    {"transaction_p50_s", FieldUnit::Time, "median transaction latency", FlowFieldFor::Rpc,
     +[](F f) { return f.summary.transaction_p50_s; }},
    {"transaction_p95_s", FieldUnit::Time, "95th-percentile transaction latency", FlowFieldFor::Rpc,
     +[](F f) { return f.summary.transaction_p95_s; }},
    {"transactions", FieldUnit::Count, "transactions completed", FlowFieldFor::Rpc,
     +[](F f) { return f.summary.transactions; }},
    {"writes_held_by_nagle", FieldUnit::Count, "writes held by Nagle", FlowFieldFor::Rpc,
     +[](F f) { return f.summary.writes_held_by_nagle; }},
};

}  // namespace

std::span<const FlowField> flow_fields() { return kFlowFields; }

const FlowField* find_flow_field(std::string_view key) {
    const auto it = std::find_if(std::begin(kFlowFields), std::end(kFlowFields),
                                 [&](const FlowField& f) { return f.key == key; });
    return it == std::end(kFlowFields) ? nullptr : &*it;
}

bool flow_field_applies(const FlowField& f, const ResolvedFlow& flow) {
    switch (f.applies) {
        case FlowFieldFor::Every: return true;
        case FlowFieldFor::Transfers: return flow.kind == FlowKind::Tcp && flow.size_bytes.has_value();
        case FlowFieldFor::Pings: return flow.kind == FlowKind::Ping;
        case FlowFieldFor::Rpc: return flow.is_rpc();
    }
    return false;
}

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
    if (const auto* word = std::get_if<WordOf>(&f.value))
        if (const char* w = (*word)(r)) return w;
    return std::nullopt;
}

}  // namespace inflight
