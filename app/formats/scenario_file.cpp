#include "app/formats/scenario_file.h"

#include "app/formats/json_duplicates.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>
#include <cmath>

#include "app/formats/flow_text.h"
#include "app/formats/scenario_text.h"
#include "model/core/units.h"

namespace inflight {
namespace {

// Integers below 2^53 are read back exactly from a JSON number; the reader
// refuses a number from 2^53 up (writer and reader share this bound).
constexpr double kMaxExactJsonInteger = 9007199254740992.0;

constexpr const char* kFlowsKey = "flows";

std::string all_keys() {
    std::string out;
    for (Param p : kAllParams) {
        if (!out.empty()) out += ", ";
        out += key(p);
    }
    return out + ", " + kFlowsKey;
}

// What a key's value may be, for wrong-type messages.
std::string expected_value(Param p) {
    const ParamRow& row = param_row(p);
    if (row.type == ParamType::Choice) return "a string, one of " + allowed_range(p);
    return row.file_value;
}

std::string describe(const QJsonValue& v) {
    switch (v.type()) {
        case QJsonValue::Null: return "null";
        case QJsonValue::Bool: return v.toBool() ? "true" : "false";
        case QJsonValue::Double: return exact_number(v.toDouble());
        case QJsonValue::String: return std::string("\"") + v.toString().toStdString() + "\"";
        case QJsonValue::Array: return "an array";
        case QJsonValue::Object: return "an object";
        case QJsonValue::Undefined: break;
    }
    return "undefined";
}

// Errors quote the file's keys and values; a control character there (a
// newline inside a JSON string) must not break the one-line message.
std::string one_line(std::string msg) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(msg.size());
    for (const char ch : msg) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20 || c == 0x7f) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 0xf];
        } else out += ch;
    }
    return out;
}

std::string wrong_type(Param p, const QJsonValue& v) {
    return std::string(key(p)) + ": " + describe(v) + " is not allowed; use " + expected_value(p);
}

// A JSON number for a parameter whose number form is a whole count.
std::optional<std::string> whole_number(Param p, double x, std::uint64_t& out) {
    // From 2^53 on a JSON number is read to the nearest double, which may
    // not be the number written (9007199254740993 reads as …992): refused,
    // without naming a value the file does not hold.
    if (x >= kMaxExactJsonInteger) {
        if (param_row(p).type != ParamType::Count)
            return std::string(key(p)) + ": " + format_number(x) + " is out of range; allowed " + allowed_range(p);
        return std::string(key(p)) + ": a number from 2^53 (9,007,199,254,740,992) up is not read exactly from JSON; "
               "write it as a string, e.g. \"" + key(p) + "\": \"12345678901234567891\"";
    }
    if (x < 0 || x != std::floor(x))
        return std::string(key(p)) + ": " + exact_number(x) + " is not allowed; use " +
               expected_value(p);
    out = static_cast<std::uint64_t>(x);
    return std::nullopt;
}

// Sets one parameter from its JSON value and checks its range.
std::optional<std::string> apply_value(Scenario& s, Param p, const QJsonValue& v,
                                       double max_bandwidth_bps) {
    const std::string name = key(p);
    if (v.isString())
        return set_param_from_text(s, p, v.toString().toStdString(), name, max_bandwidth_bps);
    Scenario next = s;
    const ParamRow& row = param_row(p);
    switch (row.type) {
        case ParamType::Switch:
            if (!v.isBool()) return wrong_type(p, v);
            set(next, p, v.toBool());
            break;
        case ParamType::Choice: return wrong_type(p, v);
        case ParamType::Rate:
        case ParamType::Time:
        case ParamType::Loss:
            if (!v.isDouble()) return wrong_type(p, v);
            set(next, p, v.toDouble());
            break;
        case ParamType::Window:
        case ParamType::WindowOrAuto:
        case ParamType::Bytes:
        case ParamType::Count: {
            if (!v.isDouble()) return wrong_type(p, v);
            std::uint64_t n = 0;
            if (auto err = whole_number(p, v.toDouble(), n)) return err;
            const bool auto_value = row.type == ParamType::WindowOrAuto && n == 0;
            // Checked before it is stored: the field may be narrower.
            if (row.type != ParamType::Count && !auto_value && (n < row.min || n > row.max))
                return name + ": " + format_size(n) + " is out of range; allowed " + allowed_range(p);
            set_number(next, p, static_cast<double>(n));
            break;
        }
    }
    if (auto err = validate_param(next, p, name, max_bandwidth_bps)) return err;
    s = next;
    return std::nullopt;
}

// What a flow key's value may be, for wrong-type messages.
std::string expected_flow_value(FlowKey k) {
    switch (k) {
        case FlowKey::Algo: return "a string, one of " + flow_key_allowed(k);
        case FlowKey::Rtt:
        case FlowKey::Start:
        case FlowKey::Stop:
        case FlowKey::Every:
        case FlowKey::Interval: return "a number of seconds or a string such as \"40ms\"";
        case FlowKey::Size:
        case FlowKey::Rwnd:
        case FlowKey::Sndbuf:
        case FlowKey::Rcvbuf:
        case FlowKey::Bytes: return "a whole number of bytes or a string such as \"100KB\"";
        case FlowKey::Pacing:
        case FlowKey::Nodelay: return "true or false";
        case FlowKey::Label: return "a string such as \"video call\"";
        case FlowKey::App: return "a string, one of " + flow_key_allowed(k);
        case FlowKey::Writes: return "a string such as \"100B+100B\" or a whole number of bytes";
        case FlowKey::Response: return "a whole number of bytes or a string such as \"100B\"";
        case FlowKey::Think: return "a number of seconds or a string such as \"10ms\"";
    }
    return "";
}

// One element of "flows": {"algo": "bbr", "rtt": "40ms", ...}. A number is
// read as its exact text in SI base units (seconds, bytes), so numbers and
// strings go through the same reading as --flow.
std::optional<std::string> flow_from_json(const QJsonValue& v, std::size_t i, FlowSpec& out) {
    const std::string flow = std::string(kFlowsKey) + "[" + std::to_string(i) + "]";
    if (!v.isObject())
        return flow + ": " + describe(v) + " is not allowed; each flow is an object such as {\"algo\": \"cubic\"}";
    const QJsonObject obj = v.toObject();
    FlowSpec f;
    // The kind first, so a key that does not apply to it is refused.
    if (const QJsonValue algo = obj.value("algo"); !algo.isUndefined()) {
        if (!algo.isString())
            return flow + ".algo: " + describe(algo) + " is not allowed; use " + expected_flow_value(FlowKey::Algo);
        if (auto err = set_flow_algo_from_text(f, algo.toString().toStdString(), flow + ".algo")) return err;
    }
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        const std::string k = it.key().toStdString();
        const auto fk = flow_key_from_key(k);
        if (!fk)
            return flow + "." + k + ": unknown key in \"" + k + "\": " + describe(it.value()) +
                   " (allowed keys: " + flow_keys_list() + ")";
        if (*fk == FlowKey::Algo) continue;
        const std::string name = flow + "." + k;
        const QJsonValue value = it.value();
        std::string text;
        if (value.isString()) {
            text = value.toString().toStdString();
        } else if (value.isDouble() && *fk != FlowKey::Label && *fk != FlowKey::Pacing && *fk != FlowKey::Nodelay &&
                   *fk != FlowKey::App) {
            text = exact_number(value.toDouble());
        } else if (value.isBool() && (*fk == FlowKey::Pacing || *fk == FlowKey::Nodelay)) {
            text = value.toBool() ? "on" : "off";
        } else {
            return name + ": " + describe(value) + " is not allowed; use " + expected_flow_value(*fk);
        }
        if (auto err = set_flow_key_from_text(f, *fk, text, name)) return err;
    }
    out = f;
    return std::nullopt;
}

std::optional<std::string> flows_from_json(const QJsonValue& v, Scenario& s) {
    const std::string allowed = "1 – " + std::to_string(FlowLimits::max_flows);
    if (!v.isArray())
        return std::string(kFlowsKey) + ": " + describe(v) +
               " is not allowed; use an array of flows such as [{\"algo\": \"cubic\"}, {\"algo\": \"bbr\"}]";
    const QJsonArray array = v.toArray();
    if (array.isEmpty())
        return std::string(kFlowsKey) + ": an empty array is not allowed; list " + allowed +
               " flows, or leave flows out for one flow";
    if (static_cast<std::size_t>(array.size()) > FlowLimits::max_flows)
        return std::string(kFlowsKey) + ": " + std::to_string(array.size()) + " flows is out of range; allowed " +
               allowed;
    std::vector<FlowSpec> flows(static_cast<std::size_t>(array.size()));
    for (std::size_t i = 0; i < flows.size(); ++i)
        if (auto err = flow_from_json(array.at(static_cast<qsizetype>(i)), i, flows[i])) return err;
    s.flows = std::move(flows);
    return std::nullopt;
}

QJsonObject flow_to_json(const FlowSpec& f) {
    QJsonObject o;
    if (f.kind == FlowKind::Ping) o.insert("algo", "ping");
    else if (f.algorithm) o.insert("algo", to_string(*f.algorithm));  // unset: the scenario's algo
    if (f.rtt_s) o.insert("rtt", *f.rtt_s);
    if (f.start_s != 0) o.insert("start", f.start_s);
    if (f.stop_s) o.insert("stop", *f.stop_s);
    if (f.size_bytes) o.insert("size", static_cast<qint64>(*f.size_bytes));
    if (f.every_s) o.insert("every", *f.every_s);
    if (f.rwnd_bytes) o.insert("rwnd", static_cast<qint64>(*f.rwnd_bytes));
    if (f.sndbuf_bytes) o.insert("sndbuf", static_cast<qint64>(*f.sndbuf_bytes));
    if (f.rcvbuf_bytes) o.insert("rcvbuf", static_cast<qint64>(*f.rcvbuf_bytes));
    if (f.pacing) o.insert("pacing", *f.pacing);
    if (f.app == FlowApp::Rpc) o.insert("app", "rpc");
    if (!f.rpc_writes.empty()) o.insert("writes", QString::fromStdString(rpc_writes_text(f.rpc_writes)));
    if (f.rpc_response_bytes) o.insert("response", static_cast<qint64>(*f.rpc_response_bytes));
    if (f.rpc_think_s) o.insert("think", *f.rpc_think_s);
    if (f.nodelay) o.insert("nodelay", *f.nodelay);
    if (f.kind == FlowKind::Ping) {
        o.insert("interval", f.ping_interval_s);
        o.insert("bytes", static_cast<qint64>(f.ping_bytes));
    }
    if (!f.label.empty()) o.insert("label", QString::fromStdString(f.label));
    return o;
}

}  // namespace

namespace {

std::optional<std::string> scenario_from_json_impl(const QByteArray& json, const std::string& source,
                                                   Scenario& s, double max_bandwidth_bps) {
    const std::string where = source + ": ";
    QJsonParseError parse_error{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parse_error);
    if (parse_error.error != QJsonParseError::NoError)
        return where + "not valid JSON (" + parse_error.errorString().toStdString() +
               " at byte " + std::to_string(parse_error.offset) +
               "); a scenario is one JSON object such as {\"rtt\": \"80ms\"}";
    if (!doc.isObject())
        return where + "a scenario is one JSON object such as {\"rtt\": \"80ms\"}, not " +
               (doc.isArray() ? "an array" : "a bare value");
    if (const auto twice = first_duplicate_key(std::string_view(json.constData(), static_cast<std::size_t>(json.size()))))
        return where + "\"" + twice->key + "\" is given twice in one object (the second on line " +
               std::to_string(twice->line) + "); give each key once";

    Scenario next = s;
    const QJsonObject obj = doc.object();
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        const std::string k = it.key().toStdString();
        if (k == kFlowsKey) {
            if (auto err = flows_from_json(it.value(), next)) return where + *err;
            continue;
        }
        const auto p = param_from_key(k);
        if (!p) return where + "unknown key '" + k + "'; allowed keys: " + all_keys();
        const QJsonValue v = it.value();
        if (v.isObject() || v.isArray())
            return where + k + ": " + describe(v) + " is not allowed (no nesting); use " +
                   expected_value(*p);
        if (auto err = apply_value(next, *p, v, max_bandwidth_bps)) return where + *err;
    }
    // Start and stop against the file's duration, once every key is read.
    if (auto err = validate_flows(next)) return where + *err;
    s = next;
    return std::nullopt;
}

}  // namespace

std::optional<std::string> scenario_from_json(const QByteArray& json, const std::string& source,
                                              Scenario& s, double max_bandwidth_bps) {
    if (auto err = scenario_from_json_impl(json, source, s, max_bandwidth_bps)) return one_line(std::move(*err));
    return std::nullopt;
}

std::optional<std::string> load_scenario_file(const std::string& path, Scenario& s,
                                              double max_bandwidth_bps) {
    const QString qpath = QString::fromStdString(path);
    const QFileInfo info(qpath);
    const std::string where = "'" + path + "': ";
    if (!info.exists()) return "cannot read scenario " + where + "no such file";
    if (info.isDir()) return "cannot read scenario " + where + "is a directory, not a JSON file";
    if (info.isFile() && info.size() > kMaxScenarioFileBytes)
        return "cannot read scenario " + where + "file is " + format_size(static_cast<std::uint64_t>(info.size())) +
               ", larger than the " + format_size(kMaxScenarioFileBytes) + " a scenario may be";
    QFile file(qpath);
    if (!file.open(QIODevice::ReadOnly))
        return "cannot read scenario " + where + file.errorString().toStdString();
    // Read one byte past the limit so a special file that reports no size
    // (a pipe) is still refused when it is too long.
    const QByteArray bytes = file.read(kMaxScenarioFileBytes + 1);
    if (bytes.size() > kMaxScenarioFileBytes)
        return "cannot read scenario " + where + "larger than the " +
               format_size(kMaxScenarioFileBytes) + " a scenario may be";
    return scenario_from_json(bytes, path, s, max_bandwidth_bps);
}

QJsonObject scenario_to_json(const Scenario& s) {
    QJsonObject o;
    for (const ParamRow& row : param_table()) {
        const Param p = row.param;
        switch (row.type) {
            case ParamType::Choice: o.insert(row.key, choice_name(s, p)); break;
            case ParamType::Switch: o.insert(row.key, is_on(s, p)); break;
            case ParamType::Rate:
            case ParamType::Time:
            case ParamType::Loss: o.insert(row.key, number(s, p)); break;
            case ParamType::WindowOrAuto:
                if (number(s, p) == 0) {
                    o.insert(row.key, "auto");
                    break;
                }
                [[fallthrough]];
            case ParamType::Window:
            case ParamType::Bytes:
            case ParamType::Count: {
                // From 2^53 up the reader refuses a JSON number: a string of digits.
                const std::string digits = param_exact_text(s, p);
                const std::uint64_t n = std::stoull(digits);
                if (static_cast<double>(n) < kMaxExactJsonInteger) o.insert(row.key, static_cast<qint64>(n));
                else o.insert(row.key, QString::fromStdString(digits));
                break;
            }
        }
    }
    // Only when the scenario lists flows: a scenario of one flow is written
    // as it always was.
    if (!s.flows.empty()) {
        QJsonArray flows;
        for (const FlowSpec& f : s.flows) flows.append(flow_to_json(f));
        o.insert(kFlowsKey, flows);
    }
    return o;
}

}  // namespace inflight
