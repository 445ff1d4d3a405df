// What a run produces once its loop ends:
// each flow's summary (throughput over the part of the steady window it was
// active, its share, FCTs, ping RTTs, settled?), and the path's aggregate
// (throughput, utilisation, Jain's index, queueing delay, drops by cause).
//   share_i     = bytes_i / Σ bytes, in the steady window
//   Jain        = (Σx)² / (n·Σx²) over the TCP bulk flows active through the window
//   settled     = the window's two halves agree: one flow's throughput within
//                 10%, or each flow's share within 0.05
//   percentiles = nearest rank (the ⌈q·n⌉-th smallest)
#pragma once

#include <vector>

#include "model/path/bottleneck.h"
#include "model/engine/flow.h"
#include "model/engine/recorder.h"
#include "model/core/result.h"

namespace inflight {

// Fills result.summary and result.flows[i].summary from the finished run;
// each flow is as result.flows[i].flow says it ran.
void summarize(const Scenario& sc, const std::vector<Flow>& flows, std::vector<Recorder>& recorders,
               const Bottleneck& path, RunResult& result);

// A flow's own figures out of the Summary of that flow alone (throughput,
// cwnd, RTTs, limits, counts); share, FCTs, pings and settled are the
// caller's.
void fill_flow_summary(const Summary& s, FlowSummary& f);

// A finite flow's completion times (those of its transfers that completed,
// in order) and their mean, p50, p95 and max; transfers still running at
// the end have none and are not counted.
void fill_fct_summary(const std::vector<double>& fct_s, FlowSummary& f);

// A request/response flow's transactions from their latencies (first write
// to last response byte, those that completed): the count, mean, p50, p95
// and max. The writes Nagle held are the caller's.
void fill_transaction_summary(const std::vector<double>& latencies_s, FlowSummary& f);

// A ping flow's figures from its replies (f.ping_rtt_samples_*): RTT mean,
// p50, p95 and max over the replies to pings sent from window_start_s on
// (every reply when none was), and the counts sent and lost.
void fill_ping_summary(FlowResult& f, double window_start_s, std::uint64_t sent, std::uint64_t lost);

// Adds one flow's counts (congestion events, retransmits, RTOs, drops by
// cause, ECN marks, packets simulated) to the path's.
void add_counts(Summary& path, const Summary& flow);

// Jain's fairness index of the rates: 1 for equal shares, 1/n for one taking all.
double jain_index(const std::vector<double>& rates);
// The nearest-rank quantile q (0 < q ≤ 1) of the values; 0 for none.
double quantile(std::vector<double> values, double q);

// The settled rule, on the bytes each flow moved in the steady window's two halves.
struct HalfBytes {
    double first = 0, second = 0;
};
// One flow: the halves' throughputs within 10% of their mean.
bool throughput_settled(const HalfBytes& h);
// Several: each flow's share of the halves' totals within 0.05; per flow.
std::vector<bool> shares_settled(const std::vector<HalfBytes>& flows);

}  // namespace inflight
