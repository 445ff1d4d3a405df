// The training run of the model's profile-guided build (model/pgo/
// CMakeLists.txt): runs the kinds of scenario the app and the command line
// run most — each algorithm, each queue discipline, loss, pacing, several
// flows, pings and short transfers — briefly, so the compiler learns which
// way the per-packet branches go. It checks nothing; results are not
// affected by the profile (it steers code layout and inlining only), which
// the benchmark digests and the golden tests confirm.
#include <cstdio>
#include <vector>

#include "model/engine/run.h"

using namespace inflight;

namespace {
Scenario path(Algorithm a, double bandwidth_bps, double rtt_s, double buffer_s, double duration_s) {
    Scenario s;
    s.algorithm = a;
    s.bandwidth_bps = bandwidth_bps;
    s.rtt_s = rtt_s;
    s.buffer_s = buffer_s;
    s.duration_s = duration_s;
    return s;
}

std::vector<Scenario> training_set() {
    std::vector<Scenario> set;
    // The single-flow paths of the benchmarks and the lessons.
    set.push_back(path(Algorithm::Cubic, 100e6, 0.080, 0.100, 10));
    set.push_back(path(Algorithm::Cubic, 1e9, 0.020, 0.100, 3));
    set.push_back(path(Algorithm::Bbr, 10e9, 0.100, 0.100, 1));
    set.push_back(path(Algorithm::Reno, 100e6, 0.080, 0.100, 10));
    Scenario lossy = path(Algorithm::Reno, 100e6, 0.080, 0.100, 10);
    lossy.loss = 1e-3;
    set.push_back(lossy);
    lossy.algorithm = Algorithm::Cubic;
    lossy.loss_pattern = LossPattern::Random;
    set.push_back(lossy);
    Scenario codel = path(Algorithm::Cubic, 100e6, 0.040, 0.200, 10);
    codel.aqm = Aqm::Codel;
    codel.ecn = true;
    set.push_back(codel);
    Scenario paced = path(Algorithm::Bbr, 100e6, 0.040, 0.100, 10);
    paced.pacing = true;
    set.push_back(paced);
    Scenario rwnd = path(Algorithm::Cubic, 100e6, 0.080, 0.100, 10);
    rwnd.rwnd_bytes = 65535;
    set.push_back(rwnd);
    // Several flows: BBR against CUBIC, parallel streams, a ping and short
    // transfers behind a bulk flow under fq_codel.
    Scenario mixed = path(Algorithm::Cubic, 50e6, 0.040, 0.160, 10);
    FlowSpec bbr;
    bbr.algorithm = Algorithm::Bbr;
    mixed.flows = {FlowSpec{}, bbr};
    set.push_back(mixed);
    Scenario parallel = path(Algorithm::Cubic, 1e9, 0.020, 0.100, 2);
    parallel.flows.assign(10, FlowSpec{});
    set.push_back(parallel);
    Scenario fq = path(Algorithm::Cubic, 100e6, 0.020, 0.200, 10);
    fq.aqm = Aqm::FqCodel;
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    FlowSpec web;
    web.size_bytes = 100'000;
    web.every_s = 2;
    fq.flows = {FlowSpec{}, ping, web};
    set.push_back(fq);
    // The linux stack (delayed ACKs, autotuning, HyStart, PRR, BBR's own
    // pacing): one flow of each algorithm, parallel streams and the
    // lessons' sharing mix, so its per-packet branches are trained too.
    for (Scenario s : {path(Algorithm::Cubic, 1e9, 0.020, 0.100, 3), path(Algorithm::Bbr, 1e9, 0.100, 0.100, 2),
                       path(Algorithm::Reno, 100e6, 0.080, 0.100, 10), lossy, mixed, parallel, fq}) {
        s.stack = Stack::Linux;
        set.push_back(s);
    }
    return set;
}
}  // namespace

int main() {
    std::uint64_t packets = 0;
    for (const Scenario& s : training_set()) packets += run_scenario(s).summary.packets_simulated;
    std::printf("model training run: %llu packets\n", static_cast<unsigned long long>(packets));
    return packets > 0 ? 0 : 1;
}
