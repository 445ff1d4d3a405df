// The readable summary `inflight run` prints: the hero number and the
// binding limit first, then the RTT, the window against the pipe, the
// congestion events, drops, the scenario, and a warning when the figure
// rests on too few congestion events. Plain C++, no Qt.
#pragma once

#include <cstddef>
#include <string>

#include "app/formats/limit_words.h"  // binding_limit_words(), which the hero line ends with
#include "model/core/result.h"

namespace inflight {

// "Throughput 24.1 Mbit/s (24.1% of 100 Mbit/s), limited by cwnd"
std::string hero_line(const RunResult& r);
// Which engine ran a scenario: the model (whose stack the scenario names) or
// this machine's kernel (whose stack is the machine's own, said elsewhere).
enum class Engine { Model, Kernel };
// One line naming every parameter: "cubic, 100 Mbit/s, RTT 80 ms, ...";
// the model's stack only for the model.
std::string scenario_line(const Scenario& s, Engine engine = Engine::Model);
// The summary's figures, from the hero line to the scenario line (what any
// engine's run has; the per-flow lines before the scenario), lines ending in '\n'.
std::string summary_figures(const RunResult& r, Engine engine = Engine::Model);
// The warning that the figure rests on too few congestion events, or "".
std::string few_events_warning(const RunResult& r);
// With several flows (or a scenario that lists flows): a line with the
// flow count, Jain's index and the queueing delay, then one line per flow
// (label, throughput, share, mean RTT, limit; FCTs for transfers; ping RTTs
// and losses for pings; transactions for request/response flows, and on the
// model the writes Nagle held). "" for a run of today's one flow.
std::string flow_lines(const RunResult& r, Engine engine = Engine::Model);
// Flow `i`'s own line of those, without its indent and newline:
// "flow 2 (bbr): 25.9 Mbit/s, share 51.8%, RTT mean 92 ms, limited by cwnd".
std::string flow_line(const RunResult& r, std::size_t i, Engine engine = Engine::Model);
// "Warning: still changing at the end of the run: run longer. ..." when the
// two halves of the steady state disagree (Summary::settled), or "".
std::string settled_warning(const RunResult& r);
// "Note: BBR ran unpaced, as the textbook draws it; ..." when a BBR flow ran
// without pacing, ending in '\n'; or "".
std::string unpaced_note(const RunResult& r);
// The whole summary of a model run: the figures, how many packets were
// simulated in how much wall time, the warning.
std::string summary_text(const RunResult& r);

}  // namespace inflight
