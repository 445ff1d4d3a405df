// A capture's stream as an overlay's run (capture_run.h).
#include "ui/time_sequence/capture_run.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

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
    // Beside the receiver the data-to-ACK times are its ACK delay and the
    // flight what had reached it (stream_analysis.h): neither is drawn or
    // compared as the sender's. The handshake's round trip stands for the RTT.
    if (a.beside_receiver) {
        constexpr double none = std::numeric_limits<double>::quiet_NaN();
        for (TraceBucket& b : r.trace.buckets) {
            b.rtt_s = MinMax{none, none};
            b.srtt_s = b.min_rtt_s = b.rttvar_s = none;
            b.inflight_bytes = MinMax{none, none};
        }
        Summary& sum = r.summary;
        sum.mean_rtt_s = sum.min_rtt_s = sum.p95_rtt_s = sum.max_rtt_s = none;
        r.trace.base_rtt_s = a.handshake_rtt_s;
    }
    // The delivery rate over one minimum RTT (the buckets' delivery averaged
    // over the last RTT's worth of them), as an ACK clock reads it: a
    // kernel's ACKs come in bursts, which per bucket draw spikes of several
    // times the link. (Each byte is counted once, when first acknowledged,
    // by stream_analysis.h, so a filled hole adds no spike of its own.)
    TraceBuckets& bs = r.trace.buckets;
    const double rtt = r.trace.base_rtt_s;
    if (r.trace.bucket_s > 0 && std::isfinite(rtt) && rtt > r.trace.bucket_s) {
        const auto span = static_cast<std::size_t>(std::lround(rtt / r.trace.bucket_s));
        std::vector<double> raw(bs.size());
        for (std::size_t i = 0; i < bs.size(); ++i) raw[i] = bs[i].delivery_rate_bps.max;
        double sum = 0;
        for (std::size_t i = 0; i < bs.size(); ++i) {
            sum += std::isfinite(raw[i]) ? raw[i] : 0;
            if (i >= span) sum -= std::isfinite(raw[i - span]) ? raw[i - span] : 0;
            const double mean = sum / static_cast<double>(std::min(i + 1, span));
            bs[i].delivery_rate_bps = MinMax{mean, mean};
        }
    }
    s->sim_time_s = a.duration_s;
    return s;
}

}  // namespace inflight::ui
