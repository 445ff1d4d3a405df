#include "ui/panels/flow_throughput.h"

#include <algorithm>
#include <cstdint>

namespace inflight::ui {

namespace {
// Buckets [first, last] of the shared bucket list that fall in each column
// (by their middle), for `columns` equal columns over [0, duration).
struct Span {
    std::size_t first = 0, last = 0;
    bool any = false;
};
std::vector<Span> column_spans(const TraceBucket* b, std::size_t n, double duration_s, int columns) {
    std::vector<Span> spans(static_cast<std::size_t>(columns));
    for (std::size_t j = 0; j < n; ++j) {
        const double mid = 0.5 * (b[j].t_start_s + b[j].t_end_s);
        const int c = std::clamp(static_cast<int>(mid / std::max(1e-12, duration_s) * columns), 0, columns - 1);
        Span& s = spans[static_cast<std::size_t>(c)];
        if (!s.any) s.first = j;
        s.last = j;
        s.any = true;
    }
    return spans;
}
}  // namespace

std::vector<int> tcp_flows(const RunResult& r) {
    std::vector<int> flows;
    for (std::size_t i = 0; i < r.flows.size(); ++i)
        if (r.flows[i].flow.kind == FlowKind::Tcp)
            flows.push_back(static_cast<int>(i));
    return flows;
}

FlowThroughput flow_throughput(const RunResult& r, int max_columns) {
    const Scenario& sc = r.scenario;
    FlowThroughput out;
    out.flows = tcp_flows(r);
    out.bps.resize(out.flows.size());
    if (out.flows.empty()) return out;

    // The shared bucket list: every flow's trace is closed at the same
    // moments; while a run streams, the shortest one so far.
    std::size_t n = SIZE_MAX;
    double longest_rtt_s = 0;
    for (int i : out.flows) {
        n = std::min(n, r.flow_trace(static_cast<std::size_t>(i)).buckets.size());
        longest_rtt_s = std::max(longest_rtt_s, r.flows[static_cast<std::size_t>(i)].flow.rtt_s);
    }
    if (n == 0) return out;
    int columns = std::max(1, max_columns);
    if (longest_rtt_s > 0) columns = std::clamp(static_cast<int>(sc.duration_s / (2 * longest_rtt_s)), 1, columns);
    const TraceBucket* shared = r.flow_trace(static_cast<std::size_t>(out.flows.front())).buckets.data();

    for (const Span& s : column_spans(shared, n, sc.duration_s, columns)) {
        if (!s.any) continue;
        const double t0 = shared[s.first].t_start_s, t1 = shared[s.last].t_end_s;
        if (!(t1 > t0)) continue;
        out.t_start_s.push_back(t0);
        out.t_end_s.push_back(t1);
        double sum = 0;
        for (std::size_t k = 0; k < out.flows.size(); ++k) {
            const Trace& t = r.flow_trace(static_cast<std::size_t>(out.flows[k]));
            const std::uint64_t before = s.first > 0 ? t.buckets[s.first - 1].delivered_bytes : 0;
            const std::uint64_t after = t.buckets[s.last].delivered_bytes;
            const double bps = after >= before ? static_cast<double>(after - before) * 8 / (t1 - t0) : 0.0;
            out.bps[k].push_back(bps);
            sum += bps;
        }
        out.peak_sum_bps = std::max(out.peak_sum_bps, sum);
    }
    return out;
}

}  // namespace inflight::ui
