#include "ui/lesson/run_metrics.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <variant>

#include "app/formats/summary_fields.h"
#include "model/core/units.h"

namespace inflight::ui {

namespace {

using Getter = std::function<double(const RunResult&)>;

// Drops of every cause over the whole run.
double total_drops(const RunResult& r) {
    const Summary& s = r.summary;
    return static_cast<double>(s.drops_tail + s.drops_aqm + s.drops_random);
}

// How often the sender entered BBR's ProbeRTT state.
double probe_rtt_entries(const RunResult& r) {
    return static_cast<double>(std::count_if(r.events.begin(), r.events.end(), [](const Event& e) {
        return e.kind == EventKind::StateChange && e.phase == CcPhase::ProbeRtt;
    }));
}

// The smallest cwnd (packets) over the steady-state window: a ProbeRTT
// notch takes it to 4.
double min_cwnd_steady_packets(const RunResult& r) {
    double m = INFINITY;
    for (const TraceBucket& b : r.trace.buckets)
        if (b.t_start_s >= r.summary.window_start_s && std::isfinite(b.cwnd_bytes.min))
            m = std::min(m, b.cwnd_bytes.min);
    return std::isfinite(m) ? m / std::max<double>(1, r.trace.mss_bytes) : NAN;
}

// The lesson's own figures, derived from a run; the summary's checkable
// fields come from its table (summary_fields.h).
const std::map<std::string, Getter>& derived() {
    static const std::map<std::string, Getter> g = {
        // Mean RTT above the base RTT: the standing queue's delay.
        {"queue_delay_s", [](const RunResult& r) { return r.summary.mean_rtt_s - r.scenario.rtt_s; }},
        {"drops", total_drops},
        {"probe_rtt_entries", probe_rtt_entries},
        {"min_cwnd_steady_packets", min_cwnd_steady_packets},
        // Several flows: the path's aggregate figures.
        {"jain_index", [](const RunResult& r) { return r.summary.jain_index; }},
        {"mean_queue_delay_s", [](const RunResult& r) { return r.summary.mean_queue_delay_s; }},
        {"p95_queue_delay_s", [](const RunResult& r) { return r.summary.p95_queue_delay_s; }},
        {"settled", [](const RunResult& r) { return r.summary.settled ? 1.0 : 0.0; }},
        // How many flows the run had: a step that asks for streams to be
        // removed checks the run that has them removed.
        {"flow_count", [](const RunResult& r) { return static_cast<double>(flow_count(r.scenario)); }},
    };
    return g;
}

const std::map<std::string, std::string>& derived_words() {
    static const std::map<std::string, std::string> words = {
        {"queue_delay_s", "queueing delay"},
        {"drops", "drops"},
        {"probe_rtt_entries", "ProbeRTT entries"},
        {"min_cwnd_steady_packets", "smallest cwnd (packets)"},
        {"jain_index", "Jain's index"},
        {"mean_queue_delay_s", "mean queueing delay at the bottleneck"},
        {"p95_queue_delay_s", "95th-percentile queueing delay at the bottleneck"},
        {"settled", "settled"},
        {"flow_count", "number of flows"}};
    return words;
}

// The summary field a check may read under this name, or nullptr.
const SummaryField* checkable(const std::string& name) {
    const SummaryField* f = find_summary_field(name);
    return f && f->checkable ? f : nullptr;
}

// The names of the checkable summary fields that read as numbers (or as words), sorted.
std::vector<std::string> checkable_names(bool words) {
    std::vector<std::string> v;
    for (const SummaryField& f : summary_fields())
        if (f.checkable && std::holds_alternative<WordOf>(f.value) == words) v.emplace_back(f.key);
    return v;
}

}  // namespace

const std::vector<std::string>& numeric_metric_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v = checkable_names(false);
        for (const auto& [k, _] : derived()) v.push_back(k);
        std::sort(v.begin(), v.end());
        return v;
    }();
    return names;
}

const std::vector<std::string>& text_metric_names() {
    static const std::vector<std::string> names = checkable_names(true);
    return names;
}

std::optional<double> numeric_metric(const RunResult& r, const std::string& field) {
    if (const SummaryField* f = checkable(field)) return field_number(*f, r);
    const auto it = derived().find(field);
    if (it == derived().end()) return std::nullopt;
    return it->second(r);
}

std::optional<std::string> text_metric(const RunResult& r, const std::string& field) {
    const SummaryField* f = checkable(field);
    if (!f) return std::nullopt;
    const auto word = field_word(*f, r);
    if (!word) return std::nullopt;
    return std::string(*word);
}

MetricUnit metric_unit(const std::string& field) {
    if (field == "settled") return MetricUnit::Flag;
    const FlowField* ff = find_flow_field(field);
    if (const SummaryField* f = checkable(field); f || (ff && !derived().count(field))) {
        const FieldUnit unit = f ? f->unit : ff->unit;
        switch (unit) {
        case FieldUnit::Rate: return MetricUnit::Rate;
        case FieldUnit::Time: return MetricUnit::Time;
        case FieldUnit::Fraction: return MetricUnit::Fraction;
        default: return MetricUnit::Count;
        }
    }
    // The derived figures say their unit in their name.
    const auto ends = [&](const char* suffix) {
        const std::string s(suffix);
        return field.size() >= s.size() && field.compare(field.size() - s.size(), s.size(), s) == 0;
    };
    if (ends("_bps")) return MetricUnit::Rate;
    if (ends("_s")) return MetricUnit::Time;
    if (field == "utilisation") return MetricUnit::Fraction;
    return MetricUnit::Count;
}

std::string format_metric(const std::string& field, double v) {
    switch (metric_unit(field)) {
    case MetricUnit::Rate: return format_rate(v);
    case MetricUnit::Time: return format_time(v);
    case MetricUnit::Fraction: return format_number(v * 100, 3) + "%";
    case MetricUnit::Count: return format_number(v, 4);
    case MetricUnit::Flag: return v != 0 ? "yes" : "no";
    }
    return format_number(v);
}

std::string metric_label(const std::string& field) {
    if (const SummaryField* f = checkable(field)) return std::string(f->words);
    const auto it = derived_words().find(field);
    if (it != derived_words().end()) return it->second;
    if (const FlowField* f = find_flow_field(field)) return std::string(f->words);
    return field;
}

// --- Each flow's figures ---------------------------------------------------

namespace {

// A per-flow field a check may read: numbers, counts and flags; the words
// (binding_limit); not the label, the algorithm or the list of FCTs.
bool flow_checkable(const FlowField& f, bool words) {
    if (std::holds_alternative<FlowTextOf>(f.value)) return words && f.key == "binding_limit";
    if (std::holds_alternative<FlowListOf>(f.value)) return false;
    return !words;
}

std::vector<std::string> flow_names(bool words) {
    std::vector<std::string> v;
    for (const FlowField& f : flow_fields())
        if (flow_checkable(f, words)) v.emplace_back(f.key);
    return v;
}

const FlowField* flow_field(const std::string& name, bool words) {
    const FlowField* f = find_flow_field(name);
    return f && flow_checkable(*f, words) ? f : nullptr;
}

}  // namespace

const std::vector<std::string>& flow_numeric_metric_names() {
    static const std::vector<std::string> names = flow_names(false);
    return names;
}

const std::vector<std::string>& flow_text_metric_names() {
    static const std::vector<std::string> names = flow_names(true);
    return names;
}

bool is_flow_metric(const std::string& field) { return flow_field(field, false) || flow_field(field, true); }

std::optional<double> flow_numeric_metric(const RunResult& r, std::size_t i, const std::string& field) {
    const FlowField* f = flow_field(field, false);
    if (!f || i >= r.flows.size()) return std::nullopt;
    const FlowResult& s = r.flows[i];
    if (const auto* n = std::get_if<FlowNumberOf>(&f->value)) return (*n)(s);
    if (const auto* c = std::get_if<FlowCountOf>(&f->value)) return static_cast<double>((*c)(s));
    if (const auto* b = std::get_if<FlowFlagOf>(&f->value)) return (*b)(s) ? 1.0 : 0.0;
    return std::nullopt;
}

std::optional<std::string> flow_text_metric(const RunResult& r, std::size_t i, const std::string& field) {
    const FlowField* f = flow_field(field, true);
    if (!f || i >= r.flows.size()) return std::nullopt;
    return std::get<FlowTextOf>(f->value)(r.flows[i]);
}

bool flow_metric_applies(const std::string& field, const Scenario& s, std::size_t i) {
    const FlowField* f = find_flow_field(field);
    return f && i < flow_count(s) && flow_field_applies(*f, resolve_flow(s, i));  // before a run: the settings' flow
}

std::string flow_metric_for(const std::string& field) {
    const FlowField* f = find_flow_field(field);
    if (!f) return {};
    switch (f->applies) {
    case FlowFieldFor::Transfers: return "transfers";
    case FlowFieldFor::Pings: return "pings";
    case FlowFieldFor::Rpc: return "request/response flows";
    case FlowFieldFor::Every: return {};
    }
    return {};
}

std::optional<FlowSelector> implied_selector(const std::string& field) {
    if (checkable(field) || derived().count(field)) return std::nullopt;  // an aggregate of that name
    const FlowField* f = find_flow_field(field);
    if (!f || f->applies == FlowFieldFor::Every || f->applies == FlowFieldFor::Rpc) return std::nullopt;
    return selector_from_word(f->applies == FlowFieldFor::Pings ? "ping" : "transfer");
}

FlowSelector selector_from_word(const std::string& word) {
    FlowSelector s;
    s.text = word;
    if (word == "ping") s.by = FlowSelector::By::Ping;
    else if (word == "transfer") s.by = FlowSelector::By::Transfer;
    else if (const auto a = algorithm_from_string(word)) {
        s.by = FlowSelector::By::Algorithm;
        s.algorithm = *a;
    } else {
        s.by = FlowSelector::By::Label;
        s.label = word;
    }
    return s;
}

std::vector<std::size_t> selected_flows(const Scenario& s, const FlowSelector& sel) {
    std::vector<std::size_t> out;
    const std::size_t n = flow_count(s);
    for (std::size_t i = 0; i < n; ++i) {
        const ResolvedFlow f = resolve_flow(s, i);
        bool take = false;
        switch (sel.by) {
        case FlowSelector::By::Index: take = i == sel.index; break;
        case FlowSelector::By::Algorithm: take = f.kind == FlowKind::Tcp && f.algorithm == sel.algorithm; break;
        case FlowSelector::By::Ping: take = f.kind == FlowKind::Ping; break;
        case FlowSelector::By::Transfer: take = f.kind == FlowKind::Tcp && f.size_bytes.has_value(); break;
        case FlowSelector::By::Label: take = f.label == sel.label; break;
        }
        if (take) out.push_back(i);
    }
    return out;
}

std::string algorithm_words(Algorithm a) {
    switch (a) {
    case Algorithm::Reno: return "Reno";
    case Algorithm::Cubic: return "CUBIC";
    case Algorithm::Bbr: return "BBR";
    }
    return "?";
}

std::string selector_words(const FlowSelector& sel) {
    switch (sel.by) {
    case FlowSelector::By::Index: return sel.text;
    case FlowSelector::By::Algorithm: return "the " + algorithm_words(sel.algorithm) + " flows";
    case FlowSelector::By::Ping: return "the pings";
    case FlowSelector::By::Transfer: return "the transfers";
    case FlowSelector::By::Label: return "“" + sel.label + "”";
    }
    return sel.text;
}

std::string no_such_flow_words(const FlowSelector& sel) {
    switch (sel.by) {
    case FlowSelector::By::Index: return "this run has no " + sel.text;
    case FlowSelector::By::Algorithm: return "this run has no " + algorithm_words(sel.algorithm) + " flow";
    case FlowSelector::By::Ping: return "this run has no ping";
    case FlowSelector::By::Transfer: return "this run has no transfer";
    case FlowSelector::By::Label: return "this run has no flow labelled “" + sel.label + "”";
    }
    return "this run has no " + sel.text;
}

}  // namespace inflight::ui
