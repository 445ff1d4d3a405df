// The transfer: receiver and sender threads and their socket options (see transfer.h).
#include "app/kernel/transfer.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <linux/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <future>
#include <limits>
#include <memory>
#include <sstream>
#include <vector>

#include "app/kernel/emulator.h"
#include "app/kernel/errno_text.h"
#include "app/kernel/netns.h"
#include "app/kernel/setup_thread.h"
#include "model/tcp/receive_buffer.h"

namespace inflight::kernel {

namespace {

// The window the first receive buffer advertises: tcp_rmem[1] at the
// scaling ratio of full-sized segments (receive_buffer.h).
const std::uint64_t kClampedAtStartBytes =
    ReceiveBuffer::window_from_space(ReceiveBuffer::Sysctls{}.rmem_default, ReceiveBuffer::kScalingRatio);

constexpr int kPollMs = 20;                          // threads look at their stop flag this often
constexpr std::size_t kChunkBytes = 256 * 1024;      // one write or read
constexpr int kListenBacklog = 64;                   // a finite flow's overlapping transfers
constexpr double kPacingCapLinkMultiple = 10.0;      // SO_MAX_PACING_RATE: far above any 200% gain
// Socket buffers may grow to this many times BDP + buffer (autotuning's caps,
// per namespace); never below the kernel's defaults.
constexpr double kBufferHeadroom = 4.0;
constexpr std::uint64_t kMaxAutotuneBytes = 256ull << 20;
// The scenario's "no limit" windows (Limits::max_window_bytes): left to the kernel.
constexpr std::uint64_t kUnlimitedWindow = Limits::max_window_bytes;

// The sender's first flight: TCP's initial congestion window in segments
// (TCP_INIT_CWND, include/net/tcp.h; RFC 6928).
constexpr std::uint32_t kFirstFlightSegments = 10;

// Some TCP flow's receiver sets TCP_WINDOW_CLAMP (its rwnd).
bool any_window_clamp(const Scenario& s) {
    for (const ResolvedFlow& f : resolve_flows(s))
        if (f.kind == FlowKind::Tcp && f.rwnd_bytes < kUnlimitedWindow) return true;
    return false;
}

// net.ipv4.tcp_rmem / tcp_wmem: "min default max", per namespace; the max
// raised so autotuning can cover the path's BDP plus its buffer.
std::string raise_autotune_max(const char* path, const Scenario& s) {
    std::istringstream in(read_sysctl(path));
    std::uint64_t lo = 0, def = 0, hi = 0;
    if (!(in >> lo >> def >> hi)) return {};
    // The longest flow RTT's BDP: the flow that needs the largest window.
    double longest_rtt_s = s.rtt_s;
    for (const ResolvedFlow& f : resolve_flows(s)) longest_rtt_s = std::max(longest_rtt_s, f.rtt_s);
    const double bdp = s.bandwidth_bps / 8.0 * longest_rtt_s;
    const double want = kBufferHeadroom * (bdp + buffer_bytes(s));
    const auto target = static_cast<std::uint64_t>(std::min(want, static_cast<double>(kMaxAutotuneBytes)));
    if (target <= hi) return {};
    return write_sysctl(path, std::to_string(lo) + " " + std::to_string(def) + " " + std::to_string(target));
}

std::string namespace_sysctls(const Scenario& s, bool receiver, bool& window_scaling) {
    std::string err;
    if (receiver && window_scaling_off(s)) {
        err = write_sysctl("/proc/sys/net/ipv4/tcp_window_scaling", "0");
        if (!err.empty()) return err;
    }
    window_scaling = read_sysctl("/proc/sys/net/ipv4/tcp_window_scaling") != "0";
    if (receiver && any_window_clamp(s)) {
        // The clamp loses a race at a connection's start. The SYN-ACK offers
        // min(clamp, the buffer's window) in whole MSS (65,160 B for 64 KiB,
        // tcp_select_initial_window) and rcv_ssthresh starts there; the
        // first full-sized segment moves the clamp to the buffer's window
        // (tcp_measure_rcv_mss: 81,920 B of 131,072 B), and each segment
        // after it adds 2 MSS to rcv_ssthresh and so to the window offered
        // (tcp_grow_window: 68,056 B after one) until the receiver's first
        // read sets the clamp again; an offered window is never shrunk
        // (tcp_select_window). Offering the sender's first flight instead
        // (initrwnd 10: 14,480 B, which that flight fills exactly) starts
        // rcv_ssthresh there: the whole flight takes it to 43,440 B, and
        // 65,536 B would take 8 more segments, which come a round trip
        // later, so the first read has a round trip to set the clamp.
        err = route_initial_receive_window(kSenderAddress, kReceiverAddress, kFirstFlightSegments);
        if (!err.empty()) return err;
    }
    if (s.ecn) {
        err = write_sysctl("/proc/sys/net/ipv4/tcp_ecn", "1");
        if (!err.empty()) return err;
    }
    // Each finite transfer starts afresh, as the model's do: no RTT or
    // ssthresh remembered from the flow's earlier connections (tcp_metrics).
    err = write_sysctl("/proc/sys/net/ipv4/tcp_no_metrics_save", "1");
    if (!err.empty()) return err;
    return raise_autotune_max(receiver ? "/proc/sys/net/ipv4/tcp_rmem" : "/proc/sys/net/ipv4/tcp_wmem", s);
}

}  // namespace

sockaddr_in receiver_address(std::uint16_t port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    inet_pton(AF_INET, kReceiverAddress, &a.sin_addr);
    return a;
}

bool window_scaling_off(const Scenario& s) {
    bool any = false;
    for (const ResolvedFlow& f : resolve_flows(s)) {
        if (f.kind != FlowKind::Tcp) continue;
        if (f.rwnd_bytes > Limits::no_wscale_rwnd_bytes) return false;
        any = true;
    }
    return any;
}

const char* kernel_cc_name(Algorithm a) {
    switch (a) {
    case Algorithm::Reno: return "reno";
    case Algorithm::Cubic: return "cubic";
    case Algorithm::Bbr: return "bbr";
    }
    return "cubic";
}

std::string check_algorithm_available(Algorithm a) {
    const std::string available = read_sysctl("/proc/sys/net/ipv4/tcp_available_congestion_control");
    std::istringstream in(available);
    for (std::string name; in >> name;)
        if (name == kernel_cc_name(a)) return {};
    return std::string("this kernel does not offer congestion control '") + kernel_cc_name(a) + "' (available: " +
           available + "); load it with: sudo modprobe tcp_" + kernel_cc_name(a);
}

Receiver::~Receiver() { stop(); }

std::string Receiver::start(int netns_fd, const Scenario& s, const ResolvedFlow& f, std::size_t flow_index) {
    port_ = static_cast<std::uint16_t>(kPort + flow_index);
    if (f.rpc) {
        request_bytes_ = 0;
        for (std::uint64_t w : f.rpc->writes) request_bytes_ += w;
        response_bytes_ = f.rpc->response_bytes;
    }
    auto setup = [this, netns_fd, s, f] {
        std::string err = enter_netns(netns_fd);
        if (err.empty()) err = namespace_sysctls(s, true, window_scaling_);
        if (err.empty()) {
            listen_fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
            if (listen_fd_ < 0) err = errno_text("socket");
        }
        const int one = 1;
        if (err.empty()) setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (err.empty() && f.rwnd_bytes < kUnlimitedWindow) {
            // Inherited by the accepted socket (tcp_openreq_init_rwin).
            const int clamp = static_cast<int>(f.rwnd_bytes);
            if (setsockopt(listen_fd_, IPPROTO_TCP, TCP_WINDOW_CLAMP, &clamp, sizeof clamp) != 0)
                err = errno_text("TCP_WINDOW_CLAMP");
            window_clamp_ = clamp;
        }
        if (err.empty() && f.tcp.rcvbuf_bytes != 0) {
            // SO_RCVBUF before listen(): the accepted socket inherits the
            // locked buffer, and the SYN-ACK's window scale is chosen from it.
            // The kernel takes an int, caps it at net.core.rmem_max and
            // doubles it (net/core/sock.c); it switches autotuning off.
            if (f.tcp.rcvbuf_bytes > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) {
                err = "--rcvbuf " + std::to_string(f.tcp.rcvbuf_bytes) + " B is more than SO_RCVBUF takes (an int: at most " +
                      std::to_string(std::numeric_limits<int>::max()) + " B)";
            } else {
                const int rcvbuf = static_cast<int>(f.tcp.rcvbuf_bytes);
                if (setsockopt(listen_fd_, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf) != 0)
                    err = errno_text("SO_RCVBUF");
            }
        } else if (err.empty() && window_clamp_ > 0 && static_cast<std::uint64_t>(window_clamp_) <= kClampedAtStartBytes) {
            // A window the first buffer already holds (tcp_rmem[1], 131,072 B,
            // advertises 81,920 B) never needs the buffer to grow, but
            // autotuning grows it anyway and moves the clamp with it, between
            // two of the reads that set the clamp again: one ACK in that gap
            // advertised 67,520 B for a 64 KiB rwnd. So that first buffer is
            // locked as it is (SO_RCVBUF n gives 2n), and the clamp holds.
            const int half_of_first_buffer = static_cast<int>(ReceiveBuffer::Sysctls{}.rmem_default / 2);
            if (setsockopt(listen_fd_, SOL_SOCKET, SO_RCVBUF, &half_of_first_buffer, sizeof half_of_first_buffer) != 0)
                err = errno_text("SO_RCVBUF");
        }
        const sockaddr_in addr = receiver_address(port_);
        if (err.empty() && bind(listen_fd_, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0)
            err = errno_text("bind");
        if (err.empty() && listen(listen_fd_, kListenBacklog) != 0) err = errno_text("listen");
        return err;
    };
    std::string err = start_thread(thread_, setup, [this] { loop(); });
    if (!err.empty()) stop();
    return err;
}

void Receiver::loop() {
    // The listening socket and every connection accepted on it (a finite
    // flow's transfers arrive one connection each, possibly overlapping);
    // a connection the sender closed is closed here too. A request/response
    // flow's server answers each whole request with the response, written
    // in one send() as far as the socket takes it.
    std::vector<char> buf(kChunkBytes);
    const std::vector<char> response(static_cast<std::size_t>(std::min<std::uint64_t>(response_bytes_, kChunkBytes)), 'r');
    struct Conn {
        int fd = -1;
        std::uint64_t request_got = 0;    // bytes of the current request read
        std::uint64_t response_left = 0;  // bytes of responses owed
    };
    std::vector<Conn> conns;
    std::vector<pollfd> polled;
    while (!stop_.load(std::memory_order_relaxed)) {
        polled.assign(1, pollfd{listen_fd_, POLLIN, 0});
        for (const Conn& c : conns)
            polled.push_back(pollfd{c.fd, static_cast<short>(POLLIN | (c.response_left > 0 ? POLLOUT : 0)), 0});
        if (poll(polled.data(), polled.size(), kPollMs) <= 0) continue;
        std::vector<Conn> open;
        if (polled[0].revents & POLLIN) {
            const int fd = accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
            if (fd >= 0) open.push_back(Conn{fd});  // read from the next poll on
        }
        for (std::size_t k = 1; k < polled.size(); ++k) {
            Conn c = conns[k - 1];
            bool ended = false;
            if (polled[k].revents != 0) {
                bool got = false;
                for (;;) {
                    const ssize_t n = read(c.fd, buf.data(), buf.size());
                    if (n > 0) {
                        got = true;
                        bytes_.fetch_add(static_cast<std::uint64_t>(n), std::memory_order_relaxed);
                        if (request_bytes_ == 0) continue;
                        c.request_got += static_cast<std::uint64_t>(n);
                        for (; c.request_got >= request_bytes_; c.request_got -= request_bytes_)
                            c.response_left += response_bytes_;
                        continue;
                    }
                    // 0: the sender closed, nothing more will come; an error
                    // other than EAGAIN ends it too (the sender reports failures).
                    ended = n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
                    break;
                }
                // The flow's rwnd again: Linux moves the clamp to the
                // buffer's window when the segments' size sets its
                // scaling_ratio (tcp_measure_rcv_mss, at the first
                // full-sized segment) and when autotuning grows the buffer
                // in a read (tcp_rcv_space_adjust); set after each read,
                // the clamp holds the advertised window at rwnd.
                if (got && !ended && window_clamp_ > 0)
                    setsockopt(c.fd, IPPROTO_TCP, TCP_WINDOW_CLAMP, &window_clamp_, sizeof window_clamp_);
                while (!ended && c.response_left > 0) {
                    const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(c.response_left, response.size()));
                    const ssize_t n = send(c.fd, response.data(), want, MSG_NOSIGNAL);
                    if (n <= 0) break;  // EAGAIN: the rest at the next POLLOUT; an error: the client reports it
                    c.response_left -= static_cast<std::uint64_t>(n);
                }
            }
            if (ended) close(c.fd);
            else open.push_back(c);
        }
        conns = std::move(open);
    }
    for (const Conn& c : conns) close(c.fd);
}

void Receiver::stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    if (listen_fd_ >= 0) close(listen_fd_);
    listen_fd_ = -1;
}

Sender::~Sender() { stop(); }

std::string make_sender_socket(const Scenario& s, const ResolvedFlow& f, SenderSocket& out) {
    out.fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (out.fd < 0) return errno_text("socket");
    std::string err;
    const char* cc = kernel_cc_name(f.algorithm);
    if (setsockopt(out.fd, IPPROTO_TCP, TCP_CONGESTION, cc, std::strlen(cc)) != 0)
        err = errno == ENOENT ? check_algorithm_available(f.algorithm) : errno_text("TCP_CONGESTION");
    if (err.empty()) {
        char name[16] = {};  // TCP_CA_NAME_MAX (include/net/tcp.h)
        socklen_t len = sizeof name;
        if (getsockopt(out.fd, IPPROTO_TCP, TCP_CONGESTION, name, &len) == 0)
            out.cc_in_force.assign(name, strnlen(name, len));
    }
    if (err.empty() && f.sndbuf_bytes < kUnlimitedWindow) {
        const int sndbuf = static_cast<int>(std::min<std::uint64_t>(f.sndbuf_bytes, 1u << 30));
        if (setsockopt(out.fd, SOL_SOCKET, SO_SNDBUFFORCE, &sndbuf, sizeof sndbuf) != 0) err = errno_text("SO_SNDBUF");
    }
    // Asked for (the flow's pacing, not BBR pacing itself: the kernel's
    // BBR always paces).
    const bool asked = f.algorithm == Algorithm::Bbr ? s.pacing : f.pacing;
    if (err.empty() && asked) {
        const auto cap = static_cast<std::uint64_t>(kPacingCapLinkMultiple * s.bandwidth_bps / 8.0);
        if (setsockopt(out.fd, SOL_SOCKET, SO_MAX_PACING_RATE, &cap, sizeof cap) != 0)
            err = errno_text("SO_MAX_PACING_RATE");
        else
            out.paced_by_option = true;
    }
    if (!err.empty()) {
        close(out.fd);
        out.fd = -1;
    }
    return err;
}

std::string enter_sender_namespace(int netns_fd, const Scenario& s) {
    bool ws = true;
    std::string err = enter_netns(netns_fd);
    if (err.empty()) err = namespace_sysctls(s, false, ws);
    return err;
}

std::string prepare_sender(int netns_fd, const Scenario& s, const ResolvedFlow& f, SenderSocket& out) {
    std::string err = enter_sender_namespace(netns_fd, s);
    if (err.empty()) err = make_sender_socket(s, f, out);
    return err;
}

std::string Sender::start(int netns_fd, const Scenario& s, const ResolvedFlow& f, std::size_t flow_index,
                          std::int64_t connect_at, std::int64_t stop_writing_at) {
    port_ = static_cast<std::uint16_t>(kPort + flow_index);
    connect_at_ = connect_at;
    stop_writing_at_ = stop_writing_at;
    auto setup = [this, netns_fd, s, f] {
        SenderSocket sock;
        const std::string err = prepare_sender(netns_fd, s, f, sock);
        fd_ = sock.fd;
        cc_in_force_ = sock.cc_in_force;
        paced_by_option_ = sock.paced_by_option;
        return err;
    };
    std::string err = start_thread(thread_, setup, [this] { loop(); });
    if (!err.empty()) stop();
    return err;
}

void Sender::loop() {
    // The flow's start: connect then.
    while (!stop_.load(std::memory_order_relaxed)) {
        const std::int64_t wait = connect_at_ - monotonic_now();
        if (wait <= 0) break;
        const std::int64_t ms = std::min<std::int64_t>(kPollMs, wait / 1'000'000'000 + 1);
        poll(nullptr, 0, static_cast<int>(ms));
    }
    if (stop_.load()) return;
    const sockaddr_in addr = receiver_address(port_);
    if (connect(fd_, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0 && errno != EINPROGRESS) {
        failure_ = errno_text("connect");
        failed_ = true;
        return;
    }
    connected_ = true;
    const std::vector<char> data(kChunkBytes, 'x');
    while (!stop_.load(std::memory_order_relaxed)) {
        if (monotonic_now() >= stop_writing_at_) {  // the flow's stop: no new data
            poll(nullptr, 0, kPollMs);
            continue;
        }
        pollfd p{fd_, POLLOUT, 0};
        if (poll(&p, 1, kPollMs) <= 0) continue;
        if (p.revents & (POLLERR | POLLHUP)) {
            int so_error = 0;
            socklen_t len = sizeof so_error;
            getsockopt(fd_, SOL_SOCKET, SO_ERROR, &so_error, &len);
            failure_ = std::string("the connection failed: ") + std::strerror(so_error ? so_error : ECONNRESET);
            failed_ = true;
            return;
        }
        while (!stop_.load(std::memory_order_relaxed)) {
            const ssize_t n = send(fd_, data.data(), data.size(), MSG_NOSIGNAL);
            if (n <= 0) break;  // EAGAIN: the send buffer is full
        }
    }
}

std::string Sender::error() const { return failed_.load() ? failure_ : std::string(); }

void Sender::stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
}

}  // namespace inflight::kernel
