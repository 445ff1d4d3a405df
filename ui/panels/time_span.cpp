#include "ui/panels/time_span.h"

#include <algorithm>
#include <vector>

#include "ui/panels/chart_style.h"

namespace inflight::ui {

double transfers_done_s(const RunResult& r) {
    if (r.flows.empty()) return 0;
    for (const FlowResult& f : r.flows)
        if (f.flow.kind != FlowKind::Tcp || !f.flow.size_bytes || f.flow.every_s || f.flow.rpc) return 0;
    std::vector<bool> done(r.flows.size(), false);
    double last_s = 0;
    for (const Event& e : r.events) {
        if (e.kind != EventKind::TransferDone || e.flow < 0 || static_cast<std::size_t>(e.flow) >= done.size()) continue;
        done[static_cast<std::size_t>(e.flow)] = true;
        last_s = std::max(last_s, e.t_s);
    }
    return std::all_of(done.begin(), done.end(), [](bool d) { return d; }) ? last_s : 0;
}

double zoomed_time_span_s(const RunResult& r) {
    const double duration_s = r.scenario.duration_s;
    const double done_s = transfers_done_s(r);
    return done_s > 0 ? std::min(duration_s, nice_ceiling(done_s * 1.15)) : duration_s;
}

}  // namespace inflight::ui
