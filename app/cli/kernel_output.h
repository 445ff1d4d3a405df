// What `inflight kernel` prints and writes beyond `inflight run`: the same
// summary, JSON and CSV files, plus the kernel engine's facts (kernel
// version, MSS actually used, the pacing in force, the emulator's honesty)
// and what the kernel cannot give. Absent figures are JSON null and empty
// CSV cells, never invented numbers.
#pragma once

#include <QJsonObject>
#include <string>
#include <vector>

#include "app/formats/csv_export.h"
#include "app/kernel/kernel_run.h"
#include "model/core/result.h"

namespace inflight::cli {

// The figures a kernel run does not have as the model does, one line each
// ("field: why"): the engine's list plus the command line's own.
std::vector<std::string> kernel_absent(const kernel::KernelFacts& facts);

// run's JSON (json_output.h) with NaN figures as null, the pacing limit's
// share, packets_simulated, the queueing delays and settled null (the kernel
// engine does not give them), and
// engine "kernel", kernel_version, kernel_build, congestion_control,
// mtu_bytes, mss_bytes_used, segments_sent, pacing_in_force, window_scaling,
// emulator {...}, namespaces {...} and absent [...].
QJsonObject kernel_result_to_json(const RunResult& r, const kernel::KernelFacts& facts);
// Indented JSON text ending in a newline.
std::string kernel_result_json_text(const RunResult& r, const kernel::KernelFacts& facts);

// run's summary figures, then lines for the engine, the pacing, the
// emulator, the measurement, what is not measured, and warnings.
std::string kernel_summary_text(const RunResult& r, const kernel::KernelFacts& facts);

// The caption under --tsg's graph of flow `flow` (from 1): that flow's own
// line of the summary ("flow 2 (cubic): 6.79 Mbit/s, share 6.86%, ..."), or
// with one flow the summary's first line, then "— measured on this
// computer's kernel".
std::string kernel_tsg_caption(const RunResult& r, const kernel::KernelFacts& facts, int flow);

// The provenance of the kernel's CSV files: "engine = kernel", the kernel
// version and the facts, and `inflight kernel ...` as the reproduce line.
RunOrigin kernel_origin(const kernel::KernelFacts& facts);

// "kernel: 7 s of 20 s, delivering 6.5 Mbit/s": the progress line.
std::string kernel_progress_line(const kernel::KernelProgressView& view);

}  // namespace inflight::cli
