// Namespaces and devices: creation, the guard, leftovers (see netns.h).
#include "app/kernel/netns.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <linux/if_tun.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <sched.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <thread>

#include "app/kernel/errno_text.h"

namespace inflight::kernel {

namespace {

// Per-process run counter for unique names (several runs may share a process).
std::atomic<std::uint64_t> g_run_counter{0};

std::string set_address(int sock, const char* ifname, unsigned long request, const char* dotted) {
    ifreq ifr{};
    std::strncpy(ifr.ifr_name, ifname, IFNAMSIZ - 1);
    sockaddr_in sin{};
    sin.sin_family = AF_INET;
    inet_pton(AF_INET, dotted, &sin.sin_addr);
    std::memcpy(&ifr.ifr_addr, &sin, sizeof sin);
    if (ioctl(sock, request, &ifr) != 0) return errno_text(std::string("configuring ") + ifname);
    return {};
}

// Inside the new namespace: the TUN device, its address, MTU, queue, up.
std::string make_tun(const char* address, std::uint32_t mtu_bytes, int& tun_fd) {
    tun_fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (tun_fd < 0) return errno_text("opening /dev/net/tun");
    ifreq ifr{};
    ifr.ifr_flags = IFF_TUN | IFF_NO_PI;
    std::strncpy(ifr.ifr_name, kTunName, IFNAMSIZ - 1);
    if (ioctl(tun_fd, TUNSETIFF, &ifr) != 0) return errno_text("creating the TUN device");
    const int sock = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (sock < 0) return errno_text("socket");
    std::string err = set_address(sock, kTunName, SIOCSIFADDR, address);
    if (err.empty()) err = set_address(sock, kTunName, SIOCSIFNETMASK, kPathNetmask);
    if (err.empty()) {
        ifreq m{};
        std::strncpy(m.ifr_name, kTunName, IFNAMSIZ - 1);
        m.ifr_mtu = static_cast<int>(mtu_bytes);
        if (ioctl(sock, SIOCSIFMTU, &m) != 0) err = errno_text("setting the MTU");
    }
    if (err.empty()) {
        // A long device queue: the emulator drains it continuously; if it
        // ever lags, packets wait there rather than being dropped unseen.
        ifreq q{};
        std::strncpy(q.ifr_name, kTunName, IFNAMSIZ - 1);
        q.ifr_qlen = 10000;
        ioctl(sock, SIOCSIFTXQLEN, &q);
    }
    for (const char* name : {kTunName, "lo"}) {
        if (!err.empty()) break;
        ifreq f{};
        std::strncpy(f.ifr_name, name, IFNAMSIZ - 1);
        if (ioctl(sock, SIOCGIFFLAGS, &f) != 0) { err = errno_text("reading flags"); break; }
        f.ifr_flags |= IFF_UP | IFF_RUNNING;
        if (ioctl(sock, SIOCSIFFLAGS, &f) != 0) err = errno_text(std::string("bringing up ") + name);
    }
    close(sock);
    return err;
}

// Names the calling thread's namespace at /run/netns/<name>. False when the
// directory cannot be written (the namespace then stays anonymous).
bool bind_name(const std::string& name) {
    mkdir(kNetnsDir, 0755);
    const std::string path = std::string(kNetnsDir) + "/" + name;
    const int f = open(path.c_str(), O_RDONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0444);
    if (f < 0) return false;
    close(f);
    if (mount("/proc/thread-self/ns/net", path.c_str(), "none", MS_BIND, nullptr) != 0) {
        unlink(path.c_str());
        return false;
    }
    return true;
}

void remove_name(const std::string& name) {
    const std::string path = std::string(kNetnsDir) + "/" + name;
    umount2(path.c_str(), MNT_DETACH);
    unlink(path.c_str());
}

// On a thread of its own (so no caller's thread changes namespace): a new
// namespace, its name, its TUN device.
std::string make_end(PathEnd& end, const char* address, std::uint32_t mtu_bytes) {
    std::string err;
    std::thread([&] {
        if (unshare(CLONE_NEWNET) != 0) { err = errno_text("creating a network namespace"); return; }
        end.netns_fd = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
        if (end.netns_fd < 0) { err = errno_text("opening the new namespace"); return; }
        end.named = bind_name(end.name);
        err = make_tun(address, mtu_bytes, end.tun_fd);
    }).join();  // the thread ends inside the new namespace: nothing else is affected
    return err;
}

void close_end(PathEnd& end) {
    if (end.tun_fd >= 0) close(end.tun_fd);
    if (end.netns_fd >= 0) close(end.netns_fd);
    if (end.named) remove_name(end.name);
    end = PathEnd{};
}

}  // namespace

std::string enter_netns(int netns_fd) {
    if (setns(netns_fd, CLONE_NEWNET) != 0) return errno_text("entering the namespace");
    return {};
}

std::string write_sysctl(const std::string& path, const std::string& value) {
    const int f = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (f < 0) return errno_text("opening " + path);
    const ssize_t n = write(f, value.data(), value.size());
    const int saved = errno;
    close(f);
    errno = saved;
    if (n != static_cast<ssize_t>(value.size())) return errno_text("writing " + path);
    return {};
}

std::string read_sysctl(const std::string& path) {
    const int f = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (f < 0) return {};
    char buf[256];
    const ssize_t n = read(f, buf, sizeof buf - 1);
    close(f);
    if (n <= 0) return {};
    std::string s(buf, static_cast<std::size_t>(n));
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

std::string route_initial_receive_window(const char* peer, const char* self, std::uint32_t segments) {
    struct {
        nlmsghdr nh;
        rtmsg rt;
        char attrs[64];
    } req{};
    req.nh.nlmsg_len = NLMSG_LENGTH(sizeof(rtmsg));
    req.nh.nlmsg_type = RTM_NEWROUTE;
    req.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE | NLM_F_REPLACE;
    req.nh.nlmsg_seq = 1;
    req.rt.rtm_family = AF_INET;
    req.rt.rtm_dst_len = 32;
    req.rt.rtm_table = RT_TABLE_MAIN;
    req.rt.rtm_protocol = RTPROT_STATIC;
    req.rt.rtm_scope = RT_SCOPE_LINK;
    req.rt.rtm_type = RTN_UNICAST;
    // One attribute at the message's end; returns where it starts.
    auto add = [&req](unsigned short type, const void* data, std::size_t len) {
        auto* a = reinterpret_cast<rtattr*>(reinterpret_cast<char*>(&req) + NLMSG_ALIGN(req.nh.nlmsg_len));
        a->rta_type = type;
        a->rta_len = static_cast<unsigned short>(RTA_LENGTH(len));
        if (len != 0) std::memcpy(RTA_DATA(a), data, len);
        req.nh.nlmsg_len = NLMSG_ALIGN(req.nh.nlmsg_len) + RTA_ALIGN(a->rta_len);
        return a;
    };
    in_addr dst{}, src{};
    inet_pton(AF_INET, peer, &dst);
    inet_pton(AF_INET, self, &src);
    const int oif = static_cast<int>(if_nametoindex(kTunName));
    if (oif == 0) return errno_text(std::string("finding ") + kTunName);
    add(RTA_DST, &dst, sizeof dst);
    add(RTA_PREFSRC, &src, sizeof src);
    add(RTA_OIF, &oif, sizeof oif);
    rtattr* metrics = add(RTA_METRICS, nullptr, 0);  // nested: RTAX_INITRWND
    add(RTAX_INITRWND, &segments, sizeof segments);
    metrics->rta_len = static_cast<unsigned short>(reinterpret_cast<char*>(&req) + req.nh.nlmsg_len -
                                                   reinterpret_cast<char*>(metrics));

    const int nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
    if (nl < 0) return errno_text("opening rtnetlink");
    std::string err;
    if (send(nl, &req, req.nh.nlmsg_len, 0) != static_cast<ssize_t>(req.nh.nlmsg_len)) {
        err = errno_text("adding the route to the sender");
    } else {
        // The kernel's answer to NLM_F_ACK: an nlmsgerr, error 0 on success.
        alignas(nlmsghdr) char answer[512];
        const ssize_t n = recv(nl, answer, sizeof answer, 0);
        const auto* h = reinterpret_cast<const nlmsghdr*>(answer);
        if (n < 0) {
            err = errno_text("adding the route to the sender");
        } else if (!NLMSG_OK(h, static_cast<unsigned>(n)) || h->nlmsg_type != NLMSG_ERROR) {
            err = "adding the route to the sender: no answer from rtnetlink";
        } else if (const int e = static_cast<const nlmsgerr*>(NLMSG_DATA(h))->error; e != 0) {
            errno = -e;
            err = errno_text("adding the route to the sender");
        }
    }
    close(nl);
    return err;
}

PathGuard::~PathGuard() { tear_down(); }

std::string PathGuard::create(std::uint32_t mtu_bytes) {
    tear_down();
    const std::string base = netns_prefix_for(static_cast<long>(getpid())) +
                             std::to_string(g_run_counter.fetch_add(1));
    sender_.name = base + "-snd";
    receiver_.name = base + "-rcv";
    std::string err = make_end(sender_, kSenderAddress, mtu_bytes);
    if (err.empty()) err = make_end(receiver_, kReceiverAddress, mtu_bytes);
    if (!err.empty()) tear_down();
    return err;
}

void PathGuard::tear_down() {
    close_end(sender_);
    close_end(receiver_);
}

std::string netns_prefix_for(long pid) { return std::string(kNetnsPrefix) + std::to_string(pid) + "-"; }

std::vector<std::string> list_inflight_netns() {
    std::vector<std::string> names;
    DIR* d = opendir(kNetnsDir);
    if (!d) return names;
    while (dirent* e = readdir(d)) {
        const std::string n = e->d_name;
        if (n.rfind(kNetnsPrefix, 0) == 0) names.push_back(n);
    }
    closedir(d);
    return names;
}

int remove_leftovers() {
    int removed = 0;
    const std::size_t prefix_len = std::strlen(kNetnsPrefix);
    for (const std::string& n : list_inflight_netns()) {
        const std::size_t dash = n.find('-', prefix_len);
        if (dash == std::string::npos) continue;
        const std::string digits = n.substr(prefix_len, dash - prefix_len);
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) continue;
        const long pid = std::stol(digits);
        if (pid == static_cast<long>(getpid())) continue;
        if (kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // its run is alive
        remove_name(n);
        ++removed;
    }
    return removed;
}

}  // namespace inflight::kernel
