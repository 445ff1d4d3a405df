// Namespaces and devices, a private path: two fresh network
// namespaces per run, each with a TUN device (linux/if_tun.h: IFF_TUN |
// IFF_NO_PI, one IP packet per read or write) carrying an address from the
// benchmark range 198.18.0.0/15 (RFC 2544), set with the classic interface
// ioctls (SIOCSIFADDR, SIOCSIFNETMASK, SIOCSIFMTU, SIOCSIFTXQLEN,
// SIOCSIFFLAGS; netdevice(7)).
//   names:   "inflight-<pid>-<n>-snd" and "-rcv", bind-mounted at
//            /run/netns/<name> as `ip netns add` does, so `ip netns exec
//            <name> ss -ti` works during a run; when /run/netns cannot be
//            written (setcap instead of root) the namespaces stay anonymous
//            and the kernel frees them when the process ends
//   guard:   PathGuard's destructor closes the TUN devices and namespace
//            descriptors and removes the names: at the end, on cancel, on a
//            signal (the run stops and unwinds), on an error
//   killed:  a killed run leaves only its names; remove_leftovers(), called
//            at the next start, removes those whose pid is dead
// Nothing is configured outside the two namespaces.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace inflight::kernel {

constexpr const char* kNetnsDir = "/run/netns";
constexpr const char* kNetnsPrefix = "inflight-";

// The path's two ends.
constexpr const char* kSenderAddress = "198.18.0.1";
constexpr const char* kReceiverAddress = "198.18.0.2";
constexpr const char* kPathNetmask = "255.255.255.252";  // the two ends and nothing else
constexpr const char* kTunName = "inflight0";

// The calling thread joins a network namespace (setns(2) is per thread).
// Returns an error text, empty on success.
std::string enter_netns(int netns_fd);

// Writes a sysctl of the calling thread's network namespace
// (/proc/sys/net/... resolves against the opener's namespace).
std::string write_sysctl(const std::string& path, const std::string& value);
std::string read_sysctl(const std::string& path);

// In the calling thread's namespace: a host route to `peer` over the TUN
// device, from `self`, whose connections start with a receive window of
// `segments` MSS (RTAX_INITRWND, `ip route ... initrwnd`; read by
// tcp_openreq_init_rwin and tcp_connect_init). Set over rtnetlink(7)
// (RTM_NEWROUTE, replacing an earlier one). Returns an error text, empty on
// success.
std::string route_initial_receive_window(const char* peer, const char* self, std::uint32_t segments);

// One end of the path.
struct PathEnd {
    std::string name;        // namespace name
    bool named = false;      // bind-mounted under /run/netns
    int netns_fd = -1;       // the namespace (O_RDONLY on its nsfs file)
    int tun_fd = -1;         // the TUN device, non-blocking
};

class PathGuard {
public:
    PathGuard() = default;
    ~PathGuard();  // tears down whatever was made
    PathGuard(const PathGuard&) = delete;
    PathGuard& operator=(const PathGuard&) = delete;

    // Makes both namespaces and devices with the given MTU. On failure
    // returns an error and leaves nothing behind (the guard cleans up).
    std::string create(std::uint32_t mtu_bytes);
    void tear_down();

    const PathEnd& sender() const { return sender_; }
    const PathEnd& receiver() const { return receiver_; }

private:
    PathEnd sender_, receiver_;
};

// Names this process would give (inflight-<pid>-) and the leftovers of dead
// processes. Returns how many namespaces were removed.
std::string netns_prefix_for(long pid);
std::vector<std::string> list_inflight_netns();
int remove_leftovers();

}  // namespace inflight::kernel
