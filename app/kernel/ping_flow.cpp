// A ping flow's prober and echo (see ping_flow.h).
#include "app/kernel/ping_flow.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "app/kernel/emulator.h"
#include "app/kernel/errno_text.h"
#include "app/kernel/netns.h"
#include "app/kernel/setup_thread.h"
#include "app/kernel/transfer.h"

namespace inflight::kernel {

namespace {

constexpr int kPollMs = 20;                 // threads look at their stop flag this often
constexpr std::uint32_t kIpUdpHeaderBytes = 28;

sockaddr_in address(const char* ip, std::uint16_t port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    inet_pton(AF_INET, ip, &a.sin_addr);
    return a;
}

// A probe's payload starts with its number and its send time (host order:
// only this process reads it back).
struct ProbeHeader {
    std::uint64_t number;
    std::int64_t sent_at_ps;
};
static_assert(sizeof(ProbeHeader) == kPingMinPayloadBytes);

}  // namespace

PingFlow::~PingFlow() { stop(); }

std::string PingFlow::start(int sender_netns_fd, int receiver_netns_fd, const ResolvedFlow& f, std::size_t flow_index,
                            TimePs t0, TimePs start_at, TimePs stop_at) {
    port_ = static_cast<std::uint16_t>(kPort + flow_index);
    payload_bytes_ = std::max(kPingMinPayloadBytes, f.ping_bytes > kIpUdpHeaderBytes ? f.ping_bytes - kIpUdpHeaderBytes : 0);
    t0_ = t0;
    start_at_ = start_at;
    stop_at_ = stop_at;
    interval_ = from_seconds(f.ping_interval_s);
    std::string err = start_thread(
        echo_thread_,
        [this, receiver_netns_fd] {
            std::string e = enter_netns(receiver_netns_fd);
            if (e.empty()) {
                echo_fd_ = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
                if (echo_fd_ < 0) e = errno_text("socket");
            }
            const sockaddr_in a = address(kReceiverAddress, port_);
            if (e.empty() && bind(echo_fd_, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0) e = errno_text("bind");
            return e;
        },
        [this] { echo_loop(); });
    if (err.empty())
        err = start_thread(
            probe_thread_,
            [this, sender_netns_fd] {
                std::string e = enter_netns(sender_netns_fd);
                if (e.empty()) {
                    probe_fd_ = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
                    if (probe_fd_ < 0) e = errno_text("socket");
                }
                const sockaddr_in a = address(kReceiverAddress, port_);
                if (e.empty() && connect(probe_fd_, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0)
                    e = errno_text("connect");
                return e;
            },
            [this] { probe_loop(); });
    if (!err.empty()) stop();
    return err;
}

void PingFlow::echo_loop() {
    std::vector<char> buf(65536);
    while (!stop_.load(std::memory_order_relaxed)) {
        pollfd p{echo_fd_, POLLIN, 0};
        if (poll(&p, 1, kPollMs) <= 0) continue;
        for (;;) {
            sockaddr_in from{};
            socklen_t len = sizeof from;
            const ssize_t n = recvfrom(echo_fd_, buf.data(), buf.size(), 0, reinterpret_cast<sockaddr*>(&from), &len);
            if (n < 0) break;  // EAGAIN: nothing more for now
            sendto(echo_fd_, buf.data(), static_cast<std::size_t>(n), 0, reinterpret_cast<const sockaddr*>(&from), len);
        }
    }
}

void PingFlow::probe_loop() {
    std::vector<char> buf(std::max<std::size_t>(payload_bytes_, 65536), 0);
    TimePs next = start_at_;
    std::uint64_t number = 0;
    while (!stop_.load(std::memory_order_relaxed)) {
        const TimePs now = monotonic_now();
        if (now >= next && next < stop_at_) {
            const ProbeHeader h{number++, now};
            std::memcpy(buf.data(), &h, sizeof h);
            if (send(probe_fd_, buf.data(), payload_bytes_, 0) >= 0) {
                std::lock_guard lock(mutex_);
                ++samples_.sent;
                samples_.sent_t_s.push_back(to_seconds(now - t0_));
            }
            next += interval_;
            continue;
        }
        // Wait for a reply or the next probe, whichever comes first.
        const TimePs until = next < stop_at_ ? next : now + from_ms(kPollMs);
        const int wait_ms = static_cast<int>(std::clamp<TimePs>((until - now) / from_ms(1), 0, kPollMs));
        pollfd p{probe_fd_, POLLIN, 0};
        if (poll(&p, 1, wait_ms) <= 0) continue;
        for (;;) {
            const ssize_t n = recv(probe_fd_, buf.data(), buf.size(), 0);
            if (n < static_cast<ssize_t>(sizeof(ProbeHeader))) break;
            const TimePs arrived = monotonic_now();
            ProbeHeader h{};
            std::memcpy(&h, buf.data(), sizeof h);
            std::lock_guard lock(mutex_);
            samples_.reply_t_s.push_back(to_seconds(arrived - t0_));
            samples_.rtt_s.push_back(to_seconds(arrived - h.sent_at_ps));
        }
    }
}

std::uint64_t PingFlow::lost(const Samples& s, double end_t_s, double patience_s) {
    const double cutoff = end_t_s - patience_s;
    std::uint64_t sent = 0, answered = 0;
    for (double t : s.sent_t_s) sent += t < cutoff;
    for (std::size_t k = 0; k < s.rtt_s.size(); ++k) answered += s.reply_t_s[k] - s.rtt_s[k] < cutoff;
    return sent > answered ? sent - answered : 0;
}

PingFlow::Samples PingFlow::samples() const {
    std::lock_guard lock(mutex_);
    return samples_;
}

void PingFlow::stop() {
    stop_ = true;
    if (probe_thread_.joinable()) probe_thread_.join();
    if (echo_thread_.joinable()) echo_thread_.join();
    if (probe_fd_ >= 0) close(probe_fd_);
    if (echo_fd_ >= 0) close(echo_fd_);
    probe_fd_ = echo_fd_ = -1;
}

}  // namespace inflight::kernel
