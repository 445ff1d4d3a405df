// The sweep table's value column (sweep_column.h).
#include "app/formats/sweep_column.h"

#include <cmath>
#include <cstdint>
#include <initializer_list>

#include "model/core/parameters.h"
#include "model/core/units.h"

namespace inflight {
namespace {

// The largest of `units` (largest first) that `from` is at least one of.
SweepColumnUnit largest_within(double from, std::initializer_list<SweepColumnUnit> units) {
    SweepColumnUnit out = *(units.end() - 1);
    for (const SweepColumnUnit& u : units)
        if (from >= u.factor * (1 - 1e-9)) return u;
    return out;
}

// The unit the summary writes `bytes` in (format_size_short: "16 KiB",
// "20 KB", "65,535 B"), the one the user most likely typed.
SweepColumnUnit size_unit(double bytes) {
    const std::string text = format_size_short(static_cast<std::uint64_t>(std::llround(bytes)));
    const std::string name = text.substr(text.rfind(' ') + 1);
    for (const SweepColumnUnit& u : {SweepColumnUnit{"GiB", 1ull << 30}, SweepColumnUnit{"GB", 1e9},
                                     SweepColumnUnit{"MiB", 1ull << 20}, SweepColumnUnit{"MB", 1e6},
                                     SweepColumnUnit{"KiB", 1ull << 10}, SweepColumnUnit{"KB", 1e3}})
        if (u.name == name) return u;
    return {"B", 1};
}

}  // namespace

SweepColumnUnit sweep_column_unit(SweepParam p, double from) {
    switch (param_row(scenario_param(p)).type) {
        case ParamType::Rate:
            return largest_within(from, {{"Gbit/s", 1e9}, {"Mbit/s", 1e6}, {"kbit/s", 1e3}, {"bit/s", 1}});
        case ParamType::Time: return largest_within(from, {{"s", 1}, {"ms", 1e-3}, {"\xc2\xb5s", 1e-6}});
        case ParamType::Loss: return {"%", 0.01};
        case ParamType::Window:
        case ParamType::WindowOrAuto:
        case ParamType::Bytes: return size_unit(from);
        default: return {"", 1};
    }
}

std::string sweep_column_value(const SweepColumnUnit& unit, double v) {
    const double x = v / unit.factor;
    if (std::isfinite(x) && x >= 100) return format_grouped(static_cast<std::uint64_t>(std::llround(x)));
    return format_number(x, 3);
}

}  // namespace inflight
