// The next moment across flows: an indexed binary min-heap with one entry
// per flow, keyed by (time, kind, flow index), so ties are broken by kind of
// moment and then by flow — deterministically (flows.md, "Ties"). Choosing
// the earliest is O(1), moving one flow's moment O(log N); nothing is
// allocated after construction.
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

#include "sim_time.h"

namespace inflight {

// What a flow's next moment is, in tie-break order (as run.cpp has always
// taken them: an ACK before the retransmission timer before the pacing
// clock), then the flow's own timers.
enum class MomentKind : std::uint8_t {
    Ack,     // an ACK (or SYN-ACK, or ping reply) reaches the sender
    Rto,     // a retransmission timer fires
    Pacing,  // the pacing clock lets a packet go
    Timer,   // the flow's own schedule: a connection or transfer starts, a SYN
             // is resent, a ping is due, a bulk flow stops
    None     // nothing is due, ever
};

struct Moment {
    TimePs t = kNever;
    MomentKind kind = MomentKind::None;
};

class EventQueue {
public:
    explicit EventQueue(std::size_t flows) : keys_(flows), heap_(flows), pos_(flows) {
        for (std::size_t i = 0; i < flows; ++i) {
            heap_[i] = static_cast<std::uint32_t>(i);
            pos_[i] = static_cast<std::uint32_t>(i);
        }
    }

    // The earliest moment and its flow.
    const Moment& top() const { return keys_[heap_[0]]; }
    std::uint32_t top_flow() const { return heap_[0]; }

    // Flow f's next moment is now m.
    void update(std::uint32_t f, Moment m) {
        if (heap_.size() == 1) {  // one flow: nothing to order
            keys_[0] = m;
            return;
        }
        const Moment old = keys_[f];
        keys_[f] = m;
        const bool earlier = m.t != old.t ? m.t < old.t : m.kind < old.kind;
        if (earlier) sift_up(pos_[f]);
        else sift_down(pos_[f]);
    }

private:
    // Is flow a's moment ma earlier than flow b's key?
    bool before(std::uint32_t a, const Moment& ma, std::uint32_t b) const {
        const Moment& mb = keys_[b];
        if (ma.t != mb.t) return ma.t < mb.t;
        if (ma.kind != mb.kind) return ma.kind < mb.kind;
        return a < b;
    }
    bool less(std::uint32_t a, std::uint32_t b) const { return before(a, keys_[a], b); }
    void place(std::size_t i, std::uint32_t f) {
        heap_[i] = f;
        pos_[f] = static_cast<std::uint32_t>(i);
    }
    void sift_up(std::size_t i) {
        const std::uint32_t f = heap_[i];
        while (i > 0) {
            const std::size_t parent = (i - 1) / 2;
            if (!less(f, heap_[parent])) break;
            place(i, heap_[parent]);
            i = parent;
        }
        place(i, f);
    }
    void sift_down(std::size_t i) {
        const std::uint32_t f = heap_[i];
        const std::size_t n = heap_.size();
        for (;;) {
            std::size_t child = 2 * i + 1;
            if (child >= n) break;
            if (child + 1 < n && less(heap_[child + 1], heap_[child])) ++child;
            if (!less(heap_[child], f)) break;
            place(i, heap_[child]);
            i = child;
        }
        place(i, f);
    }

    std::vector<Moment> keys_;         // by flow
    std::vector<std::uint32_t> heap_;  // flows, heap-ordered
    std::vector<std::uint32_t> pos_;   // where each flow sits in heap_
};

}  // namespace inflight
