// Scenarios of the guided experiments' lessons, and others the tests share.
#pragma once

#include "model/engine/run.h"

namespace inflight::test {

// The lessons' defaults: CUBIC, 100 Mbit/s, 80 ms, no loss, buffer 100 ms,
// rwnd and sndbuf 1 GiB, no AQM, MSS 1500, unpaced, 40 s.
inline Scenario defaults() { return Scenario{}; }

inline Scenario with(Algorithm a, double bandwidth_bps, double loss = 0) {
    Scenario s;
    s.algorithm = a;
    s.bandwidth_bps = bandwidth_bps;
    s.loss = loss;
    return s;
}

// One 10 KB transfer in a 10 s run: done at about 2 × 80 ms (the handshake,
// then its 7 segments in the first window of 10), long before the steady
// state (5 – 10 s), which then holds no data.
inline Scenario short_transfer_alone() {
    Scenario s;
    s.duration_s = 10;
    s.flows.resize(1);
    s.flows[0].size_bytes = 10'000;
    return s;
}

}  // namespace inflight::test
