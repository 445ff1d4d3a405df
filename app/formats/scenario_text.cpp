#include "app/formats/scenario_text.h"

#include <charconv>
#include <cmath>
#include <limits>

#include "model/core/units.h"

namespace inflight {
namespace {

std::string lower_ascii(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string not_one_of(std::string_view name, std::string_view text, std::string_view allowed) {
    return std::string(name) + ": '" + std::string(text) + "' is not allowed; use one of " +
           std::string(allowed);
}

std::optional<bool> switch_from_text(std::string_view text) {
    const std::string v = lower_ascii(text);
    if (v == "on" || v == "true" || v == "yes" || v == "1") return true;
    if (v == "off" || v == "false" || v == "no" || v == "0") return false;
    return std::nullopt;
}

}  // namespace

std::string exact_number(double x) {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    // Plain digits for ordinary magnitudes ("100000000", not "1e+08");
    // both forms are the shortest that read back exactly.
    const double magnitude = std::fabs(x);
    const bool plain = x == 0 || (magnitude >= 1e-6 && magnitude < 1e15);
    char buf[400];
    const auto res = plain ? std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed)
                           : std::to_chars(buf, buf + sizeof buf, x);
    return std::string(buf, res.ptr);
}

std::optional<std::string> set_param_from_text(Scenario& s, Param p, std::string_view text,
                                               std::string_view name, double max_bandwidth_bps) {
    Scenario next = s;
    switch (p) {
        case Param::Algorithm: {
            auto a = algorithm_from_string(std::string(text));
            if (!a) return not_one_of(name, text, allowed_range(p));
            next.algorithm = *a;
            break;
        }
        case Param::LossPattern: {
            auto v = loss_pattern_from_string(std::string(text));
            if (!v) return not_one_of(name, text, allowed_range(p));
            next.loss_pattern = *v;
            break;
        }
        case Param::Aqm: {
            auto v = aqm_from_string(std::string(text));
            if (!v) return not_one_of(name, text, allowed_range(p));
            next.aqm = *v;
            break;
        }
        case Param::Ecn:
        case Param::Pacing: {
            auto v = switch_from_text(text);
            if (!v) return not_one_of(name, text, "on, off");
            (p == Param::Ecn ? next.ecn : next.pacing) = *v;
            break;
        }
        case Param::Bandwidth: {
            auto v = parse_rate_bps(text, name);
            if (!v) return v.error;
            next.bandwidth_bps = v.value;
            break;
        }
        case Param::Rtt:
        case Param::Buffer:
        case Param::Duration: {
            auto v = parse_time_s(text, name);
            if (!v) return v.error;
            (p == Param::Rtt ? next.rtt_s : p == Param::Buffer ? next.buffer_s : next.duration_s) =
                v.value;
            break;
        }
        case Param::Loss: {
            auto v = parse_loss_fraction(text, name);
            if (!v) return v.error;
            next.loss = v.value;
            break;
        }
        case Param::Rwnd:
        case Param::Sndbuf: {
            auto v = parse_size_bytes(text, name);
            if (!v) return v.error;
            (p == Param::Rwnd ? next.rwnd_bytes : next.sndbuf_bytes) = v.value;
            break;
        }
        case Param::Mss: {
            auto v = parse_size_bytes(text, name);
            if (!v) return v.error;
            if (v.value > Limits::max_mss_bytes || v.value < Limits::min_mss_bytes)
                return std::string(name) + ": " + format_size(v.value) +
                       " is out of range; allowed " + allowed_range(p);
            next.mss_bytes = static_cast<std::uint32_t>(v.value);
            break;
        }
        case Param::Seed: {
            auto v = parse_unsigned(text, name);
            if (!v) return v.error;
            next.seed = v.value;
            break;
        }
    }
    if (auto err = validate_param(next, p, name, max_bandwidth_bps)) return err;
    s = next;
    return std::nullopt;
}

std::string param_exact_text(const Scenario& s, Param p) {
    switch (p) {
        case Param::Algorithm: return to_string(s.algorithm);
        case Param::Bandwidth: return exact_number(s.bandwidth_bps);
        case Param::Rtt: return exact_number(s.rtt_s);
        case Param::Loss: return exact_number(s.loss);
        case Param::LossPattern: return to_string(s.loss_pattern);
        case Param::Rwnd: return std::to_string(s.rwnd_bytes);
        case Param::Sndbuf: return std::to_string(s.sndbuf_bytes);
        case Param::Buffer: return exact_number(s.buffer_s);
        case Param::Aqm: return to_string(s.aqm);
        case Param::Ecn: return s.ecn ? "on" : "off";
        case Param::Mss: return std::to_string(s.mss_bytes);
        case Param::Pacing: return s.pacing ? "on" : "off";
        case Param::Duration: return exact_number(s.duration_s);
        case Param::Seed: return std::to_string(s.seed);
    }
    return "";
}

std::string param_human_text(const Scenario& s, Param p) {
    switch (p) {
        case Param::Bandwidth: return format_rate(s.bandwidth_bps);
        case Param::Rtt: return format_time(s.rtt_s);
        case Param::Loss: return s.loss == 0 ? "none" : format_loss(s.loss);
        case Param::Rwnd: return format_size_short(s.rwnd_bytes);
        case Param::Sndbuf: return format_size_short(s.sndbuf_bytes);
        case Param::Buffer: return format_time(s.buffer_s);
        case Param::Mss: return format_size(s.mss_bytes);
        case Param::Duration: return format_time(s.duration_s);
        default: return param_exact_text(s, p);
    }
}

const char* param_unit(Param p) {
    switch (p) {
        case Param::Bandwidth: return "bit/s";
        case Param::Rtt:
        case Param::Buffer:
        case Param::Duration: return "s";
        case Param::Loss: return "fraction";
        case Param::Rwnd:
        case Param::Sndbuf:
        case Param::Mss: return "bytes";
        default: return "";
    }
}

}  // namespace inflight
