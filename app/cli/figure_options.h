// --size WxH and --presentation: the figure `inflight run --png/--svg` (and
// `inflight kernel`) draws. The allowed sizes are the window library's
// (ui/export/figure_layout.h); this library links no widgets, so they are
// repeated here and a test holds the two to each other.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "app/cli/frontends.h"

namespace inflight::cli {

inline constexpr int kMinFigureWidth = 960, kMinFigureHeight = 540;
inline constexpr int kMaxFigureWidth = 7680, kMaxFigureHeight = 4320;

// "1920x1080" (also "1920X1080" and "1920×1080") into `out`; otherwise one
// line naming --size, the value and the allowed range.
std::optional<std::string> parse_figure_size(std::string_view text, FigureRequest& out);

}  // namespace inflight::cli
