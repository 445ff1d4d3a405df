// One flow's return path: the ACK of a packet served at time t reaches the
// sender at t + that flow's base RTT; each flow has its own ACK path, so
// flows share only the bottleneck. ACKs are never lost. The delay is the
// same for every packet of the flow, so the line stays in time order and a
// FIFO is enough.
// With one flow on a plain FIFO without link loss the line also holds the
// bottleneck's queue (Bottleneck, "one record"): a packet's entry is written
// once, when the bottleneck admits it, and the packets still waiting for the
// link are the line's last entries. The flow sees no difference: its ACKs
// come off the front, each at its time.
#pragma once

#include <cassert>

#include "model/path/packet.h"
#include "model/core/ring.h"

namespace inflight {

class AckPath {
public:
    // A packet on its way: its ACK, and (one-record queue) its time in the queue.
    struct Entry {
        AckInFlight ack;
        TimePs sojourn;  // one-record queue only: service start − arrival
    };
    static_assert(sizeof(Entry) == 32, "four words per entry");

    explicit AckPath(TimePs delay) : delay_(delay), line_(256) {}

    // The packet's service ended at `served_at`. True when the line was
    // empty (its owner's next moment has changed).
    INFLIGHT_HOT bool carry(const Packet& p, TimePs served_at, bool ce) {
        const bool was_empty = line_.empty();
        Entry& e = line_.push_slot();
        e.ack.packet = p;
        e.ack.packet.ce = ce;
        e.ack.ack_at = served_at + delay_;
        return was_empty;
    }
    TimePs next_arrival() const { return line_.empty() ? kNever : line_.front().ack.ack_at; }
    INFLIGHT_HOT AckInFlight pop() {
        assert(line_.size() > waiting_);  // an ACK is due only after its packet's service
        const AckInFlight a = line_.front().ack;
        line_.pop_front();
        return a;
    }
    // Packets whose ACK is on its way; with the one-record queue, also those waiting.
    std::size_t size() const { return line_.size(); }
    TimePs delay() const { return delay_; }

    // The one-record queue (used by the Bottleneck only). A packet admitted
    // at the bottleneck takes a new entry, then fills it in: its service
    // ends at `served_at`. (The slot comes first so that nothing computed
    // for it has to be kept across the ring's rare growth: a call.) One that
    // does not start at once is then marked with last_admitted_waits(); it
    // counts as waiting until first_waiting_starts().
    INFLIGHT_HOT Entry& new_entry() { return line_.push_slot(); }
    INFLIGHT_HOT void fill(Entry& e, const Packet& p, TimePs served_at, TimePs sojourn) const {
        e.ack.packet = p;
        e.ack.packet.ce = false;  // no AQM
        e.ack.ack_at = served_at + delay_;
        e.sojourn = sojourn;
    }
    INFLIGHT_HOT void last_admitted_waits() { ++waiting_; }
    bool any_waiting() const { return waiting_ != 0; }
    // The earliest admitted packet still waiting (any_waiting()); it leaves the queue with
    // first_waiting_starts(). (Its ACK is due after its service starts, so the front never
    // passes it.)
    INFLIGHT_HOT const Entry& first_waiting() const { return line_[line_.size() - waiting_]; }
    INFLIGHT_HOT void first_waiting_starts() { --waiting_; }

private:
    TimePs delay_;
    Ring<Entry> line_;
    std::size_t waiting_ = 0;  // the one-record queue: the last entries not yet in service
};

}  // namespace inflight
