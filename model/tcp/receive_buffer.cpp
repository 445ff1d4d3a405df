// Linux's receive buffer: SO_RCVBUF and autotuning (receive_buffer.h).
#include "model/tcp/receive_buffer.h"

#include <algorithm>

#include "model/core/flow_spec.h"

namespace inflight {

ReceiveBuffer::Config ReceiveBuffer::config_for(const TcpDetails& tcp, std::uint32_t mss_bytes) {
    Config c;
    c.enabled = tcp.autotuning || tcp.rcvbuf_bytes != 0;
    c.autotuning = tcp.autotuning && tcp.rcvbuf_bytes == 0;
    c.so_rcvbuf = tcp.rcvbuf_bytes;
    c.mss_bytes = mss_bytes;
    return c;
}

std::uint64_t ReceiveBuffer::largest_window(const ResolvedFlow& flow) {
    if (flow.tcp.rcvbuf_bytes != 0) return std::min(flow.rwnd_bytes, locked_window(flow.tcp.rcvbuf_bytes));
    if (flow.tcp.autotuning) return std::min(flow.rwnd_bytes, autotuned_max_window());
    return flow.rwnd_bytes;
}

std::uint64_t ReceiveBuffer::so_rcvbuf_buffer(std::uint64_t n, const Sysctls& s) {
    return std::max(2 * std::min(n, s.core_rmem_max), kMinRcvbuf);
}

ReceiveBuffer::ReceiveBuffer(const Config& c)
    : cfg_(c),
      locked_(c.so_rcvbuf != 0 || !c.autotuning),
      buffer_(c.so_rcvbuf != 0 ? so_rcvbuf_buffer(c.so_rcvbuf, c.sysctls) : c.sysctls.rmem_default),
      window_(window_from_space(buffer_, c.scaling_ratio)),
      // tcp_init_buffer_space: min(rcv_ssthresh, rcv_wnd, TCP_INIT_CWND × advmss)
      space_(std::min<std::uint64_t>(window_, std::uint64_t{kInitialSpacePackets} * c.mss_bytes)) {}

bool ReceiveBuffer::on_read(TimePs now, std::uint64_t read_total, TimePs rtt) {
    if (measure_time_ < 0) {  // the first data: the first measure starts
        measure_time_ = now;
        measure_seq_ = 0;
        return false;
    }
    if (rtt <= 0 || now - measure_time_ < rtt) return false;  // once per receiver RTT
    const std::uint64_t copied = read_total - measure_seq_;
    measure_seq_ = read_total;
    measure_time_ = now;
    if (copied <= space_) return false;
    const std::uint64_t old_space = space_;
    space_ = copied;
    if (locked_) return false;
    std::uint64_t rcvwin = 2 * copied;  // "DRS is always one RTT late"
    if (cfg_.grow_for_slow_start) rcvwin += 2 * (rcvwin * (copied - old_space) / old_space);
    const std::uint64_t grown = std::min(space_from_window(rcvwin, cfg_.scaling_ratio), cfg_.sysctls.rmem_max);
    if (grown <= buffer_) return false;
    buffer_ = grown;
    window_ = window_from_space(buffer_, cfg_.scaling_ratio);
    return true;
}

}  // namespace inflight
