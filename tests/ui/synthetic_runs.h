// A synthetic run for the chart tests and the UI benchmark: 600 s, 16 CUBIC
// flows of 5000 buckets each (10k points a series before decimation, as
// the model's trace of a long run), sawtooths out of phase; the aggregate's
// trace is the flows' sum. No model runs: the charts get exactly this.
#pragma once

#include <cmath>

#include "model/core/result.h"

namespace inflight::ui::test {

inline constexpr int kSyntheticFlows = 16;
inline constexpr int kSyntheticBuckets = 5000;
inline constexpr double kSyntheticDurationS = 600;

inline RunResult sixteen_flows_of_ten_thousand_points() {
    RunResult r;
    r.scenario.bandwidth_bps = 20e6;
    r.scenario.rtt_s = 0.040;
    r.scenario.buffer_s = 0.050;
    r.scenario.duration_s = kSyntheticDurationS;
    FlowSpec cubic;
    cubic.algorithm = Algorithm::Cubic;
    r.scenario.flows.assign(kSyntheticFlows, cubic);
    const auto fill = [](Trace& t, int flow) {
        t.mss_bytes = 1500;
        t.bdp_bytes = 100000;
        t.buffer_bytes = 125000;
        t.base_rtt_s = 0.040;
        t.bucket_s = kSyntheticDurationS / kSyntheticBuckets;
        t.buckets.resize(kSyntheticBuckets);
        for (int b = 0; b < kSyntheticBuckets; ++b) {
            TraceBucket& k = t.buckets[static_cast<std::size_t>(b)];
            k.t_start_s = b * t.bucket_s;
            k.t_end_s = (b + 1) * t.bucket_s;
            const double saw = 10000 + 5000 * std::fmod(b * 0.01 + flow * 0.37, 1.0);
            const double v = flow < 0 ? kSyntheticFlows * saw : saw;  // flow −1: the aggregate
            k.cwnd_bytes = k.window_bytes = k.inflight_bytes = MinMax{v * 0.98, v};
            k.srtt_s = 0.040 + v * 1e-8;
            k.rtt_s = MinMax{k.srtt_s, k.srtt_s};
            k.ssthresh_bytes = v / 2;
        }
    };
    fill(r.trace, -1);
    r.flows.resize(kSyntheticFlows);
    for (int i = 0; i < kSyntheticFlows; ++i) fill(r.flows[static_cast<std::size_t>(i)].trace, i);
    return r;
}

}  // namespace inflight::ui::test
