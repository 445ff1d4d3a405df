// The flows panels 1 and 2 draw a line for, and how each flow's line looks
// and is named: its colour and line style from flow_palette.h, its full
// name ("flow 2 (bbr)") and short one ("2", or its own "web") for the key, and a tooltip that
// says the colour and the style in words. Empty with one flow: the panels
// then draw today's one-flow chart.
#pragma once

#include <QString>
#include <vector>

#include "ui/panels/chart_style.h"
#include "model/core/result.h"

class QXYSeries;

namespace inflight::ui {

struct ShownFlow {
    int index = 0;                      // as in Scenario::flows
    FlowKind kind = FlowKind::Tcp;
    QString label;                      // "flow 1 (cubic)" or the flow's own label
    bool label_given = false;           // the flow's own label, not the number the model gave it
    double rtt_s = 0;                   // its base RTT
    const FlowResult* result = nullptr; // its trace so far; null while a run streams without it
};

// Every flow of a run with several flows, in order; empty with one.
std::vector<ShownFlow> shown_flows(const RunResult& r);

// Pen, name and key tag of flow `f`'s line in `group` ("cwnd"); a scatter
// series gets the colour as its markers' fill, a marker of 2·`width` px (the
// style's width), round for the first seven flows, then square, then a
// triangle.
void style_flow_series(QXYSeries* s, const ShownFlow& f, const QString& group, const ChartStyle& style,
                       double width);

// A flow's name in a crowded key: its own label when that is short
// ("bulk", "web"), else its number ("2").
QString key_short_name(const ShownFlow& f);

// "solid", "dashed", "dotted", "dash-dot": a pen style in words.
QString pen_style_name(Qt::PenStyle s);

}  // namespace inflight::ui
