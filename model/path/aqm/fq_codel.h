// FQ-CoDel, RFC 8290 §4.1–4.2 and §5, as Linux net/sched/sch_fq_codel.c
// does it: one FIFO per flow (exact, by the packet's flow index: a perfect
// hash, no collisions), deficit round robin between them, CoDel on each.
//   enqueue (§4.1): the packet joins its flow's queue, stamped with `now`; an
//       idle queue becomes active at the tail of new_flows with deficit =
//       quantum. While the shared buffer holds more than `limit_bytes`, drop
//       from the HEAD of the LONGEST queue (by bytes; the lowest index on a
//       tie), as fq_codel_drop does.
//   dequeue (§4.2): take the head queue of new_flows, else of old_flows.
//       deficit ≤ 0          → deficit += quantum, move it to old_flows' tail, repeat
//       empty (after CoDel)  → from new_flows: to old_flows' tail (unless that
//                              list is empty), so a queue that keeps emptying
//                              cannot stay new and starve the others;
//                              from old_flows: leaves the lists; repeat
//       else                 → deficit -= the packet's bytes; serve it
//   CoDel (§5): each queue has its own CoDel state (codel.h, RFC 8289: target
//       5 ms, interval 100 ms, CE marks instead of drops with ECN). As in
//       Linux, its "more than one MTU queued" test reads the total backlog:
//       it protects the link from idling, which other queues also prevent.
// Overflow drops ONE packet per excess by default (drop_batch_packets = 1):
// each drop is repeated while the buffer is still over its limit. Linux
// drops a batch (up to 64 packets, or until half the fat queue's bytes are
// gone) to amortise its scan of 1024 buckets over many drops; here the scan
// covers ≤ 100 queues, and the buffer setting is small enough that
// overflow is routine (Linux's own limit is 10240 packets), so a batch would
// give the longest flow burst losses that tail drop (aqm none) would not and
// blur the comparison. drop_batch_packets > 1 selects Linux's batch rule.
// Linux also adds the batch size to that queue's CoDel count; Codel keeps
// its count private, so that step is not modelled.
// Storage: one pool of packet slots for all queues (a free list, each queue
// a linked FIFO through it), so memory is O(buffer) whatever the number of
// flows, and after warm-up nothing is allocated per packet.
#pragma once

#include <cassert>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "model/path/aqm/codel.h"
#include "model/core/sim_time.h"

namespace inflight {

constexpr std::uint32_t kFqMaxQueues = 1024;  // Linux's default number of buckets
constexpr std::uint32_t kNoQueue = 0xFFFF'FFFF;

struct FqCodelParams {
    std::uint32_t queues = 1;              // one per flow index 0..queues-1
    std::uint64_t limit_bytes = 0;         // the shared buffer, over all queues
    std::uint32_t quantum_bytes = 1500;    // DRR quantum: one MSS
    std::uint32_t drop_batch_packets = 1;  // 1: one drop per excess; Linux: 64
    CodelParams codel;                     // each queue's CoDel, ECN marking included
};

// Per queue; the scheduler's totals are the sums (FqCodelStats).
struct FqQueueStats {
    std::uint64_t drops_overflow = 0;  // head drops: the shared limit was exceeded
    std::uint64_t drops_codel = 0;     // CoDel drops at dequeue
    std::uint64_t ecn_marks = 0;       // CoDel CE marks at dequeue
    std::uint64_t served_packets = 0;  // handed to the link
    std::uint64_t served_bytes = 0;
};

struct FqCodelStats {
    std::uint64_t drops_overflow = 0;
    std::uint64_t drops_codel = 0;
    std::uint64_t ecn_marks = 0;
    std::uint64_t served_packets = 0;
    std::uint64_t served_bytes = 0;
    std::uint64_t new_flow_count = 0;  // times an idle queue joined new_flows
    std::uint64_t drops() const { return drops_overflow + drops_codel; }
};

enum class FqList : std::uint8_t { None, New, Old };

// The scheduler without the packets (sch_fq_codel.c's fq_codel_sched_data
// and fq_codel_flow minus the skb list): the two lists, each queue's
// deficit, CoDel state, backlog and counters. FqCodel<Payload> below holds
// the packets and calls these steps in RFC order.
class FqScheduler {
public:
    explicit FqScheduler(const FqCodelParams& p);  // throws std::invalid_argument

    // §4.1: `bytes` join queue `q`; an idle queue becomes new with a fresh
    // quantum. True when the buffer is now over its limit.
    bool arrive(std::uint32_t q, std::uint32_t bytes);
    // The usual arrival, decided inline: queue `q` is already on a list and
    // `bytes` more keep the buffer within its limit. Then the same as
    // arrive() and true; otherwise false and nothing changed.
    bool arrive_at_active(std::uint32_t q, std::uint32_t bytes) {
        Queue& s = queues_[q];
        if (s.list == FqList::None || backlog_bytes_ + bytes > p_.limit_bytes) return false;
        s.backlog_bytes += bytes;
        ++s.backlog_packets;
        backlog_bytes_ += bytes;
        return true;
    }
    // The queue holding the most bytes (lowest index on a tie); kNoQueue if none.
    std::uint32_t longest_queue() const;
    // Its head packet of `bytes` was dropped for overflow.
    void overflow_drop(std::uint32_t q, std::uint32_t bytes);
    bool over_limit() const { return backlog_bytes_ > p_.limit_bytes; }

    // §4.2: the queue to serve next (it stays at the head of its list), after
    // moving spent queues to old_flows; kNoQueue when no queue is active.
    std::uint32_t select_queue();
    // The head packet of q leaves its queue after waiting `sojourn`: CoDel's verdict.
    Codel::Verdict leave(TimePs now, std::uint32_t q, std::uint32_t bytes, TimePs sojourn);
    // The packet is served: charge its bytes to q's deficit.
    void serve(std::uint32_t q, std::uint32_t bytes);
    // q, selected, had nothing left: new → old_flows' tail (unless empty), old → off the lists.
    void retire_empty(TimePs now, std::uint32_t q);

    std::uint32_t queues() const { return static_cast<std::uint32_t>(queues_.size()); }
    std::uint64_t backlog_bytes() const { return backlog_bytes_; }
    std::uint64_t backlog_bytes(std::uint32_t q) const { return queues_[q].backlog_bytes; }
    std::uint32_t backlog_packets(std::uint32_t q) const { return queues_[q].backlog_packets; }
    std::int64_t deficit_bytes(std::uint32_t q) const { return queues_[q].deficit_bytes; }
    FqList list_of(std::uint32_t q) const { return queues_[q].list; }
    const CodelVars& codel_vars(std::uint32_t q) const { return queues_[q].codel.vars(); }
    const FqQueueStats& queue_stats(std::uint32_t q) const { return queues_[q].stats; }
    const FqCodelStats& stats() const { return stats_; }
    const FqCodelParams& params() const { return p_; }

private:
    struct Queue {
        explicit Queue(const CodelParams& c) : codel(c) {}
        Codel codel;                       // this queue's CoDel variables
        std::int64_t deficit_bytes = 0;    // DRR credit; may go negative by < one packet
        std::uint64_t backlog_bytes = 0;
        std::uint32_t backlog_packets = 0;
        std::uint32_t next = kNoQueue;     // next queue in its list
        FqList list = FqList::None;        // which list holds it
        FqQueueStats stats;
    };
    // A FIFO of queue indices linked through Queue::next; every move in
    // fq_codel takes a list's head, so head and tail suffice.
    struct List {
        std::uint32_t head = kNoQueue, tail = kNoQueue;
        bool empty() const { return head == kNoQueue; }
    };
    void push_tail(List& l, FqList id, std::uint32_t q);
    void pop_head(List& l);
    List& list(FqList id) { return id == FqList::New ? new_flows_ : old_flows_; }

    FqCodelParams p_;
    std::vector<Queue> queues_;
    List new_flows_, old_flows_;
    std::uint64_t backlog_bytes_ = 0;
    FqCodelStats stats_;
};

// A packet as the discipline holds it: the caller's payload plus what the
// scheduler reads.
template <typename Payload>
struct FqPacket {
    std::uint32_t flow;    // its queue
    std::uint32_t bytes;   // charged to the buffer and the deficit
    TimePs enqueued_at;    // stamped by enqueue; sojourn = dequeue time − this
    Payload payload;
};

// The spans stay valid until the next enqueue or dequeue.
template <typename Payload>
struct FqEnqueueResult {
    bool accepted;  // the arriving packet is queued (false: it was dropped itself)
    std::span<const FqPacket<Payload>> overflow_drops;  // in drop order, the arriving one included
};

template <typename Payload>
struct FqDequeueResult {
    std::optional<FqPacket<Payload>> packet;  // next to serialize; none: nothing queued
    bool ce = false;                          // CoDel marked it (ECN on)
    std::span<const FqPacket<Payload>> codel_drops;  // dropped by CoDel on the way, in order
};

template <typename Payload>
class FqCodel {
public:
    using Packet = FqPacket<Payload>;

    explicit FqCodel(const FqCodelParams& p) : sched_(p), fifos_(p.queues) {
        // Full-size packets fill the buffer: the usual number in it (the pool
        // grows, amortised, for smaller packets).
        slots_.reserve(static_cast<std::size_t>(p.limit_bytes / p.quantum_bytes) + p.queues + 1);
        drops_.reserve(64);
    }

    // A packet of `bytes` for queue `flow` (< params().queues, bytes > 0) arrives at `now`.
    FqEnqueueResult<Payload> enqueue(TimePs now, std::uint32_t flow, std::uint32_t bytes,
                                     const Payload& payload);
    // The link is free at `now`: the next packet to serialize, if any.
    FqDequeueResult<Payload> dequeue(TimePs now);

    // The same two steps without gathering the drops (the bottleneck's
    // per-packet path): each dropped packet is handed to on_drop(packet) as
    // it goes, in the order above.
    //   admit: true when the arriving packet is queued.
    //   next: the packet to serialize, or null; `ce` says CoDel marked it. It
    //         stays readable until the next admit.
    template <typename OnDrop>
    INFLIGHT_HOT bool admit(TimePs now, std::uint32_t flow, std::uint32_t bytes, const Payload& payload,
                            OnDrop&& on_drop);
    template <typename OnDrop>
    INFLIGHT_HOT const Packet* next(TimePs now, bool& ce, OnDrop&& on_drop);

    // admit() for an arrival that joins an active queue with room to spare
    // (no new flow, no overflow: nothing to drop); false, and nothing done,
    // for any other, which admit() then takes.
    INFLIGHT_HOT bool admit_usual(TimePs now, std::uint32_t flow, std::uint32_t bytes, const Payload& payload) {
        if (!sched_.arrive_at_active(flow, bytes)) return false;
        push(flow, Packet{flow, bytes, now, payload});
        return true;
    }

    bool empty() const { return sched_.backlog_bytes() == 0; }
    std::uint64_t backlog_bytes() const { return sched_.backlog_bytes(); }
    std::uint64_t backlog_bytes(std::uint32_t flow) const { return sched_.backlog_bytes(flow); }
    std::size_t packets() const { return slots_.size() - free_count_; }
    const FqScheduler& scheduler() const { return sched_; }
    const FqCodelStats& stats() const { return sched_.stats(); }
    const FqQueueStats& queue_stats(std::uint32_t flow) const { return sched_.queue_stats(flow); }

private:
    struct Slot {
        Packet packet;
        std::uint32_t next;  // next slot in its queue, or in the free list
    };
    struct Fifo {
        std::uint32_t head = kNoQueue, tail = kNoQueue;
    };
    INFLIGHT_HOT void push(std::uint32_t flow, const Packet& p);
    INFLIGHT_HOT std::uint32_t pop_slot(std::uint32_t flow);  // the head's slot, now free (its packet stays until reused)
    Packet pop(std::uint32_t flow) { return slots_[pop_slot(flow)].packet; }
    void drop_for_overflow();
    // The buffer is over its limit after `flow`'s packet joined its queue:
    // the overflow drops (into drops_). True when that packet stays.
    INFLIGHT_COLD bool overflow(std::uint32_t flow);

    FqScheduler sched_;
    std::vector<Fifo> fifos_;
    std::vector<Slot> slots_;
    std::uint32_t free_head_ = kNoQueue;
    std::size_t free_count_ = 0;
    std::vector<Packet> drops_;  // this call's drops; capacity kept between calls
};

template <typename Payload>
void FqCodel<Payload>::push(std::uint32_t flow, const Packet& p) {
    std::uint32_t s;
    if (free_head_ != kNoQueue) {
        s = free_head_;
        free_head_ = slots_[s].next;
        --free_count_;
        slots_[s].packet = p;
        slots_[s].next = kNoQueue;
    } else {
        s = static_cast<std::uint32_t>(slots_.size());
        slots_.push_back(Slot{p, kNoQueue});
    }
    Fifo& f = fifos_[flow];
    if (f.head == kNoQueue) f.head = s;
    else slots_[f.tail].next = s;
    f.tail = s;
}

template <typename Payload>
std::uint32_t FqCodel<Payload>::pop_slot(std::uint32_t flow) {
    Fifo& f = fifos_[flow];
    const std::uint32_t s = f.head;
    f.head = slots_[s].next;
    if (f.head == kNoQueue) f.tail = kNoQueue;
    slots_[s].next = free_head_;
    free_head_ = s;
    ++free_count_;
    return s;
}

// fq_codel_drop: from the head of the longest queue; with a batch, until
// half its bytes are gone or the batch is spent.
template <typename Payload>
void FqCodel<Payload>::drop_for_overflow() {
    const std::uint32_t q = sched_.longest_queue();
    const std::uint64_t half_bytes = sched_.backlog_bytes(q) / 2;
    std::uint64_t dropped_bytes = 0;
    std::uint32_t dropped = 0;
    do {
        const Packet p = pop(q);
        sched_.overflow_drop(q, p.bytes);
        drops_.push_back(p);
        dropped_bytes += p.bytes;
        ++dropped;
    } while (dropped < sched_.params().drop_batch_packets && dropped_bytes < half_bytes);
}

template <typename Payload>
bool FqCodel<Payload>::overflow(std::uint32_t flow) {
    const std::uint32_t ahead = sched_.backlog_packets(flow) - 1;  // packets before it in its queue
    drops_.clear();
    while (sched_.over_limit()) drop_for_overflow();
    std::uint32_t own_dropped = 0;
    for (const Packet& d : drops_) own_dropped += d.flow == flow;
    return own_dropped <= ahead;
}

template <typename Payload>
template <typename OnDrop>
bool FqCodel<Payload>::admit(TimePs now, std::uint32_t flow, std::uint32_t bytes, const Payload& payload,
                             OnDrop&& on_drop) {
    assert(flow < fifos_.size() && bytes > 0);
    push(flow, Packet{flow, bytes, now, payload});
    if (!sched_.arrive(flow, bytes)) return true;
    const bool kept = overflow(flow);
    for (const Packet& d : drops_) on_drop(d);
    return kept;
}

template <typename Payload>
template <typename OnDrop>
const FqPacket<Payload>* FqCodel<Payload>::next(TimePs now, bool& ce, OnDrop&& on_drop) {
    for (std::uint32_t q = sched_.select_queue(); q != kNoQueue; q = sched_.select_queue()) {
        while (fifos_[q].head != kNoQueue) {
            const Packet& p = slots_[pop_slot(q)].packet;
            const Codel::Verdict v = sched_.leave(now, q, p.bytes, now - p.enqueued_at);
            if (v == Codel::Verdict::Drop) {
                on_drop(p);  // CoDel drops it: the queue's next packet is judged now
                continue;
            }
            sched_.serve(q, p.bytes);
            ce = v == Codel::Verdict::Mark;
            return &p;
        }
        sched_.retire_empty(now, q);
    }
    return nullptr;
}

template <typename Payload>
FqEnqueueResult<Payload> FqCodel<Payload>::enqueue(TimePs now, std::uint32_t flow, std::uint32_t bytes,
                                                   const Payload& payload) {
    drops_.clear();
    const bool accepted = admit(now, flow, bytes, payload, [](const Packet&) {});
    return {accepted, drops_};
}

template <typename Payload>
FqDequeueResult<Payload> FqCodel<Payload>::dequeue(TimePs now) {
    drops_.clear();
    bool ce = false;
    const Packet* p = next(now, ce, [this](const Packet& d) { drops_.push_back(d); });
    if (!p) return {std::nullopt, false, drops_};
    return {*p, ce, drops_};
}

}  // namespace inflight
