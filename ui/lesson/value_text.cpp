#include "ui/lesson/value_text.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "model/core/units.h"

namespace inflight::ui {

std::string format_value(Quantity q, double v) {
    switch (q) {
    case Quantity::RateBps: return format_rate(v);
    case Quantity::TimeMs:
    case Quantity::TimeS: return format_time(v);
    case Quantity::LossFraction: return v == 0 ? "none" : format_loss(v);
    case Quantity::Bytes: return format_size_short(static_cast<std::uint64_t>(std::llround(v)));
    }
    return {};
}

namespace {

bool is_bare_number(const std::string& text) {
    bool digit = false;
    for (char c : text) {
        if (std::isdigit(static_cast<unsigned char>(c))) digit = true;
        else if (!(c == '.' || c == ',' || c == 'e' || c == 'E' || c == '-' || c == '+' ||
                   std::isspace(static_cast<unsigned char>(c))))
            return false;
    }
    return digit;
}

}  // namespace

std::optional<double> parse_value(Quantity q, const std::string& text, std::string* error) {
    std::string t = text;
    if (is_bare_number(t)) {
        switch (q) {
        case Quantity::RateBps: t += " Mbps"; break;
        case Quantity::TimeMs: t += " ms"; break;
        case Quantity::TimeS: t += " s"; break;
        case Quantity::LossFraction: t += "%"; break;
        case Quantity::Bytes: break;
        }
    }
    Parsed<double> p;
    switch (q) {
    case Quantity::RateBps: p = parse_rate_bps(t, "value"); break;
    case Quantity::TimeMs:
    case Quantity::TimeS: p = parse_time_s(t, "value"); break;
    case Quantity::LossFraction: p = parse_loss_fraction(t, "value"); break;
    case Quantity::Bytes: {
        const auto b = parse_size_bytes(t, "value");
        p.value = static_cast<double>(b.value);
        p.error = b.error;
        break;
    }
    }
    if (!p.ok()) {
        if (error) *error = p.error;
        return std::nullopt;
    }
    return p.value;
}

}  // namespace inflight::ui
