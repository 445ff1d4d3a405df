// Exports: a widget (one panel; the dashboard's figure is dashboard_figure.h)
// as PNG at a scale or as SVG with its charts' plot areas clipped, the trace and event log as CSV (the command line's writers, with the
// '#' parameter header). Every file is written atomically: complete or absent.
// Functions return an error line naming the path, or nothing on success.
#pragma once

#include <QImage>
#include <QRectF>
#include <QString>
#include <optional>
#include <string>

#include "model/core/result.h"

class QWidget;

namespace inflight::ui {

// The widget drawn into an image of its size × scale (device pixel ratio set,
// so text and lines are drawn sharp at 2×, not scaled up).
QImage render_image(QWidget* w, double scale);
// The same into an image of `size_px` × scale pixels, drawn at
// `pixel_ratio` × scale: a figure laid out at a size of its own (the
// dashboard's, the time–sequence graph's --png).
QImage render_image(QWidget* w, QSize size_px, double scale, double pixel_ratio);

// `bytes` written atomically at `path` (checked first: a folder that
// exists, not a directory itself).
std::optional<QString> write_export_file(const QString& path, const std::string& bytes);
// `img` encoded as PNG and written with write_export_file.
std::optional<QString> save_image_png(const QImage& img, const QString& path);

// The widget painted as SVG: `size` its width and height in pixels,
// `view_box` the widget's coordinates shown in them; every chart's plot
// area clipped (svg_clip.h).
QByteArray render_svg(QWidget* w, QSize size, const QRectF& view_box, const QString& title);

std::optional<QString> save_png(QWidget* w, const QString& path, double scale);
std::optional<QString> save_svg(QWidget* w, const QString& path, const QString& title);
std::optional<QString> save_trace_csv(const RunResult& r, const QString& path);
std::optional<QString> save_events_csv(const RunResult& r, const QString& path);

}  // namespace inflight::ui
