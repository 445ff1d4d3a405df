// The real-system bridge: the simulated flow in the words of Linux tools.
//
// (a) ss_line(): what `ss -ti` would print on the sender for this flow at a
//     time t, in iproute2's format (misc/ss.c, tcp_stats_print), built from
//     the trace bucket that holds t.
// (b) The commands that impose the scenario's path on real Linux machines
//     and measure it with iperf3:
//       router   (a Linux box between sender and receiver; IFACE faces the
//                receiver) — the bottleneck and the base RTT, with tc:
//                  no AQM:  netem delay RTT loss random P rate C limit N
//                  CoDel:   netem delay RTT loss random P  →  tbf rate C  →  codel
//       sender   — the algorithm (sysctl), the send buffer (tcp_wmem), fq when
//                pacing is on, ECN on when asked
//       receiver — the receive window (tcp_window_scaling=0 for 65,535 B,
//                tcp_rmem otherwise), iperf3 -s
//
// Choices, so the real path matches the model's:
// - The whole base RTT is netem delay on the data direction; the ACK path is
//   left plain. netem delays one way only, and the model's ACKs are never
//   queued or lost, so nothing is gained by splitting the delay.
// - netem's `limit` counts every packet it holds, those in the delay line as
//   well as those waiting for the rate (tc-netem(8): "the maximum number of
//   packets the qdisc may hold queued at a time"), so without AQM the limit
//   is the BDP plus the buffer, in MSS-sized packets.
// - With CoDel the queue must be CoDel's, so netem only delays and drops,
//   tbf sets the rate (burst: 1 ms of the rate, at least 3 MSS, for timer
//   granularity), and CoDel (limit: the buffer in packets, RFC 8289's 5 ms /
//   100 ms) manages tbf's queue.
// - The model shapes packets of MSS bytes without headers; the real link
//   also carries ~66 bytes of headers per packet, so iperf3's goodput comes
//   out ~4% (at MSS 1500) below the model's throughput.
// - netem has no evenly spaced loss: both patterns become `loss random`.
// - Windows: tcp_rmem / tcp_wmem maxima are twice the window, because Linux
//   keeps about half of a socket buffer for bookkeeping (tcp_adv_win_scale
//   = 1; socket(7) doubles SO_RCVBUF for the same reason). Not iperf3 -w:
//   it is capped by net.core.rmem_max (208 KiB by default) without a word.
// Several flows: one `ss -ti` line per TCP flow, labelled; the
// router's netem carries the shortest flow RTT and a flow with a longer one
// is sent from a second sender whose own netem adds the difference (one
// netem cannot delay flows differently without filters); fq_codel replaces
// codel under tbf; each flow is its own iperf3 client and server port
// (5201, 5202, …) with its own -C, or one `iperf3 -P N` when the flows are N
// identical bulk flows; a ping flow is `ping -i`.
// Plain C++, no Qt.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/core/result.h"

namespace inflight {

// The sender's `ss -ti` info line for the flow at time t_s (the second line
// of ss's output, without its leading tab).
std::string ss_line(const RunResult& r, double t_s);
// Flow `flow`'s line (its own trace when the run has several flows); empty
// for a ping, which has no TCP socket.
std::string ss_line(const RunResult& r, double t_s, std::size_t flow);
// Every TCP flow's line: with one flow, ss_line(r, t_s); with several,
// "flow 1 (cubic): ts sack cubic …" in the scenario's order.
std::vector<std::string> ss_lines(const RunResult& r, double t_s);

// Units as tc(8) spells them: "100mbit", "80ms", "0.01%".
std::string tc_rate(double bps);
std::string tc_time(double s);
std::string tc_percent(double fraction);

// The router's tc commands (IFACE faces the receiver).
std::vector<std::string> router_commands(const Scenario& s, const std::string& iface = "IFACE");
// The sender's sysctl and tc commands (IFACE: its interface toward the router).
std::vector<std::string> sender_commands(const Scenario& s, const std::string& iface = "IFACE");
// The receiver's sysctl commands.
std::vector<std::string> receiver_commands(const Scenario& s);
// The iperf3 client command, run on the sender against the receiver HOST.
std::string iperf3_command(const Scenario& s, const std::string& host = "HOST");
// Every flow's measuring command, in the scenario's order: with one flow,
// iperf3_command(); N identical bulk flows: one `iperf3 -P N`; otherwise one
// background iperf3 per TCP flow on its own port (delayed by `sleep` to its
// start, `-n SIZE` for a transfer, in a loop for `every`) and `ping -i` for
// a ping.
std::vector<std::string> iperf3_commands(const Scenario& s, const std::string& host = "HOST");
// The receiver's iperf3 servers: "iperf3 -s", or one daemon per port.
std::vector<std::string> iperf3_server_commands(const Scenario& s);
// True when the scenario's flows are N > 1 identical bulk TCP flows
// (`--parallel N`): iperf3 -P N.
bool parallel_streams(const Scenario& s);

// The largest receive buffer the receiver will use (its tcp_rmem maximum
// after receiver_commands()), and the window scale Linux derives from it.
std::uint64_t receiver_buffer_bytes(const Scenario& s);
int window_scale_for(std::uint64_t buffer_bytes);

// Everything above as one shell text, grouped by machine, with comments.
std::string bridge_script(const Scenario& s);

}  // namespace inflight
