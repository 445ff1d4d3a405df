#include "model/analysis/sweep_fit.h"

#include "model/analysis/response_theory.h"

namespace inflight {

LossSweepFit fit_loss_sweep(const SweepResult& r, std::size_t series) {
    LossSweepFit out;
    if (r.spec.param != SweepParam::Loss || series >= r.series.size() || r.cancelled) return out;
    const SweepSeries& s = r.series[series];
    std::vector<double> p_all, y_all, p_cubic, y_cubic;
    for (std::size_t i = 0; i < r.values.size(); ++i) {
        const SweepSample& sample = s.samples[i];
        if (!(sample.utilisation < kLinkLimitedUtilisation)) continue;
        const double p = r.values[i];
        p_all.push_back(p);
        y_all.push_back(sample.throughput_bps);
        const double rtt_s = with_sweep_value(r.spec.base, r.spec.param, p).rtt_s;
        if (cubic_window_packets(p, rtt_s) > mathis_window_packets(p)) {
            p_cubic.push_back(p);
            y_cubic.push_back(sample.throughput_bps);
        }
    }
    out.loss_limited = fit_power_law(p_all, y_all);
    if (s.algorithm == Algorithm::Cubic) out.cubic_region = fit_power_law(p_cubic, y_cubic);
    return out;
}

}  // namespace inflight
