// Privileges: capget(2) on the calling thread's effective set (see privileges.h).
#include "app/kernel/privileges.h"

#include <linux/capability.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace inflight::kernel {

namespace {
bool has(const __user_cap_data_struct (&data)[_LINUX_CAPABILITY_U32S_3], int cap) {
    return (data[cap / 32].effective & (1u << (cap % 32))) != 0;
}
}  // namespace

Capabilities effective_capabilities() {
    __user_cap_header_struct header{};
    header.version = _LINUX_CAPABILITY_VERSION_3;
    header.pid = 0;  // the calling thread
    __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3]{};
    if (syscall(SYS_capget, &header, data) != 0) return {};
    return Capabilities{has(data, CAP_NET_ADMIN), has(data, CAP_SYS_ADMIN)};
}

std::optional<std::string> missing_privileges(const Capabilities& c) {
    if (c.net_admin && c.sys_admin) return std::nullopt;
    std::string missing = !c.net_admin && !c.sys_admin ? "CAP_NET_ADMIN and CAP_SYS_ADMIN"
                          : !c.net_admin               ? "CAP_NET_ADMIN"
                                                       : "CAP_SYS_ADMIN";
    return "inflight kernel needs CAP_NET_ADMIN and CAP_SYS_ADMIN (missing " + missing +
           "): run it as root (sudo inflight kernel …) or give the installed binary the capabilities "
           "(sudo setcap cap_net_admin,cap_sys_admin+ep /usr/bin/inflight)";
}

}  // namespace inflight::kernel
