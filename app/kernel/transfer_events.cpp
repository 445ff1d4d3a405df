// A finite flow's transfers as events and FCTs (see transfer_events.h).
#include "app/kernel/transfer_events.h"

namespace inflight::kernel {

void add_transfer_events(const std::vector<FiniteTransfer>& transfers, const ResolvedFlow& f, std::size_t flow_index,
                         std::vector<Event>& events) {
    const std::uint64_t size = f.size_bytes.value_or(0);
    for (const FiniteTransfer& t : transfers) {
        Event e;
        e.flow = static_cast<int>(flow_index);
        e.t_s = t.start_s;
        e.transfer = t.number;
        if (t.overlapped) {
            e.kind = EventKind::TransferOverlap;
            events.push_back(e);
        }
        e.kind = EventKind::FlowStart;
        e.size_bytes = size;
        events.push_back(e);
        if (!t.done) continue;
        e.kind = EventKind::TransferDone;
        e.t_s = t.start_s + t.fct_s;
        e.fct_s = t.fct_s;
        events.push_back(e);
    }
}

std::vector<double> completion_times(const std::vector<FiniteTransfer>& transfers) {
    std::vector<double> out;
    for (const FiniteTransfer& t : transfers)
        if (t.done) out.push_back(t.fct_s);
    return out;
}

}  // namespace inflight::kernel
