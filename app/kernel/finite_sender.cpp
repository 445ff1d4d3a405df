// A finite flow's transfers, one connection each (see finite_sender.h).
#include "app/kernel/finite_sender.h"

#include <arpa/inet.h>
#include <linux/sockios.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>

#include "app/kernel/emulator.h"
#include "app/kernel/errno_text.h"
#include "app/kernel/netns.h"
#include "app/kernel/setup_thread.h"
#include "app/kernel/transfer.h"

namespace inflight::kernel {

namespace {

constexpr TimePs kNoMore = std::numeric_limits<TimePs>::max();
constexpr TimePs kIdleWait = 20'000'000'000;  // 20 ms: nothing open, nothing due soon
constexpr std::size_t kChunkBytes = 256 * 1024;

timespec to_timespec(TimePs t) {
    const TimePs ns = std::max<TimePs>(t, 0) / 1000;
    return timespec{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
}

// The counts that grow over a connection's life, summed over connections.
void add_counts(TcpSample& into, const TcpSample& from) {
    into.total_retrans += from.total_retrans;
    into.bytes_retrans += from.bytes_retrans;
    into.bytes_acked += from.bytes_acked;
    into.data_segs_out += from.data_segs_out;
    into.delivered += from.delivered;
}

}  // namespace

FiniteSender::~FiniteSender() { stop(); }

std::string FiniteSender::start(int netns_fd, const Scenario& s, const ResolvedFlow& f, std::size_t flow_index,
                                TimePs t0, TimePs first_at, TimePs stop_at) {
    scenario_ = s;
    flow_ = f;
    port_ = static_cast<std::uint16_t>(kPort + flow_index);
    t0_ = t0;
    first_at_ = first_at;
    stop_at_ = stop_at;
    every_ = f.every_s ? from_seconds(*f.every_s) : 0;
    auto setup = [this, netns_fd] {
        SenderSocket sock;
        const std::string err = prepare_sender(netns_fd, scenario_, flow_, sock);
        prepared_fd_ = sock.fd;
        cc_in_force_ = sock.cc_in_force;
        paced_by_option_ = sock.paced_by_option;
        return err;
    };
    std::string err = start_thread(thread_, setup, [this] { loop(); });
    if (!err.empty()) stop();
    return err;
}

void FiniteSender::fail(const std::string& why) {
    if (failed_.load()) return;
    failure_ = why;
    failed_ = true;
}

bool FiniteSender::open_transfer(std::vector<Conn>& conns) {
    int fd = prepared_fd_;
    prepared_fd_ = -1;
    if (fd < 0) {
        SenderSocket sock;
        if (std::string e = make_sender_socket(scenario_, flow_, sock); !e.empty()) {
            fail(e);
            return false;
        }
        fd = sock.fd;
    }
    Conn c;
    c.fd = fd;
    FiniteTransfer t;
    t.overlapped = !conns.empty();
    {
        std::lock_guard lock(mu_);
        t.number = transfers_.size() + 1;
        c.index = transfers_.size();
        open_fds_.push_back(fd);
    }
    const sockaddr_in addr = receiver_address(port_);
    c.started = monotonic_now();  // just before the SYN
    t.start_s = to_seconds(c.started - t0_);
    {
        std::lock_guard lock(mu_);
        transfers_.push_back(t);
    }
    started_ = true;
    if (connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0 && errno != EINPROGRESS) {
        fail(errno_text("connect"));
        close_conn(c);
        return false;
    }
    conns.push_back(c);
    return true;
}

void FiniteSender::close_conn(Conn& c) {
    const TcpSample last = read_tcp_sample(c.fd, false);
    std::lock_guard lock(mu_);
    if (last.ok) add_counts(closed_, last);
    open_fds_.erase(std::remove(open_fds_.begin(), open_fds_.end(), c.fd), open_fds_.end());
    close(c.fd);
    c.fd = -1;
}

bool FiniteSender::advance(Conn& c, bool writable, const std::vector<char>& data) {
    const std::uint64_t size = *flow_.size_bytes;
    if (!c.connected) {
        if (!writable) return true;
        int so_error = 0;
        socklen_t len = sizeof so_error;
        getsockopt(c.fd, SOL_SOCKET, SO_ERROR, &so_error, &len);
        if (so_error != 0) {
            fail(std::string("transfer ") + std::to_string(c.index + 1) + ": the connection failed: " +
                 std::strerror(so_error));
            return false;
        }
        c.connected = true;
    }
    while (c.written < size) {
        const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(size - c.written, data.size()));
        const ssize_t n = send(c.fd, data.data(), want, MSG_NOSIGNAL);
        if (n > 0) {
            c.written += static_cast<std::uint64_t>(n);
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            fail(std::string("transfer ") + std::to_string(c.index + 1) + ": " + errno_text("send"));
            return false;
        }
        return true;  // the send buffer is full: wait for POLLOUT
    }
    // Everything written: done once nothing is left unacknowledged.
    int unacked = 0;
    if (ioctl(c.fd, SIOCOUTQ, &unacked) != 0) {
        fail(errno_text("SIOCOUTQ"));
        return false;
    }
    if (unacked > 0) return true;
    const TimePs now = monotonic_now();
    {
        std::lock_guard lock(mu_);
        FiniteTransfer& t = transfers_[c.index];
        t.done = true;
        t.fct_s = to_seconds(now - c.started);
    }
    close_conn(c);
    return false;
}

void FiniteSender::loop() {
    const std::vector<char> data(kChunkBytes, 'x');
    std::vector<Conn> conns;
    std::vector<pollfd> polled;
    TimePs next_at = first_at_ < stop_at_ ? first_at_ : kNoMore;
    std::uint64_t opened = 0;
    while (!stop_.load(std::memory_order_relaxed) && !failed_.load()) {
        // Wait for a connection to become writable, an ACK poll, or the next start.
        polled.clear();
        bool awaiting_ack = false;
        for (const Conn& c : conns) {
            const bool wants_out = !c.connected || c.written < *flow_.size_bytes;
            polled.push_back(pollfd{c.fd, static_cast<short>(wants_out ? POLLOUT : 0), 0});
            awaiting_ack = awaiting_ack || !wants_out;
        }
        const TimePs now = monotonic_now();
        TimePs wait = awaiting_ack ? kAckPollPeriod : kIdleWait;
        if (next_at != kNoMore) wait = std::min(wait, next_at - now);
        const timespec ts = to_timespec(wait);
        ppoll(polled.data(), polled.size(), &ts, nullptr);
        if (stop_.load(std::memory_order_relaxed)) break;
        if (next_at != kNoMore && monotonic_now() >= next_at) {
            if (!open_transfer(conns)) break;
            ++opened;
            // The next one on the flow's own clock (start + k·every), as the model's.
            next_at = every_ > 0 ? first_at_ + static_cast<TimePs>(opened) * every_ : kNoMore;
            if (next_at >= stop_at_) next_at = kNoMore;
            polled.push_back(pollfd{conns.back().fd, 0, 0});
        }
        std::vector<Conn> still;
        for (std::size_t k = 0; k < conns.size(); ++k) {
            const short re = k < polled.size() ? polled[k].revents : 0;
            if (re & (POLLERR | POLLHUP)) {
                int so_error = 0;
                socklen_t len = sizeof so_error;
                getsockopt(conns[k].fd, SOL_SOCKET, SO_ERROR, &so_error, &len);
                fail(std::string("transfer ") + std::to_string(conns[k].index + 1) + ": the connection failed: " +
                     std::strerror(so_error ? so_error : ECONNRESET));
                close_conn(conns[k]);
                continue;
            }
            if (advance(conns[k], (re & POLLOUT) != 0, data)) still.push_back(conns[k]);
            else if (conns[k].fd >= 0) close_conn(conns[k]);
        }
        conns = std::move(still);
    }
    for (Conn& c : conns) close_conn(c);
}

std::string FiniteSender::error() const { return failed_.load() ? failure_ : std::string(); }

TcpSample FiniteSender::sample(bool bbr) const {
    std::lock_guard lock(mu_);
    TcpSample s;
    if (!open_fds_.empty()) s = read_tcp_sample(open_fds_.back(), bbr);
    add_counts(s, closed_);
    return s;
}

std::vector<FiniteTransfer> FiniteSender::transfers() const {
    std::lock_guard lock(mu_);
    return transfers_;
}

void FiniteSender::stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    if (prepared_fd_ >= 0) close(prepared_fd_);
    prepared_fd_ = -1;
}

}  // namespace inflight::kernel
