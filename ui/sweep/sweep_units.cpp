#include "ui/sweep/sweep_units.h"

#include <QObject>
#include <cmath>

#include "model/core/parameters.h"

namespace inflight::ui {

Parsed<double> parse_sweep_end(SweepParam p, const QString& text, const char* name) {
    return parse_param_number(scenario_param(p), text.trimmed().toStdString(), name);
}

SweepDefaults default_range(SweepParam p) {
    switch (p) {
        case SweepParam::Bandwidth: return {"10Mbps", "1Gbps"};
        case SweepParam::Rtt: return {"5ms", "500ms"};
        case SweepParam::Loss: return {"1e-5", "1e-2"};
        case SweepParam::Buffer: return {"5ms", "500ms"};
        case SweepParam::Rwnd: return {"16KiB", "16MiB"};
    }
    return {"", ""};
}

AxisUnits axis_units(SweepParam p) {
    switch (p) {
        case SweepParam::Bandwidth: return {1e-6, QObject::tr("link rate (Mbit/s)")};
        case SweepParam::Rtt: return {1e3, QObject::tr("base RTT (ms)")};
        case SweepParam::Loss: return {100, QObject::tr("loss rate (%)")};
        case SweepParam::Buffer: return {1e3, QObject::tr("bottleneck buffer (ms of the link rate)")};
        case SweepParam::Rwnd: return {1.0 / 1024, QObject::tr("receive window (KiB)")};
    }
    return {1, QString()};
}

QString sweep_value_text(SweepParam p, double si) {
    switch (p) {
        case SweepParam::Bandwidth: return QString::fromStdString(format_rate(si));
        case SweepParam::Rtt:
        case SweepParam::Buffer: return QString::fromStdString(format_time(si));
        case SweepParam::Loss: return QString::fromStdString(format_loss(si));
        case SweepParam::Rwnd: return QString::fromStdString(format_size_short(static_cast<std::uint64_t>(std::llround(si))));
    }
    return {};
}

}  // namespace inflight::ui
