// --pcap FILE of `inflight run` and `inflight kernel`: the capture file is
// opened before anything runs (an unwritable place is one line and nothing
// runs), filled while the run goes on, and put in place after it (or
// removed when the run failed or was cancelled). A capture stopped by its
// size cap is kept with a one-line warning.
#pragma once

#include <memory>
#include <string>

#include "app/capture/pcap_file_writer.h"
#include "app/cli/io.h"

namespace inflight::cli {

// Opens `path`; on failure prints "inflight: --pcap: cannot write ..." and
// returns null.
std::unique_ptr<capture::PcapFileWriter> open_pcap(const std::string& path, const Io& io);

// Puts the capture in place; prints one line and returns false when that
// failed; warns when the cap stopped it.
bool finish_pcap(capture::PcapFileWriter& writer, const Io& io);

}  // namespace inflight::cli
