// The path: a FIFO buffer of B bytes in front of a link of C bit/s, then loss
// unrelated to congestion, then an ACK path of one base RTT (model.md).
//   arrival: tail-drop when the waiting packets plus this one exceed B
//   service: one packet at a time, size·8/C each, in arrival order
//   AQM:     CoDel may drop or CE-mark a packet as it leaves the buffer
//   ACK:     reaches the sender one base RTT after the packet's service ends
// The packet being serialized has left the buffer. Dequeues are processed
// lazily (advance_to) in time order before every sender event, which is exact
// because nothing but the sender changes the queue.
#pragma once

#include <cstdint>
#include <optional>

#include "codel.h"
#include "loss_process.h"
#include "ring.h"
#include "sim_time.h"

namespace inflight {

// Segment and transmission numbers travel as their low 32 bits (the sender
// restores them: far fewer than 2^31 are ever outstanding), which keeps the
// per-packet records small; the path holds millions of them at 10 Gbit/s.
struct Packet {
    std::uint32_t seg_no;    // which segment (sender's numbering)
    std::uint32_t tx_index;  // which transmission of it
    std::uint32_t bytes;
};

// A packet served and not lost: its ACK is on the way back.
struct AckInFlight {
    Packet packet;
    TimePs ack_at;  // arrival time at the sender
    bool ce;        // the packet was CE-marked; the ACK echoes it
};

struct PathCounters {
    std::uint64_t pkts_arrived = 0;      // every packet the sender put on the path
    std::uint64_t pkts_acked = 0;        // ACKs handed to the sender
    std::uint64_t drops_tail = 0, drops_aqm = 0, drops_random = 0;
    std::uint64_t ecn_marks = 0;
    std::uint64_t drops() const { return drops_tail + drops_aqm + drops_random; }
};

class Bottleneck {
public:
    struct Config {
        double rate_bps;
        TimePs base_rtt;
        std::uint64_t buffer_bytes;
        double loss;
        LossPattern loss_pattern;
        std::uint64_t seed;
        std::optional<CodelParams> codel;
    };
    explicit Bottleneck(const Config& c);

    // Processes every dequeue due at or before t.
    void advance_to(TimePs t);
    // A packet arrives from the sender at `now` (after advance_to(now)).
    void enqueue(TimePs now, const Packet& p);

    bool ack_ready_by(TimePs t) const { return !acks_.empty() && acks_.front().ack_at <= t; }
    TimePs next_ack_time() const { return acks_.empty() ? kNever : acks_.front().ack_at; }
    AckInFlight pop_ack() {
        AckInFlight a = acks_.front();
        acks_.pop_front();
        ++counters_.pkts_acked;
        return a;
    }

    std::uint64_t queue_bytes() const { return queue_bytes_; }
    // Waiting, being serialized, or with the ACK on its way back.
    std::uint64_t packets_in_network() const { return queue_.size() + acks_.size(); }
    const PathCounters& counters() const { return counters_; }

private:
    struct Waiting {
        Packet packet;
        TimePs enqueued_at;
    };
    void start_service(TimePs start, const Packet& p, bool ce);
    TimePs service_time(std::uint32_t bytes);

    double rate_bps_;
    TimePs base_rtt_;
    std::uint64_t buffer_bytes_;
    LossProcess loss_;
    std::optional<Codel> codel_;
    std::uint32_t cached_bytes_ = 0;    // most packets share one size:
    TimePs cached_service_time_ = 0;    // cache its serialization time

    Ring<Waiting> queue_;
    std::uint64_t queue_bytes_ = 0;
    TimePs busy_until_ = 0;       // when the link finishes its current packet
    Ring<AckInFlight> acks_;
    PathCounters counters_;
};

}  // namespace inflight
