#include "bottleneck.h"

namespace inflight {

Bottleneck::Bottleneck(const Config& c)
    : rate_bps_(c.rate_bps),
      base_rtt_(c.base_rtt),
      buffer_bytes_(c.buffer_bytes),
      loss_(c.loss, c.loss_pattern, c.seed),
      queue_(4096),
      acks_(4096) {
    if (c.codel) codel_.emplace(*c.codel);
}

TimePs Bottleneck::service_time(std::uint32_t bytes) {
    if (bytes != cached_bytes_) {
        cached_bytes_ = bytes;
        cached_service_time_ = serialization_time(bytes, rate_bps_);
    }
    return cached_service_time_;
}

void Bottleneck::start_service(TimePs start, const Packet& p, bool ce) {
    busy_until_ = start + service_time(p.bytes);
    if (loss_.lose_next()) {  // lost on the link: the link time is spent, no ACK comes back
        ++counters_.drops_random;
        return;
    }
    acks_.push_back(AckInFlight{p, busy_until_ + base_rtt_, ce});
}

void Bottleneck::advance_to(TimePs t) {
    while (!queue_.empty() && busy_until_ <= t) {
        const TimePs now = busy_until_;
        const Waiting w = queue_.front();
        queue_.pop_front();
        queue_bytes_ -= w.packet.bytes;
        bool ce = false;
        if (codel_) {
            switch (codel_->on_dequeue(now, now - w.enqueued_at, queue_bytes_)) {
            case Codel::Verdict::Drop: ++counters_.drops_aqm; continue;  // the next packet leaves now
            case Codel::Verdict::Mark: ++counters_.ecn_marks; ce = true; break;
            case Codel::Verdict::Deliver: break;
            }
        }
        start_service(now, w.packet, ce);
    }
}

void Bottleneck::enqueue(TimePs now, const Packet& p) {
    ++counters_.pkts_arrived;
    if (queue_.empty() && busy_until_ <= now) {  // idle link: straight onto the wire
        if (codel_) codel_->on_dequeue(now, 0, 0);  // an empty queue ends any dropping state
        start_service(now, p, false);
        return;
    }
    if (queue_bytes_ + p.bytes > buffer_bytes_) {  // tail drop: the buffer cannot hold it
        ++counters_.drops_tail;
        return;
    }
    queue_.push_back(Waiting{p, now});
    queue_bytes_ += p.bytes;
}

}  // namespace inflight
