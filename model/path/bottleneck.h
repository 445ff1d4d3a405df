// The shared path: a queue discipline in front of a link of C bit/s, then
// loss unrelated to congestion (data packets only), then each flow's own
// ACK path (ACKs are never lost).
//   arrival: the discipline keeps the packet or drops it (FIFO: tail drop
//            when the waiting packets plus this one exceed B)
//   service: one packet at a time, size·8/C each, in the discipline's order;
//            the AQM may drop or CE-mark a packet as it leaves the queue
//   loss:    evenly spaced per flow (each flow loses exactly one in every
//            1/p of its own packets) or random (one seeded Bernoulli stream
//            over every packet leaving the link)
//   ACK:     handed to the packet's flow's AckPath at the end of its service
// The packet being serialized has left the queue. The discipline is chosen
// once per run; the per-packet path branches on it (no virtual call).
// Dequeues are processed lazily (advance_to) in time order before every
// sender moment, which is exact because nothing but the senders changes the
// queue — provided no dequeue skipped over hands an ACK due before the time
// advanced to. The horizon bounds that: a packet not yet dequeued starts its
// service at or after busy_until and its ACK is due at least one service
// time plus the shortest return delay later, so advancing to any
// t ≤ busy_until + that delay reveals only ACKs due after t (the loop never
// advances further in one go; run.cpp).
// One record: with one flow on a plain FIFO without link loss, the queue
// lives in the flow's ACK line (ack_path.h), so a packet is written once. Its
// service start and end are fixed when it is admitted — FIFO on a link of
// constant rate that never idles while a packet waits: the later of its
// arrival and the end of the packet admitted before it — so its ACK entry,
// with its time in the queue, is written then; advance_to only moves the
// line's "waiting" mark over the packets whose service has started (bytes
// waiting, queueing delay). The flow sees its ACKs earlier than the lazy
// path hands them over, which changes no moment: the lazy path too reveals
// every ACK before it is due (the horizon), the line is in time order, and
// only the flow's own step, after which it looks at its line again, adds to
// it. With several flows each line holds only its flow's packets, not the
// queue's order, and a packet lost on the link has no ACK entry yet holds
// its place in the queue: those keep the lazy path (the two are checked
// against each other by Path.OneRecordQueueMatchesThePlainFifo).
// Packets carry their flow's index; the bottleneck knows nothing else of flows.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "model/core/zeroed_counts.h"
#include "model/path/ack_path.h"
#include "model/path/aqm/codel.h"
#include "model/path/fifo_queue.h"
#include "model/path/aqm/fq_codel.h"
#include "model/path/loss_process.h"

namespace inflight {

// Queueing delay of the packets served in the steady window: each packet's
// sojourn in the queue (0 for one that found the link idle).
struct QueueDelayStats {
    TimePs sum = 0;
    std::uint64_t count = 0;
    ZeroedCounts histogram;  // kBin-wide bins; the last holds the rest
    static constexpr TimePs kBin = 10'000'000;  // 10 µs
    double mean_s() const;
    double quantile_s(double q) const;
};

class Bottleneck {
public:
    struct Config {
        double rate_bps;
        std::uint64_t buffer_bytes;
        double loss;
        LossPattern loss_pattern;
        std::uint64_t seed;
        std::optional<CodelParams> codel;  // CoDel on the single FIFO, or on each fq_codel queue
        bool fq_codel = false;             // fq_codel (fq_codel.h): a queue per flow, quantum = mss
        std::uint32_t mss_bytes = 1500;
        TimePs stats_from;                 // queueing delay counted from here (the steady window)
    };
    // `returns[i]` is flow i's ACK path; one flow per entry.
    Bottleneck(const Config& c, std::vector<AckPath>& returns);

    // Processes every dequeue due at or before t.
    INFLIGHT_HOT void advance_to(TimePs t) {
        if (one_record_) {
            AckPath& line = returns_[0];
            while (busy_until_ <= t && line.any_waiting()) {
                const AckPath::Entry& e = line.first_waiting();
                const TimePs start = busy_until_;
                busy_until_ = e.ack.ack_at - line.delay();  // its service's end, as admit computed it
                fifo_.remove_bytes(e.ack.packet.bytes);
                if (start >= stats_from_) count_delay(e.sojourn);
                line.first_waiting_starts();
            }
            return;
        }
        if (!plain_fifo_) {
            if (busy_until_ <= t) advance_aqm(t);  // (while the link is busy nothing leaves)
            return;
        }
        while (busy_until_ <= t && !fifo_.empty()) {  // the plain FIFO: each head leaves as it is
            const TimePs now = busy_until_;
            const FifoQueue::Waiting& w = fifo_.pop_plain(queued_.data());
            start_service(now, w.packet, false, now - w.enqueued_at);
        }
    }
    // A packet arrives from a sender at `now` (after advance_to(now)).
    INFLIGHT_HOT void enqueue(TimePs now, const Packet& p) {
        ++counters_[p.flow].pkts_arrived;
        if (one_record_) return admit_one_record(now, p);
        if (fq_) {
            // The link busy and the flow's queue active with room: queued inline.
            if (busy_until_ > now && fq_->admit_usual(now, p.flow, p.bytes, p)) return;
            return enqueue_fq(now, p);
        }
        if (fifo_.empty() && busy_until_ <= now) {  // idle link: straight onto the wire
            fifo_.bypass(now);
            start_service(now, p, false, 0);
            return;
        }
        if (!fifo_.enqueue(now, p)) {  // tail drop: the buffer cannot hold it
            counters_[p.flow].count_tail_drop();
            return;
        }
        ++queued_[p.flow];
    }

    // The latest time the path may be advanced to in one go, exactly: every
    // ACK a dequeue up to it hands over is due after it (see the opening
    // comment). kNever when nothing waits (the packet being serialized has
    // handed its ACK over already), so always with the one-record queue
    // (every ACK is on its line from the packet's admission; fifo_ holds
    // only the bytes).
    TimePs horizon() const {
        const bool waiting = fq_ ? !fq_->empty() : !fifo_.empty();
        return waiting ? busy_until_ + min_return_delay_ : kNever;
    }

    std::uint64_t queue_bytes() const { return fq_ ? fq_->backlog_bytes() : fifo_.bytes(); }
    // When the link would have sent everything queued now, if nothing more came.
    // (The queue holds at most the buffer, ≤ 1 s of link time: the product fits.)
    TimePs drain_time() const {
        return busy_until_ + static_cast<TimePs>((queue_bytes() * ps_per_byte_q10_) >> 10);
    }
    // The bytes queued that this flow waits behind: the path's queue, or
    // under fq_codel its own.
    std::uint64_t queue_bytes_for(std::uint32_t flow) const {
        return fq_ ? fq_->backlog_bytes(flow) : fifo_.bytes();
    }
    bool fq_codel() const { return fq_.has_value(); }
    // Packets of the flow waiting or being serialized, or whose ACK is on its way.
    std::uint64_t packets_in_network(std::uint32_t flow) const {
        const std::uint64_t queued = fq_ ? fq_->scheduler().backlog_packets(flow) : queued_[flow];
        return queued + returns_[flow].size();
    }
    const PathCounters& counters(std::uint32_t flow) const { return counters_[flow]; }
    PathCounters totals() const;
    const QueueDelayStats& queue_delay() const { return delay_; }

    // Flows whose ACK path was empty and received an ACK since the last
    // call: their next moment moved. Cleared by the caller.
    std::vector<std::uint16_t>& woken() { return woken_; }

private:
    // The one-record queue (see the opening comment).
    INFLIGHT_HOT void admit_one_record(TimePs now, const Packet& p) {
        // The link is idle with nothing waiting exactly when everything
        // admitted has been sent by now.
        const bool idle = admitted_until_ <= now;
        if (!idle && !fifo_.fits(p.bytes)) {  // tail drop: the buffer cannot hold it
            counters_[p.flow].count_tail_drop();
            return;
        }
        AckPath& line = returns_[0];
        AckPath::Entry& e = line.new_entry();
        const TimePs start = idle ? now : admitted_until_;
        admitted_until_ = start + service_time(p.bytes);
        line.fill(e, p, admitted_until_, start - now);
        if (idle) {  // straight onto the wire
            busy_until_ = admitted_until_;
            if (start >= stats_from_) count_delay(0);
            return;
        }
        line.last_admitted_waits();
        fifo_.add_bytes(p.bytes);
    }
    void advance_aqm(TimePs t);  // CoDel, fq_codel
    void enqueue_fq(TimePs now, const Packet& p);
    void advance_fq(TimePs t);
    INFLIGHT_HOT void start_service(TimePs start, const Packet& p, bool ce, TimePs sojourn) {
        busy_until_ = start + service_time(p.bytes);
        if (start >= stats_from_) count_delay(sojourn);
        if (loss_on_ && loss_[loss_per_flow_ ? p.flow : 0].lose_next()) {
            counters_[p.flow].count_random_drop();  // lost on the link: the link time is spent, no ACK comes back
            return;
        }
        if (returns_[p.flow].carry(p, busy_until_, ce)) woken_.push_back(p.flow);
    }
    INFLIGHT_HOT TimePs service_time(std::uint32_t bytes) {
        if (bytes != cached_bytes_) {  // most packets share one size: cache its time
            cached_bytes_ = bytes;
            cached_service_time_ = serialization_time(bytes, rate_bps_);
        }
        return cached_service_time_;
    }
    INFLIGHT_HOT void count_delay(TimePs sojourn) {
        delay_.sum += sojourn;
        ++delay_.count;
        // A sojourn is ≥ 0: divided unsigned, the same bin without the sign fix-up.
        const auto bin = std::min(static_cast<std::size_t>(static_cast<std::uint64_t>(sojourn) / QueueDelayStats::kBin),
                                  delay_last_bin_);
        ++delay_.histogram[bin];
    }

    double rate_bps_;
    FifoQueue fifo_;
    std::optional<FqCodel<Packet>> fq_;
    std::vector<LossProcess> loss_;  // even: one per flow; random: one for the link
    bool loss_per_flow_;
    bool loss_on_ = false;
    AckPath* returns_;  // one per flow (the caller's vector, never resized)
    std::vector<PathCounters> counters_;
    std::vector<std::uint32_t> queued_;  // packets waiting, per flow
    std::vector<std::uint16_t> woken_;
    TimePs stats_from_;
    QueueDelayStats delay_;
    std::size_t delay_last_bin_;  // delay_.histogram's last index
    std::uint64_t ps_per_byte_q10_;  // link time per byte, in 1/1024 ps
    std::uint32_t cached_bytes_ = 0;
    TimePs cached_service_time_ = 0;
    TimePs busy_until_ = 0;  // when the link finishes its current packet
    bool one_record_;        // one flow, plain FIFO, no link loss: the queue lives in its ACK line (see the opening comment)
    bool plain_fifo_;        // the plain FIFO otherwise (neither CoDel nor fq_codel)
    TimePs admitted_until_ = 0;  // the one-record queue: when the last packet admitted ends
    TimePs min_return_delay_ = kNever;  // the shortest of the flows' ACK path delays
};

}  // namespace inflight
