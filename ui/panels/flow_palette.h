// One colour and line style per flow, shared by every place that shows a
// flow (the controls' swatches, the charts' lines, the share bars, the event
// log). Colours are Okabe & Ito's set ("Color Universal Design", 2002),
// which stays distinguishable for the common colour-vision deficiencies;
// yellow is left out (unreadable on white). Past the seven colours, and in
// the presentation look for every flow, the line style also changes, so no
// distinction rests on colour alone.
// Where a flow's colour shows without its line — the share bars, the
// stacked throughput areas, the event log's flow column — past the seven colours the fill carries a pattern
// that echoes the line style: plain for the first seven flows (solid
// lines), striped for flows 8–14 (dashed), dotted for 15–21 (dotted). So
// sixteen flows are sixteen different (colour, fill) pairs, and the
// one-flow window and up to seven flows look as they always have.
#pragma once

#include <QBrush>
#include <QColor>
#include <QPen>
#include <QRectF>
#include <QString>
#include <QVariant>

#include "ui/panels/chart_style.h"

class QPainter;

namespace inflight::ui {

inline constexpr int kFlowColourCount = 7;

// Flow `index` (0-based, as in Scenario::flows). `dark`: the dark palette
// (black becomes a light grey there).
QColor flow_colour(int index, bool dark);
// Solid for the first seven flows; past them (and for every flow after the
// first in the presentation look) dash, dot, dash-dot in turn.
Qt::PenStyle flow_pen_style(int index, bool presentation);
// The pen for a flow's line in a chart of this style (on white in the
// presentation look, whatever `dark` says).
QPen flow_pen(int index, const ChartStyle& style, double width, bool dark);
// The colour's name for a tooltip or an accessible description ("blue").
QString flow_colour_name(int index);

enum class FlowFill { Plain, Striped, Dotted };
FlowFill flow_fill(int index);
// "plain", "striped", "dotted".
QString flow_fill_name(FlowFill f);
// Fills `r` in flow `index`'s colour and its pattern, the pattern drawn in
// `surface` (the colour around it: the widget's background).
void paint_flow_fill(QPainter& p, const QRectF& r, int index, bool dark, const QColor& surface);
// The same as a brush, for a filled area (the pattern tiled; a plain
// colour for the first seven flows).
QBrush flow_brush(int index, bool dark, const QColor& surface);
// An item view's decoration for the flow (its swatch): the colour alone for
// a plain fill (a QColor), else a small square with its pattern (a QPixmap).
QVariant flow_decoration(int index, bool dark);

}  // namespace inflight::ui
