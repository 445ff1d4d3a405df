// The sweep plot as a PNG, drawn offscreen at a fixed size (no display
// needed): the window's Export and `inflight sweep --png` (gui_entry.h)
// both use it, so the file is the same chart either way.
#pragma once

#include <QSize>
#include <QString>
#include <optional>

#include "sweep.h"

namespace inflight::ui {

// A 16:9 slide, above the 1280×720 minimum.
inline constexpr QSize kSweepImageSize{1600, 900};

// Writes atomically; returns an error line naming the path on failure.
std::optional<QString> save_sweep_png(const SweepResult& r, const QString& path, QSize size = kSweepImageSize);

}  // namespace inflight::ui
