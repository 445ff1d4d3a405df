// The flow presets (flow_presets.h). The values, and where they come from:
//
//   One flow             no flows: the scenario's single flow, path kept.
//   CUBIC vs BBR         cubic + bbr; 50 Mbit/s, 40 ms, buffer 160 ms
//                        (4 BDP), 120 s. Measured with the linux stack:
//                        BBR 0.45 of the link at 4 BDP (the textbook's
//                        unpaced BBR 0.62); experiment 5 asks for runs of
//                        120 s or more (a deep buffer settles slowly).
//   Ten parallel streams 10 identical CUBIC bulk flows; 100 Mbit/s, 80 ms,
//                        rwnd 65,535 B (no window scaling), buffer 100 ms,
//                        40 s. Experiment 6; by arithmetic one
//                        stream 6.55 Mbit/s, ten 65.5 Mbit/s (iperf3 -P 10);
//                        Linux's delayed ACKs measure 6.53 and 65.3.
//   Sixteen streams      the same with 16 flows, the window's most: 16 ×
//                        6.55 = 105 Mbit/s asked of a 100 Mbit/s link, so
//                        the link binds at last, 100/16 = 6.25 Mbit/s each,
//                        and the queue adds to every stream's RTT.
//   Bulk + ping          cubic + a 64 B ping every 100 ms; 50 Mbit/s,
//                        20 ms, buffer 200 ms tail drop, 40 s. The ping
//                        pays the bulk flow's queue; measured (linux):
//                        the ping's RTT is 188 ms (CoDel 22.6 ms, fq_codel
//                        20.1 ms).
//   Two RTTs             cubic at 20 ms + cubic at 80 ms; 100 Mbit/s,
//                        buffer 100 ms, 40 s. Measured (linux): the 20 ms
//                        flow takes 0.81 of the link (textbook 0.90).
//   Bulk + web pages     cubic bulk + a 100 KB (100,000 B) transfer every
//                        2 s labelled "web"; 100 Mbit/s, 80 ms, buffer
//                        200 ms, 40 s. Measured (linux): 0.325 s alone, a
//                        mean 1.00 s behind the FIFO (textbook 1.11 s).
#include "ui/lesson/flow_presets.h"

namespace inflight {
namespace {

FlowSpec tcp(Algorithm a) {
    FlowSpec f;
    f.algorithm = a;
    return f;
}

// The path a preset sets: every field it owns, defaulted, then its lesson's.
struct Path {
    double bandwidth_bps = Scenario{}.bandwidth_bps;
    double rtt_s = Scenario{}.rtt_s;
    double buffer_s = Scenario{}.buffer_s;
    Aqm aqm = Aqm::None;
    double loss = 0;
    std::uint64_t rwnd_bytes = Scenario{}.rwnd_bytes;
    std::uint64_t sndbuf_bytes = Scenario{}.sndbuf_bytes;
    double duration_s = Scenario{}.duration_s;
    // The sharing lessons run what Linux does (BBR paced, HyStart, delayed
    // ACKs, autotuning, PRR): what the kernel run beside them shows.
    Stack stack = Stack::Linux;
};

Path path_of(FlowPreset p) {
    Path path;
    switch (p) {
        case FlowPreset::OneFlow: break;
        case FlowPreset::CubicVsBbr:
            path.bandwidth_bps = 50e6;
            path.rtt_s = 0.040;
            path.buffer_s = 0.160;  // 4 BDP: 4 × 40 ms
            path.duration_s = 120;
            break;
        case FlowPreset::TenStreams:
        case FlowPreset::SixteenStreams: path.rwnd_bytes = Limits::no_wscale_rwnd_bytes; break;
        case FlowPreset::BulkPing:
            path.bandwidth_bps = 50e6;
            path.rtt_s = 0.020;
            path.buffer_s = 0.200;
            break;
        case FlowPreset::TwoRtts: break;  // the flows carry their RTTs
        case FlowPreset::BulkWeb: path.buffer_s = 0.200; break;
    }
    return path;
}

}  // namespace

const char* preset_name(FlowPreset p) {
    switch (p) {
        case FlowPreset::OneFlow: return "One flow";
        case FlowPreset::CubicVsBbr: return "CUBIC vs BBR";
        case FlowPreset::TenStreams: return "Ten parallel streams";
        case FlowPreset::SixteenStreams: return "Sixteen streams";
        case FlowPreset::BulkPing: return "Bulk + ping";
        case FlowPreset::TwoRtts: return "Two RTTs";
        case FlowPreset::BulkWeb: return "Bulk + web pages";
    }
    return "";
}

std::string preset_description(FlowPreset p) {
    switch (p) {
        case FlowPreset::OneFlow: return "One flow from the controls above and below, as without flows.";
        case FlowPreset::CubicVsBbr:
            return "A CUBIC and a BBR flow on 50 Mbit/s, 40 ms, a 160 ms (4 BDP) tail-drop buffer, 120 s. "
                   "Drag the buffer from ½ to 16 BDP and watch BBR's share fall.";
        case FlowPreset::TenStreams:
            return "Ten identical CUBIC flows with a 64 KB window (no window scaling) on 100 Mbit/s, 80 ms: "
                   "one stream gets 6.5 Mbit/s, ten get ten times that (iperf3 -P 10).";
        case FlowPreset::SixteenStreams:
            return "Sixteen CUBIC flows, the window's most, each with a 64 KB window on 100 Mbit/s, 80 ms: "
                   "together they ask 105 Mbit/s, so now the link binds, at 6.25 Mbit/s a stream.";
        case FlowPreset::BulkPing:
            return "A CUBIC bulk flow and a ping every 100 ms on 50 Mbit/s, 20 ms, a 200 ms tail-drop buffer: "
                   "the ping pays the bulk flow's queue. Then try CoDel and fq_codel.";
        case FlowPreset::TwoRtts:
            return "Two CUBIC flows, one at 20 ms and one at 80 ms, on 100 Mbit/s with a 100 ms buffer: "
                   "the shorter RTT takes most of the link.";
        case FlowPreset::BulkWeb:
            return "A CUBIC bulk flow and a 100 KB page fetched every 2 s on 100 Mbit/s, 80 ms, a 200 ms "
                   "buffer: each page pays the queue (0.33 s alone, about 1 s here).";
    }
    return "";
}

std::vector<FlowSpec> preset_flows(FlowPreset p) {
    switch (p) {
        case FlowPreset::OneFlow: return {};
        case FlowPreset::CubicVsBbr: return {tcp(Algorithm::Cubic), tcp(Algorithm::Bbr)};
        case FlowPreset::TenStreams: return std::vector<FlowSpec>(10, tcp(Algorithm::Cubic));
        case FlowPreset::SixteenStreams: return std::vector<FlowSpec>(FlowLimits::max_flows_window, tcp(Algorithm::Cubic));
        case FlowPreset::BulkPing: {
            FlowSpec ping;
            ping.kind = FlowKind::Ping;
            ping.ping_interval_s = 0.100;
            return {tcp(Algorithm::Cubic), ping};
        }
        case FlowPreset::TwoRtts: {
            FlowSpec short_rtt = tcp(Algorithm::Cubic), long_rtt = tcp(Algorithm::Cubic);
            short_rtt.rtt_s = 0.020;
            long_rtt.rtt_s = 0.080;
            return {short_rtt, long_rtt};
        }
        case FlowPreset::BulkWeb: {
            FlowSpec web = tcp(Algorithm::Cubic);
            web.size_bytes = 100'000;  // 100 KB: 67 packets of 1500 B
            web.every_s = 2.0;
            web.label = "web";
            return {tcp(Algorithm::Cubic), web};
        }
    }
    return {};
}

Scenario apply_preset(FlowPreset p, const Scenario& s) {
    Scenario out = s;
    out.flows = preset_flows(p);
    if (p == FlowPreset::OneFlow) return out;
    const Path path = path_of(p);
    out.bandwidth_bps = path.bandwidth_bps;
    out.rtt_s = path.rtt_s;
    out.buffer_s = path.buffer_s;
    out.aqm = path.aqm;
    out.loss = path.loss;
    out.rwnd_bytes = path.rwnd_bytes;
    out.sndbuf_bytes = path.sndbuf_bytes;
    out.duration_s = path.duration_s;
    out.stack = path.stack;
    return out;
}

std::optional<FlowPreset> preset_of(const Scenario& s) {
    for (FlowPreset p : kAllFlowPresets)
        if (s.flows == preset_flows(p)) return p;
    return std::nullopt;
}

}  // namespace inflight
