#include "lesson/run_metrics.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "summary_fields.h"
#include "units.h"

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
    };
    return g;
}

const std::map<std::string, std::string>& derived_words() {
    static const std::map<std::string, std::string> words = {
        {"queue_delay_s", "queueing delay"},
        {"drops", "drops"},
        {"probe_rtt_entries", "ProbeRTT entries"},
        {"min_cwnd_steady_packets", "smallest cwnd (packets)"}};
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
    if (const SummaryField* f = checkable(field)) {
        switch (f->unit) {
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
    }
    return format_number(v);
}

std::string metric_label(const std::string& field) {
    if (const SummaryField* f = checkable(field)) return std::string(f->words);
    const auto it = derived_words().find(field);
    return it == derived_words().end() ? field : it->second;
}

}  // namespace inflight::ui
