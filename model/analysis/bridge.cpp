#include "model/analysis/bridge.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "model/core/flow_spec.h"
#include "model/core/units.h"

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

// The scenario as one flow would see it: the flow's algorithm, RTT, windows
// and pacing on the shared path.
Scenario as_single(const Scenario& s, const ResolvedFlow& f) {
    Scenario one = s;
    one.flows.clear();
    one.algorithm = f.algorithm;
    one.rtt_s = f.rtt_s;
    one.rwnd_bytes = f.rwnd_bytes;
    one.sndbuf_bytes = f.sndbuf_bytes;
    one.pacing = f.pacing;
    return one;
}

// The router's netem carries the shortest flow RTT (one flow: its own).
double path_rtt_s(const Scenario& s) {
    double rtt = resolve_flow(s, 0).rtt_s;
    for (std::size_t i = 1; i < flow_count(s); ++i) rtt = std::min(rtt, resolve_flow(s, i).rtt_s);
    return rtt;
}

constexpr int kFirstIperf3Port = 5201;  // iperf3's default port, then one per flow
constexpr int kIpIcmpHeaderBytes = 28;  // what ping -s leaves out of the packet's size

std::string whole_seconds(double s) { return std::to_string(static_cast<long long>(std::ceil(s))); }

std::string ss_line_of(const Scenario& s, const Trace& trace, double t_s);

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
    if (r.flows.size() > 1) return ss_line(r, t_s, 0);
    return ss_line_of(r.scenario, r.trace, t_s);
}

std::string ss_line(const RunResult& r, double t_s, std::size_t flow) {
    if (flow >= r.flows.size()) return {};
    const ResolvedFlow& f = r.flows[flow].flow;
    if (f.kind == FlowKind::Ping) return {};
    if (r.flows.size() == 1) return ss_line_of(r.scenario, r.trace, t_s);
    return ss_line_of(as_single(r.scenario, f), r.flow_trace(flow), t_s);
}

std::vector<std::string> ss_lines(const RunResult& r, double t_s) {
    const std::size_t n = r.flows.size();
    if (n <= 1) return {ss_line(r, t_s)};
    std::vector<std::string> out;
    for (std::size_t i = 0; i < n; ++i) {
        const std::string line = ss_line(r, t_s, i);
        if (line.empty()) continue;
        out.push_back(r.flows[i].flow.label + ": " + line);
    }
    return out;
}

namespace {
std::string ss_line_of(const Scenario& s, const Trace& trace, double t_s) {
    const TraceBucket* b = bucket_at(trace, t_s);
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
}  // namespace

std::vector<std::string> router_commands(const Scenario& scenario, const std::string& iface) {
    Scenario s = scenario;
    s.rtt_s = path_rtt_s(scenario);
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
        // fq_codel (RFC 8290): a queue per flow, the buffer as the shared
        // limit; Linux's quantum (1514: one MTU with its Ethernet header)
        // is the model's one MSS per round.
        "tc qdisc add dev " + iface + " parent 10:1 handle 20: " + (s.aqm == Aqm::FqCodel ? "fq_codel" : "codel") +
            " limit " + std::to_string(std::max<std::uint64_t>(1, buffer / s.mss_bytes)) +
            " target 5ms interval 100ms " + (s.ecn ? "ecn" : "noecn"),
    };
}

std::vector<std::string> sender_commands(const Scenario& scenario, const std::string& iface) {
    const std::size_t n = flow_count(scenario);
    const Scenario s = as_single(scenario, resolve_flow(scenario, 0));  // flow 0 sets the defaults
    bool bbr = false, paced = false;
    for (std::size_t i = 0; i < n; ++i) {
        const ResolvedFlow f = resolve_flow(scenario, i);
        bbr = bbr || (f.kind == FlowKind::Tcp && f.algorithm == Algorithm::Bbr);
        paced = paced || (f.kind == FlowKind::Tcp && f.pacing);
    }
    std::vector<std::string> out;
    if (bbr) out.push_back("modprobe tcp_bbr");
    out.push_back(std::string("sysctl -w net.ipv4.tcp_congestion_control=") + to_string(s.algorithm));
    if (s.ecn) out.push_back("sysctl -w net.ipv4.tcp_ecn=1");
    const std::uint64_t wmem = sender_buffer_bytes(s);
    if (wmem != kLinuxWmemMaxBytes)
        out.push_back("sysctl -w net.ipv4.tcp_wmem=\"" + std::string(kWmemLowDefault) + " " +
                      std::to_string(wmem) + "\"");
    if (paced) out.push_back("tc qdisc replace dev " + iface + " root fq");
    if (s.mss_bytes > 1500)  // jumbo frames; every hop needs the MTU
        out.push_back("ip link set dev " + iface + " mtu " + std::to_string(s.mss_bytes + kIpTcpHeaderBytes));
    const double router_rtt_s = path_rtt_s(scenario);
    for (std::size_t i = 0; i < n; ++i) {
        const ResolvedFlow f = resolve_flow(scenario, i);
        if (f.rtt_s <= router_rtt_s) continue;
        out.push_back("# " + default_label(scenario, i) + " has a " + tc_time(f.rtt_s) + " RTT, " +
                      tc_time(f.rtt_s - router_rtt_s) + " more than the router's: send it from a second "
                      "sender whose IFACE adds it:");
        out.push_back("#   tc qdisc replace dev IFACE root netem delay " + tc_time(f.rtt_s - router_rtt_s));
    }
    return out;
}

std::vector<std::string> receiver_commands(const Scenario& scenario) {
    const Scenario s = as_single(scenario, resolve_flow(scenario, 0));  // flow 0's window
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

bool parallel_streams(const Scenario& s) {
    const std::size_t n = flow_count(s);
    if (n < 2) return false;
    const ResolvedFlow first = resolve_flow(s, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const ResolvedFlow f = resolve_flow(s, i);
        const bool bulk_through = f.kind == FlowKind::Tcp && !f.size_bytes && f.start_s == 0 && f.stop_s >= s.duration_s;
        if (!bulk_through || f.algorithm != first.algorithm || f.rtt_s != first.rtt_s ||
            f.rwnd_bytes != first.rwnd_bytes || f.sndbuf_bytes != first.sndbuf_bytes || f.pacing != first.pacing)
            return false;
    }
    return true;
}

std::vector<std::string> iperf3_commands(const Scenario& s, const std::string& host) {
    const std::size_t n = flow_count(s);
    if (n == 1) return {iperf3_command(s, host)};
    const Scenario first = as_single(s, resolve_flow(s, 0));
    if (parallel_streams(s)) return {iperf3_command(first, host) + " -P " + std::to_string(n)};
    std::vector<std::string> out;
    for (std::size_t i = 0; i < n; ++i) {
        const ResolvedFlow f = resolve_flow(s, i);
        const std::string after = f.start_s > 0 ? "sleep " + printf_g(f.start_s) + " && " : "";
        const std::string label = "  # " + default_label(s, i);
        if (f.kind == FlowKind::Ping) {
            const int data = std::max(0, static_cast<int>(f.ping_bytes) - kIpIcmpHeaderBytes);
            out.push_back(after + "ping -i " + printf_g(f.ping_interval_s) + " -s " + std::to_string(data) + " -w " +
                          whole_seconds(s.duration_s - f.start_s) + " " + host + " &" + label +
                          (f.ping_interval_s < 0.2 ? " (intervals under 0.2 s need root)" : ""));
            continue;
        }
        std::string client = "iperf3 -c " + host + " -p " + std::to_string(kFirstIperf3Port + static_cast<int>(i)) +
                             " -C " + to_string(f.algorithm);
        if (s.mss_bytes < 1500) client += " -M " + std::to_string(s.mss_bytes);
        if (!f.size_bytes) {
            out.push_back(after + client + " -t " + whole_seconds(f.stop_s - f.start_s) + " &" + label);
        } else if (!f.every_s) {
            out.push_back(after + client + " -n " + std::to_string(*f.size_bytes) + " &" + label);
        } else {
            // iperf3 serves one test at a time: a transfer that outlasts
            // `every` delays the next one instead of overlapping it.
            out.push_back("timeout " + whole_seconds(s.duration_s) + " sh -c 'sleep " + printf_g(f.start_s) +
                          "; while :; do " + client + " -n " + std::to_string(*f.size_bytes) + "; sleep " +
                          printf_g(*f.every_s) + "; done' &" + label + ", a new connection every " +
                          format_time(*f.every_s));
        }
    }
    out.push_back("wait");
    return out;
}

std::vector<std::string> iperf3_server_commands(const Scenario& s) {
    const std::size_t n = flow_count(s);
    if (n == 1 || parallel_streams(s)) return {"iperf3 -s"};
    std::vector<std::string> out;
    for (std::size_t i = 0; i < n; ++i)
        if (resolve_flow(s, i).kind == FlowKind::Tcp)
            out.push_back("iperf3 -s -D -p " + std::to_string(kFirstIperf3Port + static_cast<int>(i)));
    return out;
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
    if (resolve_flow(s, 0).algorithm == Algorithm::Bbr && !resolve_flow(s, 0).pacing)
        sender.insert(sender.begin(), "# Linux BBR always paces (internally since 4.13): "
                                      "the unpaced BBR of this run has no real counterpart");
    section("On the sender (IFACE: its interface toward the router)", sender);
    std::vector<std::string> receiver = receiver_commands(s);
    for (const std::string& l : iperf3_server_commands(s)) receiver.push_back(l);
    section("On the receiver", receiver);
    out += "# Then on the sender; compare iperf3's intervals after " + format_time(s.duration_s / 2) +
           " with the model's steady-state figure\n";
    for (const std::string& l : iperf3_commands(s)) out += l + "\n";
    if (s.loss > 0 && s.loss_pattern == LossPattern::Even)
        out += "# netem's loss is random: expect 15-25% run-to-run spread, as with --loss-pattern random\n";
    return out;
}

}  // namespace inflight
