// A swept parameter in people's units: parsing the typed ends of a range
// ("1e-5", "0.01%", "10ms", "64KiB") with the command line's own parsers and
// errors, a sensible default range, and the scale and name of its plot axis.
// No widgets.
#pragma once

#include <QString>

#include "model/analysis/sweep.h"
#include "model/core/units.h"

namespace inflight::ui {

// `text` as an end of a `p` range, in SI base units (bytes for rwnd); the
// error names `name` ("--from") as the command line's does.
Parsed<double> parse_sweep_end(SweepParam p, const QString& text, const char* name);

struct SweepDefaults {
    const char* from;
    const char* to;
};
// The range the sweep window starts from for each parameter.
SweepDefaults default_range(SweepParam p);

// The plot's x axis: SI value × scale, titled e.g. "loss (%)".
struct AxisUnits {
    double scale;
    QString title;
};
AxisUnits axis_units(SweepParam p);

// A value for people: "0.01%", "80 ms", "100 Mbit/s", "64 KiB".
QString sweep_value_text(SweepParam p, double si);

}  // namespace inflight::ui
