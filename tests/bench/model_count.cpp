// One run of a benchmark row, for counting instructions (valgrind
// --tool=cachegrind --cache-sim=no, or perf stat where counters exist):
//   model_count ROW [DURATION_S]     prints packets and a digest of the result
//   model_count BareLoop PACKETS     the bare loop alone
// The digest (FNV-1a over every trace bucket, event and summary figure but
// the wall time) shows a hot-path change left the results identical.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "bench_rows.h"

using namespace inflight;

namespace {
struct Digest {
    std::uint64_t h = 0xcbf29ce484222325ull;
    void bytes(const void* p, std::size_t n) {
        const auto* c = static_cast<const unsigned char*>(p);
        for (std::size_t i = 0; i < n; ++i) h = (h ^ c[i]) * 0x100000001b3ull;
    }
    void operator()(double v) { bytes(&v, sizeof v); }
    void operator()(std::uint64_t v) { bytes(&v, sizeof v); }
    void operator()(const MinMax& m) { (*this)(m.min), (*this)(m.max); }
};

void digest_trace(Digest& d, const Trace& t) {
    for (const TraceBucket& b : t.buckets) {
        d(b.t_end_s), d(b.cwnd_bytes), d(b.window_bytes), d(b.inflight_bytes), d(b.queue_bytes);
        d(b.ssthresh_bytes), d(b.rtt_s), d(b.srtt_s), d(b.min_rtt_s), d(b.rttvar_s), d(b.cwnd_end_bytes);
        d(b.delivery_rate_bps), d(b.pacing_rate_bps), d(b.retransmits), d(b.retransmitted_bytes);
        d(static_cast<std::uint64_t>(b.phase)), d(static_cast<std::uint64_t>(b.limit));
        d(b.pkts_sent), d(b.pkts_delivered), d(b.pkts_dropped), d(b.pkts_in_network);
    }
}
}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: model_count ROW [DURATION_S] | BareLoop PACKETS\n");
        return 2;
    }
    const std::string name = argv[1];
    if (name == "BareLoop") {
        const std::uint64_t n = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 10'000'000;
        std::printf("packets %llu result %.17g\n", static_cast<unsigned long long>(n), bench::BareLoop::run(n));
        return 0;
    }
    auto s = bench::named_row(name);
    if (!s) {
        std::fprintf(stderr, "unknown row %s\n", name.c_str());
        return 2;
    }
    if (argc > 2) s->duration_s = std::atof(argv[2]);
    const RunResult r = run_scenario(*s);
    Digest d;
    digest_trace(d, r.trace);
    for (const FlowResult& f : r.flows) {
        digest_trace(d, f.trace);
        for (double v : f.ping_rtt_samples_s) d(v);
        d(f.summary.throughput_bps), d(f.summary.share), d(f.summary.mean_rtt_s), d(f.summary.p95_rtt_s);
        for (double v : f.summary.fct_s) d(v);
    }
    for (const Event& e : r.events) {
        d(e.t_s), d(static_cast<std::uint64_t>(e.kind)), d(e.cwnd_before_bytes), d(e.cwnd_after_bytes), d(e.count);
    }
    const Summary& m = r.summary;
    d(m.throughput_bps), d(m.utilisation), d(m.mean_cwnd_packets), d(m.mean_rtt_s), d(m.min_rtt_s), d(m.max_rtt_s);
    d(m.p95_rtt_s), d(m.congestion_events), d(m.drops_tail), d(m.drops_aqm), d(m.drops_random), d(m.retransmits);
    d(m.rtos), d(m.packets_simulated), d(m.mean_queue_delay_s), d(m.jain_index);
    for (double v : m.binding_fractions) d(v);
    std::printf("packets %llu digest %016llx\n", static_cast<unsigned long long>(m.packets_simulated),
                static_cast<unsigned long long>(d.h));
    return 0;
}
