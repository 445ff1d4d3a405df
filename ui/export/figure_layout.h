// The figure an image export draws (`inflight run --png/--svg`, File ▸
// Export image): the dashboard laid out for a chosen size, not a screenshot
// of the window. This header holds the numbers of that layout, free of
// widgets so they can be tested alone: the allowed sizes, the size the
// panels are laid out at (a 4K figure is the 1080p layout drawn at twice
// the pixels), the body text's pixel size (fixed by the figure, never by
// the screen or its DPI), and the caption line naming the scenario.
#pragma once

#include <QSize>
#include <QString>

#include "model/core/scenario.h"

namespace inflight::ui {

// What a figure export is asked for.
struct FigureOptions {
    QSize size{1920, 1080};     // in pixels: the PNG at scale 1, the SVG's width × height
    bool presentation = false;  // the presentation look: Okabe–Ito, thick lines, larger type
    double scale = 1.0;         // PNG only: pixels per figure pixel (2: the same figure, sharper)
};

// Figure sizes that can be asked for, in pixels, both ends allowed.
// Below 960×540 the hero panel and the legends have no room for their words.
inline constexpr QSize kMinFigureSize{960, 540};
inline constexpr QSize kMaxFigureSize{7680, 4320};
// "960x540 – 7680x4320": the allowed sizes, as one types them.
QString figure_size_range_text();
bool figure_size_allowed(QSize size);

// How a figure of a given size is laid out.
struct FigureGeometry {
    QSize logical;        // the size the panels are laid out at
    double pixel_ratio;   // figure pixels per logical pixel (≥ 1)
    int body_px;          // body text's pixel size; the panels' own sizes scale from it
    bool one_column;      // portrait figures: the four panels stacked
};

// Up to 1920×1080 a figure is laid out at its own size; larger ones are
// that layout drawn at a higher pixel ratio, so text and lines keep their
// proportion to the figure. The presentation look has larger type.
FigureGeometry figure_geometry(QSize size, bool presentation);

// One line naming the scenario, the way a slide's caption would:
// "CUBIC · 100 Mbit/s · RTT 80 ms · loss 0.01% (even) · buffer 100 ms · 40 s — Inflight 0.1.0".
// Settings left at their defaults (rwnd, send buffer, MSS, pacing, ECN) are
// not named; several flows are counted.
QString figure_caption(const Scenario& s);

}  // namespace inflight::ui
