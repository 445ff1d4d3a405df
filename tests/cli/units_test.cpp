// Values with units: expected numbers come from the unit definitions in
// units.h (k = 1e3, Ki = 2^10, % = 1e-2), written out as arithmetic.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "model/core/scenario.h"
#include "model/core/units.h"

using namespace inflight;

namespace {

double rate(const char* text) {
    auto r = parse_rate_bps(text, "--bandwidth");
    EXPECT_TRUE(r.ok()) << text << ": " << r.error;
    return r.value;
}
double seconds(const char* text) {
    auto r = parse_time_s(text, "--rtt");
    EXPECT_TRUE(r.ok()) << text << ": " << r.error;
    return r.value;
}
double loss(const char* text) {
    auto r = parse_loss_fraction(text, "--loss");
    EXPECT_TRUE(r.ok()) << text << ": " << r.error;
    return r.value;
}
std::uint64_t bytes(const char* text) {
    auto r = parse_size_bytes(text, "--rwnd");
    EXPECT_TRUE(r.ok()) << text << ": " << r.error;
    return r.value;
}

}  // namespace

TEST(RateParser, ReadsEveryUnitSpelling) {
    EXPECT_EQ(rate("100Mbps"), 100.0 * 1000 * 1000);
    EXPECT_EQ(rate("1Gbps"), 1.0 * 1000 * 1000 * 1000);
    EXPECT_EQ(rate("10kbps"), 10.0 * 1000);
    EXPECT_EQ(rate("500bps"), 500.0);
    EXPECT_EQ(rate("100M"), 100.0 * 1000 * 1000);
    EXPECT_EQ(rate("1G"), 1.0 * 1000 * 1000 * 1000);
    EXPECT_EQ(rate("10K"), 10.0 * 1000);
    EXPECT_EQ(rate("100Mbit/s"), 100.0 * 1000 * 1000);
    EXPECT_EQ(rate("10Gbit/s"), 10.0 * 1000 * 1000 * 1000);
    EXPECT_EQ(rate("64kbit/s"), 64.0 * 1000);
    EXPECT_EQ(rate("2500"), 2500.0);  // plain number: bit/s
}

TEST(RateParser, IsCaseInsensitiveAndAllowsASpace) {
    EXPECT_EQ(rate("100MBPS"), 100e6);
    EXPECT_EQ(rate("100mbps"), 100e6);
    EXPECT_EQ(rate("100 Mbit/s"), 100e6);
    EXPECT_EQ(rate("  1 gbps  "), 1e9);
}

TEST(RateParser, ReadsDecimalsExponentsAndThousandsSeparators) {
    EXPECT_EQ(rate("1.5Gbps"), 1.5e9);
    EXPECT_EQ(rate("1e8"), 100e6);
    EXPECT_EQ(rate("2.5e3kbps"), 2.5e6);
    EXPECT_EQ(rate("1,000,000"), 1e6);
    EXPECT_EQ(rate("+5Mbps"), 5e6);
}

TEST(RateParser, NamesOptionValueAndUnitsInItsError) {
    auto r = parse_rate_bps("10Qbps", "--bandwidth");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error,
              "--bandwidth: '10Qbps' is not a rate; use a number with bps, kbps, Mbps or Gbps "
              "(e.g. 100Mbps)");
}

TEST(RateParser, RejectsMalformedInput) {
    for (const char* bad : {"10Qbps", "", "   ", "Mbps", "100Mbps extra", "100 Mbps/", "1e", ".",
                            "1..2", "0x10", "1,00Mbps", "1,0000", ",100", "100MB", "100 Tbps"}) {
        auto r = parse_rate_bps(bad, "--bandwidth");
        EXPECT_FALSE(r.ok()) << "accepted '" << bad << "' as " << r.value;
        EXPECT_EQ(r.error.rfind("--bandwidth: ", 0), 0u) << r.error;
        EXPECT_EQ(r.error.find('\n'), std::string::npos);
    }
}

TEST(RateParser, RejectsNegativeNanAndInfinity) {
    for (const char* bad : {"-5Mbps", "-0.1", "nan", "NaN", "inf", "-inf", "infinity", "nanMbps"}) {
        auto r = parse_rate_bps(bad, "--bandwidth");
        EXPECT_FALSE(r.ok()) << "accepted '" << bad << "'";
    }
    EXPECT_NE(parse_rate_bps("-5Mbps", "--bandwidth").error.find("negative"), std::string::npos);
    EXPECT_NE(parse_rate_bps("1e999", "--bandwidth").error.find("too large"), std::string::npos);
}

TEST(TimeParser, ReadsSecondsMillisecondsMicroseconds) {
    EXPECT_EQ(seconds("80ms"), 80.0 / 1000);
    EXPECT_EQ(seconds("1s"), 1.0);
    EXPECT_EQ(seconds("500us"), 500.0 / 1e6);
    EXPECT_EQ(seconds("500\xc2\xb5s"), 500.0 / 1e6);  // micro sign
    EXPECT_EQ(seconds("500\xce\xbcs"), 500.0 / 1e6);  // Greek mu
    EXPECT_EQ(seconds("0.25"), 0.25);                 // plain number: seconds
    EXPECT_EQ(seconds("40 S"), 40.0);
}

TEST(TimeParser, ScalesExactlySoLimitsCompareEqual) {
    // "80ms" must be the same double as the literal 0.080, and the range
    // ends typed in ms must land exactly on Limits.
    EXPECT_EQ(seconds("80ms"), 0.080);
    EXPECT_EQ(seconds("1ms"), Limits::min_rtt_s);
    EXPECT_EQ(seconds("1000ms"), Limits::max_rtt_s);
    EXPECT_EQ(seconds("100ms"), 0.100);
    EXPECT_EQ(seconds("600s"), Limits::max_duration_s);
}

TEST(TimeParser, RejectsNegativeWrongUnitAndGarbage) {
    for (const char* bad : {"-5ms", "5min", "80msx", "ms", "80 m s", "nan", "inf", "", "80Mbps"}) {
        auto r = parse_time_s(bad, "--rtt");
        EXPECT_FALSE(r.ok()) << "accepted '" << bad << "' as " << r.value;
    }
    EXPECT_EQ(parse_time_s("-5ms", "--rtt").error,
              "--rtt: '-5ms' is negative; use a number with s, ms or us (e.g. 80ms)");
}

TEST(LossParser, ReadsPercentFractionAndNone) {
    EXPECT_EQ(loss("0.01%"), 1e-4);
    EXPECT_EQ(loss("1e-4"), 1e-4);
    EXPECT_EQ(loss("0"), 0.0);
    EXPECT_EQ(loss("none"), 0.0);
    EXPECT_EQ(loss("NONE"), 0.0);
    EXPECT_EQ(loss("10%"), Limits::max_loss);
    EXPECT_EQ(loss("0.0001%"), Limits::min_loss);
    EXPECT_EQ(loss("0.03 %"), 3e-4);
}

TEST(LossParser, LeavesRangeToValidate) {
    // 150% is a well-formed loss; validate() rejects it (range, not syntax).
    EXPECT_EQ(loss("150%"), 1.5);
}

TEST(LossParser, RejectsNanNegativeAndGarbage) {
    for (const char* bad : {"nan", "-1%", "1%%", "one", "", "5 percent", "inf%"}) {
        auto r = parse_loss_fraction(bad, "--loss");
        EXPECT_FALSE(r.ok()) << "accepted '" << bad << "' as " << r.value;
        EXPECT_NE(r.error.find("--loss"), std::string::npos);
    }
}

TEST(SizeParser, DecimalAndBinaryPrefixes) {
    EXPECT_EQ(bytes("64KB"), 64u * 1000);
    EXPECT_EQ(bytes("64KiB"), 64u * 1024);
    EXPECT_EQ(bytes("65535"), 65535u);
    EXPECT_EQ(bytes("65535B"), 65535u);
    EXPECT_EQ(bytes("1MB"), 1000u * 1000);
    EXPECT_EQ(bytes("1MiB"), 1024u * 1024);
    EXPECT_EQ(bytes("1GB"), 1000ull * 1000 * 1000);
    EXPECT_EQ(bytes("1GiB"), 1024ull * 1024 * 1024);
    EXPECT_EQ(bytes("1.5KiB"), 1536u);
    EXPECT_EQ(bytes("1.5KB"), 1500u);
    EXPECT_EQ(bytes("64kib"), 65536u);
    EXPECT_EQ(bytes("65,535 B"), 65535u);
    EXPECT_EQ(bytes("18446744073709551615"), std::numeric_limits<std::uint64_t>::max());
}

TEST(SizeParser, RejectsFractionsOfBytesAndUnknownUnits) {
    for (const char* bad : {"1.5B", "1.5", "0.0001KB", "64Kb/s", "-1KB", "64 K", "64KBs", "", "nan",
                            "18446744073709551616", "1e30"}) {
        auto r = parse_size_bytes(bad, "--rwnd");
        EXPECT_FALSE(r.ok()) << "accepted '" << bad << "' as " << r.value;
        EXPECT_EQ(r.error.rfind("--rwnd: ", 0), 0u) << r.error;
    }
    EXPECT_NE(parse_size_bytes("1.5B", "--rwnd").error.find("whole number of bytes"),
              std::string::npos);
}

TEST(UnsignedParser, WholeNumbersUpTo64Bits) {
    EXPECT_EQ(parse_unsigned("42", "--seed").value, 42u);
    EXPECT_EQ(parse_unsigned("0", "--seed").value, 0u);
    EXPECT_EQ(parse_unsigned("18446744073709551615", "--seed").value,
              std::numeric_limits<std::uint64_t>::max());
    for (const char* bad : {"18446744073709551616", "1.5", "-1", "1e3", "42x", ""})
        EXPECT_FALSE(parse_unsigned(bad, "--seed").ok()) << bad;
}

TEST(Format, RatesPickTheLargestUnitAndThreeDigits) {
    EXPECT_EQ(format_rate(1e8), "100 Mbit/s");
    EXPECT_EQ(format_rate(1e9), "1 Gbit/s");
    EXPECT_EQ(format_rate(24.1e6), "24.1 Mbit/s");
    // 65,535 B per 80 ms = 65535 * 8 / 0.08 = 6,553,500 bit/s.
    EXPECT_EQ(format_rate(65535 * 8 / 0.08), "6.55 Mbit/s");
    EXPECT_EQ(format_rate(999.96e3), "1 Mbit/s");  // rounds up into the next unit
    EXPECT_EQ(format_rate(500), "500 bit/s");
    EXPECT_EQ(format_rate(10e3), "10 kbit/s");
    EXPECT_EQ(format_rate(0), "0 bit/s");
    EXPECT_EQ(format_rate(100e9), "100 Gbit/s");
}

TEST(Format, TimesLossesAndSizes) {
    EXPECT_EQ(format_time(0.080), "80 ms");
    EXPECT_EQ(format_time(1), "1 s");
    EXPECT_EQ(format_time(500e-6), "500 \xc2\xb5s");
    EXPECT_EQ(format_time(2), "2 s");
    EXPECT_EQ(format_time(0.0954), "95.4 ms");
    EXPECT_EQ(format_time(0), "0 s");
    EXPECT_EQ(format_loss(1e-4), "0.01%");
    EXPECT_EQ(format_loss(0.1), "10%");
    EXPECT_EQ(format_loss(0), "0");
    EXPECT_EQ(format_size(65535), "65,535 B");
    EXPECT_EQ(format_size(0), "0 B");
    EXPECT_EQ(format_size(1ull << 30), "1,073,741,824 B");
    EXPECT_EQ(format_size_short(64 * 1024), "64 KiB");
    EXPECT_EQ(format_size_short(1ull << 30), "1 GiB");
    EXPECT_EQ(format_size_short(65535), "65,535 B");
    EXPECT_EQ(format_size_short(1'500'000), "1.5 MB");
    EXPECT_EQ(format_grouped(1234567), "1,234,567");
    EXPECT_EQ(format_grouped(999), "999");
    EXPECT_EQ(format_grouped(1000), "1,000");
    EXPECT_EQ(format_number(0.0001), "0.0001");
    EXPECT_EQ(format_number(1500), "1500");
}

TEST(Format, NonFiniteValuesSayWhatTheyAre) {
    EXPECT_EQ(format_rate(std::numeric_limits<double>::quiet_NaN()), "nan");
    EXPECT_EQ(format_time(std::numeric_limits<double>::infinity()), "inf");
}

TEST(Format, WhatIsFormattedParsesBack) {
    // The UI shows formatted values in editable text fields.
    for (double bps : {1e6, 24.1e6, 100e6, 2.5e9, 100e9, 640e3})
        EXPECT_EQ(parse_rate_bps(format_rate(bps), "x").value, bps) << format_rate(bps);
    for (double s : {0.001, 0.080, 1.0, 0.0005, 40.0, 600.0})
        EXPECT_EQ(parse_time_s(format_time(s), "x").value, s) << format_time(s);
    for (double f : {1e-6, 1e-4, 3e-4, 0.1})
        EXPECT_EQ(parse_loss_fraction(format_loss(f), "x").value, f) << format_loss(f);
    for (std::uint64_t b : {65535ull, 16384ull, 1ull << 30, 1'500'000ull, 123456789ull}) {
        EXPECT_EQ(parse_size_bytes(format_size(b), "x").value, b) << format_size(b);
        EXPECT_EQ(parse_size_bytes(format_size_short(b), "x").value, b) << format_size_short(b);
    }
}

// In a unit of mixed case a capital B is a byte and a small b a bit: a rate
// in bytes a second or a size in bits is refused in one line (the rate's
// value in bits given: 8 bits a byte), never read 8× off. All upper or all
// lower case stays case-insensitive.
TEST(RateParser, RefusesARateInBytesAndGivesItInBits) {
    for (const auto& [text, in_bits] : {std::pair{"100MBps", "800 Mbit/s"}, {"100 MB/s", "800 Mbit/s"},
                                        {"12.5MBps", "100 Mbit/s"}, {"1GBps", "8 Gbit/s"}, {"500Bps", "4 kbit/s"}}) {
        auto r = parse_rate_bps(text, "--bandwidth");
        EXPECT_FALSE(r.ok()) << "accepted '" << text << "' as " << r.value;
        EXPECT_EQ(r.error.rfind(std::string("--bandwidth: '") + text + "' is in bytes a second", 0), 0u) << r.error;
        EXPECT_NE(r.error.find(std::string("that is ") + in_bits), std::string::npos) << r.error;
        EXPECT_EQ(r.error.find('\n'), std::string::npos);
    }
    EXPECT_EQ(rate("100MBPS"), 100e6);  // all capitals: no case read
    EXPECT_EQ(rate("100mbps"), 100e6);
    EXPECT_EQ(rate("100Mbps"), 100e6);
}

TEST(SizeParser, RefusesASizeInBits) {
    for (const char* text : {"64Kb", "1Mb", "2Gb", "64Kib"}) {
        auto r = parse_size_bytes(text, "--rwnd");
        EXPECT_FALSE(r.ok()) << "accepted '" << text << "' as " << r.value;
        EXPECT_NE(r.error.find("is in bits"), std::string::npos) << r.error;
    }
    EXPECT_EQ(bytes("64KB"), 64u * 1000);
    EXPECT_EQ(bytes("64kB"), 64u * 1000);  // mixed case, capital B: bytes
    EXPECT_EQ(bytes("64kb"), 64u * 1000);  // all lower case: bytes, as documented
    EXPECT_EQ(bytes("64KiB"), 64u * 1024);
}

// A typed 1e300 in a message was 300 digits on one line, wider than any
// screen: past 10^15 and below 10^-9 a number is a power of ten.
TEST(Format, HugeAndTinyNumbersAreWrittenAsPowersOfTen) {
    EXPECT_EQ(format_number(1e300), "1e+300");
    EXPECT_EQ(format_number(-2.5e-12), "-2.5e-12");
    EXPECT_EQ(format_rate(1e300), "1e+291 Gbit/s");
    EXPECT_EQ(format_time(1e-300), "1e-294 \xc2\xb5s");
    EXPECT_EQ(format_number(999e12), "999000000000000");  // below 10^15: plain
    EXPECT_EQ(format_number(1e-9), "0.000000001");        // 10^-9: plain
    EXPECT_EQ(format_number(1e15), "1e+15");
}
