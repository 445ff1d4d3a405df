// The top-level help and the version text (help.h).
#include "app/cli/help.h"

#include <algorithm>

#include "app/cli/commands.h"
#include "app/cli/options.h"
#include "model/core/parameters.h"

namespace inflight::cli {
namespace {

constexpr std::size_t kUsageColumn = 28;

// "  inflight run [options]    simulate ...": one usage line.
std::string usage_line(std::string left, const std::string& what) {
    left.resize(std::max(left.size() + 1, kUsageColumn), ' ');
    return left + what + "\n";
}

// The paragraph on units and scenario files; its list of keys is the
// parameter table's, so it is filled greedily into lines of kUnitsWidth.
constexpr std::size_t kUnitsWidth = 86;

std::string units_paragraph() {
    std::string text =
        "Units (case-insensitive): RATE bps kbps Mbps Gbps, Mbit/s, or K M G (a plain number is "
        "bit/s); TIME s ms us (plain = s); LOSS N% or a fraction; SIZE B, KB MB GB (1000s) or "
        "KiB MiB GiB (1024s), plain = bytes. A scenario file is one JSON object with the keys";
    for (const ParamRow& row : param_table()) text += std::string(" ") + row.key;
    text +=
        " flows, values as numbers in SI units or strings with units (\"flows\": an array of "
        "objects with the flow keys below); the 'scenario' of --json output is such an object.";
    return fill_words(text, kUnitsWidth);
}

}  // namespace

std::string version_text() {
    return std::string("inflight ") + INFLIGHT_VERSION +
           "\n"
           "Copyright (C) The Inflight authors.\n"
           "License GPL-3.0-or-later: <https://www.gnu.org/licenses/gpl-3.0.html>\n"
           "This is free software; there is NO WARRANTY.\n";
}

std::string help_text() {
    std::string out =
        "Inflight: TCP flows (1 - 100) through one bottleneck, simulated packet by packet.\n"
        "\n"
        "Usage:\n";
    out += usage_line("  inflight", "open the window");
    out += usage_line("  inflight FILE.pcap", "open the window with a capture drawn beside the model");
    for (const Subcommand& c : subcommands())
        out += usage_line("  inflight " + std::string(c.name) + " " + c.arguments, c.summary);
    out +=
        "  inflight --help | --version\n"
        "\n"
        "Options of run:\n";
    for (const Option& o : run_options()) out += help_lines(o);
    out += "\n";
    out += units_paragraph();
    out +=
        "\n"
        "Flows: --flow cubic --flow bbr,rtt=40ms --flow ping,interval=100ms puts 1 - 100 flows\n"
        "on the path. Keys: algo rtt start stop size every rwnd sndbuf rcvbuf pacing (TCP), interval\n"
        "bytes (ping), label; units as above (size=100KB, start=5s, pacing=on). Unset keys take\n"
        "--algo --rtt --rwnd --sndbuf --pacing. --flow or --parallel N replaces a scenario file's\n"
        "\"flows\"; the two cannot be combined. Errors call the first --flow flow 1 (a\n"
        "scenario file's own flows keep its array's naming, flows[0] first).\n"
        "Request/response: --flow cubic,app=rpc,writes=100B+100B,response=100B[,think=10ms]\n"
        "[,nodelay=on] runs transactions on one connection (Nagle on unless nodelay=on).\n"
        "\n"
        "Exit status: 0 ok, 1 the run or an export failed, 2 bad option, value or file.\n";
    return out;
}

}  // namespace inflight::cli
