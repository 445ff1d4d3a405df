// `inflight --help` (also `inflight run --help`) and `inflight --version`.
#pragma once

#include <string>

namespace inflight::cli {

// The subcommands (commands.h), the options of run (options.h), units and
// exit codes.
std::string help_text();

// The version, the copyright holder and the licence (GPL-3.0-or-later).
std::string version_text();

}  // namespace inflight::cli
