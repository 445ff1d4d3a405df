// A finite flow's transfers on the kernel as the model reports them: one
// FlowStart per transfer (its SYN), a TransferOverlap before it when an
// earlier transfer still ran, a TransferDone (fct_s, size_bytes) per
// completed transfer, and the completion times the flow's summary takes
// (model/engine/flow_results.h fill_fct_summary). A transfer the run ended
// before it completed has a FlowStart and nothing else.
#pragma once

#include <cstddef>
#include <vector>

#include "app/kernel/finite_sender.h"
#include "model/core/result.h"

namespace inflight::kernel {

// Appends flow `flow_index`'s transfer events to `events` (not sorted).
void add_transfer_events(const std::vector<FiniteTransfer>& transfers, const ResolvedFlow& f, std::size_t flow_index,
                         double end_s, std::vector<Event>& events);
// The FCTs of the transfers completed by end_s, in the order they started.
std::vector<double> completion_times(const std::vector<FiniteTransfer>& transfers, double end_s);

}  // namespace inflight::kernel
