// One flow's return path: the ACK of a packet served at time t reaches the
// sender at t + that flow's base RTT (model.md, "The path"; flows.md: "the
// ACK path of each flow is its own"). ACKs are never lost. The delay is the
// same for every packet of the flow, so the line stays in time order and a
// FIFO is enough.
#pragma once

#include "packet.h"
#include "ring.h"

namespace inflight {

class AckPath {
public:
    explicit AckPath(TimePs delay) : delay_(delay), line_(256) {}

    // The packet's service ended at `served_at`. True when the line was
    // empty (its owner's next moment has changed).
    INFLIGHT_HOT bool carry(const Packet& p, TimePs served_at, bool ce) {
        const bool was_empty = line_.empty();
        AckInFlight& a = line_.push_slot();
        a.packet = p;
        a.packet.ce = ce;
        a.ack_at = served_at + delay_;
        return was_empty;
    }
    TimePs next_arrival() const { return line_.empty() ? kNever : line_.front().ack_at; }
    INFLIGHT_HOT AckInFlight pop() {
        const AckInFlight a = line_.front();
        line_.pop_front();
        return a;
    }
    std::size_t size() const { return line_.size(); }
    TimePs delay() const { return delay_; }

private:
    TimePs delay_;
    Ring<AckInFlight> line_;
};

}  // namespace inflight
