// The transfer (our own code, no iperf3): a receiver thread in the
// receiver's namespace that accepts one connection and reads everything, and
// a sender thread in the sender's namespace that writes as fast as the
// socket takes it. The sockets are the kernel's TCP (tcp(7)):
//   TCP_CONGESTION   the scenario's algorithm (refused, naming modprobe, when
//                    the kernel does not offer it)
//   rwnd             TCP_WINDOW_CLAMP on the receiver; 65,535 B or less turns
//                    window scaling off in the receiver's namespace
//                    (net.ipv4.tcp_window_scaling = 0), the lesson's case
//   rcvbuf           SO_RCVBUF on the listening socket before listen() (the
//                    accepted socket inherits it, and the window scale in the
//                    SYN-ACK is chosen from it): the kernel caps it at
//                    net.core.rmem_max, doubles it and locks it (no
//                    autotuning), net/core/sock.c __sock_set_rcvbuf
//   sndbuf           SO_SNDBUFFORCE (as SO_SNDBUF without the wmem_max cap;
//                    the kernel doubles it for its own overhead, net/core/sock.c)
//                    when the scenario limits it; otherwise autotuning
//   pacing on        a finite SO_MAX_PACING_RATE (10× the link), which marks
//                    the socket as needing pacing (net/core/sock.c): the stack
//                    then paces Reno and CUBIC itself (tcp_output.c); BBR asks
//                    for pacing itself, so it is paced either way
//   ECN              net.ipv4.tcp_ecn = 1 in both namespaces when asked
// The sockets stay open until stop() so the sampler may read TCP_INFO from
// another thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>

#include "model/core/scenario.h"

namespace inflight::kernel {

constexpr std::uint16_t kPort = 5201;

// The algorithm's name in the kernel ("reno", "cubic", "bbr").
const char* kernel_cc_name(Algorithm a);
// Nothing when the kernel offers the algorithm, else one line naming modprobe.
std::string check_algorithm_available(Algorithm a);

class Receiver {
public:
    ~Receiver();
    // Enters the namespace on its thread, sets the namespace's sysctls and
    // listens; returns once listening (or an error).
    std::string start(int netns_fd, const Scenario& s);
    void stop();
    std::uint64_t bytes_received() const { return bytes_.load(std::memory_order_relaxed); }
    int socket_fd() const { return conn_fd_.load(); }
    bool window_scaling() const { return window_scaling_; }

private:
    void loop();
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<std::uint64_t> bytes_{0};
    std::atomic<int> conn_fd_{-1};
    int listen_fd_ = -1;
    bool window_scaling_ = true;
};

class Sender {
public:
    ~Sender();
    // Enters the namespace on its thread, makes the socket with the
    // scenario's options and starts connecting; returns once connect() has
    // been called (or an error). The thread then writes until stop().
    std::string start(int netns_fd, const Scenario& s);
    void stop();
    int socket_fd() const { return fd_; }
    bool paced() const { return paced_by_option_; }
    std::string congestion_control() const { return cc_in_force_; }
    std::string error() const;  // a failure after start (connection refused, reset)

private:
    void loop();
    std::thread thread_;
    std::atomic<bool> stop_{false};
    int fd_ = -1;
    bool paced_by_option_ = false;
    std::string cc_in_force_;
    std::atomic<bool> failed_{false};
    std::string failure_;
};

}  // namespace inflight::kernel
