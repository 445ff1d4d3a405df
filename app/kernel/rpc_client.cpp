// A request/response flow's client and its transactions (see rpc_client.h).
#include "app/kernel/rpc_client.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "app/kernel/emulator.h"
#include "app/kernel/errno_text.h"
#include "app/kernel/setup_thread.h"
#include "app/kernel/transfer.h"

namespace inflight::kernel {

namespace {
constexpr int kPollMs = 20;                      // the thread looks at its stop flag this often
constexpr std::size_t kChunkBytes = 256 * 1024;  // the largest single read or write

// Sleeps until `at` (monotonic_now()'s scale) or stop; false on stop.
bool sleep_until(TimePs at, const std::atomic<bool>& stop) {
    while (!stop.load(std::memory_order_relaxed)) {
        const TimePs wait = at - monotonic_now();
        if (wait <= 0) return true;
        const TimePs ns = std::min<TimePs>(wait / 1000, static_cast<TimePs>(kPollMs) * 1'000'000);
        const timespec ts{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
        nanosleep(&ts, nullptr);
    }
    return false;
}
}  // namespace

RpcClient::~RpcClient() { stop(); }

std::string RpcClient::start(int netns_fd, const Scenario& s, const ResolvedFlow& f, std::size_t flow_index, TimePs t0,
                             TimePs connect_at, TimePs stop_at) {
    rpc_ = *f.rpc;
    port_ = static_cast<std::uint16_t>(kPort + flow_index);
    t0_ = t0;
    connect_at_ = connect_at;
    stop_at_ = stop_at;
    auto setup = [this, netns_fd, s, f] {
        SenderSocket sock;
        std::string err = prepare_sender(netns_fd, s, f, sock);
        fd_ = sock.fd;
        cc_in_force_ = sock.cc_in_force;
        const int one = 1;
        if (err.empty() && rpc_.nodelay && setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0)
            err = errno_text("TCP_NODELAY");
        return err;
    };
    std::string err = start_thread(thread_, setup, [this] { loop(); });
    if (!err.empty()) stop();
    return err;
}

void RpcClient::fail(const std::string& why) {
    if (failed_.load()) return;
    failure_ = why;
    failed_ = true;
}

bool RpcClient::wait_for(short events) {
    while (!stop_.load(std::memory_order_relaxed)) {
        pollfd p{fd_, events, 0};
        if (poll(&p, 1, kPollMs) <= 0) continue;
        if (p.revents & (POLLERR | POLLHUP)) {
            int so_error = 0;
            socklen_t len = sizeof so_error;
            getsockopt(fd_, SOL_SOCKET, SO_ERROR, &so_error, &len);
            fail(std::string("the connection failed: ") + std::strerror(so_error ? so_error : ECONNRESET));
            return false;
        }
        if (p.revents & events) return true;
    }
    return false;
}

bool RpcClient::send_all(const char* data, std::uint64_t bytes) {
    while (bytes > 0) {
        const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(bytes, kChunkBytes));
        const ssize_t n = send(fd_, data, want, MSG_NOSIGNAL);
        if (n > 0) {
            bytes -= static_cast<std::uint64_t>(n);
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            fail(errno_text("send"));
            return false;
        }
        if (!wait_for(POLLOUT)) return false;  // the send buffer is full
    }
    return true;
}

bool RpcClient::read_all(std::uint64_t bytes) {
    std::vector<char> buf(static_cast<std::size_t>(std::min<std::uint64_t>(bytes, kChunkBytes)));
    while (bytes > 0) {
        const ssize_t n = read(fd_, buf.data(), static_cast<std::size_t>(std::min<std::uint64_t>(bytes, buf.size())));
        if (n > 0) {
            bytes -= static_cast<std::uint64_t>(n);
            continue;
        }
        if (n == 0) {
            fail("the server closed the connection");
            return false;
        }
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            fail(errno_text("read"));
            return false;
        }
        if (!wait_for(POLLIN)) return false;
    }
    return true;
}

void RpcClient::loop() {
    if (!sleep_until(connect_at_, stop_)) return;
    const sockaddr_in addr = receiver_address(port_);
    if (connect(fd_, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0 && errno != EINPROGRESS) {
        fail(errno_text("connect"));
        return;
    }
    connected_ = true;
    if (!wait_for(POLLOUT)) return;
    int so_error = 0;
    socklen_t len = sizeof so_error;
    getsockopt(fd_, SOL_SOCKET, SO_ERROR, &so_error, &len);
    if (so_error != 0) {
        fail(std::string("the connection failed: ") + std::strerror(so_error));
        return;
    }
    std::uint64_t largest = 0;
    for (std::uint64_t w : rpc_.writes) largest = std::max(largest, w);
    const std::vector<char> request(static_cast<std::size_t>(std::min<std::uint64_t>(largest, kChunkBytes)), 'q');
    const TimePs think = from_seconds(rpc_.think_s);
    while (!stop_.load(std::memory_order_relaxed)) {
        const TimePs started = monotonic_now();
        if (started >= stop_at_) break;  // the flow's stop: no new transaction
        for (std::uint64_t w : rpc_.writes) {
            // One send() per write while the write fits a chunk (every
            // request the lesson uses); a larger one takes several.
            if (!send_all(request.data(), w)) return;
        }
        if (!read_all(rpc_.response_bytes)) return;
        const TimePs done = monotonic_now();
        {
            std::lock_guard lock(mu_);
            transactions_.push_back(RpcTransaction{to_seconds(started - t0_), to_seconds(done - started)});
        }
        if (think > 0 && !sleep_until(done + think, stop_)) return;
    }
}

std::string RpcClient::error() const { return failed_.load() ? failure_ : std::string(); }

std::vector<RpcTransaction> RpcClient::transactions() const {
    std::lock_guard lock(mu_);
    return transactions_;
}

void RpcClient::stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
}

std::vector<double> transaction_latencies(const std::vector<RpcTransaction>& t, double end_s) {
    std::vector<double> out;
    for (const RpcTransaction& x : t)
        if (x.start_s + x.latency_s <= end_s) out.push_back(x.latency_s);
    return out;
}

TransactionSamples transaction_samples(const std::vector<RpcTransaction>& t, double end_s) {
    TransactionSamples out;
    for (const RpcTransaction& x : t)
        if (x.start_s + x.latency_s <= end_s) out.add(x.start_s + x.latency_s, x.latency_s);
    return out;
}

}  // namespace inflight::kernel
