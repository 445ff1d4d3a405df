// The TCP_INFO sampler (every 10 ms during a run): one reading of the
// sender's socket, in SI units, as `ss -ti` shows it (iproute2's ss.c reads
// the same struct tcp_info, linux/tcp.h, through INET_DIAG). BBR's own
// estimates come from TCP_CC_INFO (struct tcp_bbr_info, linux/inet_diag.h):
// bw in bytes/s, min_rtt in µs, gains in 1/256 units (BBR_UNIT).
#pragma once

#include <cstdint>

namespace inflight::kernel {

struct TcpSample {
    bool ok = false;
    std::uint8_t ca_state = 0;        // TCP_CA_Open 0, Disorder 1, CWR 2, Recovery 3, Loss 4
    std::uint32_t mss_bytes = 0;      // tcpi_snd_mss
    double cwnd_bytes = 0;            // snd_cwnd · mss
    double ssthresh_bytes = 0;        // +inf while unset (TCP_INFINITE_SSTHRESH)
    double inflight_bytes = 0;        // (unacked − sacked − lost + retrans) · mss (tcp_packets_in_flight)
    double peer_window_bytes = 0;     // tcpi_snd_wnd: the receiver's advertised window (NaN in SYN_SENT, before Linux 5.4)
    double srtt_s = 0, rttvar_s = 0, min_rtt_s = 0;
    double delivery_rate_bps = 0, pacing_rate_bps = 0;  // +inf pacing: unlimited
    std::uint64_t bytes_acked = 0, bytes_retrans = 0;
    std::uint64_t total_retrans = 0;  // retransmitted segments, whole connection
    std::uint64_t data_segs_out = 0, delivered = 0;
    double busy_s = 0, rwnd_limited_s = 0, sndbuf_limited_s = 0;  // cumulative
    // The last delivery-rate sample was taken while the application left
    // the pipe unfilled (tcpi_delivery_rate_app_limited, tcp_rate.c's
    // tcp_rate_check_app_limited: less than an MSS unsent, in flight < cwnd).
    bool app_limited = false;
    bool have_bbr = false;
    double bbr_bw_bps = 0, bbr_min_rtt_s = 0, bbr_pacing_gain = 0, bbr_cwnd_gain = 0;
};

// Reads TCP_INFO (and TCP_CC_INFO when the algorithm is BBR) from `fd`.
TcpSample read_tcp_sample(int fd, bool bbr);

}  // namespace inflight::kernel
