// The worst path the window allows, run in a child process of the stress
// tests so its peak memory is its own (getrusage RU_MAXRSS and VmHWM).
#pragma once

#include "model/core/scenario.h"

namespace inflight::stress {

// 10 Gbit/s, 1000 ms RTT, 1000 ms buffer, 40 s (the other parameters at
// their defaults: CUBIC, 1 GiB windows).
Scenario worst_path();

// The argument that makes the test binary run worst_path_child() instead of
// the tests.
inline constexpr const char* kWorstPathChildArg = "--worst-path-child";

// Runs the worst path through the window's RunController, holding the newest
// snapshot as the window does, then prints one line
//   worst-path done=1 maxrss_kib=N vmhwm_kib=N packets=N wall_s=X
// Returns the process exit status.
int worst_path_child(int argc, char** argv);

}  // namespace inflight::stress
