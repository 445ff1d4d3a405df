// Parsing and running `inflight sweep`. The sweep's own options are taken
// out here; the run options that remain go to the run command's parser
// (cli.h), so units, scenario files and their errors are exactly run's.
#include "sweep_cli.h"

#include <algorithm>
#include <optional>

#include "atomic_write.h"
#include "cli.h"
#include "sweep_output.h"
#include "units.h"

namespace inflight::cli {
namespace {

constexpr int kDefaultPoints = 13;
constexpr unsigned kMaxThreads = 256;

// Sweep options that take a value, and those that do not.
constexpr const char* kValueOptions[] = {"param", "from", "to", "points", "algo", "threads", "csv", "png"};
constexpr const char* kFlagOptions[] = {"json", "help"};
// Run options a sweep passes on to run's parser (the outputs --events and
// --svg have no sweep meaning; --algo and --csv/--png/--json are the sweep's).
constexpr const char* kRunValueOptions[] = {"bandwidth", "rtt",    "loss",     "loss-pattern",
                                            "rwnd",      "sndbuf", "buffer",   "aqm",
                                            "mss",       "duration", "seed",   "scenario"};
constexpr const char* kRunFlagOptions[] = {"ecn", "no-ecn", "pacing", "no-pacing"};

template <std::size_t N>
bool listed(const char* const (&list)[N], std::string_view name) {
    return std::find_if(std::begin(list), std::end(list),
                        [&](const char* o) { return name == o; }) != std::end(list);
}

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

std::string unknown_option(const std::string& given, const std::string& name) {
    std::string best;
    std::size_t best_distance = 3;  // suggest only near misses
    const auto consider = [&](const char* o) {
        const std::size_t d = edit_distance(name, o);
        if (d < best_distance) {
            best_distance = d;
            best = o;
        }
    };
    for (const char* o : kValueOptions) consider(o);
    for (const char* o : kFlagOptions) consider(o);
    for (const char* o : kRunValueOptions) consider(o);
    for (const char* o : kRunFlagOptions) consider(o);
    std::string msg = "unknown option '" + given + "' for sweep";
    if (!best.empty()) msg += "; did you mean --" + best + "?";
    return msg + " (see inflight sweep --help)";
}

std::string param_names() {
    std::string out;
    for (SweepParam p : kAllSweepParams) {
        if (!out.empty()) out += ", ";
        out += to_string(p);
    }
    return out;
}

// --from / --to in the units of the swept parameter's run option.
Parsed<double> parse_end(SweepParam p, const std::string& text, const std::string& name) {
    switch (p) {
        case SweepParam::Bandwidth: return parse_rate_bps(text, name);
        case SweepParam::Rtt:
        case SweepParam::Buffer: return parse_time_s(text, name);
        case SweepParam::Loss: return parse_loss_fraction(text, name);
        case SweepParam::Rwnd: {
            const Parsed<std::uint64_t> bytes = parse_size_bytes(text, name);
            Parsed<double> out;
            out.value = static_cast<double>(bytes.value);
            out.error = bytes.error;
            return out;
        }
    }
    return {};
}

bool fail(std::string* error, std::string message) {
    *error = std::move(message);
    return false;
}

}  // namespace

bool parse_sweep_command_line(const std::vector<std::string>& args, SweepRequest& out,
                              std::string* error) {
    std::optional<std::string> param_text, from_text, to_text, points_text, algo_text, threads_text;
    std::vector<std::string> run_args{"run"};
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "-h") {
            out.help = true;
            return true;
        }
        if (!arg.starts_with("--")) {
            if (arg.starts_with("-") && arg.size() > 1) return fail(error, unknown_option(arg, arg.substr(1)));
            return fail(error, "unexpected argument '" + arg +
                                   "'; options start with -- (see inflight sweep --help)");
        }
        const std::size_t eq = arg.find('=');
        const std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        const bool inline_value = eq != std::string::npos;
        const bool sweep_value_option = listed(kValueOptions, name);
        const bool run_value_option = listed(kRunValueOptions, name);
        if (listed(kFlagOptions, name)) {
            if (inline_value)
                return fail(error, "--" + name + ": takes no value, but was given '" + arg.substr(eq + 1) + "'");
            if (name == "help") {
                out.help = true;
                return true;
            }
            out.json = true;
            continue;
        }
        if (listed(kRunFlagOptions, name)) {
            run_args.push_back(arg);
            continue;
        }
        if (!sweep_value_option && !run_value_option) {
            if (name == "events" || name == "svg")
                return fail(error, "--" + name + ": not an option of sweep; it writes --csv FILE (one row per "
                                                 "point and algorithm) and --json");
            return fail(error, unknown_option(arg, name));
        }
        std::string value;
        if (inline_value) {
            value = arg.substr(eq + 1);
        } else {
            // The next argument is the value, even if it starts with '-'.
            if (i + 1 >= args.size() || args[i + 1].starts_with("--"))
                return fail(error, "--" + name + ": missing value (see inflight sweep --help)");
            value = args[++i];
        }
        if (run_value_option) {
            run_args.push_back("--" + name);
            run_args.push_back(value);
            continue;
        }
        if (name == "param") param_text = value;
        else if (name == "from") from_text = value;
        else if (name == "to") to_text = value;
        else if (name == "points") points_text = value;
        else if (name == "algo") algo_text = value;
        else if (name == "threads") threads_text = value;
        else if (name == "csv" || name == "png") {
            if (auto err = check_output_path(value)) return fail(error, "--" + name + ": " + *err);
            (name == "csv" ? out.csv_path : out.png_path) = value;
        }
    }

    // The parameter, then its range in its own units.
    if (!param_text) return fail(error, "--param: missing; use --param " + param_names());
    const auto param = sweep_param_from_string(*param_text);
    if (!param)
        return fail(error, "--param: '" + *param_text + "' is not a parameter a sweep can take; use one of " +
                               param_names());
    out.spec.param = *param;
    const std::string swept_option = std::string("--") + to_string(*param);
    if (std::find(run_args.begin(), run_args.end(), swept_option) != run_args.end())
        return fail(error, swept_option + ": is the swept parameter (--param " + to_string(*param) +
                               "); give its range with --from and --to instead");
    if (!from_text) return fail(error, "--from: missing; give the start of the " + std::string(to_string(*param)) + " range");
    if (!to_text) return fail(error, "--to: missing; give the end of the " + std::string(to_string(*param)) + " range");
    const Parsed<double> from = parse_end(*param, *from_text, "--from");
    if (!from) return fail(error, from.error);
    const Parsed<double> to = parse_end(*param, *to_text, "--to");
    if (!to) return fail(error, to.error);
    out.spec.from = from.value;
    out.spec.to = to.value;

    out.spec.points = kDefaultPoints;
    if (points_text) {
        const Parsed<std::uint64_t> n = parse_unsigned(*points_text, "--points");
        if (!n) return fail(error, n.error);
        if (n.value < static_cast<std::uint64_t>(kMinSweepPoints) || n.value > static_cast<std::uint64_t>(kMaxSweepPoints))
            return fail(error, "--points: " + *points_text + " is out of range; allowed " +
                                   std::to_string(kMinSweepPoints) + " – " + std::to_string(kMaxSweepPoints));
        out.spec.points = static_cast<int>(n.value);
    }
    if (threads_text) {
        const Parsed<std::uint64_t> n = parse_unsigned(*threads_text, "--threads");
        if (!n) return fail(error, n.error);
        if (n.value < 1 || n.value > kMaxThreads)
            return fail(error, "--threads: " + *threads_text + " is out of range; allowed 1 – " +
                                   std::to_string(kMaxThreads));
        out.threads = static_cast<unsigned>(n.value);
    }
    out.spec.algorithms.clear();
    if (!algo_text) {
        out.spec.algorithms = {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr};
    } else {
        std::size_t start = 0;
        while (start <= algo_text->size()) {
            const std::size_t comma = std::min(algo_text->find(',', start), algo_text->size());
            const std::string name = algo_text->substr(start, comma - start);
            const auto a = algorithm_from_string(name);
            if (!a)
                return fail(error, "--algo: '" + name + "' in '" + *algo_text +
                                       "' is not an algorithm; use a comma-separated list of reno, cubic, bbr");
            out.spec.algorithms.push_back(*a);
            start = comma + 1;
        }
    }

    // Everything else is the base scenario, read by run's own parser.
    const ParsedCommandLine base = parse_command_line(run_args);
    if (base.command == Command::Error) return fail(error, base.error);
    if (base.command != Command::Run) return fail(error, "unexpected arguments (see inflight sweep --help)");
    out.spec.base = base.run.scenario;
    if (!out.png_path.empty() && out.png_path == out.csv_path)
        return fail(error, "--png: '" + out.png_path + "' is already the file for --csv; use another name");
    if (auto err = validate_sweep(out.spec)) return fail(error, *err);
    return true;
}

std::string sweep_help_text() {
    return "Usage: inflight sweep --param PARAM --from VALUE --to VALUE [options]\n"
           "\n"
           "Runs the model at log-spaced values of one parameter, for one or several\n"
           "algorithms, on every core, and prints the steady-state throughput and mean\n"
           "RTT at each point with the theory curve; for loss sweeps, also the fitted\n"
           "exponent k and constant c of throughput = c * p^k per algorithm.\n"
           "\n"
           "  --param PARAM             bandwidth, rtt, loss, buffer or rwnd\n"
           "  --from VALUE, --to VALUE  the range, in the units of the parameter's run\n"
           "                            option (e.g. --from 1e-5 --to 1%, --from 10ms --to 1s);\n"
           "                            from < to, both within the parameter's range\n"
           "  --points N                2 - 40 points, log-spaced, ends included (default 13)\n"
           "  --algo LIST               comma-separated reno,cubic,bbr (default all three)\n"
           "  --threads N               worker threads, 1 - 256 (default: one per core)\n"
           "  --json                    print one JSON object instead of the table\n"
           "  --csv FILE                write one row per point and algorithm\n"
           "  --png FILE                render the sweep plot (needs the window library)\n"
           "\n"
           "Every other parameter comes from the run options (--bandwidth, --rtt, --loss,\n"
           "--loss-pattern, --rwnd, --sndbuf, --buffer, --aqm, --ecn, --mss, --pacing,\n"
           "--duration, --seed, --scenario FILE); see inflight --help.\n"
           "\n"
           "Example: inflight sweep --param loss --from 1e-5 --to 1e-2 --points 13 --algo reno,cubic,bbr\n";
}

int execute_sweep(const SweepRequest& req, SweepContext& ctx) {
    if (!req.png_path.empty() && !ctx.render) {
        ctx.err << "inflight: --png: a sweep plot needs the window library, which has no sweep "
                   "renderer yet; use --csv FILE and plot the data\n";
        return kExitUsage;
    }
    SweepResult result;
    try {
        SweepControl control;
        control.cancel = ctx.cancel;
        control.threads = req.threads;
        result = run_sweep(req.spec, control);
    } catch (const std::exception& e) {
        ctx.err << "inflight: the sweep failed: " << e.what() << "\n";
        return kExitFailure;
    }
    if (result.cancelled) {
        ctx.err << "inflight: cancelled at your request; nothing written\n";
        return kExitFailure;
    }
    ctx.out << (req.json ? sweep_json_text(result) : sweep_table_text(result));
    ctx.out.flush();

    int code = kExitOk;
    if (!req.csv_path.empty())
        if (auto err = write_file_atomically(req.csv_path, sweep_csv(result))) {
            ctx.err << "inflight: --csv: " << *err << "\n";
            code = kExitFailure;
        }
    if (!req.png_path.empty()) {
        std::string error;
        if (ctx.render(result, req.png_path, &error) != 0) {
            ctx.err << "inflight: --png: " << (error.empty() ? "rendering failed" : error) << "\n";
            code = kExitFailure;
        }
    }
    return code;
}

int sweep_main(const std::vector<std::string>& args, SweepContext& ctx) {
    SweepRequest req;
    std::string error;
    if (!parse_sweep_command_line(args, req, &error)) {
        ctx.err << "inflight: " << error << "\n";
        return kExitUsage;
    }
    if (req.help) {
        ctx.out << sweep_help_text();
        return kExitOk;
    }
    return execute_sweep(req, ctx);
}

}  // namespace inflight::cli
