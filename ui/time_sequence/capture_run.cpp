// A capture's stream as an overlay's run (capture_run.h).
#include "ui/time_sequence/capture_run.h"

#include <cmath>

namespace inflight::ui {

SnapshotPtr capture_snapshot(const capture::CaptureAnalysis& a, double rate_bps) {
    auto s = std::make_shared<RunSnapshot>();
    s->done = true;
    s->result = a.result;
    RunResult& r = s->result;
    r.scenario.duration_s = a.duration_s;
    r.scenario.flows.clear();
    double peak_bps = 0;
    double rwnd = std::nan("");
    for (TraceBucket& b : r.trace.buckets) {
        if (std::isfinite(b.window_bytes.max)) rwnd = b.window_bytes.max;
        b.rwnd_bytes = rwnd;
        if (std::isfinite(b.delivery_rate_bps.max)) peak_bps = std::max(peak_bps, b.delivery_rate_bps.max);
    }
    r.scenario.bandwidth_bps = rate_bps > 0 ? rate_bps : std::max(peak_bps, 1.0);
    s->sim_time_s = a.duration_s;
    return s;
}

}  // namespace inflight::ui
