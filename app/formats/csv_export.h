// CSV text of a run: the trace (one row per decimation bucket) and the
// event log (one row per event). Each file opens with '#' comment lines
// recording the app version and every scenario parameter, plus the command
// that reproduces the run, so a figure can be rebuilt from its data.
// Then one header row naming every column with its unit.
// Numbers are written exactly (shortest text that reads back to the same
// double); a value the series did not have in a bucket (NaN) is an empty
// cell. The event rows carry the event log's words (event_text.h), the
// same as the window's; the btlbw_bps, bbr_* columns are the algorithm's
// CcInfo (empty for Reno and CUBIC).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/core/result.h"

namespace inflight {

// Which engine made the run, for the provenance lines. The default is the
// model (`inflight run`), which adds nothing; `inflight kernel` names itself
// in the reproduce line and adds its own lines ("engine = kernel", the
// kernel version, ...), each written as "# <line>" after the first line.
struct RunOrigin {
    std::string_view subcommand = "run";
    std::vector<std::string> lines;
};

// '#' lines: what the file is, the version, the origin's lines, each
// parameter and the command.
std::string provenance_comment(const Scenario& s, const std::string& what, const RunOrigin& origin = {});
// The `inflight run ...` (or `inflight <subcommand> ...`) command line that
// reproduces `s` exactly.
std::string reproduce_command(const Scenario& s, std::string_view subcommand = "run");

std::string trace_csv(const RunResult& r, const RunOrigin& origin = {});
std::string events_csv(const RunResult& r, const RunOrigin& origin = {});
// Every request/response flow's transactions, one row per transaction kept
// (FlowResult::transaction_samples: all of them up to its cap), in order of
// completion: t_s (its last response byte), flow (0-based, as in the
// scenario's flows), label, latency_s (first write to last response byte).
// A flow whose points were thinned at the cap says so in a '#' line.
std::string transactions_csv(const RunResult& r, const RunOrigin& origin = {});

// A word of a reproduce line for a shell: as it is when it holds only
// letters, digits and ,=._-/ ; else in single quotes.
std::string shell_word(const std::string& word);

// One CSV field: quoted when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& text);

}  // namespace inflight
