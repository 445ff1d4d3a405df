// Opening and finishing --pcap's file (pcap_output.h).
#include "app/cli/pcap_output.h"

namespace inflight::cli {

std::unique_ptr<capture::PcapFileWriter> open_pcap(const std::string& path, const Io& io) {
    std::string error;
    auto w = capture::PcapFileWriter::open(path, {}, &error);
    if (!w) io.err << "inflight: --pcap: " << error << "\n";
    return w;
}

bool finish_pcap(capture::PcapFileWriter& writer, const Io& io) {
    if (writer.capped_at_s()) io.err << "inflight: --pcap: warning: " << capture::capped_words(writer) << "\n";
    if (auto error = writer.finish()) {
        io.err << "inflight: --pcap: " << *error << "\n";
        return false;
    }
    return true;
}

}  // namespace inflight::cli
