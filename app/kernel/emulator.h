// The path emulator, the project's own code: one thread per direction
// between two packet file descriptors (the two TUN devices; socketpairs in
// the unit tests). Data direction, in order:
//   loss:      on segments that carry TCP payload, evenly spaced or seeded
//              random, by the model's own LossProcess (model/loss_process.h)
//   buffer:    a FIFO of B bytes; tail drop when the waiting packets plus
//              this one exceed B (the packet being serialized has left it)
//   AQM:       CoDel from the model (model/codel.h), judged as a packet
//              leaves the FIFO, when aqm = codel
//   link:      one packet at a time, size·8/C each
//   delay:     half the base RTT, then the packet is written out
// ACK direction: the other half of the RTT, no rate limit, no loss.
// Counted on the way: segments with TCP payload (in, and written out) and
// pure ACKs (TCP with only the ACK flag, no payload): the receiver's ACKs
// per data segment.
// Time is a virtual timeline (integer picoseconds, model/sim_time.h): a
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
#include "model/path/loss_process.h"
#include "model/core/scenario.h"
#include "model/core/sim_time.h"

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
    };
    struct InFlight {
        std::vector<std::uint8_t> bytes;
        TimePs deliver_at;
    };
    TimePs service_time(std::size_t len) const;
    TimePs start_of(const Waiting& w) const { return w.arrived > link_free_ ? w.arrived : link_free_; }

    LinkConfig cfg_;
    LossProcess loss_;
    std::optional<Codel> codel_;
    std::deque<Waiting> fifo_;
    std::deque<InFlight> delay_line_;   // in delivery order (service order, constant delay)
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
