// The next moment across flows: an indexed binary min-heap with one entry
// per flow, keyed by (time, kind, flow index), so ties are broken by kind of
// moment and then by flow index, so a run is deterministic. Choosing
// the earliest is O(1), moving one flow's moment O(log N); nothing is
// allocated after construction.
// The heap holds each key packed into one 64-bit number that orders as the
// triple: time in the top 50 bits, kind in 3, flow in 11 (≤ 2048 flows; a
// scenario has ≤ 100). 2^50 ps is 1126 s, past any run (≤ 600 s): a later
// time (kNever among them) is packed as the last value, so such moments
// order among themselves by kind and flow — they are never the earliest one
// handled, as the run's last bucket end comes before them.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>

#include "model/core/sim_time.h"

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
        assert(flows <= kFlowMask + 1);
        for (std::size_t i = 0; i < flows; ++i) {
            heap_[i] = pack(keys_[i], static_cast<std::uint32_t>(i));
            pos_[i] = static_cast<std::uint32_t>(i);
        }
    }

    // The earliest moment and its flow.
    const Moment& top() const { return keys_[top_flow()]; }
    std::uint32_t top_flow() const { return static_cast<std::uint32_t>(heap_[0] & kFlowMask); }

    // Flow f's next moment is now m.
    void update(std::uint32_t f, Moment m) {
        if (heap_.size() == 1) {  // one flow: nothing to order
            keys_[0] = m;
            return;
        }
        const std::uint64_t old = heap_[pos_[f]];
        const std::uint64_t key = pack(m, f);
        keys_[f] = m;
        if (key < old) sift_up(pos_[f], key);
        else sift_down(pos_[f], key);
    }

    // The earliest flow's next moment is now m: one sift from the root (a
    // key that went down — an earlier kind at the same time — stays there).
    void replace_top(Moment m) {
        const std::uint32_t f = top_flow();
        keys_[f] = m;
        sift_down(0, pack(m, f));
    }

private:
    static constexpr std::uint64_t kFlowMask = (1u << 11) - 1;
    static constexpr TimePs kLastTime = (TimePs{1} << 50) - 1;
    static std::uint64_t pack(const Moment& m, std::uint32_t f) {
        const auto t = static_cast<std::uint64_t>(std::min(m.t, kLastTime));
        return t << 14 | static_cast<std::uint64_t>(m.kind) << 11 | f;
    }
    void place(std::size_t i, std::uint64_t key) {
        heap_[i] = key;
        pos_[key & kFlowMask] = static_cast<std::uint32_t>(i);
    }
    void sift_up(std::size_t i, std::uint64_t key) {
        while (i > 0) {
            const std::size_t parent = (i - 1) / 2;
            if (key >= heap_[parent]) break;
            place(i, heap_[parent]);
            i = parent;
        }
        place(i, key);
    }
    void sift_down(std::size_t i, std::uint64_t key) {
        const std::size_t n = heap_.size();
        for (;;) {
            std::size_t child = 2 * i + 1;
            if (child >= n) break;
            if (child + 1 < n && heap_[child + 1] < heap_[child]) ++child;
            if (heap_[child] >= key) break;
            place(i, heap_[child]);
            i = child;
        }
        place(i, key);
    }

    std::vector<Moment> keys_;         // by flow
    std::vector<std::uint64_t> heap_;  // packed keys, heap-ordered
    std::vector<std::uint32_t> pos_;   // where each flow sits in heap_
};

}  // namespace inflight
