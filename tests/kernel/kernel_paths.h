// What the kernel tests share: the skip when the run cannot have its
// namespaces (not root), and the path the model's Linux details are held
// to the kernel on — 100 Mbit/s, 80 ms, a 1 BDP (80 ms) tail-drop buffer,
// CUBIC, 10 s.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include "app/kernel/privileges.h"
#include "model/core/scenario.h"

#define REQUIRE_ROOT()                                                                              \
    do {                                                                                            \
        if (geteuid() != 0 || ::inflight::kernel::missing_privileges())                             \
            GTEST_SKIP() << "needs root (CI runs as root)";                                         \
    } while (0)

namespace inflight::kernel::test {

inline Scenario one_bdp_path_100M_80ms() {
    Scenario s;
    s.algorithm = Algorithm::Cubic;
    s.bandwidth_bps = 100e6;
    s.rtt_s = 0.080;
    s.buffer_s = 0.080;
    s.duration_s = 10;
    return s;
}

}  // namespace inflight::kernel::test
