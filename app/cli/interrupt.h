// Ctrl-C while a subcommand runs: the run is cancelled (the model checks the
// flag at every bucket), the command says so and writes nothing.
#pragma once

#include <atomic>

namespace inflight::cli {

// Installs the SIGINT handler and returns the flag it sets.
const std::atomic<bool>* cancel_on_interrupt();

}  // namespace inflight::cli
