// A request/response flow's client (app=rpc) on the kernel's TCP: one
// thread in the sender's namespace with one connection to the flow's port
// (the receiver's server answers, transfer.h). From the flow's start until
// its stop (the run's end at most) it runs transactions back to back, as
// the model's (model/engine/rpc_app.h):
//   take the start time, write the request's writes each with its own
//     send() (so Nagle, on unless the flow sets nodelay=on — TCP_NODELAY,
//     tcp(7) — may hold the second while the first is unacknowledged),
//   read until the whole response has come,
//   latency = from the first send() to the last response byte read,
//   sleep the think time, if any, then the next.
// A transaction not finished when the run stops has no latency. The
// writes Nagle held are not seen from user space (never counted here).
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "model/core/flow_spec.h"
#include "model/core/scenario.h"
#include "model/core/sim_time.h"
#include "model/core/transaction_samples.h"

namespace inflight::kernel {

// One finished transaction on the run's clock (seconds since its t0).
struct RpcTransaction {
    double start_s = 0;    // just before the first send()
    double latency_s = 0;  // to the last response byte read
};

class RpcClient {
public:
    ~RpcClient();
    // Enters the namespace on its thread and makes the socket with the
    // flow's options (and TCP_NODELAY when asked); the thread connects at
    // `connect_at` (monotonic_now()'s scale; `t0` the run's zero) and
    // starts no transaction at or after `stop_at`.
    std::string start(int netns_fd, const Scenario& s, const ResolvedFlow& f, std::size_t flow_index, TimePs t0,
                      TimePs connect_at, TimePs stop_at);
    void stop();
    int socket_fd() const { return fd_; }
    bool connected() const { return connected_.load(); }  // connect() was called
    std::string congestion_control() const { return cc_in_force_; }
    std::string error() const;  // a failure after start (connect, reset)
    // Every transaction finished so far, in order.
    std::vector<RpcTransaction> transactions() const;

private:
    void loop();
    // Waits for `events` on the socket until it comes or stop(); false on stop or failure.
    bool wait_for(short events);
    bool send_all(const char* data, std::uint64_t bytes);
    bool read_all(std::uint64_t bytes);
    void fail(const std::string& why);

    RpcSpec rpc_;
    std::uint16_t port_ = 0;
    TimePs t0_ = 0, connect_at_ = 0, stop_at_ = 0;
    int fd_ = -1;
    std::string cc_in_force_;
    std::thread thread_;
    std::atomic<bool> stop_{false}, connected_{false}, failed_{false};
    std::string failure_;
    mutable std::mutex mu_;  // guards transactions_ (read from the run's thread)
    std::vector<RpcTransaction> transactions_;
};

// The latencies of the transactions that finished by end_s (the run's
// end), in order.
std::vector<double> transaction_latencies(const std::vector<RpcTransaction>& t, double end_s);
// The same transactions as points (completion time = start + latency,
// latency), under TransactionSamples' cap.
TransactionSamples transaction_samples(const std::vector<RpcTransaction>& t, double end_s);

}  // namespace inflight::kernel
