// The TCP_INFO / TCP_CC_INFO reader (see tcp_sample.h).
#include "app/kernel/tcp_sample.h"

#include <linux/inet_diag.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cstddef>
#include <limits>

namespace inflight::kernel {

namespace {
constexpr std::uint32_t kInfiniteSsthresh = 0x7fffffff;  // TCP_INFINITE_SSTHRESH (include/net/tcp.h)
constexpr double kUs = 1e-6;
constexpr double kNoFigure = std::numeric_limits<double>::quiet_NaN();
constexpr double kBbrUnit = 256.0;                       // BBR_UNIT: gains are scaled by 2^8
constexpr std::uint8_t kTcpSynSent = 2;                  // TCP_SYN_SENT (include/net/tcp_states.h)
}  // namespace

TcpSample read_tcp_sample(int fd, bool bbr) {
    TcpSample s;
    tcp_info ti{};
    socklen_t len = sizeof ti;
    if (fd < 0 || getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &len) != 0) return s;
    s.ok = true;
    s.ca_state = ti.tcpi_ca_state;
    s.mss_bytes = ti.tcpi_snd_mss;
    const double mss = ti.tcpi_snd_mss;
    s.cwnd_bytes = ti.tcpi_snd_cwnd * mss;
    s.ssthresh_bytes = ti.tcpi_snd_ssthresh >= kInfiniteSsthresh ? std::numeric_limits<double>::infinity()
                                                                 : ti.tcpi_snd_ssthresh * mss;
    const double in_flight = static_cast<double>(ti.tcpi_unacked) - ti.tcpi_sacked - ti.tcpi_lost + ti.tcpi_retrans;
    s.inflight_bytes = in_flight > 0 ? in_flight * mss : 0;
    // tcpi_snd_wnd (the peer's advertised window after scaling) came in
    // Linux 5.4, at the struct's end: an older kernel fills less of it, and
    // then there is no figure rather than a window of 0; nor is there one
    // while the SYN waits for its reply (the peer has offered nothing yet:
    // the model's NaN before the handshake ends).
    const bool has_snd_wnd = len >= offsetof(tcp_info, tcpi_snd_wnd) + sizeof ti.tcpi_snd_wnd;
    s.peer_window_bytes = has_snd_wnd && ti.tcpi_state != kTcpSynSent ? static_cast<double>(ti.tcpi_snd_wnd)
                                                                      : kNoFigure;
    // Before the first RTT sample Linux reports srtt 0 (with its initial
    // rttvar) and min_rtt ~0U: no figure yet, not 0 s or 4,295 s.
    const bool have_rtt = ti.tcpi_rtt > 0;
    s.srtt_s = have_rtt ? ti.tcpi_rtt * kUs : kNoFigure;
    s.rttvar_s = have_rtt ? ti.tcpi_rttvar * kUs : kNoFigure;
    s.min_rtt_s = ti.tcpi_min_rtt != ~0u ? ti.tcpi_min_rtt * kUs : kNoFigure;
    s.delivery_rate_bps = static_cast<double>(ti.tcpi_delivery_rate) * 8.0;
    s.pacing_rate_bps = ti.tcpi_pacing_rate == ~0ull ? std::numeric_limits<double>::infinity()
                                                     : static_cast<double>(ti.tcpi_pacing_rate) * 8.0;
    s.bytes_acked = ti.tcpi_bytes_acked;
    s.bytes_retrans = ti.tcpi_bytes_retrans;
    s.total_retrans = ti.tcpi_total_retrans;
    s.data_segs_out = ti.tcpi_data_segs_out;
    s.delivered = ti.tcpi_delivered;
    s.busy_s = static_cast<double>(ti.tcpi_busy_time) * kUs;
    s.rwnd_limited_s = static_cast<double>(ti.tcpi_rwnd_limited) * kUs;
    s.sndbuf_limited_s = static_cast<double>(ti.tcpi_sndbuf_limited) * kUs;
    s.app_limited = ti.tcpi_delivery_rate_app_limited != 0;  // in the struct's first bytes: always read
    if (bbr) {
        tcp_cc_info cc{};
        socklen_t cc_len = sizeof cc;
        if (getsockopt(fd, IPPROTO_TCP, TCP_CC_INFO, &cc, &cc_len) == 0 && cc_len >= sizeof(tcp_bbr_info)) {
            s.have_bbr = true;
            const std::uint64_t bw = (static_cast<std::uint64_t>(cc.bbr.bbr_bw_hi) << 32) | cc.bbr.bbr_bw_lo;
            s.bbr_bw_bps = static_cast<double>(bw) * 8.0;
            s.bbr_min_rtt_s = cc.bbr.bbr_min_rtt * kUs;
            s.bbr_pacing_gain = cc.bbr.bbr_pacing_gain / kBbrUnit;
            s.bbr_cwnd_gain = cc.bbr.bbr_cwnd_gain / kBbrUnit;
        }
    }
    return s;
}

}  // namespace inflight::kernel
