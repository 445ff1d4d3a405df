// The swept value's column of the sweep table (sweep_output.h): one unit for
// the whole column, written once under its heading, and each value a plain
// number in it. The unit is the one --from is written in ("16 KiB" → KiB,
// "65,535 B" → B, "5 ms" → ms, "1 Mbit/s" → Mbit/s, loss in %), so a column
// never mixes "38,968 B", "512 KiB" and "7053.95 KB".
#pragma once

#include <string>

#include "model/analysis/sweep.h"

namespace inflight {

struct SweepColumnUnit {
    std::string name;   // "KiB", "ms", "%"
    double factor = 1;  // the value in SI units (bytes, seconds, bit/s, a fraction) per one of it
};

SweepColumnUnit sweep_column_unit(SweepParam p, double from);

// `v` (SI) in the column's unit: whole and grouped from 100 on ("7,054",
// "1,000"), else three significant digits ("38.1", "0.00562").
std::string sweep_column_value(const SweepColumnUnit& unit, double v);

}  // namespace inflight
