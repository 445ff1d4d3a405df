// The front door (cli.h): the window, help, version or a subcommand.
#include "app/cli/cli.h"

#include <cctype>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/commands.h"
#include "app/cli/help.h"
#include "app/cli/interrupt.h"

namespace inflight::cli {
namespace {

// A packet capture's name: .pcap, .pcapng or .cap (any case).
bool is_capture_name(const std::string& a) {
    std::string lower;
    for (char c : a) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char* end : {".pcap", ".pcapng", ".cap"})
        if (lower.size() > std::strlen(end) && lower.ends_with(end)) return true;
    return false;
}

}  // namespace

int dispatch(int argc, char** argv, const Io& io, const Frontends& frontends) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        if (frontends.open_window) return frontends.open_window(argc, argv);
        io.err << "inflight: this build has no window " << kNoWindowBuild
               << "; use 'inflight run --help' for the command line\n";
        return kExitFailure;
    }
    const std::string& first = args[0];
    if (first == "--help" || first == "-h" || first == "help") {
        io.out << help_text();
        return kExitOk;
    }
    if (first == "--version" || first == "-v") {
        io.out << version_text();
        return kExitOk;
    }
    if (const Subcommand* command = find_subcommand(first))
        return command->main(std::vector<std::string>(args.begin() + 1, args.end()), io, frontends);
    // `inflight FILE.pcap`: the window, with the capture opened beside the model.
    if (args.size() == 1 && is_capture_name(first)) {
        if (frontends.open_window) return frontends.open_window(argc, argv);
        io.err << "inflight: this build has no window " << kNoWindowBuild << "; use 'inflight capture "
               << first << "'\n";
        return kExitFailure;
    }
    io.err << "inflight: unknown " << (first.starts_with("-") ? "option" : "command") << " '" << first
           << "'; use 'inflight run [options]', --help or --version\n";
    return kExitUsage;
}

int main(int argc, char** argv, const Frontends& frontends) {
    // The window keeps Ctrl-C's default; a subcommand is cancelled by it.
    const Io io{std::cout, std::cerr, argc > 1 ? cancel_on_interrupt() : nullptr};
    return dispatch(argc, argv, io, frontends);
}

}  // namespace inflight::cli
