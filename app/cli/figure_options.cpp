// Reading --size (figure_options.h).
#include "app/cli/figure_options.h"

#include <charconv>
#include <cstdint>

namespace inflight::cli {
namespace {

const std::string& range_text() {
    static const std::string text = std::to_string(kMinFigureWidth) + "x" + std::to_string(kMinFigureHeight) +
                                    " – " + std::to_string(kMaxFigureWidth) + "x" +
                                    std::to_string(kMaxFigureHeight);
    return text;
}

// Digits only; true with the value (saturated) when there is at least one.
bool whole_number(std::string_view digits, std::uint64_t& value) {
    if (digits.empty()) return false;
    for (char c : digits)
        if (c < '0' || c > '9') return false;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec == std::errc::result_out_of_range) value = UINT64_MAX;
    return true;
}

}  // namespace

std::optional<std::string> parse_figure_size(std::string_view text, FigureRequest& out) {
    // The separator: x, X, or the multiplication sign × (U+00D7), as the
    // window's export dialog writes sizes.
    std::size_t at = std::string_view::npos, width = 0;
    for (std::string_view sep : {"x", "X", "\xc3\x97"})
        if (const std::size_t p = text.find(sep); p != std::string_view::npos) {
            at = p;
            width = sep.size();
            break;
        }
    std::uint64_t w = 0, h = 0;
    if (at == std::string_view::npos || !whole_number(text.substr(0, at), w) ||
        !whole_number(text.substr(at + width), h))
        return "--size: '" + std::string(text) + "' is not a size; use WIDTHxHEIGHT in pixels, e.g. 1920x1080 (allowed " +
               range_text() + ")";
    if (w < kMinFigureWidth || w > kMaxFigureWidth || h < kMinFigureHeight || h > kMaxFigureHeight)
        return "--size: " + std::string(text) + " is out of range; allowed " + range_text() + " (width " +
               std::to_string(kMinFigureWidth) + " – " + std::to_string(kMaxFigureWidth) + ", height " +
               std::to_string(kMinFigureHeight) + " – " + std::to_string(kMaxFigureHeight) + ")";
    out.width = static_cast<int>(w);
    out.height = static_cast<int>(h);
    return std::nullopt;
}

}  // namespace inflight::cli
