// The flows of a scenario: their keys, their defaults from the scenario, and
// their checks (flow_spec.h).
// Every refusal names the flow by its position in Scenario::flows (0-based,
// as a JSON path: flows[0] is the first; or "flow 1" as the command line
// counts), the key, the value and what is allowed; nothing is clamped.
#include "model/core/flow_spec.h"

#include <cmath>

#include "model/core/scenario.h"
#include "model/core/units.h"

namespace inflight {
namespace {

// Enough digits that a value just outside a limit never prints as the limit.
constexpr int kErrorDigits = 9;
constexpr std::size_t kMaxLabelBytes = 100;

constexpr const char* kKeys[] = {"algo",   "rtt",    "start",  "stop",     "size",  "every",
                                 "rwnd",   "sndbuf", "pacing", "interval", "bytes", "label",
                                 "rcvbuf", "app",   "writes", "response", "think",    "nodelay"};
static_assert(std::size(kKeys) == std::size(kAllFlowKeys));

// A flow as a refusal names it: its position and how the reader counts.
struct FlowAt {
    std::size_t index;
    FlowNaming naming;
};

std::string where(FlowAt i, FlowKey k) { return flow_key_name(i.index, k, i.naming); }

std::string out_of_range(FlowAt i, FlowKey k, const std::string& value, const std::string& allowed) {
    return where(i, k) + ": " + value + " is out of range; allowed " + allowed;
}

// lo <= x <= hi, false for NaN.
bool within(double x, double lo, double hi) { return x >= lo && x <= hi; }

std::string time_text(double s) { return format_time(s, kErrorDigits); }

// What a ping takes, for the refusal of a key that does not apply to one.
constexpr const char* kPingKeys = "a ping takes rtt, start, interval, bytes and label";

std::string not_for_ping(FlowAt i, FlowKey k, const std::string& value) {
    return where(i, k) + ": " + value + " is not allowed for a ping; " + kPingKeys;
}

std::string not_for_tcp(FlowAt i, FlowKey k, const std::string& value) {
    return where(i, k) + ": " + value + " is not allowed for a TCP flow; interval and bytes are for pings";
}

std::string only_rpc(FlowAt i, FlowKey k, const std::string& value) {
    return where(i, k) + ": " + value + " is allowed only with app=rpc (a request/response flow); add app=rpc";
}

// The request/response keys: only with app=rpc, which takes no size.
std::optional<std::string> check_rpc(const Scenario& s, const FlowSpec& f, FlowAt i) {
    if (f.app != FlowApp::Rpc) {
        if (!f.rpc_writes.empty()) return only_rpc(i, FlowKey::Writes, rpc_writes_text(f.rpc_writes));
        if (f.rpc_response_bytes) return only_rpc(i, FlowKey::Response, format_size(*f.rpc_response_bytes));
        if (f.rpc_think_s) return only_rpc(i, FlowKey::Think, time_text(*f.rpc_think_s));
        if (f.nodelay) return only_rpc(i, FlowKey::Nodelay, *f.nodelay ? "on" : "off");
        return std::nullopt;
    }
    if (f.size_bytes)
        return where(i, FlowKey::Size) + ": " + format_size_short(*f.size_bytes) +
               " is not allowed with app=rpc; its request is writes= and its reply response=";
    if (f.rpc_writes.size() > FlowLimits::max_rpc_writes)
        return out_of_range(i, FlowKey::Writes, std::to_string(f.rpc_writes.size()) + " writes",
                            "1 – " + std::to_string(FlowLimits::max_rpc_writes) + " writes a request");
    for (const std::uint64_t w : f.rpc_writes)
        if (w < 1 || w > FlowLimits::max_size_bytes)
            return out_of_range(i, FlowKey::Writes, "a write of " + format_size(w),
                                "1 B – " + format_size_short(FlowLimits::max_size_bytes) + " a write");
    const std::uint64_t max_response = std::uint64_t{FlowLimits::rpc_response_segments} * s.mss_bytes;
    if (f.rpc_response_bytes && (*f.rpc_response_bytes < 1 || *f.rpc_response_bytes > max_response))
        return out_of_range(i, FlowKey::Response, format_size(*f.rpc_response_bytes),
                            "1 B – " + format_size(max_response) + " (10 segments: one flight)");
    if (f.rpc_think_s && !within(*f.rpc_think_s, 0, Limits::max_duration_s))
        return out_of_range(i, FlowKey::Think, time_text(*f.rpc_think_s), "0 s – " + format_time(Limits::max_duration_s));
    return std::nullopt;
}

std::optional<std::string> check_flow(const Scenario& s, const FlowSpec& f, FlowAt i) {
    const bool ping = f.kind == FlowKind::Ping;
    if (f.kind != FlowKind::Tcp && !ping)
        return where(i, FlowKey::Algo) + ": kind " + std::to_string(static_cast<int>(f.kind)) +
               " is not one of reno, cubic, bbr, ping";
    if (f.algorithm) {
        const int a = static_cast<int>(*f.algorithm);
        if (ping) return not_for_ping(i, FlowKey::Algo, to_string(*f.algorithm));
        if (a < 0 || a > 2)
            return where(i, FlowKey::Algo) + ": value " + std::to_string(a) + " is not one of reno, cubic, bbr, ping";
    }
    if (f.rtt_s && !within(*f.rtt_s, Limits::min_rtt_s, Limits::max_rtt_s))
        return out_of_range(i, FlowKey::Rtt, time_text(*f.rtt_s), allowed_range(Param::Rtt));
    if (!(f.start_s >= 0 && f.start_s < s.duration_s))
        return out_of_range(i, FlowKey::Start, time_text(f.start_s),
                            "0 s up to the end of the run (" + format_time(s.duration_s) + "), the end excluded");
    if (ping) {
        // The keys of a TCP flow.
        if (f.size_bytes) return not_for_ping(i, FlowKey::Size, format_size_short(*f.size_bytes));
        if (f.every_s) return not_for_ping(i, FlowKey::Every, time_text(*f.every_s));
        if (f.rwnd_bytes) return not_for_ping(i, FlowKey::Rwnd, format_size_short(*f.rwnd_bytes));
        if (f.sndbuf_bytes) return not_for_ping(i, FlowKey::Sndbuf, format_size_short(*f.sndbuf_bytes));
        if (f.rcvbuf_bytes) return not_for_ping(i, FlowKey::Rcvbuf, format_size_short(*f.rcvbuf_bytes));
        if (f.pacing) return not_for_ping(i, FlowKey::Pacing, *f.pacing ? "on" : "off");
        if (f.stop_s) return not_for_ping(i, FlowKey::Stop, time_text(*f.stop_s));
        if (f.app == FlowApp::Rpc) return not_for_ping(i, FlowKey::App, "rpc");
        if (!f.rpc_writes.empty()) return not_for_ping(i, FlowKey::Writes, rpc_writes_text(f.rpc_writes));
        if (f.rpc_response_bytes) return not_for_ping(i, FlowKey::Response, format_size(*f.rpc_response_bytes));
        if (f.rpc_think_s) return not_for_ping(i, FlowKey::Think, time_text(*f.rpc_think_s));
        if (f.nodelay) return not_for_ping(i, FlowKey::Nodelay, *f.nodelay ? "on" : "off");
        if (!within(f.ping_interval_s, FlowLimits::min_interval_s, FlowLimits::max_interval_s))
            return out_of_range(i, FlowKey::Interval, time_text(f.ping_interval_s),
                                format_time(FlowLimits::min_interval_s) + " – " +
                                    format_time(FlowLimits::max_interval_s));
        if (f.ping_bytes < FlowLimits::min_ping_bytes || f.ping_bytes > FlowLimits::max_ping_bytes)
            return out_of_range(i, FlowKey::Bytes, format_size(f.ping_bytes),
                                std::to_string(FlowLimits::min_ping_bytes) + " – " +
                                    std::to_string(FlowLimits::max_ping_bytes) + " B");
    } else {
        const FlowSpec defaults;
        if (f.ping_interval_s != defaults.ping_interval_s)
            return not_for_tcp(i, FlowKey::Interval, time_text(f.ping_interval_s));
        if (f.ping_bytes != defaults.ping_bytes) return not_for_tcp(i, FlowKey::Bytes, format_size(f.ping_bytes));
        if (f.stop_s && !(*f.stop_s > f.start_s && *f.stop_s <= s.duration_s))
            return out_of_range(i, FlowKey::Stop, time_text(*f.stop_s),
                                "after its start (" + format_time(f.start_s) + ") up to the end of the run (" +
                                    format_time(s.duration_s) + ")");
        if (f.size_bytes && (*f.size_bytes < FlowLimits::min_size_bytes || *f.size_bytes > FlowLimits::max_size_bytes))
            return out_of_range(i, FlowKey::Size, format_size_short(*f.size_bytes),
                                format_size_short(FlowLimits::min_size_bytes) + " – " +
                                    format_size_short(FlowLimits::max_size_bytes));
        if (f.every_s) {
            if (!f.size_bytes)
                return where(i, FlowKey::Every) + ": " + time_text(*f.every_s) +
                       " is allowed only with size (every repeats a finite transfer); add size, e.g. size=100KB";
            if (!within(*f.every_s, FlowLimits::min_every_s, Limits::max_duration_s))
                return out_of_range(i, FlowKey::Every, time_text(*f.every_s),
                                    format_time(FlowLimits::min_every_s) + " – " +
                                        format_time(Limits::max_duration_s));
        }
        for (const auto& [k, bytes] : {std::pair{FlowKey::Rwnd, f.rwnd_bytes}, std::pair{FlowKey::Sndbuf, f.sndbuf_bytes},
                                       std::pair{FlowKey::Rcvbuf, f.rcvbuf_bytes}})
            if (bytes && (*bytes < Limits::min_window_bytes || *bytes > Limits::max_window_bytes))
                return out_of_range(i, k, format_size(*bytes), allowed_range(Param::Rwnd));
        if (auto err = check_rpc(s, f, i)) return err;
    }
    if (f.label.size() > kMaxLabelBytes)
        return where(i, FlowKey::Label) + ": a label of " + std::to_string(f.label.size()) +
               " bytes is too long; allowed up to " + std::to_string(kMaxLabelBytes) + " bytes";
    for (const char ch : f.label) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7f)
            return where(i, FlowKey::Label) + ": a control character (" + std::to_string(c) +
                   ") is not allowed; use printable text such as \"video call\"";
    }
    return std::nullopt;
}

}  // namespace

const char* key(FlowKey k) { return kKeys[static_cast<int>(k)]; }

std::optional<FlowKey> flow_key_from_key(std::string_view k) {
    for (FlowKey fk : kAllFlowKeys)
        if (k == key(fk)) return fk;
    return std::nullopt;
}

std::string rpc_writes_text(const std::vector<std::uint64_t>& writes) {
    std::string out;
    for (const std::uint64_t w : writes) out += (out.empty() ? "" : "+") + std::to_string(w) + "B";
    return out;
}

std::size_t flow_count(const Scenario& s) { return s.flows.empty() ? 1 : s.flows.size(); }

std::string default_label(const Scenario& s, std::size_t i) {
    const FlowSpec f = i < s.flows.size() ? s.flows[i] : FlowSpec{};
    const std::string what = f.kind == FlowKind::Ping ? "ping" : to_string(f.algorithm.value_or(s.algorithm));
    return "flow " + std::to_string(i + 1) + " (" + what + ")";
}

TcpDetails tcp_details(const Scenario& s, std::uint64_t rcvbuf_bytes) {
    TcpDetails d;
    d.bbr_pacing = detail_on(s.stack, s.bbr_pacing);
    d.bbr_headroom = detail_on(s.stack, s.bbr_headroom);
    d.hystart = detail_on(s.stack, s.hystart);
    d.delayed_acks = detail_on(s.stack, s.delayed_acks);
    d.rcvbuf_bytes = rcvbuf_bytes;
    d.autotuning = detail_on(s.stack, s.autotuning) && rcvbuf_bytes == 0;  // SO_RCVBUF locks the buffer
    d.prr = detail_on(s.stack, s.prr);
    d.slow_start_room = detail_on(s.stack, s.slow_start_room);
    return d;
}

ResolvedFlow resolve_flow(const Scenario& s, std::size_t i) {
    const FlowSpec f = i < s.flows.size() ? s.flows[i] : FlowSpec{};
    ResolvedFlow r{};
    r.kind = f.kind;
    r.algorithm = f.algorithm.value_or(s.algorithm);
    r.rtt_s = f.rtt_s.value_or(s.rtt_s);
    r.start_s = f.start_s;
    r.stop_s = f.stop_s.value_or(s.duration_s);
    r.size_bytes = f.size_bytes;
    r.every_s = f.every_s;
    r.rwnd_bytes = f.rwnd_bytes.value_or(s.rwnd_bytes);
    r.sndbuf_bytes = f.sndbuf_bytes.value_or(s.sndbuf_bytes);
    r.tcp = tcp_details(s, f.rcvbuf_bytes.value_or(s.rcvbuf_bytes));
    // A flow's own pacing=on|off forces it either way; otherwise the run's
    // --pacing, or the algorithm as its stack runs it (BBR paces itself).
    r.pacing = f.pacing ? *f.pacing : s.pacing || (r.algorithm == Algorithm::Bbr && r.tcp.bbr_pacing);
    r.ping_interval_s = f.ping_interval_s;
    r.ping_bytes = f.ping_bytes;
    r.label = f.label.empty() ? default_label(s, i) : f.label;
    r.label_given = !f.label.empty();
    if (f.kind == FlowKind::Tcp && f.app == FlowApp::Rpc) {
        RpcSpec rpc;
        rpc.writes = f.rpc_writes.empty() ? std::vector<std::uint64_t>{FlowLimits::default_rpc_bytes} : f.rpc_writes;
        rpc.response_bytes = f.rpc_response_bytes.value_or(FlowLimits::default_rpc_bytes);
        rpc.think_s = f.rpc_think_s.value_or(0);
        rpc.nodelay = f.nodelay.value_or(false);
        r.rpc = std::move(rpc);
    }
    return r;
}

std::vector<ResolvedFlow> resolve_flows(const Scenario& s) {
    std::vector<ResolvedFlow> out;
    out.reserve(flow_count(s));
    for (std::size_t i = 0; i < flow_count(s); ++i) out.push_back(resolve_flow(s, i));
    return out;
}

std::string flow_name(std::size_t i, FlowNaming naming) {
    return naming == FlowNaming::Array ? "flows[" + std::to_string(i) + "]" : "flow " + std::to_string(i + 1);
}

std::string flow_key_name(std::size_t i, FlowKey k, FlowNaming naming) {
    return flow_name(i, naming) + (naming == FlowNaming::Array ? "." : ": ") + key(k);
}

std::optional<std::string> validate_flows(const Scenario& s, FlowNaming naming) {
    if (s.flows.size() > FlowLimits::max_flows)
        return "flows: " + std::to_string(s.flows.size()) + " flows is out of range; allowed 1 – " +
               std::to_string(FlowLimits::max_flows);
    for (std::size_t i = 0; i < s.flows.size(); ++i)
        if (auto err = check_flow(s, s.flows[i], FlowAt{i, naming})) return err;
    return std::nullopt;
}

}  // namespace inflight
