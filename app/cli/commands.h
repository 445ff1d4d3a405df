// The table of subcommands (`inflight run`, `inflight sweep`, `inflight
// kernel`) and the shape each one's main has: read the
// arguments, then print the help, refuse with one line, or carry it out.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli/frontends.h"
#include "app/cli/io.h"
#include "app/cli/read_options.h"

namespace inflight::cli {

struct Subcommand {
    const char* name;     // "run": `inflight run [options]`
    const char* summary;  // its line in `inflight --help`
    // `args` excludes "inflight <name>". Returns the exit code.
    int (*main)(const std::vector<std::string>& args, const Io& io, const Frontends& frontends);
    const char* arguments = "[options]";  // what follows the name in `inflight --help`
};

// In the order of `inflight --help`.
std::span<const Subcommand> subcommands();
const Subcommand* find_subcommand(std::string_view name);

// parse(args, request, &error), then help(), "inflight: <error>" (exit 2),
// or execute(request).
template <class Request, class Parse, class Help, class Execute>
int parse_then_execute(const std::vector<std::string>& args, const Io& io, Parse parse, Help help,
                       Execute execute) {
    Request request;
    std::string error;
    switch (parse(args, request, &error)) {
        case ParseResult::Help: io.out << help(); return kExitOk;
        case ParseResult::Error: io.err << "inflight: " << error << "\n"; return kExitUsage;
        case ParseResult::Ok: break;
    }
    return execute(request);
}

}  // namespace inflight::cli
