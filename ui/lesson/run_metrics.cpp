#include "lesson/run_metrics.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

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

const std::map<std::string, Getter>& getters() {
    static const std::map<std::string, Getter> g = {
        {"throughput_bps", [](const RunResult& r) { return r.summary.throughput_bps; }},
        {"utilisation", [](const RunResult& r) { return r.summary.utilisation; }},
        {"mean_cwnd_packets", [](const RunResult& r) { return r.summary.mean_cwnd_packets; }},
        {"mean_rtt_s", [](const RunResult& r) { return r.summary.mean_rtt_s; }},
        {"min_rtt_s", [](const RunResult& r) { return r.summary.min_rtt_s; }},
        {"max_rtt_s", [](const RunResult& r) { return r.summary.max_rtt_s; }},
        {"p95_rtt_s", [](const RunResult& r) { return r.summary.p95_rtt_s; }},
        // Mean RTT above the base RTT: the standing queue's delay.
        {"queue_delay_s", [](const RunResult& r) { return r.summary.mean_rtt_s - r.scenario.rtt_s; }},
        {"congestion_events", [](const RunResult& r) { return double(r.summary.congestion_events); }},
        {"window_congestion_events",
         [](const RunResult& r) { return double(r.summary.window_congestion_events); }},
        {"drops", total_drops},
        {"drops_tail", [](const RunResult& r) { return double(r.summary.drops_tail); }},
        {"drops_aqm", [](const RunResult& r) { return double(r.summary.drops_aqm); }},
        {"drops_random", [](const RunResult& r) { return double(r.summary.drops_random); }},
        {"ecn_marks", [](const RunResult& r) { return double(r.summary.ecn_marks); }},
        {"retransmits", [](const RunResult& r) { return double(r.summary.retransmits); }},
        {"rtos", [](const RunResult& r) { return double(r.summary.rtos); }},
        {"bdp_packets", [](const RunResult& r) { return r.summary.bdp_packets; }},
        {"probe_rtt_entries", probe_rtt_entries},
        {"min_cwnd_steady_packets", min_cwnd_steady_packets},
    };
    return g;
}

}  // namespace

const std::vector<std::string>& numeric_metric_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const auto& [k, _] : getters()) v.push_back(k);
        return v;
    }();
    return names;
}

const std::vector<std::string>& text_metric_names() {
    static const std::vector<std::string> names = {"binding_limit"};
    return names;
}

std::optional<double> numeric_metric(const RunResult& r, const std::string& field) {
    const auto it = getters().find(field);
    if (it == getters().end()) return std::nullopt;
    return it->second(r);
}

std::optional<std::string> text_metric(const RunResult& r, const std::string& field) {
    if (field == "binding_limit") return std::string(to_string(r.summary.binding_limit));
    return std::nullopt;
}

MetricUnit metric_unit(const std::string& field) {
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
    static const std::map<std::string, std::string> words = {
        {"throughput_bps", "throughput"},          {"utilisation", "utilisation"},
        {"mean_cwnd_packets", "mean cwnd (packets)"}, {"mean_rtt_s", "mean RTT"},
        {"min_rtt_s", "min RTT"},                  {"max_rtt_s", "max RTT"},
        {"p95_rtt_s", "95th-percentile RTT"},      {"queue_delay_s", "queueing delay"},
        {"congestion_events", "congestion events"}, {"window_congestion_events", "congestion events (2nd half)"},
        {"drops", "drops"},                        {"drops_tail", "tail drops"},
        {"drops_aqm", "AQM drops"},                {"drops_random", "random losses"},
        {"ecn_marks", "ECN marks"},                {"retransmits", "retransmissions"},
        {"rtos", "RTOs"},                          {"bdp_packets", "BDP (packets)"},
        {"probe_rtt_entries", "ProbeRTT entries"}, {"min_cwnd_steady_packets", "smallest cwnd (packets)"},
        {"binding_limit", "limited by"}};
    const auto it = words.find(field);
    return it == words.end() ? field : it->second;
}

}  // namespace inflight::ui
