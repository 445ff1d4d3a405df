// Values with units: parsing what people type ("100Mbps", "80ms", "0.01%",
// "64KiB") into SI base units, and formatting SI values back for people.
// Used by the command line, the scenario-file loader and the UI's text
// fields. Plain C++, no Qt.
//
// Units (case-insensitive, but in a unit of mixed case a capital B is a byte
// and a small b a bit: a rate in bytes, "100MBps", or a size in bits,
// "64Kb", is refused; a space between number and unit is allowed):
//   rate  bits/s   bps kbps Mbps Gbps, bit/s kbit/s Mbit/s Gbit/s,
//                  K M G (decimal: k = 1e3), plain number = bit/s
//   time  seconds  s ms us µs, plain number = s
//   loss  fraction N% (percent), plain number = fraction, "none" = 0
//   size  bytes    B; KB MB GB are decimal (1e3, 1e6, 1e9 bytes), KiB MiB GiB
//                  binary (2^10, 2^20, 2^30 bytes); plain number = bytes;
//                  must come out a whole number of bytes
// Numbers may use an exponent (1e-4) and thousands separators in groups of
// three ("65,535"). NaN, infinity, negative values, empty text and trailing
// garbage are rejected. Ranges are not checked here: that is validate()'s
// job (scenario.h), so "150%" parses to 1.5 and is rejected there.
//
// Every parse function takes the name to blame in its error (an option such
// as "--rtt" or a scenario-file key such as "rtt"), and on failure returns a
// one-line message naming it, the text and what is allowed, e.g.
//   --bandwidth: '10Qbps' is not a rate; use a number with bps, kbps, Mbps or Gbps (e.g. 100Mbps)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace inflight {

// A parsed value, or an error message (the value is then meaningless).
template <class T>
struct Parsed {
    T value{};
    std::string error;  // empty on success
    bool ok() const { return error.empty(); }
    explicit operator bool() const { return ok(); }
};

Parsed<double> parse_rate_bps(std::string_view text, std::string_view name);
Parsed<double> parse_time_s(std::string_view text, std::string_view name);
Parsed<double> parse_loss_fraction(std::string_view text, std::string_view name);
Parsed<std::uint64_t> parse_size_bytes(std::string_view text, std::string_view name);
// A whole number 0 .. 2^64-1, digits only (thousands separators allowed).
Parsed<std::uint64_t> parse_unsigned(std::string_view text, std::string_view name);

// Formatting. `significant_digits` bounds the digits shown (trailing zeros
// are dropped): format_rate(24.13e6) == "24.1 Mbit/s". Non-finite values
// format as "nan", "inf".
std::string format_rate(double bps, int significant_digits = 3);    // "100 Mbit/s", "500 bit/s"
std::string format_time(double s, int significant_digits = 3);      // "80 ms", "1 s", "500 µs"
std::string format_loss(double fraction, int significant_digits = 3);  // "0.01%", "0"
// Exact byte count with thousands separators: "65,535 B".
std::string format_size(std::uint64_t bytes);
// Shortest exact form: "64 KiB", "1 GiB", "1.5 MB", else "65,535 B".
std::string format_size_short(std::uint64_t bytes);
// Thousands separators: 1234567 -> "1,234,567".
std::string format_grouped(std::uint64_t n);
// A plain number with at most `significant_digits` digits, trailing zeros
// dropped, no exponent for ordinary magnitudes: 24.1, 0.0001, 1500.
std::string format_number(double x, int significant_digits = 3);

}  // namespace inflight
