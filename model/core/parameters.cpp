// The parameter table and what is done with a row (parameters.h): reading a
// value from text, writing it back, checking it against the row's range and
// naming that range. Every check reports the parameter, the value and the
// allowed range; nothing is clamped.
#include "model/core/parameters.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <type_traits>

#include "model/core/units.h"

namespace inflight {
namespace {

// ---------------------------------------------------------------------------
// The choices of the Choice parameters, each name with the enumerator it
// stands for.
constexpr ParamChoice kAlgorithms[] = {
    {"reno", static_cast<int>(Algorithm::Reno), "Reno",
     "Reno (RFC 5681): +1 segment per RTT, halve on a congestion event."},
    {"cubic", static_cast<int>(Algorithm::Cubic), "CUBIC",
     "CUBIC (RFC 9438): cubic growth back to the last maximum, β = 0.7. "
     "Slow start runs until the first loss, or until HyStart ends it (the hystart switch, on with the linux stack)."},
    {"bbr", static_cast<int>(Algorithm::Bbr), "BBR",
     "BBR v1 (Linux tcp_bbr.c): paces to its own estimate of the bottleneck "
     "bandwidth and min RTT; loss does not enter its window law."},
};
constexpr ParamChoice kLossPatterns[] = {
    {"even", static_cast<int>(LossPattern::Even), "evenly spaced", ""},
    {"random", static_cast<int>(LossPattern::Random), "random", ""},
};
constexpr ParamChoice kAqms[] = {
    {"none", static_cast<int>(Aqm::None), "tail drop", ""},
    {"codel", static_cast<int>(Aqm::Codel), "CoDel", ""},
    {"fq_codel", static_cast<int>(Aqm::FqCodel), "fq_codel", ""},
};

constexpr ParamChoice kStacks[] = {
    {"textbook", static_cast<int>(Stack::Textbook), "textbook",
     "The lesson's TCP: every segment ACKed at once, slow start until the first loss, a fixed receive "
     "window, an immediate cut on loss, BBR unpaced unless pacing is on."},
    {"linux", static_cast<int>(Stack::Linux), "Linux",
     "What Linux 6.x does: BBR paces itself, CUBIC leaves slow start by HyStart, the receiver ACKs every "
     "second segment and autotunes its buffer, recovery cuts by PRR."},
};
constexpr ParamChoice kDetails[] = {
    {"auto", static_cast<int>(Detail::Auto), "as the stack", "On with the linux stack, off with textbook."},
    {"on", static_cast<int>(Detail::On), "on", ""},
    {"off", static_cast<int>(Detail::Off), "off", ""},
};

constexpr const char* kSecondsOrText = "a number of seconds or a string such as \"80ms\"";
constexpr const char* kBytesOrText = "a whole number of bytes or a string such as \"64KiB\"";
constexpr const char* kTrueOrFalse = "true or false";

// ---------------------------------------------------------------------------
// The table, in the order of Param.
constexpr ParamRow kRows[] = {
    {Param::Algorithm, "algo", "algo", "", ParamType::Choice, 0, 0, "cubic", "reno|cubic|bbr",
     "congestion control (default {default})", "", "", "&Algorithm",
     "Congestion control. Reno: loss halves the window. CUBIC (RFC 9438; HyStart is the hystart switch): "
     "cubic regrowth, β = 0.7. BBR v1: a model of the path (BtlBw × min_rtt), not a reaction to loss.",
     0, false, kAlgorithms, &Scenario::algorithm},
    {Param::Bandwidth, "bandwidth", "bandwidth", "", ParamType::Rate, Limits::min_bandwidth_bps,
     Limits::max_bandwidth_bps_cli, "100Mbps", "RATE", "bottleneck link rate, {range} (default {default})", "",
     "a number of bit/s or a string such as \"100Mbps\"", "&Bandwidth",
     "Bottleneck link rate C. Sets the ceiling, not the speed: throughput = window / RTT, at most C.", 1, true,
     {}, &Scenario::bandwidth_bps},
    {Param::Rtt, "rtt", "rtt", "", ParamType::Time, Limits::min_rtt_s, Limits::max_rtt_s, "80ms", "TIME",
     "base round-trip time, {range} (default {default})", "", kSecondsOrText, "Base &RTT",
     "Propagation round-trip time with an empty queue (distance, not load).", 2, true, {}, &Scenario::rtt_s},
    {Param::Loss, "loss", "loss", "", ParamType::Loss, Limits::min_loss, Limits::max_loss, "none", "LOSS",
     "non-congestion loss: none, or {range} (e.g. 0.01% or 1e-4; default {default})", "",
     "a fraction such as 0.0001 or a string such as \"0.01%\"", "&Loss",
     "Loss unrelated to congestion (a noisy radio link, a bad cable): the fraction of data packets lost "
     "after the bottleneck. Type “none” for a clean path.",
     3, true, {}, &Scenario::loss},
    {Param::LossPattern, "loss_pattern", "loss-pattern", "", ParamType::Choice, 0, 0, "even", "even|random",
     "evenly spaced or independent random losses (default {default})", "", "", "Loss &pattern",
     "Evenly spaced: exactly one packet in every 1/p is lost (the textbook assumption). Random: each packet "
     "is lost with probability p; one run then rests on few loss events and its figure wanders 15–25% with "
     "the seed.",
     0, false, kLossPatterns, &Scenario::loss_pattern},
    {Param::Rwnd, "rwnd", "rwnd", "", ParamType::Window, static_cast<double>(Limits::min_window_bytes),
     static_cast<double>(Limits::max_window_bytes), "1GiB", "SIZE",
     "receive window, {range}; 65535 = no window scaling (default {default})", "", kBytesOrText,
     "Receive &window (rwnd)",
     "The receiver's advertised window: the most data it promises to take unacknowledged. 65,535 B is the "
     "ceiling without the window-scaling option (RFC 7323).",
     5, true, {}, &Scenario::rwnd_bytes},
    {Param::Sndbuf, "sndbuf", "sndbuf", "", ParamType::Window, static_cast<double>(Limits::min_window_bytes),
     static_cast<double>(Limits::max_window_bytes), "1GiB", "SIZE", "send buffer, {range} (default {default})",
     "", kBytesOrText, "&Send buffer",
     "The sender's socket buffer: unacknowledged data cannot exceed it (like SO_SNDBUF / tcp_wmem).", 0, true,
     {}, &Scenario::sndbuf_bytes},
    {Param::Buffer, "buffer", "buffer", "", ParamType::Time, Limits::min_buffer_s, Limits::max_buffer_s, "100ms",
     "TIME", "bottleneck buffer in time at the link rate, {range} (default {default})", "", kSecondsOrText,
     "B&uffer",
     "Bottleneck buffer, in milliseconds of the link rate (B = C × time). The warm band in the window panel.",
     4, true, {}, &Scenario::buffer_s},
    {Param::Aqm, "aqm", "aqm", "", ParamType::Choice, 0, 0, "none", "none|codel|fq_codel",
     "queue management: tail drop, CoDel, or fq_codel's queue per flow (default {default})", "", "", "A&QM",
     "Queue discipline. Tail drop: drop when the buffer is full. CoDel (RFC 8289): drop when packets have "
     "queued over 5 ms for 100 ms, whatever the buffer size. fq_codel (RFC 8290): one CoDel queue per flow, "
     "served in turn, so a ping or a short transfer does not wait behind a bulk flow's queue.",
     0, false, kAqms, &Scenario::aqm},
    {Param::Ecn, "ecn", "ecn", "no-ecn", ParamType::Switch, 0, 0, "off", "",
     "ECN on: CoDel and fq_codel mark instead of dropping", "ECN off (the default)", kTrueOrFalse, "&ECN",
     "Explicit Congestion Notification (RFC 3168): CoDel marks packets instead of dropping them; the sender "
     "reduces as for a loss but nothing is lost. Tail drop still drops; BBR v1 ignores marks.",
     0, false, {}, &Scenario::ecn},
    {Param::Mss, "mss", "mss", "", ParamType::Bytes, Limits::min_mss_bytes, Limits::max_mss_bytes, "1500",
     "BYTES", "segment size, {range} (default {default})", "", "a whole number of bytes such as 1500", "MSS",
     "Maximum segment size: the packet size. No header overhead is modelled.", 0, false, {},
     &Scenario::mss_bytes},
    {Param::Pacing, "pacing", "pacing", "no-pacing", ParamType::Switch, 0, 0, "off", "[on|off|auto]",
     "pace packets at the algorithm's pacing rate: on (every flow), off (none, BBR too) or auto (BBR as its "
     "stack runs it; the default)",
     "the same as --pacing off", kTrueOrFalse,
     "Pacin&g",
     "Pacing (as Linux fq): packets leave no faster than the algorithm's pacing rate instead of in "
     "ACK-clocked bursts. For BBR it removes the standing queue.",
     0, false, {}, &Scenario::pacing},
    {Param::Duration, "duration", "duration", "", ParamType::Time, Limits::min_duration_s, Limits::max_duration_s,
     "40s", "TIME", "simulated time, {range} (default {default})", "", kSecondsOrText, "&Duration",
     "Simulated time. Averages are taken over the second half.", 0, false, {}, &Scenario::duration_s},
    {Param::Seed, "seed", "seed", "", ParamType::Count, 0, 0, "1", "N",
     "random seed, a whole number (default {default})", "", "a whole number such as 1", "S&eed",
     "Seed of the random loss pattern and BBR's random start phase. Same settings, same seed: the same "
     "picture.",
     0, false, {}, &Scenario::seed},
    {Param::Stack, "stack", "stack", "", ParamType::Choice, 0, 0, "textbook", "textbook|linux",
     "the TCP modelled: the lesson's textbook sender and receiver, or Linux 6.x's details (default {default})",
     "", "", "S&tack",
     "Textbook: the lesson's TCP (every segment ACKed at once, slow start to the first loss, fixed receive "
     "window, an immediate cut, BBR unpaced). Linux: what the kernel does — BBR paces itself, HyStart, "
     "delayed ACKs, receive-buffer autotuning, PRR, slow start's room. Each detail has its own switch under More.",
     0, false, kStacks, &Scenario::stack},
    {Param::BbrPacing, "bbr_pacing", "bbr-pacing", "", ParamType::Choice, 0, 0, "auto", "auto|on|off",
     "BBR paces itself at gain x BtlBw less 1%, as Linux since 4.13 (default {default}: with linux)", "", "",
     "BBR paces itself",
     "Linux paces BBR internally (tcp_bbr.c asks for it, fq or not): no packet leaves faster than "
     "pacing gain × bottleneck bandwidth, less 1%. Off: BBR's window with none of its pacing, as the lesson "
     "draws it.",
     0, false, kDetails, &Scenario::bbr_pacing},
    {Param::BbrHeadroom, "bbr_headroom", "bbr-headroom", "", ParamType::Choice, 0, 0, "auto", "auto|on|off",
     "BBR's cwnd allows for ACK aggregation and TSO bursts, as Linux since 5.1 (default {default}: with linux)",
     "", "", "BBR's headroom",
     "Linux's BBR keeps more than 2 × BDP in flight: the most data recently ACKed beyond what BtlBw predicts "
     "(ACK aggregation, up to 100 ms of BtlBw) and three TSO bursts, rounded to an even number of segments. "
     "Off: cwnd is exactly gain × BtlBw × min_rtt, as the lesson draws it.",
     0, false, kDetails, &Scenario::bbr_headroom},
    {Param::Hystart, "hystart", "hystart", "", ParamType::Choice, 0, 0, "auto", "auto|on|off",
     "CUBIC leaves slow start by HyStart's ACK-train and delay detectors (default {default}: with linux)", "",
     "", "HyStart",
     "Linux CUBIC ends slow start before the first loss when ACKs of a round arrive over more than half "
     "the minimum RTT, or the RTT rises by an eighth (4–16 ms): ssthresh = cwnd, no overshoot.",
     0, false, kDetails, &Scenario::hystart},
    {Param::DelayedAcks, "delayed_acks", "delayed-acks", "", ParamType::Choice, 0, 0, "auto", "auto|on|off",
     "the receiver ACKs every second segment, with quick ACKs and a 40 ms timer (default {default}: with linux)",
     "", "", "Delayed ACKs",
     "Linux's receiver ACKs at once only when two full segments are unacknowledged, in quick-ACK mode at the "
     "start, or for out-of-order or CE-marked data; otherwise it waits up to the delayed-ACK timer (40 ms "
     "and up). The sender still grows by segments acknowledged.",
     0, false, kDetails, &Scenario::delayed_acks},
    {Param::Autotuning, "autotuning", "autotuning", "", ParamType::Choice, 0, 0, "auto", "auto|on|off",
     "the receive buffer grows with what the application reads each RTT (default {default}: with linux)", "",
     "", "Receive autotuning",
     "Linux grows the receive buffer once per RTT to about twice what the application read in it, up to "
     "tcp_rmem's maximum, and advertises a window from it. Setting SO_RCVBUF (rcvbuf) switches it off.",
     0, false, kDetails, &Scenario::autotuning},
    {Param::Prr, "prr", "prr", "", ParamType::Choice, 0, 0, "auto", "auto|on|off",
     "fast recovery cuts the window by proportional rate reduction (default {default}: with linux)", "", "",
     "PRR",
     "Proportional rate reduction (RFC 6937): in fast recovery the window glides down to β × cwnd over "
     "about one RTT, sending one segment per 1/(1−β) delivered, instead of stopping at once.",
     0, false, kDetails, &Scenario::prr},
    {Param::SlowStartRoom, "slow_start_room", "slow-start-room", "", ParamType::Choice, 0, 0, "auto", "auto|on|off",
     "in slow start cwnd grows to twice what was in flight, though the receive window or the application "
     "held the sender back (default {default}: with linux)",
     "", "", "Slow start's room",
     "Linux counts a connection in slow start as held back by its cwnd while cwnd is under twice the most "
     "it had in flight in the last round trip (tcp_is_cwnd_limited), so a flow held by the receive window or "
     "its application still doubles its cwnd. Off: cwnd grows only while it is what holds the sender back.",
     0, false, kDetails, &Scenario::slow_start_room},
    {Param::Rcvbuf, "rcvbuf", "rcvbuf", "", ParamType::WindowOrAuto, static_cast<double>(Limits::min_window_bytes),
     static_cast<double>(Limits::max_window_bytes), "auto", "SIZE|auto",
     "the application's SO_RCVBUF, {range}: a fixed receive buffer, no autotuning (default {default}: not set)",
     "", "a whole number of bytes, a string such as \"256KiB\", or \"auto\"", "SO_RCVBUF",
     "The receive buffer an application sets with setsockopt(SO_RCVBUF): Linux doubles it for its own "
     "bookkeeping, locks it and stops autotuning, so it caps every transfer at about that window per RTT. "
     "auto: not set (linux autotunes; textbook uses the receive window above).",
     0, false, {}, &Scenario::rcvbuf_bytes},
};
static_assert(std::size(kRows) == kAllParams.size(), "one row per Param");
static_assert([] {
    for (std::size_t i = 0; i < std::size(kRows); ++i)
        if (kRows[i].param != kAllParams[i]) return false;
    return true;
}(), "rows in the order of Param");

// ---------------------------------------------------------------------------
// Enough digits that a value just outside a limit never prints as the limit
// itself ("0.9999 ms", not "1 ms is out of range").
constexpr int kErrorDigits = 9;

std::string lower_ascii(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string out_of_range(std::string_view name, const std::string& value_text, const std::string& allowed) {
    return std::string(name) + ": " + value_text + " is out of range; allowed " + allowed;
}

std::string not_a_number(std::string_view name, const std::string& allowed) {
    return std::string(name) + ": nan is not a number; allowed " + allowed;
}

std::string not_one_of(std::string_view name, std::string_view text, std::string_view allowed) {
    return std::string(name) + ": '" + std::string(text) + "' is not allowed; use one of " + std::string(allowed);
}

std::optional<bool> switch_from_text(std::string_view text) {
    const std::string v = lower_ascii(text);
    if (v == "on" || v == "true" || v == "yes" || v == "1") return true;
    if (v == "off" || v == "false" || v == "no" || v == "0") return false;
    return std::nullopt;
}

// lo <= x <= hi, false for NaN.
bool within(double x, double lo, double hi) { return x >= lo && x <= hi; }

// Shared shape of the checks on a double: NaN, then range.
std::optional<std::string> check_double(double x, double lo, double hi, std::string_view name,
                                        std::string (*format)(double, int), const std::string& allowed) {
    if (std::isnan(x)) return not_a_number(name, allowed);
    if (!within(x, lo, hi)) return out_of_range(name, format(x, kErrorDigits), allowed);
    return std::nullopt;
}

// An integral field exactly (a double would round values above 2^53).
std::uint64_t whole(const Scenario& s, Param p) {
    return std::visit(
        [&](auto field) -> std::uint64_t {
            using T = std::remove_reference_t<decltype(s.*field)>;
            if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) return s.*field;
            else return 0;
        },
        param_row(p).field);
}

const ParamChoice* choice_of_value(const ParamRow& row, int value) {
    for (const ParamChoice& c : row.choices)
        if (c.value == value) return &c;
    return nullptr;
}

}  // namespace

std::span<const ParamRow> param_table() { return kRows; }

const ParamRow& param_row(Param p) { return kRows[static_cast<std::size_t>(p)]; }

const ParamRow* param_row_by_option(std::string_view option) {
    for (const ParamRow& row : kRows)
        if (option == row.option || (*row.off_option && option == row.off_option)) return &row;
    return nullptr;
}

const char* key(Param p) { return param_row(p).key; }

std::optional<Param> param_from_key(std::string_view k) {
    for (const ParamRow& row : kRows)
        if (k == row.key) return row.param;
    return std::nullopt;
}

ParamValue get(const Scenario& s, Param p) {
    return std::visit([&](auto field) { return ParamValue(s.*field); }, param_row(p).field);
}

void set(Scenario& s, Param p, const ParamValue& v) {
    std::visit(
        [&](auto field) {
            using T = std::remove_reference_t<decltype(s.*field)>;
            s.*field = std::get<T>(v);
        },
        param_row(p).field);
}

double number(const Scenario& s, Param p) {
    return std::visit(
        [&](auto field) -> double {
            const auto v = s.*field;
            if constexpr (std::is_enum_v<decltype(v)>) return static_cast<int>(v);
            else return static_cast<double>(v);
        },
        param_row(p).field);
}

void set_number(Scenario& s, Param p, double x) {
    std::visit(
        [&](auto field) {
            using T = std::remove_reference_t<decltype(s.*field)>;
            if constexpr (std::is_enum_v<T>) s.*field = static_cast<T>(static_cast<int>(x));
            else if constexpr (std::is_same_v<T, bool>) s.*field = x != 0;
            else if constexpr (std::is_integral_v<T>) s.*field = x > 0 ? static_cast<T>(std::llround(x)) : T{0};
            else s.*field = x;
        },
        param_row(p).field);
}

bool is_on(const Scenario& s, Param p) { return number(s, p) != 0; }

const char* choice_name(const Scenario& s, Param p) {
    const ParamChoice* c = choice_of_value(param_row(p), static_cast<int>(number(s, p)));
    return c ? c->name : "?";
}

std::string allowed_range(Param p, double max_bandwidth_bps) {
    const ParamRow& row = param_row(p);
    switch (row.type) {
        case ParamType::Choice: {
            std::string out;
            for (const ParamChoice& c : row.choices) out += (out.empty() ? "" : ", ") + std::string(c.name);
            return out;
        }
        case ParamType::Switch: return "on, off";
        case ParamType::Rate:
            return format_rate(row.min, kErrorDigits) + " – " + format_rate(max_bandwidth_bps, kErrorDigits);
        case ParamType::Time:
            // A range up to a second reads in ms at both ends, as the sliders show it.
            if (row.max <= 1.0)
                return std::to_string(std::llround(row.min * 1e3)) + " ms – " +
                       std::to_string(std::llround(row.max * 1e3)) + " ms";
            return format_time(row.min) + " – " + format_time(row.max);
        case ParamType::Loss:
            return "0 or " + format_loss(row.min, kErrorDigits) + " – " + format_loss(row.max, kErrorDigits);
        case ParamType::Window:
        case ParamType::WindowOrAuto: {
            const auto lo = static_cast<std::uint64_t>(row.min), hi = static_cast<std::uint64_t>(row.max);
            return std::string(row.type == ParamType::WindowOrAuto ? "auto or " : "") + format_size_short(lo) + " – " + format_size_short(hi) + " (" + format_grouped(lo) + " – " +
                   format_grouped(hi) + " B)";
        }
        case ParamType::Bytes:
            return std::to_string(static_cast<std::uint64_t>(row.min)) + " – " +
                   std::to_string(static_cast<std::uint64_t>(row.max)) + " B";
        case ParamType::Count: return "0 – " + std::to_string(std::numeric_limits<std::uint64_t>::max());
    }
    return "";
}

std::optional<std::string> validate_param(const Scenario& s, Param p, std::string_view name,
                                          double max_bandwidth_bps) {
    const ParamRow& row = param_row(p);
    const std::string allowed = allowed_range(p, max_bandwidth_bps);
    const double x = number(s, p);
    switch (row.type) {
        case ParamType::Choice:
            if (!choice_of_value(row, static_cast<int>(x)))
                return std::string(name) + ": value " + std::to_string(static_cast<int>(x)) + " is not one of " +
                       allowed;
            return std::nullopt;
        case ParamType::Rate: return check_double(x, row.min, max_bandwidth_bps, name, format_rate, allowed);
        case ParamType::Time: return check_double(x, row.min, row.max, name, format_time, allowed);
        case ParamType::Loss:
            if (std::isnan(x)) return not_a_number(name, allowed);
            if (x != 0 && !within(x, row.min, row.max)) return out_of_range(name, format_loss(x, kErrorDigits), allowed);
            return std::nullopt;
        case ParamType::WindowOrAuto:
            if (x == 0) return std::nullopt;  // auto
            [[fallthrough]];
        case ParamType::Window:
        case ParamType::Bytes:
            if (!within(x, row.min, row.max)) return out_of_range(name, format_size(whole(s, p)), allowed);
            return std::nullopt;
        case ParamType::Switch:
        case ParamType::Count: return std::nullopt;  // every value of the type is allowed
    }
    return std::nullopt;
}

std::optional<std::string> validate(const Scenario& s, double max_bandwidth_bps) {
    for (Param p : kAllParams)
        if (auto err = validate_param(s, p, key(p), max_bandwidth_bps)) return err;
    return validate_flows(s);
}

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

Parsed<double> parse_param_number(Param p, std::string_view text, std::string_view name) {
    switch (param_row(p).type) {
        case ParamType::Rate: return parse_rate_bps(text, name);
        case ParamType::Time: return parse_time_s(text, name);
        case ParamType::Loss: return parse_loss_fraction(text, name);
        case ParamType::Window:
        case ParamType::WindowOrAuto:
        case ParamType::Bytes:
        case ParamType::Count: {
            const Parsed<std::uint64_t> whole =
                param_row(p).type == ParamType::Count ? parse_unsigned(text, name) : parse_size_bytes(text, name);
            Parsed<double> out;
            out.value = static_cast<double>(whole.value);
            out.error = whole.error;
            return out;
        }
        case ParamType::Choice:
        case ParamType::Switch: break;
    }
    Parsed<double> out;
    out.error = std::string(name) + ": not a number parameter";
    return out;
}

std::optional<std::string> set_param_from_text(Scenario& s, Param p, std::string_view text,
                                               std::string_view name, double max_bandwidth_bps) {
    const ParamRow& row = param_row(p);
    Scenario next = s;
    switch (row.type) {
        case ParamType::Choice: {
            const std::string v = lower_ascii(text);
            const ParamChoice* picked = nullptr;
            for (const ParamChoice& c : row.choices)
                if (v == c.name) picked = &c;
            if (!picked) return not_one_of(name, text, allowed_range(p));
            set_number(next, p, picked->value);
            break;
        }
        case ParamType::Switch: {
            const auto v = switch_from_text(text);
            if (!v) return not_one_of(name, text, allowed_range(p));
            set(next, p, *v);
            break;
        }
        case ParamType::Rate:
        case ParamType::Time:
        case ParamType::Loss: {
            const Parsed<double> v = parse_param_number(p, text, name);
            if (!v) return v.error;
            set(next, p, v.value);
            break;
        }
        case ParamType::WindowOrAuto:
            if (lower_ascii(text) == "auto") {
                set_number(next, p, 0);
                break;
            }
            [[fallthrough]];
        case ParamType::Window:
        case ParamType::Bytes: {
            const Parsed<std::uint64_t> v = parse_size_bytes(text, name);
            if (!v) return v.error;
            // Checked before it is stored: the field may be narrower.
            if (!within(static_cast<double>(v.value), row.min, row.max))
                return out_of_range(name, format_size(v.value), allowed_range(p));
            set_number(next, p, static_cast<double>(v.value));
            break;
        }
        case ParamType::Count: {
            const Parsed<std::uint64_t> v = parse_unsigned(text, name);
            if (!v) return v.error;
            set(next, p, v.value);
            break;
        }
    }
    if (auto err = validate_param(next, p, name, max_bandwidth_bps)) return err;
    s = next;
    return std::nullopt;
}

std::string param_exact_text(const Scenario& s, Param p) {
    switch (param_row(p).type) {
        case ParamType::Choice: return choice_name(s, p);
        case ParamType::Switch: return is_on(s, p) ? "on" : "off";
        case ParamType::Rate:
        case ParamType::Time:
        case ParamType::Loss: return exact_number(number(s, p));
        case ParamType::WindowOrAuto:
            if (whole(s, p) == 0) return "auto";
            [[fallthrough]];
        case ParamType::Window:
        case ParamType::Bytes:
        case ParamType::Count: return std::to_string(whole(s, p));
    }
    return "";
}

std::string param_human_number(Param p, double si) {
    switch (param_row(p).type) {
        case ParamType::Rate: return format_rate(si);
        case ParamType::Time: return format_time(si);
        case ParamType::Loss: return format_loss(si);
        case ParamType::WindowOrAuto:
            if (si == 0) return "auto";
            [[fallthrough]];
        case ParamType::Window: return format_size_short(si > 0 ? static_cast<std::uint64_t>(std::llround(si)) : 0);
        case ParamType::Bytes: return format_size(si > 0 ? static_cast<std::uint64_t>(std::llround(si)) : 0);
        default: return format_number(si);
    }
}

std::string param_human_text(const Scenario& s, Param p) {
    switch (param_row(p).type) {
        case ParamType::Loss:
            if (number(s, p) == 0) return "none";
            [[fallthrough]];
        case ParamType::Rate:
        case ParamType::Time: return param_human_number(p, number(s, p));
        case ParamType::WindowOrAuto:
        case ParamType::Window: return param_human_number(p, number(s, p));
        case ParamType::Bytes: return format_size(whole(s, p));
        default: return param_exact_text(s, p);
    }
}

const char* param_unit(Param p) {
    switch (param_row(p).type) {
        case ParamType::Rate: return "bit/s";
        case ParamType::Time: return "s";
        case ParamType::Loss: return "fraction";
        case ParamType::Window:
        case ParamType::WindowOrAuto:
        case ParamType::Bytes: return "bytes";
        default: return "";
    }
}

std::string plain_label(Param p) {
    std::string out;
    for (const char* c = param_row(p).label; *c; ++c)
        if (*c != '&') out += *c;
    return out;
}

}  // namespace inflight
