// The command line's front door (headless, no display needed): what the
// executable calls. `inflight` alone opens the window; `inflight --help`,
// `--version`; `inflight <subcommand> ...` (commands.h: run, sweep);
// `inflight FILE.pcap` opens the window with that capture beside the model.
#pragma once

#include "app/cli/frontends.h"
#include "app/cli/io.h"

namespace inflight::cli {

// The whole program for app/main.cpp: installs the Ctrl-C handler when a
// subcommand is given, and dispatches on argv[1]. `frontends` are the
// window's entry points; empty ones mean a build without the window.
int main(int argc, char** argv, const Frontends& frontends);

// main() without the process's streams and signals, for tests.
int dispatch(int argc, char** argv, const Io& io, const Frontends& frontends);

}  // namespace inflight::cli
