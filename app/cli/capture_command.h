// `inflight capture FILE [--stream N] [--json] [--csv FILE] [--tsg FILE] [--model]`: a packet
// capture (pcap or pcapng) read from its sender's side into the same trace
// and summary a run has (app/capture/stream_analysis.h), printed as a
// summary or as run's JSON keys, the trace written as CSV; --model adds
// the path under it (path_estimate.h) as `inflight run` options. A file that is
// not a capture, is cut short, has no TCP or only one direction of it is
// one line naming the problem, exit 1; a bad option is exit 2.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/cli/frontends.h"
#include "app/cli/io.h"
#include "app/cli/read_options.h"

namespace inflight::cli {

struct CaptureRequest {
    std::string path;
    std::optional<int> stream;  // tshark's tcp.stream number; none: the one with the most data
    bool json = false;
    bool model = false;    // --model: estimate the path and print it as inflight run options
    std::string csv_path;
    std::string tsg_path;  // --tsg: the stream's time-sequence graph (PNG, or SVG for .svg)
    FigureRequest figure;  // --size, --presentation: how it is drawn
};

std::string capture_help_text();
ParseResult parse_capture_options(const std::vector<std::string>& args, CaptureRequest& out, std::string* error);
int execute_capture(const CaptureRequest& request, const Io& io, const TimeSequenceRenderer& render_tsg = {});
int capture_main(const std::vector<std::string>& args, const Io& io, const Frontends& frontends);

}  // namespace inflight::cli
