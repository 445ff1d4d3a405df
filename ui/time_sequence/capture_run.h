// A capture's measured stream as a run the dashboard's overlay draws
// (compare/ghost_overlay.h): the stream analysis's trace and summary
// (app/capture/stream_analysis.h), with its duration as the run's, the
// advertised window at each bucket's end as the trace's rwnd, and the
// path's estimated rate as the run's bandwidth (the overlay's rate axis
// stops at 2.5 times it), and its delivery rate averaged over one minimum
// RTT (a kernel's ACKs come in bursts: per 10 ms bucket the rate swings
// between none and several times the link). The window panel draws its bytes in flight,
// the one window a capture shows (the overlay's in_flight style). A
// capture taken beside the receiver has neither RTT nor flight drawn or
// compared (they are the receiver's view there), and the handshake's round
// trip as its base RTT.
#pragma once

#include "app/capture/stream_analysis.h"
#include "ui/session/run_snapshot.h"

namespace inflight::ui {

// `rate_bps`: the path's estimated bottleneck rate, or 0 (then the peak delivery rate).
SnapshotPtr capture_snapshot(const capture::CaptureAnalysis& a, double rate_bps);

}  // namespace inflight::ui
