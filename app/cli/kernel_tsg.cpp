// The kernel run's time–sequence graph from its capture (kernel_tsg.h).
#include "app/cli/kernel_tsg.h"

#include <unistd.h>

#include <filesystem>

#include "app/capture/capture_reader.h"
#include "app/capture/tcp_streams.h"
#include "app/kernel/transfer.h"

namespace inflight::cli {

std::optional<capture::TimeSequence> kernel_time_sequence(const std::string& pcap_path, int flow, std::string* error) {
    const auto contents = capture::read_capture(pcap_path, error);
    if (!contents) return std::nullopt;
    const std::uint16_t port = static_cast<std::uint16_t>(kernel::kPort + flow);
    for (const capture::TcpStream& s : capture::tcp_streams(*contents)) {
        if (s.a_port != port && s.b_port != port) continue;
        if (s.payload_bytes() == 0) continue;
        return capture::time_sequence_of_capture(*contents, pcap_path, s.index, error);
    }
    *error = "the kernel run's capture holds no data of flow " + std::to_string(flow + 1) + " (port " +
             std::to_string(port) + ")";
    return std::nullopt;
}

std::string kernel_tsg_temporary_pcap() {
    std::error_code ec;
    std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
    if (ec) dir = "/tmp";
    return (dir / ("inflight-kernel-tsg-" + std::to_string(getpid()) + ".pcap")).string();
}

}  // namespace inflight::cli
