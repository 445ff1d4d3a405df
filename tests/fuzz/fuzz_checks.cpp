#include "fuzz_checks.h"

#include <QByteArray>
#include <QJsonDocument>
#include <cmath>
#include <string_view>

#include "model/core/scenario.h"
#include "app/formats/scenario_file.h"
#include "model/core/units.h"

namespace inflight::fuzz {
namespace {

// A refusal must be one line (the command line prints it as is) naming
// something.
std::string check_error_line(const std::string& err, std::string_view what) {
    if (err.empty()) return std::string(what) + ": empty error message";
    if (err.find('\n') != std::string::npos || err.find('\r') != std::string::npos)
        return std::string(what) + ": error is more than one line: " + err;
    return {};
}

// The unit parsers quote the text they were given as is (units.h); making
// the message one line is the caller's job (the scenario loader does it), so
// here a refusal only has to say something.
template <class T>
std::string check_parsed(const Parsed<T>& p, std::string_view what) {
    if (!p.ok()) return p.error.empty() ? std::string(what) + ": empty error message" : std::string();
    if constexpr (std::is_floating_point_v<T>) {
        if (!std::isfinite(p.value) || p.value < 0)
            return std::string(what) + ": accepted a value that is not finite and >= 0";
    }
    return {};
}

}  // namespace

std::string check_scenario_json(const std::uint8_t* data, std::size_t size) {
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    for (const double max_bw : {Limits::max_bandwidth_bps_cli, Limits::max_bandwidth_bps_app}) {
        Scenario s;
        const Scenario before = s;
        if (auto err = scenario_from_json(json, "fuzz", s, max_bw)) {
            if (auto bad = check_error_line(*err, "scenario_from_json"); !bad.empty()) return bad;
            if (err->rfind("fuzz: ", 0) != 0) return "scenario_from_json: error does not name the source: " + *err;
            if (!(s == before)) return "scenario_from_json: refused the file but changed the scenario";
            continue;
        }
        if (auto err = validate(s, max_bw))
            return "scenario_from_json: accepted a scenario validate() refuses: " + *err;
        // What is accepted writes back and reads back to the same scenario.
        const QByteArray again = QJsonDocument(scenario_to_json(s)).toJson();
        Scenario t;
        if (auto err = scenario_from_json(again, "round trip", t, max_bw))
            return "scenario_to_json: its output is refused: " + *err;
        if (!(t == s)) return "scenario_to_json: round trip changed the scenario";
    }
    return {};
}

std::string check_units(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string bad;
    if (!(bad = check_parsed(parse_rate_bps(text, "rate"), "parse_rate_bps")).empty()) return bad;
    if (!(bad = check_parsed(parse_time_s(text, "time"), "parse_time_s")).empty()) return bad;
    if (!(bad = check_parsed(parse_loss_fraction(text, "loss"), "parse_loss_fraction")).empty()) return bad;
    const auto size_bytes = parse_size_bytes(text, "size");
    if (!(bad = check_parsed(size_bytes, "parse_size_bytes")).empty()) return bad;
    const auto whole = parse_unsigned(text, "n");
    if (!(bad = check_parsed(whole, "parse_unsigned")).empty()) return bad;
    // The formatters on whatever came out, and exact round trips where the
    // format is exact: "65,535 B" and "1,234,567".
    if (size_bytes.ok()) {
        const auto back = parse_size_bytes(format_size(size_bytes.value), "size");
        if (!back.ok() || back.value != size_bytes.value)
            return "format_size: " + format_size(size_bytes.value) + " does not parse back";
        (void)format_size_short(size_bytes.value);
    }
    if (whole.ok()) {
        const auto back = parse_unsigned(format_grouped(whole.value), "n");
        if (!back.ok() || back.value != whole.value)
            return "format_grouped: " + format_grouped(whole.value) + " does not parse back";
    }
    if (const auto r = parse_rate_bps(text, "rate"); r.ok()) (void)format_rate(r.value);
    if (const auto t = parse_time_s(text, "time"); t.ok()) (void)format_time(t.value);
    if (const auto l = parse_loss_fraction(text, "loss"); l.ok()) (void)format_loss(l.value);
    return {};
}

}  // namespace inflight::fuzz
