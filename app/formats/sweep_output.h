// A sweep's result as text: the readable table (with the loss-sweep fits),
// one JSON object, and CSV with one row per point and algorithm that opens
// with the same '#' provenance lines as run's CSV (csv_export.h).
#pragma once

#include <QJsonObject>
#include <string>

#include "model/analysis/sweep.h"

namespace inflight {

std::string sweep_table_text(const SweepResult& r);

// Keys: version, param, unit, spacing, values, link_bps, series [{algo,
// throughput_bps, mean_rtt_s, utilisation, mean_cwnd_packets,
// window_congestion_events, congestion_events, theory_bps (null where no
// law), theory_law, fit, cubic_region_fit}], runs, threads, wall_seconds,
// scenario (the base, as a scenario file), sweep {param, from, to, points,
// algos}. Fits are {exponent, constant_bps, r_squared, points} or null.
QJsonObject sweep_to_json(const SweepResult& r);
std::string sweep_json_text(const SweepResult& r);

std::string sweep_csv(const SweepResult& r);
// The `inflight sweep ...` command line that reproduces `r`.
std::string sweep_command(const SweepSpec& spec);

}  // namespace inflight
