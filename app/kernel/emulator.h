// The path emulator, the project's own code: one thread per direction
// between two packet file descriptors (the two TUN devices; socketpairs in
// the unit tests). Data direction, in order:
//   loss:      on segments that carry TCP payload, evenly spaced or seeded
//              random, by the model's own LossProcess (model/path/loss_process.h)
//   buffer:    a FIFO of B bytes; tail drop when the waiting packets plus
//              this one exceed B (the packet being serialized has left it)
//   AQM:       CoDel from the model (model/path/aqm/codel.h), judged as a
//              packet leaves the FIFO, when aqm = codel; or fq_codel from
//              the model (model/path/aqm/fq_codel.h): one queue per flow and
//              one for every other packet, B shared, deficit round robin
//              and CoDel on each queue, when aqm = fq_codel
//   link:      one packet at a time, size·8/C each
//   delay:     the packet's flow's one-way delay, then it is written out
// ACK direction: the other half of each flow's RTT, no rate limit, no loss.
// Flows: a run's TCP flows each talk to their own receiver port, so a
// packet's flow is its port (the destination port going to the receiver,
// the source port coming back); each flow has its own delay (its RTT) and
// its own counters. A packet of no flow (none in a run: ARP has no place on
// a TUN device, and every connection is a flow's) takes the link's delay.
// Counted on the way: segments with TCP payload (in, and written out) and
// pure ACKs (TCP with only the ACK flag, no payload): the receiver's ACKs
// per data segment.
// Time is a virtual timeline (integer picoseconds, model/core/sim_time.h): a
// packet's service start is max(its arrival, the link's end of the previous
// service) and its delivery time is computed, not slept for, so a late
// wake-up delays one write (counted: how late each write was) but never
// changes the rate. The link is advanced lazily (as the model's Bottleneck
// is) to the moment of each arrival, so tail drop sees the exact queue.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "app/capture/pcap_file_writer.h"
#include "model/path/aqm/codel.h"
#include "model/path/aqm/fq_codel.h"
#include "model/path/loss_process.h"
#include "model/core/scenario.h"
#include "model/core/sim_time.h"
#include "app/kernel/ip_header.h"

namespace inflight::kernel {

// One direction of the path.
struct LinkConfig {
    double rate_bps = std::numeric_limits<double>::infinity();  // +inf: no serialization (ACK path)
    TimePs delay = 0;                                            // one-way delay after the link
    std::uint64_t buffer_bytes = std::numeric_limits<std::uint64_t>::max();
    double loss = 0;                                             // fraction of payload segments
    LossPattern loss_pattern = LossPattern::Even;
    std::uint64_t seed = 1;
    std::optional<CodelParams> codel;                            // CoDel on the FIFO
    std::optional<CodelParams> fq_codel;                         // fq_codel instead of the FIFO (each queue's CoDel)
    std::uint32_t quantum_bytes = 1500;                          // fq_codel's DRR quantum
    // Flows by port: ports flow_port_base … flow_port_base + flow_delays.size() − 1
    // are flows 0, 1, …; the destination port is read when
    // flow_port_is_destination, else the source port.
    std::uint16_t flow_port_base = 0;
    bool flow_port_is_destination = true;
    std::vector<TimePs> flow_delays;                             // each flow's one-way delay after the link
};

// How late the writes were: an exact maximum and a histogram for the p99.
class LatenessStats {
public:
    void add(TimePs late);
    std::uint64_t writes() const { return writes_; }
    TimePs max() const { return max_; }
    TimePs quantile(double q) const;  // upper edge of the bin holding the q-quantile
    static constexpr TimePs kBin = 5'000'000;  // 5 µs
    static constexpr std::size_t kBins = 20'000;   // to 100 ms; later writes share the last bin

private:
    std::vector<std::uint64_t> bins_ = std::vector<std::uint64_t>(kBins, 0);
    std::uint64_t writes_ = 0;
    TimePs max_ = 0;
};

// One flow's share of a direction's counters.
struct FlowLinkCounters {
    std::uint64_t payload_segments_out = 0;  // written out, carrying TCP payload
    std::uint64_t pure_acks = 0;             // read, pure ACKs
    std::uint64_t drops_random = 0, drops_tail = 0, drops_aqm = 0, ecn_marks = 0;
};

struct LinkCounters {
    std::uint64_t pkts_in = 0, bytes_in = 0;       // read from the input
    std::uint64_t payload_segments = 0;            // of those, carrying TCP payload
    std::uint64_t pure_acks = 0;                   // of those, pure ACKs (TCP, ACK flag, nothing else)
    std::uint64_t payload_segments_out = 0;        // written to the output, carrying TCP payload
    std::uint64_t pkts_out = 0, bytes_out = 0;     // written to the output
    std::uint64_t drops_random = 0, drops_tail = 0, drops_aqm = 0, ecn_marks = 0;
    std::uint64_t write_errors = 0;                // writes the output refused
    std::uint64_t queue_bytes = 0;                 // waiting in the FIFO (at the last advance)
    std::uint64_t queue_max_bytes = 0;             // whole-run maximum
    std::vector<FlowLinkCounters> flows;           // one per flow of LinkConfig::flow_delays
    std::uint64_t drops() const { return drops_random + drops_tail + drops_aqm; }
};

// Min and max of the FIFO's bytes since the previous take.
struct QueueRange {
    std::uint64_t min_bytes = 0, max_bytes = 0, now_bytes = 0;
};

// The timeline of one direction, without threads or file descriptors: what
// the unit tests drive with exact times.
class LinkCore {
public:
    explicit LinkCore(const LinkConfig& c);

    enum class Fate { Queued, LostRandom, DroppedTail };
    // A packet read at `now` (times never go backwards).
    Fate arrive(TimePs now, const std::uint8_t* data, std::size_t len);
    // Processes every service start due at or before `now`.
    void advance_to(TimePs now);
    struct Due {
        std::vector<std::uint8_t> bytes;
        TimePs deliver_at;
    };
    // The next packet whose delivery time is at or before `now`, if any.
    std::optional<Due> pop_due(TimePs now);
    // Gives a delivered packet's buffer back for reuse.
    void recycle(std::vector<std::uint8_t>&& bytes);
    // The earliest moment a write may fall due (kNever when idle).
    TimePs next_deadline() const;
    QueueRange take_queue_range(TimePs now);

    const LinkCounters& counters() const { return counters_; }
    LinkCounters& counters() { return counters_; }

private:
    struct Waiting {
        std::vector<std::uint8_t> bytes;
        TimePs arrived;
        bool ect;
        std::uint32_t flow;  // index into the per-flow tables; kNoFlow for none
    };
    struct InFlight {
        std::vector<std::uint8_t> bytes;
        TimePs deliver_at;
        std::uint64_t order;  // service order: ties leave in it
        std::uint32_t flow;
    };
    static constexpr std::uint32_t kNoFlow = 0xFFFF'FFFFu;
    TimePs service_time(std::size_t len) const;
    TimePs start_of(TimePs arrived) const { return arrived > link_free_ ? arrived : link_free_; }
    std::uint32_t flow_of(const PacketInfo& info) const;
    TimePs delay_of(std::uint32_t flow) const { return flow == kNoFlow ? cfg_.delay : cfg_.flow_delays[flow]; }
    FlowLinkCounters* counters_of(std::uint32_t flow) {
        return flow == kNoFlow ? nullptr : &counters_.flows[flow];
    }
    // The packet leaves the queue at `start` (the AQM has let it through): onto the link.
    void serve(Waiting&& w, TimePs start);
    void advance_fifo(TimePs now);
    void advance_fq(TimePs now);
    void drop_aqm(Waiting&& w);
    bool later(const InFlight& a, const InFlight& b) const {
        return a.deliver_at != b.deliver_at ? a.deliver_at > b.deliver_at : a.order > b.order;
    }

    LinkConfig cfg_;
    LossProcess loss_;
    std::optional<Codel> codel_;
    std::deque<Waiting> fifo_;          // the FIFO (tail drop, CoDel)
    // fq_codel: the scheduler holds each packet's index into fq_packets_.
    std::optional<FqCodel<std::uint32_t>> fq_;
    std::vector<Waiting> fq_packets_;
    std::vector<std::uint32_t> fq_free_;
    TimePs fq_busy_from_ = 0;           // when the backlog last became non-empty
    std::vector<InFlight> delay_line_;  // a min-heap on (deliver_at, order): flows' delays differ
    std::uint64_t served_ = 0;
    std::vector<std::vector<std::uint8_t>> pool_;
    TimePs link_free_ = 0;              // end of the current (or last) service
    TimePs now_ = 0;                    // latest time advanced to
    LinkCounters counters_;
    std::uint64_t range_min_ = 0, range_max_ = 0;
};

// The monotonic clock on the virtual timeline's scale.
TimePs monotonic_now();

// Where a direction's packets go into a capture, if one is asked for: as
// they are read (the data direction, as the sender puts them on the wire,
// lost ones included) or as they are written out (the ACKs, as they reach
// the sender) — together what a capture at the sender's interface sees.
struct LinkCapture {
    capture::PcapFileWriter* writer = nullptr;
    bool at_input = false;
};

// A thread moving packets from fd_in to fd_out through a LinkCore. Both fds
// must be non-blocking packet descriptors (TUN, SOCK_SEQPACKET); they stay
// owned by the caller. With realtime_priority > 0 the thread asks for
// SCHED_FIFO at that priority (realtime() says whether it got it).
class LinkThread {
public:
    LinkThread(int fd_in, int fd_out, const LinkConfig& c, std::size_t max_packet_bytes, int realtime_priority = 0,
               const LinkCapture& capture = {});
    ~LinkThread();  // stops and joins
    LinkThread(const LinkThread&) = delete;
    LinkThread& operator=(const LinkThread&) = delete;

    void start();
    void stop();  // prompt: the thread looks at the flag at least every 20 ms

    LinkCounters counters();
    QueueRange take_queue_range();
    LatenessStats lateness();
    bool realtime() const { return realtime_.load(); }

private:
    void loop();

    int fd_in_, fd_out_;
    std::size_t max_packet_bytes_;
    int realtime_priority_;
    LinkCapture capture_;
    std::atomic<bool> realtime_{false};
    std::mutex mutex_;  // guards core_ and lateness_
    LinkCore core_;
    LatenessStats lateness_;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

}  // namespace inflight::kernel
