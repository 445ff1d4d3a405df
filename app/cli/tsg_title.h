// The --tsg figure's title: "Time-sequence graph of flow 2 (cubic)", then
// " on Linux 6.18 …" for a kernel run, and ", its first connection" only for
// a flow that opens several connections — a transfer repeated with every=,
// its second starting before the flow stops (finite_sender.h, as the
// model's): the graph draws the first of them. A bulk flow, a single
// transfer and a request/response flow are one connection each.
#pragma once

#include <string>

#include "model/core/flow_spec.h"

namespace inflight::cli {

// `where`: "" for the model, " on Linux RELEASE" for the kernel.
std::string tsg_title(const ResolvedFlow& f, const std::string& where);

}  // namespace inflight::cli
