// Reading and carrying out `inflight sweep` (sweep_command.h). The sweep's
// own options are in the table below; every other option is a run option
// (options.h), read into the base scenario exactly as `inflight run` reads
// it (scenario_options.h).
#include "app/cli/sweep_command.h"

#include <algorithm>
#include <climits>
#include <map>

#include "app/cli/commands.h"
#include "app/cli/run_print_write.h"
#include "app/cli/scenario_options.h"
#include "app/formats/sweep_output.h"
#include "model/core/parameters.h"
#include "model/core/units.h"

namespace inflight::cli {
namespace {

constexpr unsigned kMaxThreads = 256;
constexpr const char* kNotForSweep =
    "not an option of sweep; it writes --csv FILE (one row per point and algorithm), --json and --png FILE";
constexpr const char* kDashboardFigureOnly =
    "sets the dashboard figure of inflight run and inflight kernel; not an option of sweep";

// The sweep's own options; they come before the run options of the same
// name (--algo takes a list here, --csv and --png write the sweep's files).
constexpr Option kSweepOptions[] = {
    {"param", Kind::Setting, Param::Algorithm, "PARAM", ""},
    {"from", Kind::Setting, Param::Algorithm, "VALUE", ""},
    {"to", Kind::Setting, Param::Algorithm, "VALUE", ""},
    {"points", Kind::Setting, Param::Algorithm, "N", ""},
    {"algo", Kind::Setting, Param::Algorithm, "LIST", ""},
    {"threads", Kind::Setting, Param::Algorithm, "N", ""},
    {"json", Kind::Json, Param::Algorithm, "", ""},
    {"csv", Kind::Output, Param::Algorithm, "FILE", ""},
    {"png", Kind::Output, Param::Algorithm, "FILE", ""},
    {"help", Kind::Help, Param::Algorithm, "", ""},
    {"events", Kind::Refused, Param::Algorithm, "", kNotForSweep},
    {"transactions", Kind::Refused, Param::Algorithm, "", kNotForSweep},
    {"svg", Kind::Refused, Param::Algorithm, "", kNotForSweep},
    {"pcap", Kind::Refused, Param::Algorithm, "", kNotForSweep},
    {"tsg", Kind::Refused, Param::Algorithm, "", kNotForSweep},
    {"tsg-flow", Kind::Refused, Param::Algorithm, "", kNotForSweep},
    {"size", Kind::Refused, Param::Algorithm, "", kDashboardFigureOnly},
    {"presentation", Kind::Refused, Param::Algorithm, "", kDashboardFigureOnly},
};

// The run options a sweep passes on to the base scenario.
std::vector<const Option*> passed_on_run_options() {
    std::vector<const Option*> out;
    for (const Option& o : run_options())
        if (!find_option(kSweepOptions, o.name)) out.push_back(&o);
    return out;
}

Grammar sweep_grammar() {
    Grammar g;
    g.command = "sweep";
    g.where = " for sweep";
    std::vector<const Option*> own, run = passed_on_run_options();
    for (const Option& o : kSweepOptions) {
        g.options.push_back(&o);
        if (o.kind != Kind::Refused) own.push_back(&o);
    }
    g.options.insert(g.options.end(), run.begin(), run.end());
    // Suggestions prefer the sweep's own options, and within each group
    // the options with a value (the order ties have always been broken in).
    for (std::vector<const Option*>* group : {&own, &run}) {
        std::stable_partition(group->begin(), group->end(), [](const Option* o) { return takes_value(o->kind); });
        for (const Option* o : *group) g.suggest.push_back(o->name);
    }
    g.missing_value = [](const Option& o) {
        return "--" + std::string(o.name) + ": missing value (see inflight sweep --help)";
    };
    return g;
}

std::string param_names(const char* last_separator) {
    std::string out;
    for (std::size_t i = 0; i < std::size(kAllSweepParams); ++i) {
        if (i > 0) out += i + 1 == std::size(kAllSweepParams) ? last_separator : ", ";
        out += to_string(kAllSweepParams[i]);
    }
    return out;
}

// --from / --to in the units of the swept parameter's run option.
Parsed<double> parse_end(SweepParam p, const std::string& text, const std::string& name) {
    return parse_param_number(scenario_param(p), text, name);
}

std::optional<std::vector<Algorithm>> parse_algorithms(const std::string& text, std::string* error) {
    std::vector<Algorithm> out;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string name = text.substr(start, comma - start);
        const auto a = algorithm_from_string(name);
        if (!a) {
            *error = "--algo: '" + name + "' in '" + text +
                     "' is not an algorithm; use a comma-separated list of reno, cubic, bbr";
            return std::nullopt;
        }
        out.push_back(*a);
        start = comma + 1;
    }
    return out;
}

// `words` joined by spaces into lines of at most `width` characters.
std::string wrap(const std::vector<std::string>& words, std::size_t width) {
    std::string out, line;
    for (const std::string& w : words) {
        if (!line.empty() && line.size() + 1 + w.size() > width) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + w;
    }
    return out + line + "\n";
}

// "Every other parameter comes from the run options (--bandwidth, ...)".
std::string passed_on_help() {
    std::vector<std::string> options;
    for (const Option* o : passed_on_run_options())
        if (o->kind != Kind::SwitchOff)  // --no-pacing: the other side of --pacing
            options.push_back("--" + std::string(o->name) + (o->kind == Kind::Scenario ? " FILE" : ""));
    std::vector<std::string> words = {"Every", "other", "parameter", "comes", "from", "the", "run", "options"};
    for (std::size_t i = 0; i < options.size(); ++i) {
        const std::string text = (i == 0 ? "(" : "") + options[i] + (i + 1 == options.size() ? ");" : ",");
        for (std::size_t start = 0; start < text.size();) {  // "--scenario FILE" is two words
            const std::size_t space = std::min(text.find(' ', start), text.size());
            words.push_back(text.substr(start, space - start));
            start = space + 1;
        }
    }
    for (const char* w : {"see", "inflight", "--help."}) words.push_back(w);
    return wrap(words, 80);
}

ParseResult fail(std::string* error, std::string message) {
    *error = std::move(message);
    return ParseResult::Error;
}

}  // namespace

ParseResult parse_sweep_options(const std::vector<std::string>& args, SweepRequest& out, std::string* error) {
    std::map<std::string, std::string> settings;  // --param loss, --from 1e-5, ...
    std::vector<Given> run_given;                  // for the base scenario
    const ParseResult read = read_options(args, sweep_grammar(), [&](Given g) -> std::optional<std::string> {
        const std::string name = g.option->name;
        switch (g.option->kind) {
            case Kind::Setting:
                // A sweep's own setting twice ("--param loss ... --param rtt") would
                // leave the last one, read against the first one's range.
                if (const auto was = settings.find(name); was != settings.end())
                    return "--" + name + ": given twice ('" + was->second + "', then '" + g.value +
                           "'); give it once";
                settings[name] = g.value;
                break;
            case Kind::Json: out.json = true; break;
            case Kind::Output:
                if (auto err = picture_name_error(name, g.value)) return err;
                if (auto err = output_path_error(name, g.value, name == "csv")) return err;
                (name == "csv" ? out.csv_path : out.png_path) = g.value;
                break;
            default: run_given.push_back(std::move(g)); break;
        }
        return std::nullopt;
    }, error);
    if (read != ParseResult::Ok) return read;
    const auto setting = [&](const char* name) -> const std::string* {
        const auto it = settings.find(name);
        return it == settings.end() ? nullptr : &it->second;
    };

    // The parameter, then its range in its own units.
    const std::string* param_text = setting("param");
    if (!param_text) return fail(error, "--param: missing; use --param " + param_names(", "));
    const auto param = sweep_param_from_string(*param_text);
    if (!param)
        return fail(error, "--param: '" + *param_text + "' is not a parameter a sweep can take; use one of " +
                               param_names(", "));
    out.spec.param = *param;
    const std::string param_name = to_string(*param);
    for (const Given& g : run_given)
        if (g.option->name == param_name)
            return fail(error, "--" + param_name + ": is the swept parameter (--param " + param_name +
                                   "); give its range with --from and --to instead");
    const std::string* from_text = setting("from");
    const std::string* to_text = setting("to");
    if (!from_text) return fail(error, "--from: missing; give the start of the " + param_name + " range");
    if (!to_text) return fail(error, "--to: missing; give the end of the " + param_name + " range");
    const Parsed<double> from = parse_end(*param, *from_text, "--from");
    if (!from) return fail(error, from.error);
    const Parsed<double> to = parse_end(*param, *to_text, "--to");
    if (!to) return fail(error, to.error);
    out.spec.from = from.value;
    out.spec.to = to.value;

    if (const std::string* points_text = setting("points")) {
        const Parsed<std::uint64_t> n = parse_unsigned(*points_text, "--points");
        // The unsigned reader's hint names its own range (0 to 2^64 - 1): say the sweep's.
        if (!n)
            return fail(error, "--points: '" + *points_text + "' is not a whole number; use one from " +
                                   std::to_string(kMinSweepPoints) + " to " + std::to_string(kMaxSweepPoints));
        const long long points = static_cast<long long>(std::min<std::uint64_t>(n.value, LLONG_MAX));
        if (auto err = validate_sweep_points(points, *points_text)) return fail(error, *err);
        out.spec.points = static_cast<int>(points);
    }
    if (const std::string* threads_text = setting("threads")) {
        const Parsed<std::uint64_t> n = parse_unsigned(*threads_text, "--threads");
        if (!n)
            return fail(error, "--threads: '" + *threads_text + "' is not a whole number; use one from 1 to " +
                                   std::to_string(kMaxThreads));
        if (n.value < 1 || n.value > kMaxThreads)
            return fail(error, "--threads: " + *threads_text + " is out of range; allowed 1 – " +
                                   std::to_string(kMaxThreads));
        out.threads = static_cast<unsigned>(n.value);
    }
    if (const std::string* algo_text = setting("algo")) {
        const auto algorithms = parse_algorithms(*algo_text, error);
        if (!algorithms) return ParseResult::Error;
        out.spec.algorithms = *algorithms;
    }

    // Everything else is the base scenario, read as `inflight run` reads it.
    if (auto err = scenario_from_options(run_given, out.spec.base)) return fail(error, *err);
    // With flows, one series unless --algo lists more: each algorithm is
    // then the default of the flows that name none.
    if (!setting("algo") && !out.spec.base.flows.empty()) out.spec.algorithms = {out.spec.base.algorithm};
    const std::string scenario_file = scenario_file_given(run_given);
    if (auto err = standard_output_error({{"--csv", &out.csv_path}}, out.json)) return fail(error, *err);
    if (auto err = same_file_error({{"--scenario", &scenario_file, true}, {"--csv", &out.csv_path}, {"--png", &out.png_path}}))
        return fail(error, *err);
    if (auto err = validate_sweep(out.spec)) return fail(error, *err);
    return ParseResult::Ok;
}

std::string sweep_help_text() {
    const std::string points = std::to_string(kMinSweepPoints) + " - " + std::to_string(kMaxSweepPoints);
    return "Usage: inflight sweep --param PARAM --from VALUE --to VALUE [options]\n"
           "\n"
           "Runs the model at log-spaced values of one parameter, for one or several\n"
           "algorithms, on every core, and prints the steady-state throughput and mean\n"
           "RTT at each point with the theory curve; for loss sweeps, also the fitted\n"
           "exponent k and constant c of throughput = c * p^k per algorithm.\n"
           "\n"
           "  --param PARAM             " + param_names(" or ") + "\n"
           "  --from VALUE, --to VALUE  the range, in the units of the parameter's run\n"
           "                            option (e.g. --from 1e-5 --to 1%, --from 10ms --to 1s);\n"
           "                            from < to, both within the parameter's range\n"
           "  --points N                " + points + " points, log-spaced, ends included (default " +
           std::to_string(SweepSpec{}.points) + ")\n"
           "  --algo LIST               comma-separated reno,cubic,bbr (default all three; with\n"
           "                            --flow: one series, each flow's own algo)\n"
           "  --threads N               worker threads, 1 - " + std::to_string(kMaxThreads) +
           " (default: one per core)\n"
           "  --json                    print one JSON object instead of the table\n"
           "  --csv FILE                write one row per point and algorithm ('-': on standard\n"
           "                            output, in place of the table)\n"
           "  --png FILE                render the sweep plot (needs the window library)\n"
           "\n" + passed_on_help() +
           "\n"
           "With --flow (repeatable, as for run) the table, JSON and CSV give each flow's\n"
           "throughput and share at every point.\n"
           "\n"
           "Example: inflight sweep --param loss --from 1e-5 --to 1e-2 --points 13 --algo reno,cubic,bbr\n"
           "         inflight sweep --param buffer --from 20ms --to 640ms --points 6 --flow cubic --flow bbr\n";
}

int execute_sweep(const SweepRequest& req, const Io& io, const SweepRenderer& render) {
    if (!req.png_path.empty() && !render)
        return cannot_render(io, "--png",
                             std::string("a sweep plot needs the window library, and this build has none ") +
                                 kNoWindowBuild + "; use --csv FILE and plot the data");
    const auto result = run_guarded<SweepResult>(io, "the sweep", [&](const std::atomic<bool>* cancel) {
        SweepControl control;
        control.cancel = cancel;
        control.threads = req.threads;
        return run_sweep(req.spec, control);
    });
    if (!result) return kExitFailure;

    Outputs outputs(io);
    if (!is_standard_output(req.csv_path))  // else the CSV on standard output takes the table's place
        outputs.print(req.json ? sweep_json_text(*result) : sweep_table_text(*result));
    outputs.write("--csv", req.csv_path, [&] { return sweep_csv(*result); });
    if (!req.png_path.empty())
        outputs.render("--png", [&](std::string* error) { return render(*result, req.png_path, error); });
    return outputs.exit_code();
}

int sweep_main(const std::vector<std::string>& args, const Io& io, const Frontends& frontends) {
    return parse_then_execute<SweepRequest>(args, io, parse_sweep_options, sweep_help_text,
                                            [&](const SweepRequest& req) {
                                                return execute_sweep(req, io, frontends.render_sweep);
                                            });
}

}  // namespace inflight::cli
