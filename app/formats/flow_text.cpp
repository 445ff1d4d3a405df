// A flow's keys as text (flow_text.h).
#include "app/formats/flow_text.h"

#include "model/core/scenario.h"
#include "app/formats/scenario_text.h"
#include "model/core/units.h"

namespace inflight {
namespace {

// "ping", "PING", "Ping": the other names are the model's (algorithm_from_string).
bool is_ping(std::string_view text) {
    constexpr std::string_view kPing = "ping";
    if (text.size() != kPing.size()) return false;
    for (std::size_t i = 0; i < text.size(); ++i)
        if ((text[i] | 0x20) != kPing[i]) return false;
    return true;
}

// A unit error says how to write the value; add what is allowed, so the
// line names both ("'-5ms' is negative; use ... ; allowed 1 ms – 1000 ms").
// An error that does not yet say what is allowed gets the key's range (one
// that already lists its choices, "use one of on, off", needs no more).
std::string with_allowed(std::string error, FlowKey k) {
    if (error.find("; allowed ") == std::string::npos && error.find("use one of ") == std::string::npos)
        error += "; allowed " + flow_key_allowed(k);
    return error;
}

// The run option whose text and range a flow key shares.
std::optional<Param> shared_param(FlowKey k) {
    switch (k) {
        case FlowKey::Rtt: return Param::Rtt;
        case FlowKey::Rwnd: return Param::Rwnd;
        case FlowKey::Sndbuf: return Param::Sndbuf;
        case FlowKey::Pacing: return Param::Pacing;
        case FlowKey::Rcvbuf: return Param::Rcvbuf;
        default: return std::nullopt;
    }
}

}  // namespace

std::string flow_keys_list() {
    std::string out;
    for (FlowKey k : kAllFlowKeys) out += (out.empty() ? "" : ", ") + std::string(key(k));
    return out;
}

bool flow_key_applies(FlowKey k, FlowKind kind) {
    switch (k) {
        case FlowKey::Size:
        case FlowKey::Every:
        case FlowKey::Rwnd:
        case FlowKey::Sndbuf:
        case FlowKey::Rcvbuf:
        case FlowKey::Pacing:
        case FlowKey::Stop:
        case FlowKey::App:
        case FlowKey::Writes:
        case FlowKey::Response:
        case FlowKey::Think:
        case FlowKey::Nodelay: return kind == FlowKind::Tcp;
        case FlowKey::Interval:
        case FlowKey::Bytes: return kind == FlowKind::Ping;
        default: return true;
    }
}

std::string flow_key_allowed(FlowKey k) {
    switch (k) {
        case FlowKey::Algo: return "reno, cubic, bbr, ping";
        case FlowKey::Rtt: return allowed_range(Param::Rtt);
        case FlowKey::Start: return "0 s up to the end of the run";
        case FlowKey::Stop: return "after the flow's start up to the end of the run";
        case FlowKey::Size:
            return format_size_short(FlowLimits::min_size_bytes) + " – " + format_size_short(FlowLimits::max_size_bytes);
        case FlowKey::Every: return format_time(FlowLimits::min_every_s) + " – " + format_time(Limits::max_duration_s);
        case FlowKey::Rwnd:
        case FlowKey::Sndbuf: return allowed_range(Param::Rwnd);
        case FlowKey::Pacing: return allowed_range(Param::Pacing);
        case FlowKey::Rcvbuf: return allowed_range(Param::Rcvbuf);
        case FlowKey::Interval:
            return format_time(FlowLimits::min_interval_s) + " – " + format_time(FlowLimits::max_interval_s);
        case FlowKey::Bytes:
            return std::to_string(FlowLimits::min_ping_bytes) + " – " + std::to_string(FlowLimits::max_ping_bytes) +
                   " B";
        case FlowKey::Label: return "any text";
        case FlowKey::App: return "transfer (bulk, or size=), rpc (request/response)";
        case FlowKey::Writes:
            return "1 – " + std::to_string(FlowLimits::max_rpc_writes) + " sizes joined by +, each at least 1 B (e.g. 100B+100B)";
        case FlowKey::Response: return "1 B up to 10 segments";
        case FlowKey::Think: return "0 s – " + format_time(Limits::max_duration_s);
        case FlowKey::Nodelay: return "on, off";
    }
    return "";
}

std::optional<std::string> set_flow_algo_from_text(FlowSpec& f, std::string_view text, std::string_view name) {
    if (is_ping(text)) {
        f.kind = FlowKind::Ping;
        f.algorithm.reset();
        return std::nullopt;
    }
    const auto a = algorithm_from_string(std::string(text));
    if (!a)
        return std::string(name) + ": '" + std::string(text) + "' is not allowed; use one of " +
               flow_key_allowed(FlowKey::Algo);
    f.kind = FlowKind::Tcp;
    f.algorithm = *a;
    return std::nullopt;
}

std::optional<std::string> set_flow_key_from_text(FlowSpec& f, FlowKey k, std::string_view text,
                                                  std::string_view name) {
    if (k == FlowKey::Algo) return set_flow_algo_from_text(f, text, name);
    std::string quoted(1, '\'');  // built piece by piece: GCC 12 misreads "'" + string as overlapping (-Wrestrict)
    quoted.append(text).push_back('\'');
    if (!flow_key_applies(k, f.kind))
        return std::string(name) + ": " + quoted +
               (f.kind == FlowKind::Ping
                    ? " is not allowed for a ping; a ping takes rtt, start, interval, bytes and label"
                    : " is not allowed for a TCP flow; interval and bytes are for pings");
    FlowSpec next = f;
    if (const auto p = shared_param(k)) {
        // The run option's own reading and range: "--rtt" and "rtt=" agree.
        Scenario s;
        if (auto err = set_param_from_text(s, *p, text, name)) return with_allowed(*err, k);
        switch (k) {
            case FlowKey::Rtt: next.rtt_s = s.rtt_s; break;
            case FlowKey::Rwnd: next.rwnd_bytes = s.rwnd_bytes; break;
            case FlowKey::Sndbuf: next.sndbuf_bytes = s.sndbuf_bytes; break;
            case FlowKey::Rcvbuf:  // auto: not set, the scenario's
                next.rcvbuf_bytes = s.rcvbuf_bytes ? std::optional(s.rcvbuf_bytes) : std::nullopt;
                break;
            default: next.pacing = s.pacing; break;
        }
        f = next;
        return std::nullopt;
    }
    switch (k) {
        case FlowKey::Start:
        case FlowKey::Stop:
        case FlowKey::Every:
        case FlowKey::Interval:
        case FlowKey::Think: {
            const Parsed<double> v = parse_time_s(text, name);
            if (!v) return with_allowed(v.error, k);
            if (k == FlowKey::Start) next.start_s = v.value;
            if (k == FlowKey::Stop) next.stop_s = v.value;
            if (k == FlowKey::Every) next.every_s = v.value;
            if (k == FlowKey::Interval) next.ping_interval_s = v.value;
            if (k == FlowKey::Think) next.rpc_think_s = v.value;
            break;
        }
        case FlowKey::Size:
        case FlowKey::Response: {
            const Parsed<std::uint64_t> v = parse_size_bytes(text, name);
            if (!v) return with_allowed(v.error, k);
            (k == FlowKey::Size ? next.size_bytes : next.rpc_response_bytes) = v.value;
            break;
        }
        case FlowKey::Bytes: {
            const Parsed<std::uint64_t> v = parse_size_bytes(text, name);
            if (!v) return with_allowed(v.error, k);
            if (v.value < FlowLimits::min_ping_bytes || v.value > FlowLimits::max_ping_bytes)
                return std::string(name) + ": " + format_size(v.value) + " is out of range; allowed " +
                       flow_key_allowed(k);
            next.ping_bytes = static_cast<std::uint32_t>(v.value);
            break;
        }
        case FlowKey::Label: next.label = std::string(text); break;
        case FlowKey::App:
            if (text == "rpc") next.app = FlowApp::Rpc;
            else if (text == "transfer") next.app = FlowApp::Transfer;
            else return std::string(name) + ": " + quoted + " is not allowed; use one of " + flow_key_allowed(k);
            break;
        case FlowKey::Writes: {
            std::vector<std::uint64_t> writes;
            std::string_view rest = text;
            for (;;) {
                const std::size_t plus = rest.find('+');
                const std::string_view one = rest.substr(0, plus);
                const Parsed<std::uint64_t> v = parse_size_bytes(one, name);
                if (!v) {
                    std::string why = v.error;  // "NAME: 'x' is not a size; use ...": without its name
                    if (why.rfind(std::string(name) + ": ", 0) == 0) why.erase(0, name.size() + 2);
                    return std::string(name) + ": " + quoted + " is not a list of write sizes: " + why +
                           "; allowed " + flow_key_allowed(k);
                }
                writes.push_back(v.value);
                if (plus == std::string_view::npos) break;
                rest = rest.substr(plus + 1);
            }
            next.rpc_writes = std::move(writes);
            break;
        }
        case FlowKey::Nodelay:
            if (text == "on" || text == "true") next.nodelay = true;
            else if (text == "off" || text == "false") next.nodelay = false;
            else return std::string(name) + ": " + quoted + " is not allowed; use on or off";
            break;
        default: break;
    }
    f = next;
    return std::nullopt;
}

std::string flow_spec_text(const FlowSpec& f) {
    std::string out = f.kind == FlowKind::Ping ? "ping" : f.algorithm ? to_string(*f.algorithm) : "";
    const auto add = [&](FlowKey k, const std::string& value) {
        if (!out.empty()) out += ',';
        out += std::string(key(k)) + "=" + value;
    };
    if (f.rtt_s) add(FlowKey::Rtt, exact_number(*f.rtt_s));
    if (f.start_s != 0) add(FlowKey::Start, exact_number(f.start_s));
    if (f.stop_s) add(FlowKey::Stop, exact_number(*f.stop_s));
    if (f.size_bytes) add(FlowKey::Size, std::to_string(*f.size_bytes));
    if (f.every_s) add(FlowKey::Every, exact_number(*f.every_s));
    if (f.rwnd_bytes) add(FlowKey::Rwnd, std::to_string(*f.rwnd_bytes));
    if (f.sndbuf_bytes) add(FlowKey::Sndbuf, std::to_string(*f.sndbuf_bytes));
    if (f.pacing) add(FlowKey::Pacing, *f.pacing ? "on" : "off");
    if (f.rcvbuf_bytes) add(FlowKey::Rcvbuf, std::to_string(*f.rcvbuf_bytes));
    if (f.app == FlowApp::Rpc) add(FlowKey::App, "rpc");
    if (!f.rpc_writes.empty()) add(FlowKey::Writes, rpc_writes_text(f.rpc_writes));
    if (f.rpc_response_bytes) add(FlowKey::Response, std::to_string(*f.rpc_response_bytes));
    if (f.rpc_think_s) add(FlowKey::Think, exact_number(*f.rpc_think_s));
    if (f.nodelay) add(FlowKey::Nodelay, *f.nodelay ? "on" : "off");
    if (f.kind == FlowKind::Ping) {
        add(FlowKey::Interval, exact_number(f.ping_interval_s));
        add(FlowKey::Bytes, std::to_string(f.ping_bytes));
    }
    if (!f.label.empty()) {
        std::string label;
        for (const char c : f.label) {
            if (c == ',' || c == '\\') label += '\\';
            label += c;
        }
        add(FlowKey::Label, label);
    }
    // A TCP flow with every default: some key, so the spec is not empty.
    return out.empty() ? std::string(key(FlowKey::Start)) + "=0" : out;
}

}  // namespace inflight
