// One flow of a scenario, which is a path and 1 to 100 flows sharing it:
// a TCP flow (bulk, one finite transfer, or a transfer repeated `every`) or
// a ping. A key left unset takes the scenario's own value (algo, rtt, rwnd,
// sndbuf, pacing), so a scenario without flows is one flow from the
// scenario's options — today's scenario. Plain data, SI units.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace inflight {

enum class Algorithm;
struct Scenario;

enum class FlowKind { Tcp, Ping };
// What a TCP flow's application does: Transfer is bulk or `size` (every
// write a run of full segments); Rpc is request/response transactions on
// one connection (model/engine/rpc_app.h).
enum class FlowApp { Transfer, Rpc };

struct FlowSpec {
    FlowKind kind = FlowKind::Tcp;
    std::optional<Algorithm> algorithm;       // TCP only; unset: the scenario's algo
    std::optional<double> rtt_s;              // this flow's base RTT; unset: the scenario's rtt
    double start_s = 0;                       // when the flow begins
    std::optional<double> stop_s;             // bulk: stop sending new data; unset: the end of the run
    std::optional<std::uint64_t> size_bytes;  // a finite transfer; unset: bulk
    std::optional<double> every_s;            // with size: a new connection this often; unset: once
    std::optional<std::uint64_t> rwnd_bytes;  // unset: the scenario's
    std::optional<std::uint64_t> sndbuf_bytes;
    std::optional<bool> pacing;
    std::optional<std::uint64_t> rcvbuf_bytes;  // SO_RCVBUF (no autotuning); unset: the scenario's
    double ping_interval_s = 0.100;           // ping only: one probe this often
    std::uint32_t ping_bytes = 64;            // ping only: its size on the wire
    std::string label;                        // empty: "flow N (ALGO)" / "flow N (ping)"
    // app=rpc: the request's writes, the response's size, the pause after
    // a response, TCP_NODELAY. The rpc keys are refused without app=rpc.
    FlowApp app = FlowApp::Transfer;
    std::vector<std::uint64_t> rpc_writes;    // empty: the default request (one 100 B write)
    std::optional<std::uint64_t> rpc_response_bytes;
    std::optional<double> rpc_think_s;
    std::optional<bool> nodelay;

    bool operator==(const FlowSpec&) const = default;
};

// The keys of a flow, as in scenario files and --flow specs.
enum class FlowKey {
    Algo, Rtt, Start, Stop, Size, Every, Rwnd, Sndbuf, Pacing, Interval, Bytes, Label, Rcvbuf,
    App, Writes, Response, Think, Nodelay
};
inline constexpr FlowKey kAllFlowKeys[] = {FlowKey::Algo,   FlowKey::Rtt,    FlowKey::Start,
                                           FlowKey::Stop,   FlowKey::Size,   FlowKey::Every,
                                           FlowKey::Rwnd,   FlowKey::Sndbuf, FlowKey::Pacing,
                                           FlowKey::Interval, FlowKey::Bytes, FlowKey::Label,
                                           FlowKey::Rcvbuf, FlowKey::App,   FlowKey::Writes,
                                           FlowKey::Response, FlowKey::Think, FlowKey::Nodelay};
const char* key(FlowKey k);
std::optional<FlowKey> flow_key_from_key(std::string_view key);

// Flow ranges beyond the scenario's own: size 1 KB – 10 GB, every ≥ 10 ms,
// interval 1 ms – 10 s, at most 100 flows (16 in the window).
struct FlowLimits {
    static constexpr std::size_t max_flows = 100;
    static constexpr std::size_t max_flows_window = 16;
    static constexpr std::uint64_t min_size_bytes = 1000, max_size_bytes = 10'000'000'000ull;
    static constexpr double min_every_s = 0.010;
    static constexpr double min_interval_s = 0.001, max_interval_s = 10.0;
    static constexpr std::uint32_t min_ping_bytes = 28, max_ping_bytes = 9000;
    // app=rpc: 1 to 64 writes a request, each 1 B – 10 GB; a response of
    // 1 B up to the initial window (10 segments: it leaves in one flight);
    // think 0 – the longest run.
    static constexpr std::size_t max_rpc_writes = 64;
    static constexpr std::uint64_t default_rpc_bytes = 100;
    static constexpr std::uint32_t rpc_response_segments = 10;
};

// A flow's request/response application, resolved (app=rpc).
struct RpcSpec {
    std::vector<std::uint64_t> writes;  // the request, write by write
    std::uint64_t response_bytes = 0;
    double think_s = 0;
    bool nodelay = false;               // TCP_NODELAY: no Nagle
    bool operator==(const RpcSpec&) const = default;
};

// The TCP a flow runs: which of Linux's details are in force (the
// scenario's stack and its Detail switches, resolved) and the receive
// buffer the application set. All false: the lesson's textbook TCP.
struct TcpDetails {
    bool bbr_pacing = false;    // a BBR flow paces itself
    bool bbr_headroom = false;  // BBR's cwnd target allows for ACK aggregation and TSO bursts
    bool hystart = false;       // CUBIC's HyStart (tcp_cubic.c)
    bool delayed_acks = false;  // ACK every second full segment, the delayed-ACK timer, quick ACKs
    bool autotuning = false;    // the receive buffer grows with what the application reads
    bool prr = false;           // proportional rate reduction in fast recovery
    bool slow_start_room = false;  // slow start grows cwnd to twice what was in flight (tcp_is_cwnd_limited)
    std::uint64_t rcvbuf_bytes = 0;  // SO_RCVBUF: a fixed buffer, no autotuning; 0: not set

    // The receiver is more than a mirror: it delays ACKs or advertises a
    // window from its buffer.
    bool linux_receiver() const { return delayed_acks || autotuning || rcvbuf_bytes != 0; }
    bool operator==(const TcpDetails&) const = default;
};

// A flow with every default filled in from its scenario.
// A run carries its flows resolved (FlowResult::flow, filled by the engine),
// so what reads a result never resolves them again.
struct ResolvedFlow {
    FlowKind kind = FlowKind::Tcp;
    Algorithm algorithm{};
    double rtt_s = 0;
    double start_s = 0, stop_s = 0;
    std::optional<std::uint64_t> size_bytes;
    std::optional<double> every_s;
    std::uint64_t rwnd_bytes = 0, sndbuf_bytes = 0;
    bool pacing = false;                      // paced: asked for, or BBR pacing itself
    TcpDetails tcp;
    double ping_interval_s = 0;
    std::uint32_t ping_bytes = 0;
    std::string label;                        // the user's label, or "flow N (ALGO)"
    bool label_given = false;                 // the user gave the label
    std::optional<RpcSpec> rpc;               // app=rpc

    // A TCP flow without a size: it always has data (the flows fairness and
    // the fair share are about).
    bool is_bulk() const { return kind == FlowKind::Tcp && !size_bytes && !rpc; }
    bool is_rpc() const { return rpc.has_value(); }
    // A transfer repeated with every=, its second starting before the flow
    // stops: several connections, one after another.
    bool repeats() const { return kind == FlowKind::Tcp && size_bytes && every_s && start_s + *every_s < stop_s; }
};

// A request's writes as the rpc key writes them: "100B+100B".
std::string rpc_writes_text(const std::vector<std::uint64_t>& writes);

// The TCP details in force with the scenario's stack and switches, for a
// flow whose application set SO_RCVBUF to `rcvbuf_bytes` (0: not set).
TcpDetails tcp_details(const Scenario& s, std::uint64_t rcvbuf_bytes);

// How many flows the scenario has: its flows, or one when it lists none.
std::size_t flow_count(const Scenario& s);
// Flow i (0-based) with the scenario's defaults filled in.
ResolvedFlow resolve_flow(const Scenario& s, std::size_t i);
// Every flow of the scenario so (flow_count(s) of them).
std::vector<ResolvedFlow> resolve_flows(const Scenario& s);
// "flow 2 (cubic)" — 1-based, as the user counts.
std::string default_label(const Scenario& s, std::size_t i);

// How a refusal names a flow: by its position in a scenario file's "flows"
// array ("flows[2].rtt"), or by its number from 1 as the command line counts
// its --flow options ("flow 3: rtt").
enum class FlowNaming { Array, Numbered };
std::string flow_name(std::size_t i, FlowNaming naming);                // "flows[2]", "flow 3"
std::string flow_key_name(std::size_t i, FlowKey k, FlowNaming naming);  // "flows[2].rtt", "flow 3: rtt"

// Checks every flow against the scenario it belongs to; the error names the
// flow (as `naming` says) and the key, the value and what is allowed:
//   flows[2].rtt: -5 ms is out of range; allowed 1 ms – 1000 ms
std::optional<std::string> validate_flows(const Scenario& s, FlowNaming naming = FlowNaming::Array);

}  // namespace inflight
