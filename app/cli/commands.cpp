// The subcommand table (commands.h).
#include "app/cli/commands.h"

#include "app/cli/capture_command.h"
#include "app/cli/kernel_command.h"
#include "app/cli/run_command.h"
#include "app/cli/sweep_command.h"

namespace inflight::cli {
namespace {

constexpr Subcommand kSubcommands[] = {
    {"run", "simulate without a window and print a summary", run_main},
    {"sweep", "run a response curve over one parameter (sweep --help)", sweep_main},
    {"kernel", "run on this machine's Linux TCP stack, as root (kernel --help)", kernel_main},
    {"capture", "measure a TCP stream of a packet capture as a run (capture --help)", capture_main, "FILE"},
};

}  // namespace

std::span<const Subcommand> subcommands() { return kSubcommands; }

const Subcommand* find_subcommand(std::string_view name) {
    for (const Subcommand& c : kSubcommands)
        if (name == c.name) return &c;
    return nullptr;
}

}  // namespace inflight::cli
