// Starting a thread that must set itself up first (enter a namespace, make
// a socket) and report whether that worked before the caller goes on.
#pragma once

#include <future>
#include <memory>
#include <string>
#include <thread>

namespace inflight::kernel {

// Runs setup() on a new thread (which enters the namespace and makes the
// socket); when it succeeds the same thread goes on with loop(). Returns
// setup's error once it is known.
template <class Setup, class Loop>
std::string start_thread(std::thread& thread, Setup setup, Loop loop) {
    // Shared: the thread may still be inside set_value when the caller returns.
    auto ready = std::make_shared<std::promise<std::string>>();
    auto ready_future = ready->get_future();
    thread = std::thread([ready, setup, loop]() mutable {
        const std::string err = setup();
        ready->set_value(err);
        if (err.empty()) loop();
    });
    return ready_future.get();
}


}  // namespace inflight::kernel
