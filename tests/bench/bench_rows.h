// The benchmark rows (one flow: CUBIC 100M/1G, BBR 10G; several flows), shared by
// model_bench (wall-clock packets/s) and model_count (one run, for counting
// instructions under valgrind), and the bare loop they are measured against.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "model/core/ring.h"
#include "model/engine/run.h"

namespace inflight::bench {

inline Scenario row(Algorithm a, double bw, double rtt_s, double buffer_s) {
    Scenario s;
    s.algorithm = a;
    s.bandwidth_bps = bw;
    s.rtt_s = rtt_s;
    s.buffer_s = buffer_s;
    return s;
}
inline Scenario flows(std::size_t n, double bw, double rtt_s) {
    Scenario s = row(Algorithm::Cubic, bw, rtt_s, 0.100);
    s.flows.assign(n, FlowSpec{});
    return s;
}
// CUBIC bulk + a ping every 100 ms + a 100 KB page every 2 s, under fq_codel.
inline Scenario fq_codel_mix() {
    Scenario s = row(Algorithm::Cubic, 100e6, 0.020, 0.200);
    s.aqm = Aqm::FqCodel;
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    FlowSpec web;
    web.size_bytes = 100'000;
    web.every_s = 2;
    web.label = "web";
    s.flows = {FlowSpec{}, ping, web};
    return s;
}

// The textbook rows by name (40 s simulated each, as in the README's benchmark table).
inline std::optional<Scenario> textbook_row(std::string_view name) {
    if (name == "Cubic100M") return row(Algorithm::Cubic, 100e6, 0.080, 0.100);
    if (name == "Cubic1G") return row(Algorithm::Cubic, 1e9, 0.020, 0.100);
    if (name == "Bbr10G") return row(Algorithm::Bbr, 10e9, 0.100, 0.100);
    if (name == "Cubic10Flows1G") return flows(10, 1e9, 0.020);
    if (name == "Cubic100Flows10G") return flows(100, 10e9, 0.020);
    if (name == "FqCodelMix100M") return fq_codel_mix();
    // The worst path for memory: 10 Gbit/s, 1000 ms RTT, 1000 ms buffer.
    if (name == "WorstPathMemory") return row(Algorithm::Cubic, 10e9, 1.0, 1.0);
    return std::nullopt;
}

// A row by name; a name ending in "Linux" is its row with the linux stack ("Cubic1GLinux").
inline std::optional<Scenario> named_row(std::string_view name) {
    constexpr std::string_view linux_suffix = "Linux";
    if (name.size() > linux_suffix.size() && name.substr(name.size() - linux_suffix.size()) == linux_suffix) {
        auto s = textbook_row(name.substr(0, name.size() - linux_suffix.size()));
        if (s) s->stack = Stack::Linux;
        return s;
    }
    return textbook_row(name);
}

// The floor a packet-level model is measured against: per packet
// one FIFO push and pop (the bottleneck queue), one RNG draw (xorshift64*,
// the loss draw), one delay-line step (the ACK path: push, and pop once a
// base RTT's worth of packets is on it) and one window update (Reno's
// cwnd += MSS²/cwnd, a division). Returns a value depending on every step,
// so nothing is optimized away.
struct BareLoop {
    static constexpr std::uint32_t kMss = 1500;
    static double run(std::uint64_t packets, std::size_t delay_packets = 256) {
        struct Slot {
            std::uint64_t seq;
            TimePs at;
        };
        Ring<Slot> fifo(4096);
        Ring<Slot> line(4096);
        std::uint64_t rng = 0x9E3779B97F4A7C15ull;
        double cwnd = 10.0 * kMss;
        std::uint64_t lost = 0;
        TimePs now = 0;
        for (std::uint64_t i = 0; i < packets; ++i) {
            now += 120'000;  // 1500 B at 100 Gbit/s, say: the clock moves
            fifo.push_back(Slot{i, now});
            const Slot served = fifo.front();
            fifo.pop_front();
            rng ^= rng >> 12;
            rng ^= rng << 25;
            rng ^= rng >> 27;
            lost += (rng * 0x2545F4914F6CDD1Dull) >> 63;
            line.push_back(Slot{served.seq, served.at + 80'000'000'000});
            if (line.size() > delay_packets) line.pop_front();
            cwnd += static_cast<double>(kMss) * kMss / cwnd;
        }
        return cwnd + static_cast<double>(lost) + static_cast<double>(line.front().seq);
    }
};

}  // namespace inflight::bench
