// What `inflight capture` prints and writes: a readable summary, run's JSON
// keys (figures a capture cannot give are null, and `absent` says why) with
// the capture's own (engine "capture", the stream, duplicate ACKs, the
// largest flight and advertised window), and the trace as CSV.
#pragma once

#include <string>

#include "app/capture/stream_analysis.h"

namespace inflight::cli {

std::string capture_summary_text(const capture::CaptureAnalysis& a, const std::string& path);
std::string capture_json_text(const capture::CaptureAnalysis& a, const std::string& path);
std::string capture_trace_csv(const capture::CaptureAnalysis& a, const std::string& path);

}  // namespace inflight::cli
