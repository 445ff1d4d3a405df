// Which TCP ran, in words: the stack and the Linux details that differ from
// it, for the summary's scenario line, the compare table and the window; and
// the one line that tells a student a BBR flow ran unpaced (the textbook's
// BBR) and how to pace it.
#pragma once

#include <string>
#include <vector>

#include "model/core/flow_spec.h"
#include "model/core/scenario.h"

namespace inflight {

// "textbook", "linux", "textbook + HyStart", "linux without PRR",
// "linux, SO_RCVBUF 256 KiB".
std::string stack_words(const Scenario& s);

// The details in force (TcpDetails, resolved for a flow) as short names:
// {"BBR pacing", "HyStart", "delayed ACKs", ...}, SO_RCVBUF last when set;
// with in_force false, the ones left out (what the kernel has and the
// model then lacks; autotuning is not, where SO_RCVBUF is set: Linux does
// not autotune a socket whose buffer it locked).
std::vector<std::string> detail_names(const TcpDetails& d, bool in_force = true);

// Where a note is read: the command line names options, the window names controls.
enum class Audience { CommandLine, Window };

// One line when a BBR flow of `flows` runs unpaced, the textbook's BBR
// ("BBR ran unpaced, as the textbook draws it; Linux paces BBR itself:
// --stack linux or --bbr-pacing on"), or "".
std::string unpaced_bbr_note(const std::vector<ResolvedFlow>& flows, Audience audience);

}  // namespace inflight
