// Scenario validation, names and derived path figures (scenario.h).
// Every check compares against Limits and reports the parameter, the value
// and the allowed range; nothing is clamped.
#include "model/core/scenario.h"

#include <cmath>

#include "model/core/units.h"

namespace inflight {
namespace {

// Enough digits that a value just outside a limit never prints as the limit
// itself ("0.9999 ms", not "1 ms is out of range").
constexpr int kErrorDigits = 9;

// Scenario-file keys, indexed by Param.
constexpr const char* kKeys[] = {"algo", "bandwidth", "rtt",  "loss",  "loss_pattern",
                                 "rwnd", "sndbuf",    "buffer", "aqm", "ecn",
                                 "mss",  "pacing",    "duration", "seed"};
static_assert(std::size(kKeys) == kAllParams.size());

std::string lower_ascii(const std::string& s) {
    std::string out = s;
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string out_of_range(std::string_view name, const std::string& value_text,
                         const std::string& allowed) {
    std::string msg(name);
    msg += ": ";
    msg += value_text;
    msg += " is out of range; allowed ";
    msg += allowed;
    return msg;
}

std::string not_a_number(std::string_view name, const std::string& allowed) {
    return std::string(name) + ": nan is not a number; allowed " + allowed;
}

// lo <= x <= hi, false for NaN.
bool within(double x, double lo, double hi) { return x >= lo && x <= hi; }

// Shared shape of the checks on a double: NaN, then range.
std::optional<std::string> check_double(double x, double lo, double hi, std::string_view name,
                                        std::string (*format)(double, int),
                                        const std::string& allowed) {
    if (std::isnan(x)) return not_a_number(name, allowed);
    if (!within(x, lo, hi)) return out_of_range(name, format(x, kErrorDigits), allowed);
    return std::nullopt;
}

std::optional<std::string> check_window(std::uint64_t bytes, std::string_view name,
                                        const std::string& allowed) {
    if (bytes < Limits::min_window_bytes || bytes > Limits::max_window_bytes)
        return out_of_range(name, format_size(bytes), allowed);
    return std::nullopt;
}

template <class Enum>
std::optional<std::string> check_enum(Enum e, int count, std::string_view name,
                                      const std::string& allowed) {
    const int v = static_cast<int>(e);
    if (v < 0 || v >= count)
        return std::string(name) + ": value " + std::to_string(v) + " is not one of " + allowed;
    return std::nullopt;
}

}  // namespace

const char* key(Param p) { return kKeys[static_cast<int>(p)]; }

std::optional<Param> param_from_key(std::string_view k) {
    for (Param p : kAllParams)
        if (k == key(p)) return p;
    return std::nullopt;
}

std::string allowed_range(Param p, double max_bandwidth_bps) {
    switch (p) {
        case Param::Algorithm: return "reno, cubic, bbr";
        case Param::Bandwidth:
            return format_rate(Limits::min_bandwidth_bps, kErrorDigits) + " – " +
                   format_rate(max_bandwidth_bps, kErrorDigits);
        case Param::Rtt:
        case Param::Buffer:
            // In ms at both ends, as the sliders show them.
            return "1 ms – 1000 ms";
        case Param::Loss:
            return "0 or " + format_loss(Limits::min_loss, kErrorDigits) + " – " +
                   format_loss(Limits::max_loss, kErrorDigits);
        case Param::LossPattern: return "even, random";
        case Param::Rwnd:
        case Param::Sndbuf:
            return format_size_short(Limits::min_window_bytes) + " – " +
                   format_size_short(Limits::max_window_bytes) + " (" +
                   format_grouped(Limits::min_window_bytes) + " – " +
                   format_grouped(Limits::max_window_bytes) + " B)";
        case Param::Aqm: return "none, codel, fq_codel";
        case Param::Ecn:
        case Param::Pacing: return "on, off";
        case Param::Mss:
            return std::to_string(Limits::min_mss_bytes) + " – " +
                   std::to_string(Limits::max_mss_bytes) + " B";
        case Param::Duration:
            return format_time(Limits::min_duration_s) + " – " + format_time(Limits::max_duration_s);
        case Param::Seed: return "0 – 18446744073709551615";
    }
    return "";
}

std::optional<std::string> validate_param(const Scenario& s, Param p, std::string_view name,
                                          double max_bandwidth_bps) {
    const std::string allowed = allowed_range(p, max_bandwidth_bps);
    switch (p) {
        case Param::Algorithm: return check_enum(s.algorithm, 3, name, allowed);
        case Param::Bandwidth:
            return check_double(s.bandwidth_bps, Limits::min_bandwidth_bps, max_bandwidth_bps,
                                name, format_rate, allowed);
        case Param::Rtt:
            return check_double(s.rtt_s, Limits::min_rtt_s, Limits::max_rtt_s, name, format_time,
                                allowed);
        case Param::Loss:
            if (std::isnan(s.loss)) return not_a_number(name, allowed);
            if (s.loss != 0 && !within(s.loss, Limits::min_loss, Limits::max_loss))
                return out_of_range(name, format_loss(s.loss, kErrorDigits), allowed);
            return std::nullopt;
        case Param::LossPattern: return check_enum(s.loss_pattern, 2, name, allowed);
        case Param::Rwnd: return check_window(s.rwnd_bytes, name, allowed);
        case Param::Sndbuf: return check_window(s.sndbuf_bytes, name, allowed);
        case Param::Buffer:
            return check_double(s.buffer_s, Limits::min_buffer_s, Limits::max_buffer_s, name,
                                format_time, allowed);
        case Param::Aqm: return check_enum(s.aqm, 3, name, allowed);
        case Param::Mss:
            if (s.mss_bytes < Limits::min_mss_bytes || s.mss_bytes > Limits::max_mss_bytes)
                return out_of_range(name, format_size(s.mss_bytes), allowed);
            return std::nullopt;
        case Param::Duration:
            return check_double(s.duration_s, Limits::min_duration_s, Limits::max_duration_s, name,
                                format_time, allowed);
        case Param::Ecn:
        case Param::Pacing:
        case Param::Seed:
            return std::nullopt;  // every value of the type is allowed
    }
    return std::nullopt;
}

std::optional<std::string> validate(const Scenario& s, double max_bandwidth_bps) {
    for (Param p : kAllParams)
        if (auto err = validate_param(s, p, key(p), max_bandwidth_bps)) return err;
    return validate_flows(s);
}

const char* to_string(Algorithm a) {
    switch (a) {
        case Algorithm::Reno: return "reno";
        case Algorithm::Cubic: return "cubic";
        case Algorithm::Bbr: return "bbr";
    }
    return "?";
}

const char* to_string(LossPattern p) {
    switch (p) {
        case LossPattern::Even: return "even";
        case LossPattern::Random: return "random";
    }
    return "?";
}

const char* to_string(Aqm a) {
    switch (a) {
        case Aqm::None: return "none";
        case Aqm::Codel: return "codel";
        case Aqm::FqCodel: return "fq_codel";
    }
    return "?";
}

std::optional<Algorithm> algorithm_from_string(const std::string& s) {
    const std::string v = lower_ascii(s);
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr})
        if (v == to_string(a)) return a;
    return std::nullopt;
}

std::optional<LossPattern> loss_pattern_from_string(const std::string& s) {
    const std::string v = lower_ascii(s);
    for (LossPattern p : {LossPattern::Even, LossPattern::Random})
        if (v == to_string(p)) return p;
    return std::nullopt;
}

std::optional<Aqm> aqm_from_string(const std::string& s) {
    const std::string v = lower_ascii(s);
    for (Aqm a : {Aqm::None, Aqm::Codel, Aqm::FqCodel})
        if (v == to_string(a)) return a;
    return std::nullopt;
}

double bdp_bytes(const Scenario& s) { return bdp_bytes(s.bandwidth_bps, s.rtt_s); }

double bdp_bytes(double bandwidth_bps, double rtt_s) { return bandwidth_bps * rtt_s / 8.0; }

double buffer_bytes(const Scenario& s) { return s.bandwidth_bps * s.buffer_s / 8.0; }

}  // namespace inflight
