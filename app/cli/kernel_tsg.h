// `inflight kernel --tsg FILE`: the time–sequence graph of one flow's
// connection on the kernel, drawn from the packets the emulator forwarded.
// The run's capture (the --pcap file, or a temporary one removed after) is
// read back and the flow's stream picked by its port: the kernel gives
// flow i (from 0) its receiver port kPort + i, the emulator tells flows
// apart by it (app/kernel/transfer.h); a flow of finite transfers has a
// connection per transfer, and its first one is drawn, as run --tsg draws.
#pragma once

#include <optional>
#include <string>

#include "app/capture/time_sequence.h"

namespace inflight::cli {

// Flow `flow` (from 0) of the kernel capture at `pcap_path`; nothing and
// one line in *error when the file cannot be read or holds no data of it.
std::optional<capture::TimeSequence> kernel_time_sequence(const std::string& pcap_path, int flow,
                                                          std::string* error);

// A path for the run's capture when --pcap is not given: in the temporary
// folder, named for this process.
std::string kernel_tsg_temporary_pcap();

}  // namespace inflight::cli
