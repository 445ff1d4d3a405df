// Privileges: does this process hold what a kernel run needs? CAP_NET_ADMIN
// (TUN devices, addresses, per-namespace sysctls) and CAP_SYS_ADMIN (new
// network namespaces, setns, the bind mounts that name them), read from the
// effective set with capget(2) (linux/capability.h, version 3). Checked first,
// before anything is created.
#pragma once

#include <optional>
#include <string>

namespace inflight::kernel {

struct Capabilities {
    bool net_admin = false;
    bool sys_admin = false;
};

// The effective capabilities of the calling thread.
Capabilities effective_capabilities();

// Nothing when both are held; otherwise one line saying what is missing and
// what to do (sudo, or the setcap line for the installed binary).
std::optional<std::string> missing_privileges(const Capabilities& c = effective_capabilities());

}  // namespace inflight::kernel
