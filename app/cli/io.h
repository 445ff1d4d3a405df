// Where a subcommand prints (stdout, stderr), how it is cancelled (Ctrl-C)
// and the exit codes it returns.
#pragma once

#include <atomic>
#include <ostream>

namespace inflight::cli {

// Exit codes.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // the run or an export failed
inline constexpr int kExitUsage = 2;    // bad option, value or scenario file

struct Io {
    std::ostream& out;
    std::ostream& err;
    const std::atomic<bool>* cancel = nullptr;  // e.g. set on Ctrl-C
};

}  // namespace inflight::cli
