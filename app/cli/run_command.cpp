// Reading and carrying out `inflight run` (run_command.h).
#include "app/cli/run_command.h"

#include "app/cli/commands.h"
#include "app/formats/csv_export.h"
#include "app/cli/figure_options.h"
#include "app/cli/help.h"
#include "app/formats/json_output.h"
#include "app/capture/model_capture.h"
#include "app/capture/packet_tee.h"
#include "app/capture/time_sequence.h"
#include <algorithm>
#include <charconv>
#include <vector>
#include "model/core/flow_spec.h"
#include "app/cli/pcap_output.h"
#include "model/engine/run.h"
#include "app/cli/run_print_write.h"
#include "app/cli/scenario_options.h"
#include "app/cli/summary_text.h"
#include "app/cli/tsg_title.h"

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
         : option == "png" ? &req.png_path : option == "pcap" ? &req.pcap_path
         : option == "tsg" ? &req.tsg_path : &req.svg_path;
}

// The outputs whose text may go to standard output ("-").
bool is_text_output(std::string_view option) {
    return option == "csv" || option == "events" || option == "transactions";
}

// Those outputs of a request, by option.
std::vector<NamedFile> text_outputs(const RunRequest& req) {
    return {{"--csv", &req.csv_path}, {"--events", &req.events_path}, {"--transactions", &req.transactions_path}};
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
    bool tsg_flow_given = false;
    const auto json_and_outputs = [&](const Given& g) -> std::optional<std::string> {
        if (g.option->kind == Kind::Json) req.json = true;
        if (g.option->kind == Kind::Setting && std::string_view(g.option->name) == "tsg-flow") {
            int n = 0;
            const auto [end, ec] = std::from_chars(g.value.data(), g.value.data() + g.value.size(), n);
            if (ec != std::errc() || end != g.value.data() + g.value.size() || n < 1)
                return "--tsg-flow: '" + g.value + "' is not a flow number; use a whole number from 1 (flow 1 is the first)";
            req.tsg_flow = n;
            tsg_flow_given = true;
            return std::nullopt;
        }
        if (g.option->kind == Kind::Output && std::string_view(g.option->name) == "tsg" &&
            !ends_with(g.value, ".png") && !ends_with(g.value, ".svg"))
            return "--tsg: '" + g.value + "' is neither a .png nor a .svg file; the name's ending chooses the format";
        if (g.option->kind == Kind::Figure || g.option->kind == Kind::FigureSwitch) {
            figure_option = g.option;
            if (g.option->kind == Kind::FigureSwitch) req.figure.presentation = true;
            else return parse_figure_size(g.value, req.figure);
        }
        if (g.option->kind != Kind::Output) return std::nullopt;
        if (auto err = picture_name_error(g.option->name, g.value)) return err;
        if (auto err = output_path_error(g.option->name, g.value, is_text_output(g.option->name))) return err;
        *output_path(req, g.option->name) = g.value;
        return std::nullopt;
    };
    if (auto err = scenario_from_options(given, req.scenario, json_and_outputs)) {
        *error = *err;
        return ParseResult::Error;
    }

    if (figure_option && req.png_path.empty() && req.svg_path.empty() && req.tsg_path.empty()) {
        *error = "--" + std::string(figure_option->name) +
                 ": sets how the picture is drawn; give --png FILE or --svg FILE too (or --tsg FILE)";
        return ParseResult::Error;
    }
    if (tsg_flow_given && req.tsg_path.empty()) {
        *error = "--tsg-flow: says which flow --tsg draws; give --tsg FILE too";
        return ParseResult::Error;
    }
    if (!req.tsg_path.empty()) {
        const std::vector<ResolvedFlow> flows = resolve_flows(req.scenario);
        if (static_cast<std::size_t>(req.tsg_flow) > flows.size()) {
            *error = "--tsg-flow: " + std::to_string(req.tsg_flow) + " is not a flow of this run; it has " +
                     (flows.size() == 1 ? std::string("one flow (1)") : "flows 1 to " + std::to_string(flows.size()));
            return ParseResult::Error;
        }
        if (flows[static_cast<std::size_t>(req.tsg_flow - 1)].kind != FlowKind::Tcp) {
            *error = "--tsg-flow: flow " + std::to_string(req.tsg_flow) +
                     " is a ping, which has no sequence numbers; choose a TCP flow";
            return ParseResult::Error;
        }
    }

    if (auto err = standard_output_error(text_outputs(req), req.json)) {
        *error = *err;
        return ParseResult::Error;
    }
    // Two outputs into one file would leave only the last; one into the
    // scenario file read would destroy it.
    const std::string scenario_file = scenario_file_given(given);
    if (auto err = same_file_error({{"--scenario", &scenario_file, true},
                                    {"--csv", &req.csv_path},
                                    {"--events", &req.events_path},
                                    {"--transactions", &req.transactions_path},
                                    {"--png", &req.png_path},
                                    {"--svg", &req.svg_path},
                                    {"--pcap", &req.pcap_path},
                                    {"--tsg", &req.tsg_path}})) {
        *error = *err;
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
    // A text output on standard output ("-") takes the summary's place.
    const std::vector<NamedFile> texts = text_outputs(req);
    if (std::none_of(texts.begin(), texts.end(), [](const NamedFile& f) { return is_standard_output(*f.path); }))
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

int execute_run(const RunRequest& req, const Io& io, const DashboardRenderer& render,
                const TimeSequenceRenderer& render_tsg) {
    if (auto refused = refuse_unrenderable(req, io, render)) return *refused;
    if (!req.tsg_path.empty() && !render_tsg)
        return cannot_render(io, "--tsg", std::string("this build has no window to render ") + kNoWindowBuild +
                                              "; use --pcap and read it in Wireshark");
    std::unique_ptr<capture::PcapFileWriter> pcap;
    std::optional<capture::ModelCapture> tap;
    if (!req.pcap_path.empty()) {
        pcap = open_pcap(req.pcap_path, io);
        if (!pcap) return kExitFailure;
        tap.emplace(*pcap, req.scenario);
    }
    std::optional<capture::TimeSequenceTap> tsg;
    if (!req.tsg_path.empty()) tsg.emplace(static_cast<std::uint16_t>(req.tsg_flow - 1));
    std::optional<capture::PacketTee> both;
    if (tap && tsg) both.emplace(*tap, *tsg);
    const auto result = run_guarded<RunResult>(io, "the run", [&](const std::atomic<bool>* cancel) {
        RunControl control;
        control.cancel = cancel;
        if (both) control.tap = &*both;
        else if (tap) control.tap = &*tap;
        else if (tsg) control.tap = &*tsg;
        return run_scenario(req.scenario, control);
    });
    if (!result) return kExitFailure;  // the capture's temporary file goes with it
    bool pcap_ok = true;
    if (tap) {
        tap->flush();
        pcap_ok = finish_pcap(*pcap, io);
    }
    int code = print_and_write(req, *result, req.json ? result_json_text(*result) : summary_text(*result), {},
                               io, render);
    if (tsg) {
        const std::string title = tsg_title(resolve_flow(req.scenario, static_cast<std::size_t>(req.tsg_flow - 1)), "");
        Outputs tsg_out(io);
        tsg_out.render("--tsg", [&](std::string* error) {
            return render_tsg(tsg->graph(), title, &req.scenario, std::string(), req.tsg_path, req.figure, error);
        });
        if (tsg_out.exit_code() != kExitOk) code = tsg_out.exit_code();
    }
    return pcap_ok ? code : kExitFailure;
}

int run_main(const std::vector<std::string>& args, const Io& io, const Frontends& frontends) {
    const auto parse = [](const std::vector<std::string>& a, RunRequest& req, std::string* error) {
        return parse_run_options(a, req, error);
    };
    return parse_then_execute<RunRequest>(args, io, parse, help_text, [&](const RunRequest& req) {
        return execute_run(req, io, frontends.render_dashboard, frontends.render_time_sequence);
    });
}

}  // namespace inflight::cli
