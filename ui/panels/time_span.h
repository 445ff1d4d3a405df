// The time the window and RTT panels span when zoomed (Ctrl+F). A run of
// transfers alone (every flow one TCP transfer of a size, sent once), each
// of them completed, is drawn up to a little past its last completion: a
// 100 KB transfer's four round trips took the first 8% of a 2 s axis, and
// the steps of its cwnd could not be counted. Any other run spans its
// duration, zoomed or not.
#pragma once

#include "model/core/result.h"

namespace inflight::ui {

// When the last transfer of a run of transfers alone completed (the ACK of
// its last byte), in seconds; 0 when the run has another kind of flow or a
// transfer that did not complete.
double transfers_done_s(const RunResult& r);

// The zoomed span: 1.15 × transfers_done_s rounded up to a round figure
// (nice_ceiling), at most the run's duration; else the duration.
double zoomed_time_span_s(const RunResult& r);

}  // namespace inflight::ui
