// A finite flow's sender (a flow with size=, perhaps every=): one thread in
// the sender's namespace that opens a new connection for each transfer — at
// the flow's start, and every `every` after it while before the flow's stop,
// overlapping an earlier one that has not finished — writes the transfer's
// bytes on it, and closes it once the receiver has acknowledged every byte.
// Each transfer's completion time (FCT), as the model counts it: from just
// before connect() (the SYN) to the moment the sender knows its last byte is
// acknowledged. The sender learns that by polling SIOCOUTQ (bytes written
// and not yet acknowledged, tcp(7)) every kAckPollPeriod once everything is
// written: the kernel gives no wake-up for an ACK, so the FCT measured is
// late by up to one period plus the thread's wake-up, never early. A 250 µs
// ppoll on this 2-core machine woke 82 µs late at the median, 136 µs at the
// 99th percentile (timer slack included): at most about 0.4 ms, 0.1% of a
// 100 KB transfer's 326 ms over 80 ms.
// Transfers not finished when the run stops have no FCT (the model's rule:
// only completed transfers are counted).
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/kernel/tcp_sample.h"
#include "model/core/flow_spec.h"
#include "model/core/scenario.h"
#include "model/core/sim_time.h"

namespace inflight::kernel {

// How often a transfer whose bytes are all written looks for their ACK.
inline constexpr TimePs kAckPollPeriod = 250'000'000;  // 250 µs

// One transfer of the flow, on the run's clock (seconds since its t0).
struct FiniteTransfer {
    std::uint64_t number = 0;   // 1-based, as the model's Event::transfer
    double start_s = 0;         // just before connect()
    bool done = false;
    double fct_s = 0;           // when done: start to the last byte acknowledged
    bool overlapped = false;    // started while an earlier transfer still ran
};

class FiniteSender {
public:
    ~FiniteSender();
    // Enters the namespace on its thread and makes the first transfer's
    // socket with the flow's options (so a refused option is an error now);
    // the thread then starts transfers from `first_at` (monotonic_now()'s
    // scale), `t0` being the run's zero, none at or after `stop_at`.
    std::string start(int netns_fd, const Scenario& s, const ResolvedFlow& f, std::size_t flow_index, TimePs t0,
                      TimePs first_at, TimePs stop_at);
    void stop();
    bool started() const { return started_.load(); }  // the first connect() was called
    std::string congestion_control() const { return cc_in_force_; }
    bool paced() const { return paced_by_option_; }
    std::string error() const;  // a failure after start (a socket, connect, reset)
    // TCP_INFO of the newest open connection (ok = false when none is open),
    // its segment and retransmission counts with those of the closed
    // connections added, so they only grow.
    TcpSample sample(bool bbr) const;
    // Every transfer started so far, in order.
    std::vector<FiniteTransfer> transfers() const;

private:
    struct Conn {
        int fd = -1;
        std::size_t index = 0;     // into transfers_
        TimePs started = 0;
        bool connected = false;
        std::uint64_t written = 0;
    };
    void loop();
    bool open_transfer(std::vector<Conn>& conns);
    // One step of a connection: false when it is finished (closed) or failed.
    bool advance(Conn& c, bool writable, const std::vector<char>& data);
    void close_conn(Conn& c);
    void fail(const std::string& why);

    Scenario scenario_;
    ResolvedFlow flow_;
    std::uint16_t port_ = 0;
    TimePs t0_ = 0, first_at_ = 0, stop_at_ = 0, every_ = 0;
    int prepared_fd_ = -1;  // the first transfer's socket, made by start()
    std::string cc_in_force_;
    bool paced_by_option_ = false;
    std::thread thread_;
    std::atomic<bool> stop_{false}, started_{false}, failed_{false};
    std::string failure_;

    mutable std::mutex mu_;  // guards what follows (the sampler reads from another thread)
    std::vector<int> open_fds_;  // the open connections, oldest first
    TcpSample closed_;           // the closed connections' counts, summed
    std::vector<FiniteTransfer> transfers_;
};

}  // namespace inflight::kernel
