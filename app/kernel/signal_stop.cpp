// SIGINT/SIGTERM as a stop flag for the duration of a kernel run (signal_stop.h).
#include "app/kernel/signal_stop.h"

#include <csignal>
#include <mutex>

namespace inflight::kernel {

namespace {
volatile std::sig_atomic_t g_signal = 0;  // written only by the handler
std::mutex g_mutex;                        // guards the scope count and saved handlers
int g_scopes = 0;
struct sigaction g_old_int{}, g_old_term{};

extern "C" void on_stop_signal(int sig) { g_signal = sig; }
}  // namespace

SignalStopScope::SignalStopScope() {
    std::lock_guard lock(g_mutex);
    if (g_scopes++ > 0) return;
    g_signal = 0;
    struct sigaction sa{};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: blocking calls return EINTR and loops look at the flag
    sigaction(SIGINT, &sa, &g_old_int);
    sigaction(SIGTERM, &sa, &g_old_term);
}

SignalStopScope::~SignalStopScope() {
    std::lock_guard lock(g_mutex);
    if (--g_scopes > 0) return;
    sigaction(SIGINT, &g_old_int, nullptr);
    sigaction(SIGTERM, &g_old_term, nullptr);
}

int SignalStopScope::signal_received() const { return g_signal; }

}  // namespace inflight::kernel
