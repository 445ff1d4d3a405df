// One colour and line style per flow, shared by every place that shows a
// flow (the controls' swatches, the charts' lines, the share bars, the event
// log). Colours are Okabe & Ito's set ("Color Universal Design", 2002),
// which stays distinguishable for the common colour-vision deficiencies;
// yellow is left out (unreadable on white). Past the seven colours, and in
// the presentation look for every flow, the line style also changes, so no
// distinction rests on colour alone.
#pragma once

#include <QColor>
#include <QPen>
#include <QString>

#include "panels/chart_style.h"

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

}  // namespace inflight::ui
