// Parsing and formatting values with units; see units.h for the grammar.
//
// A number is scaled by its unit in decimal, not by multiplying doubles:
// "80ms" becomes the text "80e-3" and is converted once, so it equals the
// literal 0.080 bit for bit and range checks at the limits are exact
// ("1ms" == Limits::min_rtt_s). std::from_chars / std::to_chars are used
// because they ignore the C locale (a Qt application sets it from the
// environment, and strtod would then expect "0,5" under a German locale).
#include "model/core/units.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <system_error>

namespace inflight {
namespace {

constexpr const char* kRateHint = "use a number with bps, kbps, Mbps or Gbps (e.g. 100Mbps)";
constexpr const char* kTimeHint = "use a number with s, ms or us (e.g. 80ms)";
constexpr const char* kLossHint = "use a percentage or a fraction (e.g. 0.01% or 1e-4), or none";
constexpr const char* kSizeHint =
    "use a number of bytes with B, KB, KiB, MB, MiB, GB or GiB (e.g. 64KiB or 65535)";
constexpr const char* kUnsignedHint = "use a whole number from 0 to 18446744073709551615";

// Doubles hold every integer up to 2^53 exactly; a byte count beyond that
// could not be stored without rounding.
constexpr double kMaxExactInteger = 9007199254740992.0;

std::string_view trim(std::string_view s) {
    const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

std::string lower_ascii(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// "name: 'text' <problem>; <hint>"
std::string complain(std::string_view name, std::string_view text, std::string_view problem,
                     std::string_view hint) {
    std::string msg(name);
    msg += ": '";
    msg += text;
    msg += "' ";
    msg += problem;
    msg += "; ";
    msg += hint;
    return msg;
}

// A number as typed, split into its parts, plus the unit text after it.
struct NumberText {
    std::string mantissa;   // digits and at most one '.', separators removed
    long exponent = 0;      // from an "e-4" part
    bool has_point_or_exponent = false;
    std::string unit;       // lower-cased, may be empty
    std::string raw_unit;   // the same as typed
};

enum class Lex { Ok, Empty, Negative, NotFinite, Malformed };

// Splits "1,500.5e-3 ms" into mantissa "1500.5", exponent -3, unit "ms".
Lex lex_number(std::string_view raw, NumberText& out) {
    std::string_view s = trim(raw);
    if (s.empty()) return Lex::Empty;
    const std::string low = lower_ascii(s);
    std::string_view body = low;
    if (body.front() == '+') body.remove_prefix(1);
    if (body.starts_with("nan") || body.starts_with("inf") || body.starts_with("-nan") ||
        body.starts_with("-inf"))
        return Lex::NotFinite;
    if (body.starts_with("-")) {
        const bool numeric = body.size() > 1 && (is_digit(body[1]) || body[1] == '.');
        return numeric ? Lex::Negative : Lex::Malformed;
    }

    std::size_t i = 0;
    // Integer part, optionally grouped by commas in threes.
    std::size_t group_len = 0, digits_before_point = 0;
    bool saw_comma = false;
    while (i < body.size() && (is_digit(body[i]) || body[i] == ',')) {
        if (body[i] == ',') {
            // A comma must follow 1-3 digits (first group) or exactly 3.
            if (group_len == 0 || group_len > 3 || (saw_comma && group_len != 3))
                return Lex::Malformed;
            saw_comma = true;
            group_len = 0;
        } else {
            out.mantissa += body[i];
            ++group_len;
            ++digits_before_point;
        }
        ++i;
    }
    if (saw_comma && group_len != 3) return Lex::Malformed;
    std::size_t digits_after_point = 0;
    if (i < body.size() && body[i] == '.') {
        out.mantissa += '.';
        out.has_point_or_exponent = true;
        ++i;
        while (i < body.size() && is_digit(body[i])) {
            out.mantissa += body[i];
            ++digits_after_point;
            ++i;
        }
    }
    if (digits_before_point + digits_after_point == 0) return Lex::Malformed;
    if (i < body.size() && body[i] == 'e') {
        std::size_t j = i + 1;
        bool negative_exp = false;
        if (j < body.size() && (body[j] == '+' || body[j] == '-')) {
            negative_exp = body[j] == '-';
            ++j;
        }
        const std::size_t exp_start = j;
        while (j < body.size() && is_digit(body[j])) ++j;
        if (j == exp_start) return Lex::Malformed;   // "1e" or "1e-"
        if (j - exp_start > 5) return Lex::Malformed; // absurd exponent
        long e = 0;
        std::from_chars(body.data() + exp_start, body.data() + j, e);
        out.exponent = negative_exp ? -e : e;
        out.has_point_or_exponent = true;
        i = j;
    }
    out.unit = std::string(trim(body.substr(i)));
    out.raw_unit = std::string(s.substr(s.size() - out.unit.size()));  // lower-casing keeps the length
    return Lex::Ok;
}

// mantissa * 10^(exponent + shift), correctly rounded; nullopt when it is
// outside the range of a double.
std::optional<double> to_double(const NumberText& n, long shift) {
    std::string text = n.mantissa;
    text += 'e';
    text += std::to_string(n.exponent + shift);
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// The shared front half of every parser: lex, map common failures to
// messages. Returns nullopt and sets `error` on failure.
std::optional<NumberText> lex_or_complain(std::string_view text, std::string_view name,
                                          std::string_view kind_article,  // "a rate"
                                          std::string_view hint, std::string& error) {
    NumberText n;
    switch (lex_number(text, n)) {
        case Lex::Ok:
            return n;
        case Lex::Empty:
            error = std::string(name) + ": empty value; " + std::string(hint);
            return std::nullopt;
        case Lex::Negative:
            error = complain(name, text, "is negative", hint);
            return std::nullopt;
        case Lex::NotFinite:
            error = complain(name, text, "is not a finite number", hint);
            return std::nullopt;
        case Lex::Malformed:
            break;
    }
    error = complain(name, text, "is not " + std::string(kind_article), hint);
    return std::nullopt;
}

struct UnitScale {
    const char* unit;
    long decimal_shift;   // value = number * 10^decimal_shift
};

// Parses a value whose units are all decimal scalings of the base unit.
Parsed<double> parse_decimal(std::string_view text, std::string_view name,
                             std::string_view kind_article, std::string_view hint,
                             std::initializer_list<UnitScale> units) {
    Parsed<double> r;
    auto n = lex_or_complain(text, name, kind_article, hint, r.error);
    if (!n) return r;
    for (const UnitScale& u : units) {
        if (n->unit != u.unit) continue;
        if (auto v = to_double(*n, u.decimal_shift)) {
            r.value = *v;
        } else {
            r.error = complain(name, text, "is too large", hint);
        }
        return r;
    }
    r.error = complain(name, text, "is not " + std::string(kind_article), hint);
    return r;
}

// Rounds x to `digits` significant digits and returns its decimal digits
// and the power of ten of the first one: 24.13, 3 -> ("241", 1).
struct Rounded {
    std::string digits;
    int exponent10 = 0;
};
Rounded round_significant(double x, int digits) {
    if (digits < 1) digits = 1;
    if (digits > 17) digits = 17;
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific, digits - 1);
    std::string_view s(buf, static_cast<std::size_t>(res.ptr - buf));  // "2.41e+01"
    Rounded r;
    const std::size_t e = s.find('e');
    for (char c : s.substr(0, e))
        if (is_digit(c)) r.digits += c;
    std::from_chars(s.data() + e + (s[e + 1] == '+' ? 2 : 1), s.data() + s.size(), r.exponent10);
    return r;
}

// The decimal exponents written in plain digits: 1e-9 up to below 1e15.
constexpr int kPlainExponentMin = -9;
constexpr int kPlainExponentMax = 15;

// Plain decimal text of a positive rounded value, trailing zeros dropped.
std::string plain_decimal(const Rounded& r) {
    std::string digits = r.digits;
    const int point = r.exponent10 + 1;  // digits before the decimal point
    std::string out;
    if (point <= 0) {
        out = "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
    } else if (static_cast<std::size_t>(point) >= digits.size()) {
        out = digits + std::string(static_cast<std::size_t>(point) - digits.size(), '0');
    } else {
        out = digits.substr(0, static_cast<std::size_t>(point)) + "." +
              digits.substr(static_cast<std::size_t>(point));
    }
    if (out.find('.') != std::string::npos) {
        while (out.back() == '0') out.pop_back();
        if (out.back() == '.') out.pop_back();
    }
    return out;
}

std::optional<std::string> non_finite_text(double x) {
    if (std::isnan(x)) return std::string("nan");
    if (std::isinf(x)) return std::string(x > 0 ? "inf" : "-inf");
    return std::nullopt;
}

// Rounds first, then picks the unit, so 999.96e3 bit/s shows as
// "1 Mbit/s" and not "1000 kbit/s".
struct Step {
    double scale;
    const char* unit;
};
std::string format_scaled(double x, int digits, std::initializer_list<Step> steps_large_first) {
    if (auto t = non_finite_text(x)) return *t;
    const Step* smallest = nullptr;
    const Step* base = nullptr;  // the unit of scale 1: "0 s", not "0 µs"
    for (const Step& s : steps_large_first) {
        smallest = &s;
        if (s.scale == 1) base = &s;
    }
    if (x == 0) return std::string("0 ") + (base ? base : smallest)->unit;
    const double magnitude = std::fabs(x);
    const Rounded r = round_significant(magnitude, digits);
    double rounded = 0;
    {
        std::string t = r.digits + "e" + std::to_string(r.exponent10 - static_cast<int>(r.digits.size()) + 1);
        std::from_chars(t.data(), t.data() + t.size(), rounded);
    }
    const Step* chosen = smallest;
    for (const Step& s : steps_large_first) {
        if (rounded >= s.scale) {
            chosen = &s;
            break;
        }
    }
    std::string out = x < 0 ? "-" : "";
    out += format_number(rounded / chosen->scale, digits);
    out += ' ';
    out += chosen->unit;
    return out;
}

}  // namespace

// Case is read in one place only, where it is the convention's whole
// point: in a unit of mixed case a capital B is a byte and a small b a bit,
// so "100MBps" is 100 megabytes a second and "64Kb" 64 kilobits. All upper
// or all lower case reads case-insensitively, as bits for a rate and bytes
// for a size. A rate in bytes or a size in bits is refused, not converted:
// an 8× misreading is what the refusal is there to stop.
static bool mixed_case_with(std::string_view unit, char letter) {
    bool upper = false, lower = false;
    for (char c : unit) {
        upper = upper || (c >= 'A' && c <= 'Z');
        lower = lower || (c >= 'a' && c <= 'z');
    }
    return upper && lower && unit.find(letter) != std::string_view::npos;
}

Parsed<double> parse_rate_bps(std::string_view text, std::string_view name) {
    NumberText n;
    if (lex_number(text, n) == Lex::Ok && mixed_case_with(n.raw_unit, 'B')) {
        Parsed<double> r;
        std::string as_bits = n.unit;  // "mbps", "mb/s": the same prefix in bits
        if (const auto b = as_bits.find('b'); b != std::string::npos) as_bits = as_bits.substr(0, b) + "bps";
        const Parsed<double> bits = parse_rate_bps(n.mantissa + "e" + std::to_string(n.exponent) + as_bits, name);
        r.error = complain(name, text, "is in bytes a second (a capital B is a byte)",
                           bits.ok() ? "a rate is in bits: that is " + format_rate(8 * bits.value) + "; " + kRateHint
                                     : std::string(kRateHint));
        return r;
    }
    return parse_decimal(text, name, "a rate", kRateHint,
                         {{"", 0},      {"bps", 0},     {"bit/s", 0},
                          {"k", 3},     {"kbps", 3},    {"kbit/s", 3},
                          {"m", 6},     {"mbps", 6},    {"mbit/s", 6},
                          {"g", 9},     {"gbps", 9},    {"gbit/s", 9}});
}

Parsed<double> parse_time_s(std::string_view text, std::string_view name) {
    // "µs" arrives as UTF-8: micro sign U+00B5 or Greek small mu U+03BC.
    return parse_decimal(text, name, "a time", kTimeHint,
                         {{"", 0}, {"s", 0}, {"ms", -3}, {"us", -6},
                          {"\xc2\xb5s", -6}, {"\xce\xbcs", -6}});
}

Parsed<double> parse_loss_fraction(std::string_view text, std::string_view name) {
    if (lower_ascii(trim(text)) == "none") return {0.0, {}};
    return parse_decimal(text, name, "a loss rate", kLossHint, {{"", 0}, {"%", -2}});
}

Parsed<std::uint64_t> parse_size_bytes(std::string_view text, std::string_view name) {
    Parsed<std::uint64_t> r;
    auto n = lex_or_complain(text, name, "a size", kSizeHint, r.error);
    if (!n) return r;
    if (mixed_case_with(n->raw_unit, 'b')) {  // "64Kb", "1Mb": bits (see mixed_case_with)
        r.error = complain(name, text, "is in bits (a small b is a bit)", kSizeHint);
        return r;
    }
    struct SizeUnit {
        const char* unit;
        long decimal_shift;
        std::uint64_t binary_factor;
    };
    static constexpr SizeUnit kUnits[] = {
        {"", 0, 1},          {"b", 0, 1},
        {"kb", 3, 1},        {"mb", 6, 1},          {"gb", 9, 1},
        {"kib", 0, 1u << 10}, {"mib", 0, 1u << 20}, {"gib", 0, 1u << 30},
    };
    for (const SizeUnit& u : kUnits) {
        if (n->unit != u.unit) continue;
        // Plain integers of bytes are read exactly, whatever their size.
        if (u.decimal_shift == 0 && u.binary_factor == 1 && !n->has_point_or_exponent) {
            const auto& m = n->mantissa;
            const auto [end, ec] = std::from_chars(m.data(), m.data() + m.size(), r.value);
            if (ec != std::errc() || end != m.data() + m.size())
                r.error = complain(name, text, "is too large", kSizeHint);
            return r;
        }
        const auto v = to_double(*n, u.decimal_shift);
        if (!v) {
            r.error = complain(name, text, "is too large", kSizeHint);
            return r;
        }
        const double bytes = *v * static_cast<double>(u.binary_factor);  // exact: a power of two
        if (bytes > kMaxExactInteger) {
            r.error = complain(name, text, "is too large", kSizeHint);
        } else if (bytes != std::floor(bytes)) {
            r.error = complain(name, text, "is not a whole number of bytes", kSizeHint);
        } else {
            r.value = static_cast<std::uint64_t>(bytes);
        }
        return r;
    }
    r.error = complain(name, text, "is not a size", kSizeHint);
    return r;
}

Parsed<std::uint64_t> parse_unsigned(std::string_view text, std::string_view name) {
    Parsed<std::uint64_t> r;
    auto n = lex_or_complain(text, name, "a whole number", kUnsignedHint, r.error);
    if (!n) return r;
    if (!n->unit.empty() || n->has_point_or_exponent) {
        r.error = complain(name, text, "is not a whole number", kUnsignedHint);
        return r;
    }
    const auto& m = n->mantissa;
    const auto [end, ec] = std::from_chars(m.data(), m.data() + m.size(), r.value);
    if (ec != std::errc() || end != m.data() + m.size())
        r.error = complain(name, text, "is too large", kUnsignedHint);
    return r;
}

// Scientific text of a positive rounded value: "1e+300", "2.5e-12".
std::string scientific(const Rounded& r) {
    std::string mantissa = r.digits.substr(0, 1);
    std::string rest = r.digits.substr(1);
    while (!rest.empty() && rest.back() == '0') rest.pop_back();
    if (!rest.empty()) mantissa += "." + rest;
    return mantissa + "e" + (r.exponent10 < 0 ? "-" : "+") + std::to_string(std::abs(r.exponent10));
}

std::string format_number(double x, int significant_digits) {
    if (auto t = non_finite_text(x)) return *t;
    if (x == 0) return "0";
    const Rounded r = round_significant(std::fabs(x), significant_digits);
    std::string out = x < 0 ? "-" : "";
    // Past a quadrillion or below a billionth (a typed 1e300 in a message),
    // plain digits would run to hundreds: written as a power of ten.
    out += r.exponent10 >= kPlainExponentMax || r.exponent10 < kPlainExponentMin ? scientific(r) : plain_decimal(r);
    return out;
}

std::string format_rate(double bps, int significant_digits) {
    return format_scaled(bps, significant_digits,
                         {{1e9, "Gbit/s"}, {1e6, "Mbit/s"}, {1e3, "kbit/s"}, {1, "bit/s"}});
}

std::string format_time(double s, int significant_digits) {
    return format_scaled(s, significant_digits,
                         {{1, "s"}, {1e-3, "ms"}, {1e-6, "\xc2\xb5s"}});
}

std::string format_loss(double fraction, int significant_digits) {
    if (auto t = non_finite_text(fraction)) return *t;
    if (fraction == 0) return "0";
    return format_number(fraction * 100, significant_digits) + "%";
}

std::string format_grouped(std::uint64_t n) {
    std::string digits = std::to_string(n);
    std::string out;
    const std::size_t first = digits.size() % 3 == 0 ? 3 : digits.size() % 3;
    out += digits.substr(0, first);
    for (std::size_t i = first; i < digits.size(); i += 3) {
        out += ',';
        out += digits.substr(i, 3);
    }
    return out;
}

std::string format_size(std::uint64_t bytes) { return format_grouped(bytes) + " B"; }

std::string format_size_short(std::uint64_t bytes) {
    struct Named {
        std::uint64_t factor;
        const char* unit;
    };
    static constexpr Named kUnits[] = {
        {1ull << 30, "GiB"}, {1'000'000'000ull, "GB"}, {1ull << 20, "MiB"},
        {1'000'000ull, "MB"}, {1ull << 10, "KiB"},     {1'000ull, "KB"},
    };
    if (bytes == 0) return "0 B";
    for (const Named& u : kUnits) {
        if (bytes < u.factor) continue;
        // Only when exact with at most two decimals: "1.5 MB", "64 KiB";
        // 65,535 B stays as it is rather than "65.535 KB".
        const std::uint64_t remainder = bytes % u.factor;
        if (remainder * 100 % u.factor != 0) continue;
        const double v = static_cast<double>(bytes) / static_cast<double>(u.factor);
        return format_number(v, 15) + " " + u.unit;
    }
    return format_size(bytes);
}

}  // namespace inflight
