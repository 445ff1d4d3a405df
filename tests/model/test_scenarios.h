// Scenarios of the guided experiments' lessons, for the model tests.
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

}  // namespace inflight::test
