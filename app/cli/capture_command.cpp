// Reading and carrying out `inflight capture` (capture_command.h).
#include "app/cli/capture_command.h"

#include <charconv>

#include "app/capture/capture_reader.h"
#include "app/capture/stream_analysis.h"
#include "app/cli/capture_output.h"
#include "app/cli/commands.h"
#include "app/cli/run_print_write.h"
#include "app/formats/atomic_write.h"

namespace inflight::cli {

std::string capture_help_text() {
    return "Usage: inflight capture FILE [--stream N] [--json] [--csv FILE]\n"
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
           "  --csv FILE              write the trace, one row per time bucket\n"
           "  --help                  show this help\n"
           "\n"
           "Exit status: 0 ok, 1 the file cannot be read or measured (one line says why), 2 bad option.\n";
}

ParseResult parse_capture_options(const std::vector<std::string>& args, CaptureRequest& out, std::string* error) {
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
            if (auto e = check_output_path(value)) {
                *error = "--csv: " + *e;
                return ParseResult::Error;
            }
            out.csv_path = value;
        } else if (a.rfind("-", 0) == 0 && a.size() > 1) {
            *error = "unknown option '" + a + "' for capture; its options are --stream N, --json, --csv FILE";
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
    return ParseResult::Ok;
}

int execute_capture(const CaptureRequest& req, const Io& io) {
    std::string error;
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
    Outputs outputs(io);
    outputs.print(req.json ? capture_json_text(*analysis, req.path) : capture_summary_text(*analysis, req.path));
    outputs.write("--csv", req.csv_path, [&] { return capture_trace_csv(*analysis, req.path); });
    return outputs.exit_code();
}

int capture_main(const std::vector<std::string>& args, const Io& io, const Frontends&) {
    return parse_then_execute<CaptureRequest>(args, io, parse_capture_options, capture_help_text,
                                              [&](const CaptureRequest& req) { return execute_capture(req, io); });
}

}  // namespace inflight::cli
