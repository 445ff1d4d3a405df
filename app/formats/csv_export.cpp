#include "app/formats/csv_export.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "app/formats/event_text.h"
#include "app/formats/flow_text.h"
#include "app/formats/scenario_text.h"

namespace inflight {
namespace {

// NaN (no value in the bucket) is an empty cell; infinity is "inf".
std::string number(double x) { return std::isnan(x) ? std::string() : exact_number(x); }

// One CSV row being built; cells may be empty, so count them.
struct Row {
    std::string text;
    bool empty = true;
};
void add(Row& row, const std::string& cell) {
    if (!row.empty) row.text += ',';
    row.text += cell;
    row.empty = false;
}
void add(Row& row, double x) { add(row, number(x)); }
// A time in seconds to the model's clock tick (1 ps), trailing zeros off:
// 1.1362, not 1.1361999999999999 (the nearest double written in full).
std::string time_cell(double t_s) {
    if (std::isnan(t_s)) return {};
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.12f", t_s);
    std::string out(buf);
    if (out.find('.') != std::string::npos) {
        out.erase(out.find_last_not_of('0') + 1);
        if (out.back() == '.') out.pop_back();
    }
    return out;
}
void add(Row& row, std::uint64_t n) { add(row, std::to_string(n)); }

// Several flows: the trace and the event log get a `flow` column.
bool several_flows(const RunResult& r) { return flow_count(r.scenario) > 1 || r.flows.size() > 1; }

// The `flow` cell: the flow's label ("flow 2 (bbr)", "web"), or "path".
std::string flow_cell(const RunResult& r, int flow) {
    if (flow < 0) return "path";
    const auto i = static_cast<std::size_t>(flow);
    if (i < r.flows.size()) return csv_field(r.flows[i].flow.label);
    return csv_field("flow " + std::to_string(i + 1));  // not a flow of the run (the result is not the engine's)
}

}  // namespace

std::string shell_word(const std::string& word) {
    bool plain = !word.empty();
    for (const char c : word)
        plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                          std::string_view(",=._-/").find(c) != std::string_view::npos);
    if (plain) return word;
    std::string out = "'";
    for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
    return out;
}

std::string reproduce_command(const Scenario& s, std::string_view subcommand) {
    std::string cmd = "inflight " + std::string(subcommand);
    const bool kernel = subcommand == "kernel";  // Linux's own TCP: the model's stack options are refused
    for (const ParamRow& row : param_table()) {
        if (kernel && shapes_the_models_tcp(row.param)) continue;
        if (row.type == ParamType::Switch)
            cmd += std::string(" --") + (is_on(s, row.param) ? row.option : row.off_option);
        else cmd += std::string(" --") + row.option + " " + param_exact_text(s, row.param);
    }
    for (const FlowSpec& f : s.flows) cmd += " --flow " + shell_word(flow_spec_text(f));
    return cmd;
}

std::string provenance_comment(const Scenario& s, const std::string& what, const RunOrigin& origin) {
    std::string out = "# Inflight " + std::string(INFLIGHT_VERSION) + ": " + what + "\n";
    for (const std::string& line : origin.lines) out += "# " + line + "\n";
    for (Param p : kAllParams) {
        out += "# ";
        out += key(p);
        out += " = ";
        out += param_exact_text(s, p);
        const std::string exact = param_exact_text(s, p);
        const std::string unit = param_unit(p);
        // A unit for a number, not for a word ("rcvbuf = auto", not "auto bytes").
        const bool numeric = !exact.empty() && exact.front() >= '0' && exact.front() <= '9';
        if (!unit.empty() && numeric) out += " " + unit;
        // The readable form too, unless it says the same ("5 s").
        const std::string human = param_human_text(s, p);
        if (human != exact && human != exact + " " + unit) out += " (" + human + ")";
        out += "\n";
    }
    for (std::size_t i = 0; i < s.flows.size(); ++i)
        out += "# flows[" + std::to_string(i) + "] = " + flow_spec_text(s.flows[i]) + " (" +
               resolve_flow(s, i).label + ")\n";
    out += "# reproduce: " + reproduce_command(s, origin.subcommand) + "\n";
    return out;
}

namespace {

// The trace's rows, each starting with `flow` when given.
std::string trace_rows(const Trace& t, const std::optional<std::string>& flow) {
    std::string out;
    for (const TraceBucket& b : t.buckets) {
        Row row;
        if (flow) add(row, *flow);
        add(row, time_cell(b.t_start_s));
        add(row, time_cell(b.t_end_s));
        for (const MinMax& m : {b.cwnd_bytes, b.window_bytes, b.inflight_bytes, b.queue_bytes}) {
            add(row, m.min);
            add(row, m.max);
        }
        add(row, b.ssthresh_bytes);
        add(row, b.rtt_s.min);
        add(row, b.rtt_s.max);
        add(row, b.srtt_s);
        add(row, b.min_rtt_s);
        add(row, b.delivery_rate_bps.min);
        add(row, b.delivery_rate_bps.max);
        add(row, b.pacing_rate_bps);
        add(row, b.cc.bw_bps);
        add(row, b.cc.min_rtt_s);
        add(row, std::string(to_string(b.phase)));
        add(row, std::string(to_string(b.limit)));
        add(row, b.pkts_sent);
        add(row, b.pkts_delivered);
        add(row, b.pkts_dropped);
        add(row, b.pkts_in_network);
        add(row, b.cwnd_end_bytes);
        add(row, b.rttvar_s);
        add(row, b.cc.pacing_gain);
        add(row, b.cc.cwnd_gain);
        add(row, b.retransmits);
        add(row, b.retransmitted_bytes);
        add(row, b.rwnd_bytes);
        out += row.text + "\n";
    }
    return out;
}

}  // namespace

std::string trace_csv(const RunResult& r, const RunOrigin& origin) {
    std::string out = provenance_comment(r.scenario, "trace, one row per time bucket; min/max "
                                                     "columns span the bucket, others are at its end",
                                         origin);
    const Trace& t = r.trace;
    out += "# bdp_bytes = " + exact_number(t.bdp_bytes) +
           ", buffer_bytes = " + exact_number(t.buffer_bytes) +
           ", base_rtt_s = " + exact_number(t.base_rtt_s) +
           ", mss_bytes = " + std::to_string(t.mss_bytes) +
           ", bucket_s = " + exact_number(t.bucket_s) + "\n";
    const bool flows = several_flows(r);
    if (flows)
        out += "# several flows: the path's rows (flow = path: the queue and the aggregate) first, then each "
               "flow's own, in the scenario's order\n";
    out += std::string(flows ? "flow," : "") +
        "t_start_s,t_end_s,"
        "cwnd_min_bytes,cwnd_max_bytes,window_min_bytes,window_max_bytes,"
        "inflight_min_bytes,inflight_max_bytes,queue_min_bytes,queue_max_bytes,"
        "ssthresh_bytes,rtt_min_s,rtt_max_s,srtt_s,min_rtt_s,"
        "delivery_rate_min_bps,delivery_rate_max_bps,pacing_rate_bps,"
        "btlbw_bps,bbr_min_rtt_s,phase,limit,"
        "pkts_sent,pkts_delivered,pkts_dropped,pkts_in_network,"
        "cwnd_end_bytes,rttvar_s,bbr_pacing_gain,bbr_cwnd_gain,retransmits_pkts,"
        "retransmitted_bytes,rwnd_bytes\n";
    out += trace_rows(t, flows ? std::optional<std::string>("path") : std::nullopt);
    if (flows)
        for (std::size_t i = 0; i < r.flows.size(); ++i)
            out += trace_rows(r.flow_trace(i), flow_cell(r, static_cast<int>(i)));
    return out;
}

std::string events_csv(const RunResult& r, const RunOrigin& origin) {
    std::string out = provenance_comment(
        r.scenario, "event log, one row per event; detail columns are empty where they do not apply", origin);
    const bool flows = several_flows(r);
    out += std::string(flows ? "flow," : "") +
        "t_s,kind,text,cause,cwnd_before_bytes,cwnd_after_bytes,"
        "drops_tail,drops_aqm,drops_random,ecn_marks,phase,limit\n";
    for (const Event& e : r.events) {
        Row row;
        if (flows) add(row, flow_cell(r, e.flow));
        add(row, time_cell(e.t_s));
        add(row, std::string(to_string(e.kind)));
        add(row, csv_field(event_text_utf8(e)));
        const bool congestion = e.kind == EventKind::CongestionEvent;
        add(row, congestion ? std::string(to_string(e.cause)) : std::string());
        add(row, congestion ? number(e.cwnd_before_bytes) : std::string());
        add(row, congestion ? number(e.cwnd_after_bytes) : std::string());
        const bool counts = e.kind == EventKind::Drops || e.kind == EventKind::EcnMarks ||
                            congestion;
        for (std::uint64_t n : {e.drops_tail, e.drops_aqm, e.drops_random, e.ecn_marks})
            add(row, counts ? std::to_string(n) : std::string());
        add(row, e.kind == EventKind::StateChange ? std::string(to_string(e.phase)) : std::string());
        add(row, e.kind == EventKind::LimitChange ? std::string(to_string(e.limit)) : std::string());
        out += row.text + "\n";
    }
    return out;
}

std::string transactions_csv(const RunResult& r, const RunOrigin& origin) {
    std::string out = provenance_comment(
        r.scenario,
        "transactions of the request/response flows, one row per transaction in order of completion; "
        "latency from the first write to the last response byte",
        origin);
    struct Point {
        double t_s, latency_s;
        std::size_t flow;
    };
    std::vector<Point> points;
    for (std::size_t i = 0; i < r.flows.size(); ++i) {
        const TransactionSamples& x = r.flows[i].transaction_samples;
        if (x.every > 1)
            out += "# " + flow_cell(r, static_cast<int>(i)) + ": " + std::to_string(x.offered) +
                   " transactions, one in " + std::to_string(x.every) + " written (at most " +
                   std::to_string(TransactionSamples::kMaxKept) + " a flow)\n";
        for (std::size_t k = 0; k < x.size(); ++k) points.push_back({x.t_s[k], x.latency_s[k], i});
    }
    std::stable_sort(points.begin(), points.end(), [](const Point& a, const Point& b) { return a.t_s < b.t_s; });
    out += "t_s,flow,label,latency_s\n";
    for (const Point& p : points) {
        Row row;
        add(row, time_cell(p.t_s));
        add(row, std::uint64_t{p.flow});
        add(row, flow_cell(r, static_cast<int>(p.flow)));
        add(row, time_cell(p.latency_s));
        out += row.text + "\n";
    }
    return out;
}

}  // namespace inflight
