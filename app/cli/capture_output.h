// What `inflight capture` prints and writes: a readable summary, run's JSON
// keys (figures a capture cannot give are null, and `absent` says why) with
// the capture's own (engine "capture", the stream, duplicate ACKs, the
// largest flight and advertised window), and the trace as CSV.
#pragma once

#include <string>
#include <vector>

#include "app/capture/path_estimate.h"
#include "app/capture/stream_analysis.h"

namespace inflight::cli {

std::string capture_summary_text(const capture::CaptureAnalysis& a, const std::string& path);
std::string capture_json_text(const capture::CaptureAnalysis& a, const std::string& path);
std::string capture_trace_csv(const capture::CaptureAnalysis& a, const std::string& path);

// --model: the path estimate in words, each adjustment and note, and the
// `inflight run` options that model it (only the path's: bandwidth, RTT,
// loss, receive window, segment size, duration; the algorithm and the
// rest stay the user's choice).
std::string path_options_text(const Scenario& s);
std::string path_model_text(const capture::PathEstimate& e, const Scenario& s,
                            const std::vector<std::string>& adjusted);
// The same as a JSON object (the `path_estimate` key of --json --model).
std::string capture_json_with_model(const std::string& json, const capture::PathEstimate& e, const Scenario& s);

}  // namespace inflight::cli
