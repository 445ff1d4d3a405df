// Reading and carrying out `inflight run` (run_command.h).
#include "app/cli/run_command.h"

#include "app/formats/atomic_write.h"
#include "app/cli/commands.h"
#include "app/formats/csv_export.h"
#include "app/cli/figure_options.h"
#include "app/cli/help.h"
#include "app/formats/json_output.h"
#include "app/capture/model_capture.h"
#include "app/cli/pcap_output.h"
#include "model/engine/run.h"
#include "app/cli/run_print_write.h"
#include "app/cli/scenario_options.h"
#include "app/cli/summary_text.h"

namespace inflight::cli {
namespace {

Grammar run_grammar(std::string_view command) {
    Grammar g;
    g.command = command;
    for (const Option& o : run_options()) {
        g.options.push_back(&o);
        g.suggest.push_back(o.name);
    }
    g.missing_value = [](const Option& o) {
        const std::string name = "--" + std::string(o.name);
        return name + ": missing value; use " + name + " " + o.value + " (" + option_help(o) + ")";
    };
    return g;
}

std::string* output_path(RunRequest& req, std::string_view option) {
    return option == "csv" ? &req.csv_path : option == "events" ? &req.events_path
         : option == "transactions" ? &req.transactions_path
         : option == "png" ? &req.png_path : option == "pcap" ? &req.pcap_path : &req.svg_path;
}

}  // namespace

ParseResult parse_run_options(const std::vector<std::string>& args, RunRequest& req, std::string* error,
                              std::string_view command) {
    std::vector<Given> given;
    const ParseResult read = read_options(args, run_grammar(command), [&](Given g) -> std::optional<std::string> {
        given.push_back(std::move(g));
        return std::nullopt;
    }, error);
    if (read != ParseResult::Ok) return read;

    const Option* figure_option = nullptr;  // --size or --presentation, which need a picture
    const auto json_and_outputs = [&](const Given& g) -> std::optional<std::string> {
        if (g.option->kind == Kind::Json) req.json = true;
        if (g.option->kind == Kind::Figure || g.option->kind == Kind::FigureSwitch) {
            figure_option = g.option;
            if (g.option->kind == Kind::FigureSwitch) req.figure.presentation = true;
            else return parse_figure_size(g.value, req.figure);
        }
        if (g.option->kind != Kind::Output) return std::nullopt;
        if (auto err = check_output_path(g.value)) return "--" + std::string(g.option->name) + ": " + *err;
        *output_path(req, g.option->name) = g.value;
        return std::nullopt;
    };
    if (auto err = scenario_from_options(given, req.scenario, json_and_outputs)) {
        *error = *err;
        return ParseResult::Error;
    }

    if (figure_option && req.png_path.empty() && req.svg_path.empty()) {
        *error = "--" + std::string(figure_option->name) +
                 ": sets how the picture is drawn; give --png FILE or --svg FILE too";
        return ParseResult::Error;
    }

    // Two outputs into one file would leave only the last.
    const std::pair<const char*, const std::string*> outputs[] = {
        {"--csv", &req.csv_path}, {"--events", &req.events_path}, {"--transactions", &req.transactions_path},
        {"--png", &req.png_path}, {"--svg", &req.svg_path}, {"--pcap", &req.pcap_path}};
    for (std::size_t a = 0; a < std::size(outputs); ++a)
        for (std::size_t b = a + 1; b < std::size(outputs); ++b)
            if (!outputs[a].second->empty() && *outputs[a].second == *outputs[b].second) {
                *error = std::string(outputs[b].first) + ": '" + *outputs[b].second +
                         "' is already the file for " + outputs[a].first + "; use another name";
                return ParseResult::Error;
            }
    return ParseResult::Ok;
}

std::optional<int> refuse_unrenderable(const RunRequest& req, const Io& io, const DashboardRenderer& render) {
    const bool wants_picture = !req.png_path.empty() || !req.svg_path.empty();
    if (!wants_picture || render) return std::nullopt;
    return cannot_render(io, req.png_path.empty() ? "--svg" : "--png",
                         std::string("this build has no window to render ") + kNoWindowBuild +
                             "; use --csv and --events for the data");
}

int print_and_write(const RunRequest& req, const RunResult& result, const std::string& text,
                    const RunOrigin& origin, const Io& io, const DashboardRenderer& render) {
    Outputs outputs(io);
    outputs.print(text);
    outputs.write("--csv", req.csv_path, [&] { return trace_csv(result, origin); });
    outputs.write("--events", req.events_path, [&] { return events_csv(result, origin); });
    outputs.write("--transactions", req.transactions_path, [&] { return transactions_csv(result, origin); });
    if (!req.png_path.empty() || !req.svg_path.empty())
        outputs.render(req.png_path.empty() ? "--svg" : "--png", [&](std::string* error) {
            return render(result, req.png_path, req.svg_path, req.figure, error);
        });
    return outputs.exit_code();
}

int execute_run(const RunRequest& req, const Io& io, const DashboardRenderer& render) {
    if (auto refused = refuse_unrenderable(req, io, render)) return *refused;
    std::unique_ptr<capture::PcapFileWriter> pcap;
    std::optional<capture::ModelCapture> tap;
    if (!req.pcap_path.empty()) {
        pcap = open_pcap(req.pcap_path, io);
        if (!pcap) return kExitFailure;
        tap.emplace(*pcap, req.scenario);
    }
    const auto result = run_guarded<RunResult>(io, "the run", [&](const std::atomic<bool>* cancel) {
        RunControl control;
        control.cancel = cancel;
        if (tap) control.tap = &*tap;
        return run_scenario(req.scenario, control);
    });
    if (!result) return kExitFailure;  // the capture's temporary file goes with it
    bool pcap_ok = true;
    if (tap) {
        tap->flush();
        pcap_ok = finish_pcap(*pcap, io);
    }
    const int code = print_and_write(req, *result, req.json ? result_json_text(*result) : summary_text(*result), {},
                                     io, render);
    return pcap_ok ? code : kExitFailure;
}

int run_main(const std::vector<std::string>& args, const Io& io, const Frontends& frontends) {
    const auto parse = [](const std::vector<std::string>& a, RunRequest& req, std::string* error) {
        return parse_run_options(a, req, error);
    };
    return parse_then_execute<RunRequest>(args, io, parse, help_text, [&](const RunRequest& req) {
        return execute_run(req, io, frontends.render_dashboard);
    });
}

}  // namespace inflight::cli
