// CSV text of a run: the trace (one row per decimation bucket) and the
// event log (one row per event). Each file opens with '#' comment lines
// recording the app version and every scenario parameter, plus the command
// that reproduces the run, so a figure can be rebuilt from its data (app.md,
// "Export"). Then one header row naming every column with its unit.
// Numbers are written exactly (shortest text that reads back to the same
// double); a value the series did not have in a bucket (NaN) is an empty
// cell. The event rows carry the event log's words (event_text.h), the
// same as the window's; the btlbw_bps, bbr_* columns are the algorithm's
// CcInfo (empty for Reno and CUBIC).
#pragma once

#include <string>

#include "result.h"

namespace inflight {

// '#' lines: what the file is, the version, each parameter and the command.
std::string provenance_comment(const Scenario& s, const std::string& what);
// The `inflight run ...` command line that reproduces `s` exactly.
std::string reproduce_command(const Scenario& s);

std::string trace_csv(const RunResult& r);
std::string events_csv(const RunResult& r);

// One CSV field: quoted when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& text);

}  // namespace inflight
