// The single queue: a FIFO of B bytes, tail drop, optionally CoDel at its
// head (CoDel: codel.h, RFC 8289).
//   arrival: tail-drop when the waiting packets plus this one exceed B
//   service: in arrival order; CoDel judges each packet's sojourn as it
//            leaves and may drop it (the next one is judged at once) or, with
//            ECN, mark it CE
// A queue discipline's shape, shared with fq_codel (fq_codel.h) through the
// Bottleneck: enqueue (false = the packet is dropped), dequeue (the next
// packet to serialize; AQM drops counted per flow), and the bytes queued.
#pragma once

#include <cstdint>
#include <optional>

#include "model/path/aqm/codel.h"
#include "model/path/packet.h"
#include "model/core/ring.h"

namespace inflight {

// Drops, marks and arrivals of one flow's packets at the bottleneck.
struct PathCounters {
    std::uint64_t pkts_arrived = 0;      // every packet the flow put on the path
    std::uint64_t drops_tail = 0, drops_aqm = 0, drops_random = 0;
    std::uint64_t ecn_marks = 0;
    std::uint64_t marks_and_drops = 0;   // drops() + ecn_marks, kept as they count (read every step)
    std::uint64_t drops() const { return drops_tail + drops_aqm + drops_random; }
    void count_tail_drop() { ++drops_tail, ++marks_and_drops; }
    void count_aqm_drop() { ++drops_aqm, ++marks_and_drops; }
    void count_random_drop() { ++drops_random, ++marks_and_drops; }
    void count_ecn_mark() { ++ecn_marks, ++marks_and_drops; }
    PathCounters& operator+=(const PathCounters& o) {
        pkts_arrived += o.pkts_arrived;
        drops_tail += o.drops_tail;
        drops_aqm += o.drops_aqm;
        drops_random += o.drops_random;
        ecn_marks += o.ecn_marks;
        marks_and_drops += o.marks_and_drops;
        return *this;
    }
};

// A packet the discipline hands to the link.
struct Dequeued {
    Packet packet;
    TimePs sojourn;  // time it waited
    bool ce;         // CE-marked by the AQM
};

class FifoQueue {
public:
    FifoQueue(std::uint64_t limit_bytes, const std::optional<CodelParams>& codel)
        : limit_bytes_(limit_bytes), queue_(64) {  // grows as the queue does (one flow and fq_codel never use it)
        if (codel) codel_.emplace(*codel);
    }

    // The link was idle and nothing waited: the packet goes straight onto
    // the wire (an empty queue ends any CoDel dropping state).
    void bypass(TimePs now) {
        if (codel_) codel_->on_dequeue(now, 0, 0);
    }
    // Tail drop: false when the buffer cannot hold the packet.
    INFLIGHT_HOT bool enqueue(TimePs now, const Packet& p) {
        if (!fits(p.bytes)) return false;
        Waiting& w = queue_.push_slot();
        w.packet = p;
        w.enqueued_at = now;
        bytes_ += p.bytes;
        return true;
    }
    // The link is free at `now`: the next packet, after CoDel's drops
    // (counted in counters[flow]); false when nothing is left.
    INFLIGHT_HOT bool dequeue(TimePs now, Dequeued& out, PathCounters* counters, std::uint32_t* queued) {
        while (!queue_.empty()) {
            const Waiting w = queue_.front();
            queue_.pop_front();
            bytes_ -= w.packet.bytes;
            --queued[w.packet.flow];
            const TimePs sojourn = now - w.enqueued_at;
            bool ce = false;
            if (codel_) {
                switch (codel_->on_dequeue(now, sojourn, bytes_)) {
                case Codel::Verdict::Drop: counters[w.packet.flow].count_aqm_drop(); continue;
                case Codel::Verdict::Mark: counters[w.packet.flow].count_ecn_mark(); ce = true; break;
                case Codel::Verdict::Deliver: break;
                }
            }
            out = Dequeued{w.packet, sojourn, ce};
            return true;
        }
        return false;
    }
    bool empty() const { return queue_.empty(); }
    std::uint64_t bytes() const { return bytes_; }
    // Tail drop's rule: can the packets waiting plus this one fit in the buffer?
    bool fits(std::uint32_t bytes) const { return bytes_ + bytes <= limit_bytes_; }
    // The one-record queue (bottleneck.h) keeps its packets in the ACK line
    // and only their bytes here, through these.
    void add_bytes(std::uint32_t bytes) { bytes_ += bytes; }
    void remove_bytes(std::uint32_t bytes) { bytes_ -= bytes; }
    // Without CoDel: the head leaves as it is (not empty). The reference
    // stays valid until the next enqueue.
    struct Waiting {
        Packet packet;
        TimePs enqueued_at;
    };
    INFLIGHT_HOT const Waiting& pop_plain(std::uint32_t* queued) {
        const Waiting& w = queue_.front();
        queue_.pop_front();
        bytes_ -= w.packet.bytes;
        --queued[w.packet.flow];
        return w;
    }

private:
    std::uint64_t limit_bytes_;
    std::optional<Codel> codel_;
    Ring<Waiting> queue_;
    std::uint64_t bytes_ = 0;
};

}  // namespace inflight
