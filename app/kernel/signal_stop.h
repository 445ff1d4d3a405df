// SIGINT/SIGTERM during a kernel run: while a SignalStopScope lives, those
// signals only set a flag (the run polls it every few milliseconds, stops,
// and its guards tear the namespaces down); the previous handlers come back
// when the last scope ends. The flag is process-wide because signals are;
// scopes nest, so two runs in one process share it.
#pragma once

namespace inflight::kernel {

class SignalStopScope {
public:
    SignalStopScope();
    ~SignalStopScope();
    SignalStopScope(const SignalStopScope&) = delete;
    SignalStopScope& operator=(const SignalStopScope&) = delete;

    // The signal that asked to stop since the scope began (0: none).
    int signal_received() const;
};

}  // namespace inflight::kernel
