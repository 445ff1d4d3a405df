// The SIGINT handler that cancels a run (interrupt.h).
#include "app/cli/interrupt.h"

#include <csignal>

namespace inflight::cli {
namespace {

std::atomic<bool> g_cancel_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");
extern "C" void on_interrupt(int) { g_cancel_requested.store(true); }

}  // namespace

const std::atomic<bool>* cancel_on_interrupt() {
    std::signal(SIGINT, on_interrupt);
    return &g_cancel_requested;
}

}  // namespace inflight::cli
