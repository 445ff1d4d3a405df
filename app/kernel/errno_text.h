// One line for a failed system call: what was being done, then the C
// library's words for errno ("bind 10.9.0.1:5201: Address already in use").
// Read errno before anything else can change it: call this first thing
// after the call that failed.
#pragma once

#include <cerrno>
#include <cstring>
#include <string>

namespace inflight::kernel {

inline std::string errno_text(const std::string& what) { return what + ": " + std::strerror(errno); }

}  // namespace inflight::kernel
