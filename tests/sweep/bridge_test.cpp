// The real-system bridge: the generated commands, written out by hand from
// tc-netem(8), tc-tbf(8), tc-codel(8), tc-fq(8), ip-sysctl.rst and
// iperf3(1), and the ss -ti line (iproute2 misc/ss.c) against the trace.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "model/analysis/bridge.h"
#include "model/engine/run.h"

using namespace inflight;

namespace {

using Lines = std::vector<std::string>;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The value after "name:" in an ss line, as an integer.
long long ss_field(const std::string& line, const std::string& name) {
    std::smatch m;
    const std::regex re("(^| )" + name + ":([0-9]+)");
    if (!std::regex_search(line, m, re)) return -1;
    return std::stoll(m[2]);
}

const TraceBucket& bucket_holding(const Trace& t, double t_s) {
    for (const TraceBucket& b : t.buckets)
        if (b.t_start_s <= t_s && t_s < b.t_end_s) return b;
    return t.buckets.back();
}

}  // namespace

TEST(BridgeUnits, SpelledAsTcReadsThem) {
    EXPECT_EQ(tc_rate(100e6), "100mbit");
    EXPECT_EQ(tc_rate(1e9), "1gbit");
    EXPECT_EQ(tc_rate(24.5e6), "24500kbit");
    EXPECT_EQ(tc_rate(1234567), "1234567bit");
    EXPECT_EQ(tc_time(0.080), "80ms");
    EXPECT_EQ(tc_time(0.0125), "12500us");
    EXPECT_EQ(tc_percent(1e-4), "0.01%");
    EXPECT_EQ(tc_percent(1e-6), "0.0001%");
    EXPECT_EQ(tc_percent(0.1), "10%");
}

TEST(BridgeUnits, WindowScaleIsTheShiftThatFitsSixteenBits) {
    EXPECT_EQ(window_scale_for(65535), 0);
    EXPECT_EQ(window_scale_for(65536), 1);
    EXPECT_EQ(window_scale_for(6291456), 7);  // Linux's default tcp_rmem max: "wscale:7,7"
    EXPECT_EQ(window_scale_for(8388608), 8);  // 8 MiB >> 7 = 65536, one more
    EXPECT_EQ(window_scale_for(1ull << 40), 14);  // RFC 7323's cap
}

// The defaults: CUBIC, 100 Mbit/s, 80 ms, 100 ms of buffer, no loss.
// netem limit = (BDP 1,000,000 B + buffer 1,250,000 B) / 1500 B = 1500 packets.
// tcp_wmem max = 2 × 2,250,000 B = 4,500,000 (> Linux's 4 MiB default).
TEST(BridgeCommands, DefaultScenario) {
    const Scenario s;
    EXPECT_EQ(router_commands(s, "eth1"),
              Lines{"tc qdisc replace dev eth1 root netem delay 80ms rate 100mbit limit 1500"});
    EXPECT_EQ(sender_commands(s, "eth0"),
              (Lines{"sysctl -w net.ipv4.tcp_congestion_control=cubic",
                     "sysctl -w net.ipv4.tcp_wmem=\"4096 16384 4500000\""}));
    EXPECT_EQ(receiver_commands(s), Lines{});  // 2 × 2.25 MB < Linux's 6 MiB tcp_rmem max
    EXPECT_EQ(iperf3_command(s, "receiver"), "iperf3 -c receiver -t 40 -C cubic");
}

// Reno over a lossy 10 Mbit/s path with the classic 64 KB window.
// BDP = 10e6 × 0.05 / 8 = 62,500 B; buffer = 10e6 × 0.02 / 8 = 25,000 B;
// (62,500 + 25,000) / 1500 = 58.3 → 59 packets.
TEST(BridgeCommands, RenoLossyPathWithoutWindowScaling) {
    Scenario s;
    s.algorithm = Algorithm::Reno;
    s.bandwidth_bps = 10e6;
    s.rtt_s = 0.050;
    s.loss = 1e-4;
    s.rwnd_bytes = 65535;
    s.buffer_s = 0.020;
    EXPECT_EQ(router_commands(s, "eth1"),
              Lines{"tc qdisc replace dev eth1 root netem delay 50ms loss random 0.01% rate 10mbit limit 59"});
    EXPECT_EQ(sender_commands(s, "eth0"), Lines{"sysctl -w net.ipv4.tcp_congestion_control=reno"});
    EXPECT_EQ(receiver_commands(s), Lines{"sysctl -w net.ipv4.tcp_window_scaling=0"});
    EXPECT_EQ(iperf3_command(s, "10.0.0.2"), "iperf3 -c 10.0.0.2 -t 40 -C reno");
}

// Paced BBR through CoDel with ECN on a 1 Gbit/s jumbo-frame path.
// BDP = 1e9 × 0.02 / 8 = 2,500,000 B; buffer = 1e9 × 0.005 / 8 = 625,000 B;
// path = 3,125,000 / 9000 = 347.2 → 348 packets, netem limit 2 × 348 = 696;
// tbf burst = 1 ms of 1 Gbit/s = 125,000 B; CoDel limit = 625,000 / 9000 → 69;
// tcp_wmem max = 2 × 3,125,000; tcp_rmem max = 2 × 4 MiB = 8,388,608;
// MTU = 9000 + 40 bytes of IP and TCP headers.
TEST(BridgeCommands, PacedBbrThroughCodelWithEcn) {
    Scenario s;
    s.algorithm = Algorithm::Bbr;
    s.bandwidth_bps = 1e9;
    s.rtt_s = 0.020;
    s.buffer_s = 0.005;
    s.aqm = Aqm::Codel;
    s.ecn = true;
    s.pacing = true;
    s.rwnd_bytes = 4ull << 20;
    s.mss_bytes = 9000;
    s.duration_s = 30;
    EXPECT_EQ(router_commands(s, "eth1"),
              (Lines{"tc qdisc replace dev eth1 root handle 1: netem delay 20ms limit 696",
                     "tc qdisc add dev eth1 parent 1:1 handle 10: tbf rate 1gbit burst 125000 limit 625000",
                     "tc qdisc add dev eth1 parent 10:1 handle 20: codel limit 69 target 5ms interval 100ms ecn"}));
    EXPECT_EQ(sender_commands(s, "eth0"),
              (Lines{"modprobe tcp_bbr", "sysctl -w net.ipv4.tcp_congestion_control=bbr",
                     "sysctl -w net.ipv4.tcp_ecn=1", "sysctl -w net.ipv4.tcp_wmem=\"4096 16384 6250000\"",
                     "tc qdisc replace dev eth0 root fq", "ip link set dev eth0 mtu 9040"}));
    EXPECT_EQ(receiver_commands(s), Lines{"sysctl -w net.ipv4.tcp_rmem=\"4096 131072 8388608\""});
    EXPECT_EQ(iperf3_command(s, "10.0.0.2"), "iperf3 -c 10.0.0.2 -t 30 -C bbr");
}

TEST(BridgeScript, GroupsCommandsByMachine) {
    Scenario s;
    s.algorithm = Algorithm::Bbr;
    s.loss = 1e-3;
    const std::string text = bridge_script(s);
    EXPECT_TRUE(contains(text, "# On the router")) << text;
    EXPECT_TRUE(contains(text, "# On the sender")) << text;
    EXPECT_TRUE(contains(text, "iperf3 -s\n")) << text;
    EXPECT_TRUE(contains(text, "always paces")) << text;     // unpaced BBR has no Linux twin
    EXPECT_TRUE(contains(text, "loss is random")) << text;   // even loss has no netem twin
    EXPECT_TRUE(contains(text, "iperf3 -c HOST -t 40 -C bbr\n")) << text;
}

TEST(SsLine, CwndIsTheTracesCwndAtThatTime) {
    Scenario s;
    s.loss = 1e-4;
    s.duration_s = 10;
    const RunResult r = run_scenario(s);
    for (double t : {0.5, 3.0, 7.3}) {
        const std::string line = ss_line(r, t);
        const TraceBucket& b = bucket_holding(r.trace, t);
        // Whole segments, as Linux counts snd_cwnd: cwnd at that time over MSS.
        EXPECT_EQ(ss_field(line, "cwnd"), static_cast<long long>(std::floor(b.cwnd_end_bytes / 1500))) << line;
        EXPECT_EQ(ss_field(line, "delivered"), static_cast<long long>(b.pkts_delivered)) << line;
        EXPECT_EQ(ss_field(line, "mss"), 1500) << line;
    }
    const std::string line = ss_line(r, 5.0);
    EXPECT_EQ(line.rfind("ts sack cubic wscale:7,7 rto:", 0), 0u) << line;  // ss.c's field order
    EXPECT_TRUE(std::regex_search(line, std::regex(" rtt:[0-9.]+/[0-9.]+ "))) << line;
    EXPECT_TRUE(std::regex_search(line, std::regex(" pacing_rate [0-9.]+[MK]?bps"))) << line;
    EXPECT_TRUE(std::regex_search(line, std::regex(" minrtt:80\\.[0-9]+$"))) << line;  // base RTT + serialisation
}

TEST(SsLine, BbrShowsItsModelAndNoWindowScaleAt64KB) {
    Scenario s;
    s.algorithm = Algorithm::Bbr;
    s.duration_s = 5;
    std::string line = ss_line(run_scenario(s), 4.0);
    EXPECT_TRUE(std::regex_search(line, std::regex(" bbr:\\(bw:[0-9.]+Mbps,mrtt:[0-9.]+,pacing_gain:[0-9.]+,cwnd_gain:2\\) ")))
        << line;
    s.rwnd_bytes = 65535;
    line = ss_line(run_scenario(s), 4.0);
    EXPECT_FALSE(contains(line, "wscale")) << line;
}

// ---- Several flows ----

namespace {
FlowSpec tcp_flow(Algorithm a, double rtt_s = 0) {
    FlowSpec f;
    f.algorithm = a;
    if (rtt_s > 0) f.rtt_s = rtt_s;
    return f;
}
}  // namespace

TEST(BridgeFlows, FqCodelManagesTbfsQueue) {
    // tc-fq_codel(8); the limit is the buffer in packets: 100 ms of 100 Mbit/s
    // is 1,250,000 B, 833 packets of 1500 B.
    Scenario s;
    s.aqm = Aqm::FqCodel;
    const Lines router = router_commands(s, "eth1");
    ASSERT_EQ(router.size(), 3u);
    EXPECT_EQ(router[2], "tc qdisc add dev eth1 parent 10:1 handle 20: fq_codel limit 833 target 5ms interval 100ms noecn");
}

TEST(BridgeFlows, IdenticalBulkFlowsAreIperf3Parallel) {
    Scenario s;
    s.rwnd_bytes = 65535;
    s.flows.assign(10, tcp_flow(Algorithm::Cubic));
    EXPECT_TRUE(parallel_streams(s));
    EXPECT_EQ(iperf3_commands(s, "10.0.0.2"), Lines{"iperf3 -c 10.0.0.2 -t 40 -C cubic -P 10"});
    EXPECT_EQ(iperf3_server_commands(s), Lines{"iperf3 -s"});
    EXPECT_EQ(receiver_commands(s), Lines{"sysctl -w net.ipv4.tcp_window_scaling=0"});  // every flow's 64 KB
    s.flows[3].algorithm = Algorithm::Bbr;
    EXPECT_FALSE(parallel_streams(s));
}

TEST(BridgeFlows, EachFlowIsItsOwnClientAndTheLongerRttIsAddedOnItsSender) {
    Scenario s;
    s.flows = {tcp_flow(Algorithm::Cubic, 0.020), tcp_flow(Algorithm::Bbr, 0.080)};
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    ping.start_s = 5;
    s.flows.push_back(ping);
    const Lines router = router_commands(s, "eth1");
    // The shortest RTT on the shared link: 20 ms; limit = (BDP + buffer) in
    // packets = (250,000 + 1,250,000) / 1500 = 1000.
    EXPECT_EQ(router[0], "tc qdisc replace dev eth1 root netem delay 20ms rate 100mbit limit 1000");
    const Lines sender = sender_commands(s, "eth0");
    EXPECT_EQ(sender[0], "modprobe tcp_bbr");
    EXPECT_EQ(sender[1], "sysctl -w net.ipv4.tcp_congestion_control=cubic");
    EXPECT_TRUE(contains(sender.back(), "netem delay 60ms")) << sender.back();  // 80 − 20 ms
    EXPECT_EQ(iperf3_server_commands(s), (Lines{"iperf3 -s -D -p 5201", "iperf3 -s -D -p 5202"}));
    const Lines clients = iperf3_commands(s, "H");
    ASSERT_EQ(clients.size(), 4u);
    EXPECT_EQ(clients[0].rfind("iperf3 -c H -p 5201 -C cubic -t 40 &", 0), 0u) << clients[0];
    EXPECT_EQ(clients[1].rfind("iperf3 -c H -p 5202 -C bbr -t 40 &", 0), 0u) << clients[1];
    // 64 B on the wire less 28 B of IP and ICMP headers; 35 s from its start to the end.
    EXPECT_EQ(clients[2].rfind("sleep 5 && ping -i 0.1 -s 36 -w 35 H &", 0), 0u) << clients[2];
    EXPECT_EQ(clients[3], "wait");
}

TEST(BridgeFlows, RepeatedTransfersLoopWithTheirSize) {
    Scenario s;
    FlowSpec web = tcp_flow(Algorithm::Cubic);
    web.size_bytes = 100000;
    web.every_s = 2;
    s.flows = {tcp_flow(Algorithm::Cubic), web};
    const Lines clients = iperf3_commands(s, "H");
    EXPECT_TRUE(contains(clients[1], "timeout 40 sh -c 'sleep 0; while :; do iperf3 -c H -p 5202 -C cubic -n 100000; sleep 2; done' &"))
        << clients[1];
}

TEST(BridgeFlows, OneSsLinePerTcpFlowFromItsOwnTrace) {
    Scenario s;
    s.bandwidth_bps = 50e6;
    s.rtt_s = 0.040;
    s.duration_s = 8;
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    s.flows = {tcp_flow(Algorithm::Cubic), ping, tcp_flow(Algorithm::Bbr)};
    const RunResult r = run_scenario(s);
    const Lines lines = ss_lines(r, 6.0);
    ASSERT_EQ(lines.size(), 2u);  // the ping has no TCP socket
    EXPECT_EQ(lines[0].rfind("flow 1 (cubic): ts sack cubic ", 0), 0u) << lines[0];
    EXPECT_EQ(lines[1].rfind("flow 3 (bbr): ts sack bbr ", 0), 0u) << lines[1];
    EXPECT_TRUE(contains(lines[1], " bbr:(bw:")) << lines[1];
    for (std::size_t i : {0u, 2u}) {
        const TraceBucket& b = bucket_holding(r.flows[i].trace, 6.0);
        EXPECT_EQ(ss_field(ss_line(r, 6.0, i), "cwnd"), static_cast<long long>(std::floor(b.cwnd_end_bytes / 1500)));
    }
    EXPECT_TRUE(ss_line(r, 6.0, 1).empty());
}
