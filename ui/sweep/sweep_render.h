// The sweep plot as a PNG, drawn offscreen at a fixed size (no display
// needed): the window's Export and `inflight sweep --png` (render_sweep, an
// entry point app/main.cpp hands the command line) both use it, so the file
// is the same chart either way.
#pragma once

#include <QSize>
#include <QString>
#include <optional>
#include <string>

#include "model/analysis/sweep.h"

namespace inflight::ui {

// A 16:9 slide, above the 1280×720 minimum.
inline constexpr QSize kSweepImageSize{1600, 900};

// Writes atomically; returns an error line naming the path on failure.
std::optional<QString> save_sweep_png(const SweepResult& r, const QString& path, QSize size = kSweepImageSize);

// save_sweep_png for `inflight sweep --png`, with no QApplication needed
// (it makes its own if none exists): the sweep plot the window's Tools ▸
// Sweep shows, throughput and mean RTT against the parameter on log axes
// with theory and fits, at kSweepImageSize. Returns 0 on success; otherwise
// non-zero with a one-line reason naming the path in *error.
int render_sweep(const SweepResult& result, const std::string& png_path, std::string* error);

}  // namespace inflight::ui
