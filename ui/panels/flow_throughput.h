// Each TCP flow's throughput over time, per chart column, counted from
// delivered bytes: the difference of the flow's delivered_bytes counter
// (each segment once as it reaches the receiver, whatever its size) between
// a column's first and last bucket, × 8, over the column's time. Counts over
// one shared interval, so the flows of a column add up to the aggregate
// delivered in it (what ThroughputChart stacks, and what the ghost of a
// pinned run draws as one line per flow). Pings are left out (a few
// kbit/s).
//
// A column is a few pixels (`max_columns` of them over the scenario's duration),
// or two of the longest flow RTT if that is wider: a window-limited flow
// sends its window once per RTT, and a narrower column would show those
// bursts, not its rate. While a run streams, the columns reach as far as
// the shortest trace so far.
#pragma once

#include <vector>

#include "model/core/result.h"

namespace inflight::ui {

struct FlowThroughput {
    std::vector<int> flows;                 // the TCP flows, indices into Scenario::flows
    std::vector<double> t_start_s, t_end_s; // each column with buckets in it
    std::vector<std::vector<double>> bps;   // bps[k][c]: flow flows[k] in column c
    double peak_sum_bps = 0;                // the largest sum over the flows in a column
};

// The TCP flows of a run, in order (the one flow of a one-flow run too).
std::vector<int> tcp_flows(const RunResult& r);

FlowThroughput flow_throughput(const RunResult& r, int max_columns);

}  // namespace inflight::ui
