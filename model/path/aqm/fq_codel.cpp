#include "model/path/aqm/fq_codel.h"

#include <cassert>
#include <stdexcept>

namespace inflight {

FqScheduler::FqScheduler(const FqCodelParams& p) : p_(p) {
    if (p.queues == 0 || p.queues > kFqMaxQueues)
        throw std::invalid_argument("fq_codel: queues must be 1 to 1024");
    if (p.quantum_bytes == 0) throw std::invalid_argument("fq_codel: quantum must be at least 1 byte");
    if (p.drop_batch_packets == 0) throw std::invalid_argument("fq_codel: drop batch must be at least 1 packet");
    queues_.reserve(p.queues);
    for (std::uint32_t i = 0; i < p.queues; ++i) queues_.emplace_back(p.codel);
}

void FqScheduler::push_tail(List& l, FqList id, std::uint32_t q) {
    queues_[q].next = kNoQueue;
    queues_[q].list = id;
    if (l.empty()) l.head = q;
    else queues_[l.tail].next = q;
    l.tail = q;
}

void FqScheduler::pop_head(List& l) {
    Queue& h = queues_[l.head];
    l.head = h.next;
    if (l.empty()) l.tail = kNoQueue;
    h.next = kNoQueue;
    h.list = FqList::None;
}

bool FqScheduler::arrive(std::uint32_t q, std::uint32_t bytes) {
    assert(q < queues_.size() && bytes > 0);
    Queue& s = queues_[q];
    s.backlog_bytes += bytes;
    ++s.backlog_packets;
    backlog_bytes_ += bytes;
    if (s.list == FqList::None) {  // §4.1: an idle queue starts as a new flow with a full quantum
        push_tail(new_flows_, FqList::New, q);
        s.deficit_bytes = p_.quantum_bytes;
        ++stats_.new_flow_count;
    }
    return over_limit();
}

// A linear scan, as fq_codel_drop's: it runs only on overflow, over ≤ 1024 queues.
std::uint32_t FqScheduler::longest_queue() const {
    std::uint32_t longest = kNoQueue;
    std::uint64_t most = 0;
    for (std::uint32_t i = 0; i < queues_.size(); ++i) {
        if (queues_[i].backlog_bytes > most) {
            most = queues_[i].backlog_bytes;
            longest = i;
        }
    }
    return longest;
}

void FqScheduler::overflow_drop(std::uint32_t q, std::uint32_t bytes) {
    Queue& s = queues_[q];
    s.backlog_bytes -= bytes;
    --s.backlog_packets;
    backlog_bytes_ -= bytes;
    ++s.stats.drops_overflow;
    ++stats_.drops_overflow;
}

std::uint32_t FqScheduler::select_queue() {
    for (;;) {
        List& l = new_flows_.empty() ? old_flows_ : new_flows_;
        if (l.empty()) return kNoQueue;
        const std::uint32_t q = l.head;
        if (queues_[q].deficit_bytes > 0) return q;
        // Spent its quantum: a fresh one, and wait behind the old flows
        // (alone in old_flows, it is already there).
        queues_[q].deficit_bytes += p_.quantum_bytes;
        if (&l == &old_flows_ && l.head == l.tail) continue;
        pop_head(l);
        push_tail(old_flows_, FqList::Old, q);
    }
}

Codel::Verdict FqScheduler::leave(TimePs now, std::uint32_t q, std::uint32_t bytes, TimePs sojourn) {
    Queue& s = queues_[q];
    s.backlog_bytes -= bytes;
    --s.backlog_packets;
    backlog_bytes_ -= bytes;
    const Codel::Verdict v = s.codel.on_dequeue(now, sojourn, backlog_bytes_);
    if (v == Codel::Verdict::Drop) {
        ++s.stats.drops_codel;
        ++stats_.drops_codel;
    } else if (v == Codel::Verdict::Mark) {
        ++s.stats.ecn_marks;
        ++stats_.ecn_marks;
    }
    return v;
}

void FqScheduler::serve(std::uint32_t q, std::uint32_t bytes) {
    Queue& s = queues_[q];
    s.deficit_bytes -= bytes;
    ++s.stats.served_packets;
    s.stats.served_bytes += bytes;
    ++stats_.served_packets;
    stats_.served_bytes += bytes;
}

void FqScheduler::retire_empty(TimePs now, std::uint32_t q) {
    Queue& s = queues_[q];
    assert(s.backlog_packets == 0 && s.list != FqList::None && list(s.list).head == q);
    s.codel.on_dequeue(now, 0, 0);  // an empty queue ends its dropping state (codel_dequeue on no packet)
    const bool was_new = s.list == FqList::New;
    pop_head(list(s.list));
    // §4.2: a new queue that empties must pass through old_flows once, or a
    // flow that empties its queue every round would always be served first.
    if (was_new && !old_flows_.empty()) push_tail(old_flows_, FqList::Old, q);
}

}  // namespace inflight
