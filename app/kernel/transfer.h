// The transfer (our own code, no iperf3), one pair per flow: a receiver
// thread in the receiver's namespace that accepts the flow's connections on
// the flow's own port (kPort + its index: the emulator tells flows apart by
// it; a finite flow's transfers are one connection each, from different
// source ports) and reads everything (a request/response flow's: answers
// each whole request with the response, rpc_client.h), and a sender thread in the sender's
// namespace that connects at the flow's start, writes as fast as the socket
// takes it and stops writing at the flow's stop (a bulk flow; a finite one
// is finite_sender.h's). The sockets are the kernel's TCP
// (tcp(7)), with the flow's settings:
//   TCP_CONGESTION   the scenario's algorithm (refused, naming modprobe, when
//                    the kernel does not offer it)
//   rwnd             TCP_WINDOW_CLAMP on the receiver, set again after each
//                    read (Linux moves the clamp with the buffer: at the
//                    first full-sized segment and as autotuning grows it),
//                    so the advertised window never passes rwnd (the
//                    route to the sender offers the first flight first,
//                    initrwnd 10, so that the first read comes before the
//                    window reaches rwnd: transfer.cpp); when
//                    every flow's is 65,535 B or less, window scaling is
//                    off in the receiver's namespace (tcp_window_scaling = 0),
//                    the lesson's case (the setting is the namespace's, so
//                    one flow with a larger window keeps it on for all)
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
//   metrics         net.ipv4.tcp_no_metrics_save = 1: a connection does
//                   not inherit an earlier one's RTT or ssthresh
// The sockets stay open until stop() so the sampler may read TCP_INFO from
// another thread.
#pragma once

#include <netinet/in.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>

#include "model/core/flow_spec.h"
#include "model/core/scenario.h"

namespace inflight::kernel {

constexpr std::uint16_t kPort = 5201;

// The algorithm's name in the kernel ("reno", "cubic", "bbr").
const char* kernel_cc_name(Algorithm a);
// Nothing when the kernel offers the algorithm, else one line naming modprobe.
std::string check_algorithm_available(Algorithm a);

// Window scaling off in the receiver's namespace: every TCP flow's rwnd fits
// 16 bits.
bool window_scaling_off(const Scenario& s);

// A sender's socket, made with the flow's options (congestion control,
// sndbuf, pacing) in the calling thread's namespace; not yet connected.
struct SenderSocket {
    int fd = -1;
    std::string cc_in_force;       // as the socket reports it
    bool paced_by_option = false;  // SO_MAX_PACING_RATE set
};
// Nothing when made (out.fd open), else one line (nothing left open).
std::string make_sender_socket(const Scenario& s, const ResolvedFlow& f, SenderSocket& out);
// Moves the calling thread into the sender's namespace and sets its sysctls.
std::string enter_sender_namespace(int netns_fd, const Scenario& s);
// Both: a sender thread's setup, in its own thread (nothing when made).
std::string prepare_sender(int netns_fd, const Scenario& s, const ResolvedFlow& f, SenderSocket& out);
// The receiver's address for the flow port `port`.
sockaddr_in receiver_address(std::uint16_t port);

class Receiver {
public:
    ~Receiver();
    // Enters the namespace on its thread, sets the namespace's sysctls and
    // listens on kPort + flow_index; returns once listening (or an error).
    std::string start(int netns_fd, const Scenario& s, const ResolvedFlow& f, std::size_t flow_index);
    void stop();
    // Over every connection accepted so far.
    std::uint64_t bytes_received() const { return bytes_.load(std::memory_order_relaxed); }
    bool window_scaling() const { return window_scaling_; }

private:
    void loop();
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<std::uint64_t> bytes_{0};
    int listen_fd_ = -1;
    std::uint16_t port_ = kPort;
    bool window_scaling_ = true;
    std::uint64_t request_bytes_ = 0, response_bytes_ = 0;  // app=rpc: the request's sum; 0: not rpc
    int window_clamp_ = 0;                                  // the flow's rwnd; 0: none
};

class Sender {
public:
    ~Sender();
    // Enters the namespace on its thread and makes the socket with the
    // flow's options; returns once it is made (or an error). The thread
    // connects at `connect_at` (monotonic_now()'s scale), then writes until
    // `stop_writing_at` or stop().
    std::string start(int netns_fd, const Scenario& s, const ResolvedFlow& f, std::size_t flow_index,
                      std::int64_t connect_at, std::int64_t stop_writing_at);
    void stop();
    int socket_fd() const { return fd_; }
    bool connected() const { return connected_.load(); }  // connect() was called
    bool paced() const { return paced_by_option_; }
    std::string congestion_control() const { return cc_in_force_; }
    std::string error() const;  // a failure after start (connection refused, reset)

private:
    void loop();
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> connected_{false};
    int fd_ = -1;
    std::uint16_t port_ = kPort;
    std::int64_t connect_at_ = 0, stop_writing_at_ = 0;
    bool paced_by_option_ = false;
    std::string cc_in_force_;
    std::atomic<bool> failed_{false};
    std::string failure_;
};

}  // namespace inflight::kernel
