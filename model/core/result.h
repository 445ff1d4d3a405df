// What a run produces: the decimated Trace for the panels, the typed event
// log, and the Summary (steady-state averages over the second half of the
// run; counts over the whole run).
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "model/core/cc_info.h"
#include "model/core/flow_spec.h"
#include "model/core/scenario.h"
#include "model/core/trace_memory.h"
#include "model/core/transaction_samples.h"

namespace inflight {

// What held the sender back at a moment. `Link` whenever the bottleneck
// queue is non-empty; `App` when the sender's last try to send stopped for
// want of data (a request/response flow between requests, a transfer's gap,
// a small write Nagle holds): no window is full, as Linux's tcp_chrono counts
// neither busy nor limited time while its write queue is empty.
enum class Limit : std::uint8_t { Cwnd, Rwnd, Sndbuf, Pacing, Link, App };
constexpr int kLimitCount = 6;
const char* to_string(Limit l);

// The congestion-control state, across algorithms.
enum class CcPhase : std::uint8_t {
    SlowStart, CongestionAvoidance, Recovery, Loss,  // Reno, CUBIC (Loss = after RTO)
    Startup, Drain, ProbeBw, ProbeRtt                // BBR v1
};
const char* to_string(CcPhase p);

// Min and max of one series over one trace bucket. NaN when the series had
// no value in the bucket (e.g. no RTT sample).
struct MinMax {
    double min;
    double max;
};

// One decimation bucket: every series' min and max over [t_start_s, t_end_s),
// so sawtooth peaks and short notches survive decimation.
struct TraceBucket {
    double t_start_s = 0, t_end_s = 0;
    MinMax cwnd_bytes{}, window_bytes{}, inflight_bytes{}, queue_bytes{};
    double ssthresh_bytes = 0;        // at bucket end; +inf while unset
    MinMax rtt_s{};                   // measured RTT samples in the bucket
    double srtt_s = 0, min_rtt_s = 0; // at bucket end
    double rttvar_s = 0;              // RFC 6298 RTTVAR at bucket end
    double cwnd_end_bytes = 0;        // cwnd at bucket end
    // The receiver's advertised window (rwnd) as the sender last learned it,
    // at bucket end: the flow's fixed rwnd in the textbook stack, Linux's
    // receive buffer's window (autotuning, SO_RCVBUF) in the linux stack,
    // TCP_INFO's tcpi_snd_wnd on the kernel. NaN when no connection has
    // learned one (before the handshake ends, a ping, a trace without it).
    double rwnd_bytes = std::numeric_limits<double>::quiet_NaN();
    MinMax delivery_rate_bps{};       // delivery-rate samples in the bucket
    double pacing_rate_bps = 0;       // the algorithm's pacing rate at bucket end
    CcInfo cc;                        // what the algorithm reports at bucket end (empty for Reno, CUBIC)
    std::uint64_t retransmits = 0;    // cumulative retransmitted packets at bucket end
    std::uint64_t retransmitted_bytes = 0;
    CcPhase phase = CcPhase::SlowStart;
    Limit limit = Limit::Cwnd;        // the limit that bound longest in the bucket
    // Packet conservation counters at bucket end (whole packets, all
    // transmissions): sent = delivered + dropped + in_network.
    std::uint64_t pkts_sent = 0, pkts_delivered = 0, pkts_dropped = 0, pkts_in_network = 0;
    // Bytes that have reached the receiver by bucket end (each segment once,
    // in or out of order; on the kernel, TCP_INFO's bytes acknowledged): what
    // the throughput charts count, since segments are not all MSS-sized (a
    // request/response flow's writes of 100 B).
    std::uint64_t delivered_bytes = 0;
};

// A trace's buckets; a run writes them in huge pages (trace_memory.h).
using TraceBuckets = std::vector<TraceBucket, TraceAllocator<TraceBucket>>;

struct Trace {
    double bdp_bytes = 0;
    double buffer_bytes = 0;
    double base_rtt_s = 0;
    std::uint32_t mss_bytes = 1500;
    double bucket_s = 0;
    TraceBuckets buckets;
};

enum class EventKind : std::uint8_t {
    SlowStartExit, CongestionEvent, Drops, EcnMarks, Rto, StateChange, LimitChange,
    // A flow's own happenings (starts, completions, overlaps):
    FlowStart,        // a connection sends its SYN (transfer = its number), or pings begin
    SynResent,        // the SYN (or its reply) was lost: sent again (next_rto_s: the next wait)
    TransferDone,     // the ACK of a transfer's last byte arrived (fct_s, size_bytes)
    TransferOverlap,  // a repetition is due while an earlier transfer still runs: a second connection
    FlowStop,         // a bulk flow stops sending new data
    NagleStall        // a request's short write waited for an ACK (transfer: the request, wait_s)
};
const char* to_string(EventKind k);
enum class CongestionCause : std::uint8_t { Loss, Ecn, Rto };
const char* to_string(CongestionCause c);

// How slow start (or BBR's Startup) ended.
enum class StartEnd : std::uint8_t {
    FirstCongestion,  // the first loss or ECN mark (cause says which)
    ReachedSsthresh,  // cwnd grew to ssthresh
    PipeFull,         // BBR: bandwidth grew less than 25% for 3 rounds
    HystartAckTrain,  // CUBIC's HyStart: an ACK train longer than delay_min/2 (cwnd_before_bytes: cwnd then)
    HystartDelay      // CUBIC's HyStart: the round's RTT rose past delay_min + clamp(delay_min/8, 4, 16 ms)
};

// One line of the event log, as numbers only: the words are the
// presentation's (app/formats/event_text.h).
struct Event {
    double t_s = 0;
    int flow = 0;                        // which flow (0-based, as in Scenario::flows); kPathFlow: the path
    EventKind kind = EventKind::CongestionEvent;
    // Details by kind (zero when not relevant):
    CongestionCause cause = CongestionCause::Loss;
    double cwnd_before_bytes = 0, cwnd_after_bytes = 0;
    std::uint32_t mss_bytes = 0;         // what "packets" means for the cwnd figures
    std::uint64_t drops_tail = 0, drops_aqm = 0, drops_random = 0, ecn_marks = 0;
    CcPhase phase = CcPhase::SlowStart;  // new state for StateChange
    Limit limit = Limit::Cwnd;           // new limit for LimitChange
    std::uint64_t limit_bytes = 0;       // LimitChange to rwnd or sndbuf: min(rwnd, sndbuf) per RTT
    StartEnd start_end = StartEnd::FirstCongestion;  // SlowStartExit: how it ended
    // Congestion events this line stands for: events closer together than
    // the grouping span (about an RTT, at least 100 ms) share one line.
    std::uint64_t count = 1;
    // True for the line that stands for the 2nd and later events of a span.
    bool grouped = false;
    double group_span_s = 0;             // the span, when grouped
    double next_rto_s = 0;               // Rto, SynResent: the next timeout
    int rto_backoff = 0;                 // Rto: doublings of the timeout so far (the factor is 2^backoff)
    std::uint64_t transfer = 0;          // FlowStart, SynResent, TransferDone, TransferOverlap: which
                                         // transfer of the flow (1-based); 0 for a bulk flow's or pings
    std::uint64_t size_bytes = 0;        // FlowStart, TransferDone: the transfer's size (0: bulk)
    bool ping = false;                   // FlowStart: a ping flow's first ping (it opens no connection)
    double fct_s = 0;                    // TransferDone: flow completion time, start to last ACK
    double wait_s = 0;                   // NagleStall: how long the held write waited
    bool delayed_ack = false;            // NagleStall: the ACK that released it was a delayed one
};

// Event::flow of an event that belongs to the path, not to one flow.
inline constexpr int kPathFlow = -1;

struct Summary {
    // Steady-state window: the second half of the run.
    double window_start_s = 0, window_end_s = 0;
    double throughput_bps = 0;         // bits/s that reached the receiver in the window and were
                                       // delivered to the application, in order, by its end
    double utilisation = 0;            // throughput / link rate
    double mean_cwnd_packets = 0;      // time-weighted
    double mean_rtt_s = 0, min_rtt_s = 0, max_rtt_s = 0, p95_rtt_s = 0;
    std::array<double, kLimitCount> binding_fractions{};  // indexed by Limit
    Limit binding_limit = Limit::Cwnd;
    std::uint64_t window_congestion_events = 0;
    // Whole-run counts.
    std::uint64_t congestion_events = 0;
    std::uint64_t drops_tail = 0, drops_aqm = 0, drops_random = 0;
    std::uint64_t ecn_marks = 0, retransmits = 0, rtos = 0;
    double bdp_packets = 0, buffer_packets = 0;
    std::uint64_t packets_simulated = 0;  // every transmission, retransmissions included
    // The receivers': data segments taken and pure ACKs sent for them (every
    // segment ACKed at once by the lesson's mirror; about one per two with
    // delayed ACKs).
    std::uint64_t segments_received = 0, acks_sent = 0;
    double wall_seconds = 0;
    // True when the figure rests on too few congestion events to trust
    // (random loss with fewer than kFewEvents in the window).
    bool few_events = false;
    static constexpr std::uint64_t kFewEvents = 20;
    // Several flows: the figures above are
    // then the aggregate (throughput = the sum over flows, drops of every
    // flow); with one flow they keep their single-flow meaning.
    double jain_index = 1;             // (Σx)²/(n·Σx²) over TCP bulk flows active through the window
    double mean_queue_delay_s = 0;     // at the bottleneck, over the window
    double p95_queue_delay_s = 0;
    bool settled = true;               // the two halves of the window agree (10%, or 0.05 of share)
};

// One flow's figures: its share of the aggregate, its own RTT and
// limit, its drops by cause; FCTs for finite transfers; RTTs for pings.
struct FlowSummary {
    double throughput_bps = 0;         // over the part of the window it was active
    double share = 0;                  // of the aggregate throughput
    double mean_cwnd_packets = 0;
    double mean_rtt_s = 0, p95_rtt_s = 0, min_rtt_s = 0, max_rtt_s = 0;
    std::array<double, kLimitCount> binding_fractions{};
    Limit binding_limit = Limit::Cwnd;
    std::uint64_t congestion_events = 0;
    std::uint64_t drops_tail = 0, drops_aqm = 0, drops_random = 0;
    std::uint64_t ecn_marks = 0, retransmits = 0, rtos = 0;
    std::uint64_t segments_received = 0, acks_sent = 0;  // its receiver's (as Summary's)
    // Finite transfers: every completion time in order (start to the ACK of
    // the last byte, handshake included) and their statistics.
    std::vector<double> fct_s;
    double fct_mean_s = 0, fct_p50_s = 0, fct_p95_s = 0, fct_max_s = 0;
    // Pings: RTT statistics of the replies and the count sent and lost.
    double ping_mean_rtt_s = 0, ping_p50_rtt_s = 0, ping_p95_rtt_s = 0, ping_max_rtt_s = 0;
    std::uint64_t pings_sent = 0, pings_lost = 0;
    // Request/response flows (app=rpc): transactions completed, their
    // latency (first write to last response byte) and the writes Nagle held.
    std::uint64_t transactions = 0;
    double transaction_mean_s = 0, transaction_p50_s = 0, transaction_p95_s = 0, transaction_max_s = 0;
    std::uint64_t writes_held_by_nagle = 0;
    bool settled = true;
};

// One flow of a run: its figures and its own trace (cwnd, in flight,
// delivery rate, RTT, state; queue_bytes there is this flow's queue under
// fq_codel, else the path's).
struct FlowResult {
    ResolvedFlow flow;                 // what ran: kind, algorithm, RTT, windows, label (set before the first packet)
    FlowSummary summary;
    Trace trace;
    std::vector<double> ping_rtt_samples_t_s, ping_rtt_samples_s;  // pings: each reply (time, RTT)
    // Request/response flows: each completed transaction (completion time,
    // latency), at most TransactionSamples::kMaxKept of them (its rule).
    TransactionSamples transaction_samples;
};

struct RunResult {
    Scenario scenario;
    // With one flow: that flow's trace (flows[0].trace is left empty rather
    // than holding a second copy of it). With several: the path's
    // (queue_bytes) with the aggregate's series; each flow's own is in
    // flows[i].trace. flow_trace(i) reads either way.
    Trace trace;
    std::vector<Event> events;
    Summary summary;
    std::vector<FlowResult> flows;  // one per flow, in the scenario's order (also for one flow)
    bool cancelled = false;

    // Flow i's own trace: `trace` itself when the run has one flow.
    const Trace& flow_trace(std::size_t i) const { return flows.size() == 1 ? trace : flows[i].trace; }
};

}  // namespace inflight
