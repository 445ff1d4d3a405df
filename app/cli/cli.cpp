// Hand-rolled rather than QCommandLineParser: every error here is one line
// naming the option, the value and what is allowed, values may start with
// '-' (so "--rtt -5ms" says "negative", not "unknown option -5ms"), and the
// parser needs no QCoreApplication (the window creates its own).
#include "cli.h"

#include <algorithm>
#include <optional>

#include "atomic_write.h"
#include "csv_export.h"
#include "json_output.h"
#include "run.h"
#include "scenario_file.h"
#include "scenario_text.h"
#include "summary_text.h"

namespace inflight::cli {
namespace {

enum class Kind {
    Value,     // --rtt 80ms: a scenario parameter with a value
    SwitchOn,  // --ecn, --pacing (or --ecn=off)
    SwitchOff, // --no-ecn, --no-pacing: override a scenario file
    Scenario,  // --scenario FILE
    Json,      // --json
    Output,    // --csv FILE and friends
    Help,
};

struct Option {
    const char* name;  // without the leading dashes
    Kind kind;
    Param param;       // for Value / SwitchOn / SwitchOff
    const char* value; // how the value looks, for help and "missing value"
    const char* help;
};

// The order is the order of --help.
constexpr Option kOptions[] = {
    {"algo", Kind::Value, Param::Algorithm, "reno|cubic|bbr", "congestion control (default cubic)"},
    {"bandwidth", Kind::Value, Param::Bandwidth, "RATE",
     "bottleneck link rate, 1Mbps - 100Gbps (default 100Mbps)"},
    {"rtt", Kind::Value, Param::Rtt, "TIME", "base round-trip time, 1ms - 1000ms (default 80ms)"},
    {"loss", Kind::Value, Param::Loss, "LOSS",
     "non-congestion loss: none, or 0.0001% - 10% (e.g. 0.01% or 1e-4; default none)"},
    {"loss-pattern", Kind::Value, Param::LossPattern, "even|random",
     "evenly spaced or independent random losses (default even)"},
    {"rwnd", Kind::Value, Param::Rwnd, "SIZE",
     "receive window, 16KiB - 1GiB; 65535 = no window scaling (default 1GiB)"},
    {"sndbuf", Kind::Value, Param::Sndbuf, "SIZE", "send buffer, 16KiB - 1GiB (default 1GiB)"},
    {"buffer", Kind::Value, Param::Buffer, "TIME",
     "bottleneck buffer in time at the link rate, 1ms - 1000ms (default 100ms)"},
    {"aqm", Kind::Value, Param::Aqm, "none|codel", "queue management (default none)"},
    {"ecn", Kind::SwitchOn, Param::Ecn, "", "ECN on: CoDel marks instead of dropping"},
    {"no-ecn", Kind::SwitchOff, Param::Ecn, "", "ECN off (the default)"},
    {"mss", Kind::Value, Param::Mss, "BYTES", "segment size, 500 - 9000 (default 1500)"},
    {"pacing", Kind::SwitchOn, Param::Pacing, "", "pace packets at the algorithm's pacing rate"},
    {"no-pacing", Kind::SwitchOff, Param::Pacing, "", "purely ACK-clocked (the default)"},
    {"duration", Kind::Value, Param::Duration, "TIME", "simulated time, 1s - 600s (default 40s)"},
    {"seed", Kind::Value, Param::Seed, "N", "random seed, a whole number (default 1)"},
    {"scenario", Kind::Scenario, Param::Algorithm, "FILE.json",
     "start from a scenario file; options given here override it"},
    {"json", Kind::Json, Param::Algorithm, "", "print one JSON object instead of the summary"},
    {"csv", Kind::Output, Param::Algorithm, "FILE", "write the trace as CSV"},
    {"events", Kind::Output, Param::Algorithm, "FILE", "write the event log as CSV"},
    {"png", Kind::Output, Param::Algorithm, "FILE", "render the dashboard to PNG (offscreen)"},
    {"svg", Kind::Output, Param::Algorithm, "FILE", "render the dashboard to SVG (offscreen)"},
    {"help", Kind::Help, Param::Algorithm, "", "show this help"},
};

const Option* find_option(std::string_view name) {
    for (const Option& o : kOptions)
        if (name == o.name) return &o;
    return nullptr;
}

// Levenshtein distance, for "did you mean --rtt?".
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string unknown_option(const std::string& given) {
    std::string name = given.substr(given.find_first_not_of('-'));
    name = name.substr(0, name.find('='));
    const Option* best = nullptr;
    std::size_t best_distance = 3;  // suggest only near misses
    for (const Option& o : kOptions) {
        const std::size_t d = edit_distance(name, o.name);
        if (d < best_distance) {
            best_distance = d;
            best = &o;
        }
    }
    std::string msg = "unknown option '" + given + "'";
    if (best) msg += "; did you mean --" + std::string(best->name) + "?";
    msg += " (see inflight run --help)";
    return msg;
}

ParsedCommandLine fail(std::string error) {
    ParsedCommandLine p;
    p.command = Command::Error;
    p.error = std::move(error);
    return p;
}

// An option and the value it was given, in command-line order.
struct Given {
    const Option* option;
    std::string value;
    bool has_value;
};

ParsedCommandLine parse_run(const std::vector<std::string>& args) {
    std::vector<Given> given;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "-h") return ParsedCommandLine{Command::Help, {}, {}};
        if (!arg.starts_with("--")) {
            if (arg.starts_with("-") && arg.size() > 1) return fail(unknown_option(arg));
            return fail("unexpected argument '" + arg + "'; options start with -- (see inflight run --help)");
        }
        const std::size_t eq = arg.find('=');
        const std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        const Option* option = find_option(name);
        if (!option) return fail(unknown_option(arg));
        Given g{option, {}, eq != std::string::npos};
        if (g.has_value) g.value = arg.substr(eq + 1);
        const bool needs_value = option->kind == Kind::Value || option->kind == Kind::Scenario ||
                                 option->kind == Kind::Output;
        if (needs_value && !g.has_value) {
            // The next argument is the value, even if it starts with '-'
            // ("--rtt -5ms" must say "negative"), unless it is an option.
            if (i + 1 >= args.size() || args[i + 1].starts_with("--"))
                return fail("--" + name + ": missing value; use --" + name + " " + option->value +
                            " (" + option->help + ")");
            g.value = args[++i];
            g.has_value = true;
        }
        if (!needs_value && g.has_value && option->kind != Kind::SwitchOn)
            return fail("--" + name + ": takes no value, but was given '" + g.value + "'");
        if (option->kind == Kind::Help) return ParsedCommandLine{Command::Help, {}, {}};
        given.push_back(std::move(g));
    }

    ParsedCommandLine out;
    out.command = Command::Run;
    RunRequest& req = out.run;
    // The scenario file first, whatever its position: options override it.
    for (const Given& g : given)
        if (g.option->kind == Kind::Scenario) {
            Scenario from_file;
            if (auto err = load_scenario_file(g.value, from_file)) return fail("--scenario: " + *err);
            req.scenario = from_file;
        }
    for (const Given& g : given) {
        const std::string option_name = "--" + std::string(g.option->name);
        switch (g.option->kind) {
            case Kind::Value:
                if (auto err = set_param_from_text(req.scenario, g.option->param, g.value, option_name))
                    return fail(*err);
                break;
            case Kind::SwitchOn:
                if (auto err = set_param_from_text(req.scenario, g.option->param,
                                                   g.has_value ? g.value : "on", option_name))
                    return fail(*err);
                break;
            case Kind::SwitchOff:
                set_param_from_text(req.scenario, g.option->param, "off", option_name);
                break;
            case Kind::Json: req.json = true; break;
            case Kind::Output: {
                const std::string n = g.option->name;
                std::string& path = n == "csv" ? req.csv_path
                                  : n == "events" ? req.events_path
                                  : n == "png" ? req.png_path
                                               : req.svg_path;
                if (auto err = check_output_path(g.value)) return fail(option_name + ": " + *err);
                path = g.value;
                break;
            }
            case Kind::Scenario:
            case Kind::Help: break;
        }
    }
    if (auto err = validate(req.scenario)) return fail(*err);  // a safety net: each value was checked

    // Two outputs into one file would leave only the last.
    const std::pair<const char*, const std::string*> outputs[] = {
        {"--csv", &req.csv_path}, {"--events", &req.events_path},
        {"--png", &req.png_path}, {"--svg", &req.svg_path}};
    for (std::size_t a = 0; a < std::size(outputs); ++a)
        for (std::size_t b = a + 1; b < std::size(outputs); ++b)
            if (!outputs[a].second->empty() && *outputs[a].second == *outputs[b].second)
                return fail(std::string(outputs[b].first) + ": '" + *outputs[b].second +
                            "' is already the file for " + outputs[a].first + "; use another name");
    return out;
}

}  // namespace

std::string version_text() { return std::string("inflight ") + INFLIGHT_VERSION + "\n"; }

std::string help_text() {
    std::string out =
        "Inflight: one TCP flow through one bottleneck, simulated packet by packet.\n"
        "\n"
        "Usage:\n"
        "  inflight                  open the window\n"
        "  inflight run [options]    simulate without a window and print a summary\n"
        "  inflight sweep [options]  run a response curve over one parameter (sweep --help)\n"
        "  inflight --help | --version\n"
        "\n"
        "Options of run:\n";
    for (const Option& o : kOptions) {
        std::string left = "  --" + std::string(o.name);
        if (*o.value) {
            left += ' ';
            left += o.value;
        }
        if (left.size() < 26) left.resize(26, ' ');
        else left += "\n" + std::string(26, ' ');
        out += left + o.help + "\n";
    }
    out +=
        "\n"
        "Units (case-insensitive): RATE bps kbps Mbps Gbps, Mbit/s, or K M G (a plain number is\n"
        "bit/s); TIME s ms us (plain = s); LOSS N% or a fraction; SIZE B, KB MB GB (1000s) or\n"
        "KiB MiB GiB (1024s), plain = bytes. A scenario file is one JSON object with the keys\n"
        "algo bandwidth rtt loss loss_pattern rwnd sndbuf buffer aqm ecn mss pacing duration\n"
        "seed, values as numbers in SI units or strings with units; the 'scenario' of --json\n"
        "output is such an object.\n"
        "\n"
        "Exit status: 0 ok, 1 the run or an export failed, 2 bad option, value or file.\n";
    return out;
}

ParsedCommandLine parse_command_line(const std::vector<std::string>& args) {
    if (args.empty()) return ParsedCommandLine{Command::Gui, {}, {}};
    const std::string& first = args[0];
    if (first == "--help" || first == "-h" || first == "help") return ParsedCommandLine{Command::Help, {}, {}};
    if (first == "--version" || first == "-v") return ParsedCommandLine{Command::Version, {}, {}};
    if (first == "run") return parse_run(std::vector<std::string>(args.begin() + 1, args.end()));
    if (first.starts_with("-"))
        return fail("unknown option '" + first + "'; use 'inflight run [options]', --help or --version");
    return fail("unknown command '" + first + "'; use 'inflight run [options]', --help or --version");
}

int execute_run(const RunRequest& req, RunContext& ctx) {
    const bool wants_picture = !req.png_path.empty() || !req.svg_path.empty();
    if (wants_picture && !ctx.render) {
        ctx.err << "inflight: " << (req.png_path.empty() ? "--svg" : "--png")
                << ": this build has no window to render (built without ui/ or with "
                   "INFLIGHT_BUILD_UI=OFF); use --csv and --events for the data\n";
        return kExitUsage;
    }

    RunResult result;
    try {
        RunControl control;
        control.cancel = ctx.cancel;
        result = run_scenario(req.scenario, control);
    } catch (const std::exception& e) {
        ctx.err << "inflight: the run failed: " << e.what() << "\n";
        return kExitFailure;
    }
    if (result.cancelled) {
        ctx.err << "inflight: cancelled at your request; nothing written\n";
        return kExitFailure;
    }

    ctx.out << (req.json ? result_json_text(result) : summary_text(result));
    ctx.out.flush();

    int code = kExitOk;
    const auto write = [&](const char* option, const std::string& path, auto make_text) {
        if (path.empty()) return;
        if (auto err = write_file_atomically(path, make_text())) {
            ctx.err << "inflight: " << option << ": " << *err << "\n";
            code = kExitFailure;
        }
    };
    write("--csv", req.csv_path, [&] { return trace_csv(result); });
    write("--events", req.events_path, [&] { return events_csv(result); });
    if (wants_picture) {
        std::string error;
        if (ctx.render(result, req.png_path, req.svg_path, &error) != 0) {
            ctx.err << "inflight: " << (req.png_path.empty() ? "--svg" : "--png") << ": "
                    << (error.empty() ? "rendering failed" : error) << "\n";
            code = kExitFailure;
        }
    }
    return code;
}

}  // namespace inflight::cli
