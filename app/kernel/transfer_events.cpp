// A finite flow's transfers as events and FCTs (see transfer_events.h).
#include "app/kernel/transfer_events.h"

namespace inflight::kernel {

namespace {
bool done_by(const FiniteTransfer& t, double end_s) { return t.done && t.start_s + t.fct_s <= end_s; }
}  // namespace

void add_transfer_events(const std::vector<FiniteTransfer>& transfers, const ResolvedFlow& f, std::size_t flow_index,
                         double end_s, std::vector<Event>& events) {
    const std::uint64_t size = f.size_bytes.value_or(0);
    for (const FiniteTransfer& t : transfers) {
        if (t.start_s > end_s) continue;  // started as the run was being stopped
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
        if (!done_by(t, end_s)) continue;
        e.kind = EventKind::TransferDone;
        e.t_s = t.start_s + t.fct_s;
        e.fct_s = t.fct_s;
        events.push_back(e);
    }
}

std::vector<double> completion_times(const std::vector<FiniteTransfer>& transfers, double end_s) {
    std::vector<double> out;
    for (const FiniteTransfer& t : transfers)
        if (done_by(t, end_s)) out.push_back(t.fct_s);
    return out;
}

}  // namespace inflight::kernel
