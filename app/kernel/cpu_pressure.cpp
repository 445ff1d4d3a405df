// cpu_pressure.h: one line of /proc/pressure/cpu, read as text.
#include "app/kernel/cpu_pressure.h"

#include <charconv>
#include <fstream>
#include <sstream>
#include <string>

namespace inflight::kernel {

std::optional<double> cpu_some_total_s(std::string_view text) {
    // "some avg10=0.00 avg60=0.00 avg300=0.00 total=12345" (microseconds)
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        if (line.substr(0, 5) != "some ") continue;
        const std::size_t at = line.find(" total=");
        if (at == std::string_view::npos) return std::nullopt;
        const std::string_view digits = line.substr(at + 7);
        unsigned long long us = 0;
        const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), us);
        if (ec != std::errc{} || ptr == digits.data()) return std::nullopt;
        return static_cast<double>(us) * 1e-6;
    }
    return std::nullopt;
}

std::optional<double> cpu_waited_s() {
    std::ifstream in("/proc/pressure/cpu");
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return cpu_some_total_s(text.str());
}

}  // namespace inflight::kernel
