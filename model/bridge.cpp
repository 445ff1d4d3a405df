#include "bridge.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "units.h"

namespace inflight {
namespace {

// Linux defaults (Documentation/networking/ip-sysctl.rst).
constexpr std::uint64_t kLinuxRmemMaxBytes = 6291456;  // net.ipv4.tcp_rmem[2]
constexpr std::uint64_t kLinuxWmemMaxBytes = 4194304;  // net.ipv4.tcp_wmem[2]
constexpr const char* kRmemLowDefault = "4096 131072";  // tcp_rmem[0..1], unchanged
constexpr const char* kWmemLowDefault = "4096 16384";   // tcp_wmem[0..1], unchanged
constexpr int kMaxWindowScale = 14;                     // RFC 7323 §2.3
constexpr std::uint64_t kUnscaledWindowMax = 65535;
constexpr int kTimestampOptionBytes = 12;  // what Linux's mss loses to TCP timestamps
constexpr int kIpTcpHeaderBytes = 40;
constexpr int kLinuxDefaultRcvMss = 536;   // a bulk sender never learns the peer's (RFC 1122)
constexpr double kBbrUnit = 256.0;         // tcp_bbr.c reports gains in 1/256 units

std::string printf_g(double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", x);
    return buf;
}

// ss.c's sprint_bw: "95.2M", "820.0K", "500".
std::string ss_bw(double bps) {
    char buf[64];
    if (bps > 1e6) std::snprintf(buf, sizeof buf, "%.1fM", bps / 1e6);
    else if (bps > 1e3) std::snprintf(buf, sizeof buf, "%.1fK", bps / 1e3);
    else std::snprintf(buf, sizeof buf, "%g", bps);
    return buf;
}

// A time as tcp_info carries it (whole µs), printed in ms as ss does.
std::string ss_ms(double s) { return printf_g(std::llround(s * 1e6) / 1000.0); }

bool usable(double x) { return std::isfinite(x) && x > 0; }

const TraceBucket* bucket_at(const Trace& t, double t_s) {
    if (t.buckets.empty()) return nullptr;
    for (const TraceBucket& b : t.buckets)
        if (t_s < b.t_end_s) return &b;
    return &t.buckets.back();
}

double quantised_gain(double gain) { return std::round(gain * kBbrUnit) / kBbrUnit; }

std::uint64_t path_bytes(const Scenario& s) {
    return static_cast<std::uint64_t>(std::ceil(bdp_bytes(s) + buffer_bytes(s)));
}

std::uint64_t sender_buffer_bytes(const Scenario& s) {
    if (s.sndbuf_bytes < Limits::max_window_bytes) return 2 * s.sndbuf_bytes;
    return std::max(kLinuxWmemMaxBytes, 2 * path_bytes(s));
}

std::uint64_t packets_ceil(double bytes, std::uint32_t mss) {
    return static_cast<std::uint64_t>(std::ceil(bytes / mss));
}

}  // namespace

std::string tc_rate(double bps) {
    const long long n = std::llround(bps);
    if (n % 1000000000 == 0) return std::to_string(n / 1000000000) + "gbit";
    if (n % 1000000 == 0) return std::to_string(n / 1000000) + "mbit";
    if (n % 1000 == 0) return std::to_string(n / 1000) + "kbit";
    return std::to_string(n) + "bit";
}

std::string tc_time(double s) {
    const long long us = std::llround(s * 1e6);
    if (us % 1000 == 0) return std::to_string(us / 1000) + "ms";
    return std::to_string(us) + "us";
}

std::string tc_percent(double fraction) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g%%", fraction * 100);  // 1e-6 → "0.0001%": never an exponent
    return buf;
}

std::uint64_t receiver_buffer_bytes(const Scenario& s) {
    if (s.rwnd_bytes == Limits::no_wscale_rwnd_bytes) return kLinuxRmemMaxBytes;
    if (s.rwnd_bytes < Limits::max_window_bytes) return 2 * s.rwnd_bytes;
    return std::max(kLinuxRmemMaxBytes, 2 * path_bytes(s));
}

// tcp_select_initial_window(): halve the space until it fits 16 bits.
int window_scale_for(std::uint64_t buffer_bytes) {
    int scale = 0;
    while (buffer_bytes > kUnscaledWindowMax && scale < kMaxWindowScale) {
        buffer_bytes >>= 1;
        ++scale;
    }
    return scale;
}

std::string ss_line(const RunResult& r, double t_s) {
    const Scenario& s = r.scenario;
    const TraceBucket* b = bucket_at(r.trace, t_s);
    if (!b) return {};
    const double mss = s.mss_bytes;
    std::string out = "ts sack";
    if (s.ecn) out += " ecn";
    out += ' ';
    out += to_string(s.algorithm);
    if (s.rwnd_bytes != Limits::no_wscale_rwnd_bytes)
        out += " wscale:" + std::to_string(window_scale_for(receiver_buffer_bytes(s))) + "," +
               std::to_string(window_scale_for(kLinuxRmemMaxBytes));
    const double rttvar_s = b->rttvar_s;  // RFC 6298 RTTVAR at the bucket's end
    if (usable(b->srtt_s)) {
        const double rto_s = b->srtt_s + std::max(4 * rttvar_s, 0.200);  // sender.cpp: Linux's RTO
        out += " rto:" + ss_ms(rto_s);
        out += " rtt:" + ss_ms(b->srtt_s) + "/" + ss_ms(rttvar_s);
    }
    out += " mss:" + std::to_string(s.mss_bytes);
    out += " pmtu:" + std::to_string(s.mss_bytes + kIpTcpHeaderBytes + kTimestampOptionBytes);
    out += " rcvmss:" + std::to_string(kLinuxDefaultRcvMss);
    out += " advmss:" + std::to_string(s.mss_bytes);
    // Linux counts cwnd in whole segments: cwnd at the bucket's end, in packets.
    const auto cwnd_packets = static_cast<std::uint64_t>(std::floor(b->cwnd_end_bytes / mss));
    out += " cwnd:" + std::to_string(cwnd_packets);
    const double ssthresh_packets = std::floor(b->ssthresh_bytes / mss);
    if (std::isfinite(ssthresh_packets) && ssthresh_packets < 0xFFFF)  // as ss.c: unset is not shown
        out += " ssthresh:" + std::to_string(static_cast<std::uint64_t>(ssthresh_packets));
    // The trace counts packets sent and delivered, not bytes: MSS-sized
    // packets stand in (exact but for the short segments of an rwnd limit).
    const std::uint64_t mss_u = s.mss_bytes;
    out += " bytes_sent:" + std::to_string(b->pkts_sent * mss_u);
    if (b->retransmitted_bytes) out += " bytes_retrans:" + std::to_string(b->retransmitted_bytes);
    out += " bytes_acked:" + std::to_string(b->pkts_delivered * mss_u);
    out += " segs_out:" + std::to_string(b->pkts_sent);
    out += " data_segs_out:" + std::to_string(b->pkts_sent);
    if (s.algorithm == Algorithm::Bbr && usable(b->cc.bw_bps)) {  // ss's bbr:(...) is tcp_bbr_info
        const CcInfo& cc = b->cc;
        out += " bbr:(bw:" + ss_bw(cc.bw_bps) + "bps";
        if (usable(cc.min_rtt_s)) out += ",mrtt:" + ss_ms(cc.min_rtt_s);
        if (usable(cc.pacing_gain)) out += ",pacing_gain:" + printf_g(quantised_gain(cc.pacing_gain));
        if (usable(cc.cwnd_gain)) out += ",cwnd_gain:" + printf_g(quantised_gain(cc.cwnd_gain));
        out += ")";
    }
    if (usable(b->srtt_s) && cwnd_packets)
        out += " send " + ss_bw(static_cast<double>(cwnd_packets) * mss * 8 / b->srtt_s) + "bps";
    if (usable(b->pacing_rate_bps)) out += " pacing_rate " + ss_bw(b->pacing_rate_bps) + "bps";
    if (usable(b->delivery_rate_bps.max))
        out += " delivery_rate " + ss_bw(b->delivery_rate_bps.max) + "bps";
    out += " delivered:" + std::to_string(b->pkts_delivered);
    if (b->pkts_in_network) out += " unacked:" + std::to_string(b->pkts_in_network);
    if (b->retransmits) out += " retrans:0/" + std::to_string(b->retransmits);
    if (usable(b->min_rtt_s)) out += " minrtt:" + ss_ms(b->min_rtt_s);
    return out;
}

std::vector<std::string> router_commands(const Scenario& s, const std::string& iface) {
    std::string netem = "netem delay " + tc_time(s.rtt_s);
    if (s.loss > 0) netem += " loss random " + tc_percent(s.loss);
    const std::uint64_t path_packets = packets_ceil(bdp_bytes(s) + buffer_bytes(s), s.mss_bytes);
    if (s.aqm == Aqm::None)
        return {"tc qdisc replace dev " + iface + " root " + netem + " rate " + tc_rate(s.bandwidth_bps) +
                " limit " + std::to_string(path_packets)};
    // netem holds only the delay line here; room for slow start's 2× bursts.
    const double bytes_per_ms = s.bandwidth_bps / 8 / 1000;
    const auto burst = static_cast<std::uint64_t>(std::max(std::ceil(bytes_per_ms), 3.0 * s.mss_bytes));
    const auto buffer = static_cast<std::uint64_t>(std::ceil(buffer_bytes(s)));
    return {
        "tc qdisc replace dev " + iface + " root handle 1: " + netem + " limit " +
            std::to_string(2 * path_packets),
        "tc qdisc add dev " + iface + " parent 1:1 handle 10: tbf rate " + tc_rate(s.bandwidth_bps) +
            " burst " + std::to_string(burst) + " limit " + std::to_string(buffer),
        "tc qdisc add dev " + iface + " parent 10:1 handle 20: codel limit " +
            std::to_string(std::max<std::uint64_t>(1, buffer / s.mss_bytes)) +
            " target 5ms interval 100ms " + (s.ecn ? "ecn" : "noecn"),
    };
}

std::vector<std::string> sender_commands(const Scenario& s, const std::string& iface) {
    std::vector<std::string> out;
    if (s.algorithm == Algorithm::Bbr) out.push_back("modprobe tcp_bbr");
    out.push_back(std::string("sysctl -w net.ipv4.tcp_congestion_control=") + to_string(s.algorithm));
    if (s.ecn) out.push_back("sysctl -w net.ipv4.tcp_ecn=1");
    const std::uint64_t wmem = sender_buffer_bytes(s);
    if (wmem != kLinuxWmemMaxBytes)
        out.push_back("sysctl -w net.ipv4.tcp_wmem=\"" + std::string(kWmemLowDefault) + " " +
                      std::to_string(wmem) + "\"");
    if (s.pacing) out.push_back("tc qdisc replace dev " + iface + " root fq");
    if (s.mss_bytes > 1500)  // jumbo frames; every hop needs the MTU
        out.push_back("ip link set dev " + iface + " mtu " + std::to_string(s.mss_bytes + kIpTcpHeaderBytes));
    return out;
}

std::vector<std::string> receiver_commands(const Scenario& s) {
    std::vector<std::string> out;
    if (s.rwnd_bytes == Limits::no_wscale_rwnd_bytes) {
        out.push_back("sysctl -w net.ipv4.tcp_window_scaling=0");
        return out;
    }
    const std::uint64_t rmem = receiver_buffer_bytes(s);
    if (rmem != kLinuxRmemMaxBytes)
        out.push_back("sysctl -w net.ipv4.tcp_rmem=\"" + std::string(kRmemLowDefault) + " " +
                      std::to_string(rmem) + "\"");
    return out;
}

std::string iperf3_command(const Scenario& s, const std::string& host) {
    const auto seconds = static_cast<long long>(std::ceil(s.duration_s));  // iperf3 -t takes whole seconds
    std::string cmd = "iperf3 -c " + host + " -t " + std::to_string(seconds) + " -C " +
                      to_string(s.algorithm);
    if (s.mss_bytes < 1500) cmd += " -M " + std::to_string(s.mss_bytes);
    return cmd;
}

std::string bridge_script(const Scenario& s) {
    std::string out;
    const auto section = [&](const std::string& title, const std::vector<std::string>& lines) {
        out += "# " + title + "\n";
        for (const std::string& l : lines) out += l + "\n";
        out += "\n";
    };
    section("On the router, IFACE facing the receiver: the bottleneck and the base RTT "
            "(the whole RTT on the data direction; ACKs pass undelayed)",
            router_commands(s));
    std::vector<std::string> sender = sender_commands(s);
    if (s.algorithm == Algorithm::Bbr && !s.pacing)
        sender.insert(sender.begin(), "# Linux BBR always paces (internally since 4.13): "
                                      "the unpaced BBR of this run has no real counterpart");
    section("On the sender (IFACE: its interface toward the router)", sender);
    std::vector<std::string> receiver = receiver_commands(s);
    receiver.push_back("iperf3 -s");
    section("On the receiver", receiver);
    out += "# Then on the sender; compare iperf3's intervals after " + format_time(s.duration_s / 2) +
           " with the model's steady-state figure\n";
    out += iperf3_command(s) + "\n";
    if (s.loss > 0 && s.loss_pattern == LossPattern::Even)
        out += "# netem's loss is random: expect 15-25% run-to-run spread, as with --loss-pattern random\n";
    return out;
}

}  // namespace inflight
