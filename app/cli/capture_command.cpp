// Reading and carrying out `inflight capture` (capture_command.h).
#include "app/cli/capture_command.h"

#include <charconv>

#include "app/capture/capture_reader.h"
#include "app/capture/path_estimate.h"
#include "app/capture/stream_analysis.h"
#include "app/capture/time_sequence.h"
#include "app/cli/figure_options.h"
#include "app/cli/capture_output.h"
#include "app/cli/commands.h"
#include "app/cli/run_print_write.h"

namespace inflight::cli {

std::string capture_help_text() {
    return "Usage: inflight capture FILE [--stream N] [--json] [--csv FILE] [--tsg FILE] [--model]\n"
           "\n"
           "Reads a packet capture (pcap or pcapng; Ethernet, raw IP or Linux cooked) and measures one\n"
           "TCP stream from its sender's side: goodput, bytes in flight, RTT samples (ACKs of\n"
           "never-retransmitted data), retransmissions, duplicate ACKs, the advertised window and\n"
           "whether rwnd or cwnd bound. The stream is the one carrying the most data, unless --stream\n"
           "names one (numbered as Wireshark's tcp.stream). Captures written by inflight run --pcap and\n"
           "inflight kernel --pcap read as any other.\n"
           "\n"
           "Options:\n"
           "  --stream N              the TCP stream to measure (tshark's tcp.stream number)\n"
           "  --json                  print one JSON object with inflight run's keys (null where a\n"
           "                          capture has no figure; `absent` says why)\n"
           "  --csv FILE              write the trace, one row per time bucket ('-': on standard\n"
           "                          output, in place of the summary)\n"
           "  --tsg FILE              draw the stream's time-sequence graph (Stevens / tcptrace): data\n"
           "                          segments, retransmissions, SACK blocks, the ACK and window lines;\n"
           "                          PNG, or SVG for a .svg name\n"
           "  --model                 estimate the path under the stream and print it as inflight run\n"
           "                          options: bandwidth = the peak delivery rate over eight minimum RTTs,\n"
           "                          RTT = the minimum RTT less one segment's transmission, loss =\n"
           "                          retransmitted / sent segments (as random loss), rwnd = the largest\n"
           "                          advertised window, the stream's MSS and duration (with --json: a\n"
           "                          path_estimate object)\n"
           "  --size WxH              the --tsg figure's size in pixels, 960x540 - 7680x4320 (default 1920x1080)\n"
           "  --presentation          the --tsg figure in the presentation look\n"
           "  --help                  show this help\n"
           "\n"
           "Exit status: 0 ok, 1 the file cannot be read or measured (one line says why), 2 bad option.\n";
}

ParseResult parse_capture_options(const std::vector<std::string>& args, CaptureRequest& out, std::string* error) {
    std::string figure_given;  // --size or --presentation, which need --tsg
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string a = args[i];
        std::string value;
        bool has_value = false;
        if (a.rfind("--", 0) == 0 && a.find('=') != std::string::npos) {
            value = a.substr(a.find('=') + 1);
            a = a.substr(0, a.find('='));
            has_value = true;
        }
        const auto next = [&](const char* what) -> bool {
            if (has_value) return true;
            if (i + 1 >= args.size()) {
                *error = a + ": missing value; use " + a + " " + what;
                return false;
            }
            value = args[++i];
            return true;
        };
        if (a == "--help" || a == "-h") return ParseResult::Help;
        if (a == "--json") {
            out.json = true;
        } else if (a == "--model") {
            out.model = true;
        } else if (a == "--stream") {
            if (!next("N")) return ParseResult::Error;
            int n = -1;
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
            if (ec != std::errc() || end != value.data() + value.size() || n < 0) {
                *error = "--stream: '" + value + "' is not a stream number; use a whole number from 0 (tshark's tcp.stream)";
                return ParseResult::Error;
            }
            out.stream = n;
        } else if (a == "--csv") {
            if (!next("FILE")) return ParseResult::Error;
            if (auto e = output_path_error("csv", value, true)) {
                *error = *e;
                return ParseResult::Error;
            }
            out.csv_path = value;
        } else if (a == "--tsg") {
            if (!next("FILE")) return ParseResult::Error;
            if (auto e = output_path_error("tsg", value, false)) {
                *error = *e;
                return ParseResult::Error;
            }
            if (!ends_with(value, ".png") && !ends_with(value, ".svg")) {
                *error = "--tsg: '" + value + "' is neither a .png nor a .svg file; the name's ending chooses the format";
                return ParseResult::Error;
            }
            out.tsg_path = value;
        } else if (a == "--size") {
            if (!next("WxH")) return ParseResult::Error;
            if (auto e = parse_figure_size(value, out.figure)) {
                *error = *e;
                return ParseResult::Error;
            }
            figure_given = "--size";
        } else if (a == "--presentation") {
            out.figure.presentation = true;
            figure_given = "--presentation";
        } else if (a.rfind("-", 0) == 0 && a.size() > 1) {
            *error = "unknown option '" + a +
                     "' for capture; its options are --stream N, --json, --csv FILE, --tsg FILE, --model, --size WxH, --presentation";
            return ParseResult::Error;
        } else if (out.path.empty()) {
            out.path = a;
        } else {
            *error = "capture reads one file; '" + a + "' is a second (give --stream N to choose a stream)";
            return ParseResult::Error;
        }
    }
    if (out.path.empty()) {
        *error = "capture: which file? use inflight capture FILE (a pcap or pcapng file)";
        return ParseResult::Error;
    }
    if (!figure_given.empty() && out.tsg_path.empty()) {
        *error = figure_given + ": sets how the time-sequence graph is drawn; give --tsg FILE too";
        return ParseResult::Error;
    }
    if (auto err = standard_output_error({{"--csv", &out.csv_path}}, out.json)) {
        *error = *err;
        return ParseResult::Error;
    }
    if (auto err = same_file_error({{"capture", &out.path, true}, {"--csv", &out.csv_path}, {"--tsg", &out.tsg_path}})) {
        *error = *err;
        return ParseResult::Error;
    }
    return ParseResult::Ok;
}

int execute_capture(const CaptureRequest& req, const Io& io, const TimeSequenceRenderer& render_tsg) {
    std::string error;
    if (!req.tsg_path.empty() && !render_tsg)
        return cannot_render(io, "--tsg", std::string("this build has no window to render ") + kNoWindowBuild +
                                              "; open the capture in Wireshark (Statistics, TCP Stream Graphs)");
    const auto contents = capture::read_capture(req.path, &error);
    if (!contents) {
        io.err << "inflight: " << error << "\n";
        return kExitFailure;
    }
    const auto analysis = capture::analyze_capture(*contents, req.path, req.stream, &error);
    if (!analysis) {
        io.err << "inflight: " << error << "\n";
        return kExitFailure;
    }
    // The graph of the stream measured (the same one, by its number).
    std::optional<capture::TimeSequence> graph;
    if (!req.tsg_path.empty()) {
        graph = capture::time_sequence_of_capture(*contents, req.path, analysis->stream.index, &error);
        if (!graph) {
            io.err << "inflight: " << error << "\n";
            return kExitFailure;
        }
    }
    // --model: the path under the stream, as the model's options.
    std::optional<capture::PathEstimate> estimate;
    Scenario modelled;
    std::vector<std::string> adjusted;
    if (req.model) {
        estimate = capture::estimate_path(*contents, *analysis, &error);
        if (!estimate) {
            io.err << "inflight: --model: " << error << "\n";
            return kExitFailure;
        }
        modelled = capture::path_scenario(*estimate, Scenario{}, Limits::max_bandwidth_bps_cli, &adjusted);
    }
    Outputs outputs(io);
    const std::string summary = capture_summary_text(*analysis, req.path);
    if (is_standard_output(req.csv_path)) {
        // The CSV on standard output takes the summary's place.
    } else if (req.json) {
        const std::string json = capture_json_text(*analysis, req.path);
        outputs.print(estimate ? capture_json_with_model(json, *estimate, modelled) : json);
    } else {
        outputs.print(estimate ? summary + path_model_text(*estimate, modelled, adjusted) : summary);
    }
    outputs.write("--csv", req.csv_path, [&] { return capture_trace_csv(*analysis, req.path); });
    if (graph) {
        const std::string title = "Time-sequence graph of TCP stream " + std::to_string(graph->stream) + " of '" +
                                  req.path + "': " + graph->sender + " to " + graph->receiver;
        // The summary's first line (its hero number) under the graph.
        const std::string caption = summary.substr(0, summary.find('\n'));
        outputs.render("--tsg", [&](std::string* why) {
            return render_tsg(*graph, title, nullptr, caption, req.tsg_path, req.figure, why);
        });
    }
    return outputs.exit_code();
}

int capture_main(const std::vector<std::string>& args, const Io& io, const Frontends& frontends) {
    return parse_then_execute<CaptureRequest>(args, io, parse_capture_options, capture_help_text,
                                              [&](const CaptureRequest& req) {
                                                  return execute_capture(req, io, frontends.render_time_sequence);
                                              });
}

}  // namespace inflight::cli
