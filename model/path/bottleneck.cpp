#include "model/path/bottleneck.h"

#include <algorithm>
#include <cmath>

namespace inflight {

double QueueDelayStats::mean_s() const { return count ? to_seconds(sum) / static_cast<double>(count) : 0.0; }

double QueueDelayStats::quantile_s(double q) const {
    if (count == 0) return 0;
    const auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(count)));
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < histogram.size(); ++i) {
        seen += histogram[i];
        if (seen >= rank) return (static_cast<double>(i) + 0.5) * to_seconds(kBin);
    }
    return to_seconds(kBin) * static_cast<double>(histogram.size());
}

Bottleneck::Bottleneck(const Config& c, std::vector<AckPath>& returns)
    : rate_bps_(c.rate_bps),
      fifo_(c.buffer_bytes, c.codel),
      loss_per_flow_(c.loss_pattern == LossPattern::Even),
      returns_(returns.data()),
      counters_(returns.size()),
      queued_(returns.size(), 0),
      stats_from_(c.stats_from),
      ps_per_byte_q10_(static_cast<std::uint64_t>(std::llround(8e12 * 1024 / c.rate_bps))),
      one_record_(returns.size() == 1 && !c.fq_codel && !c.codel && !(c.loss > 0)),
      plain_fifo_(!one_record_ && !c.fq_codel && !c.codel) {
    if (c.fq_codel) {
        FqCodelParams p;
        p.queues = static_cast<std::uint32_t>(returns.size());
        p.limit_bytes = c.buffer_bytes;
        p.quantum_bytes = c.mss_bytes;  // RFC 8290: the quantum is one MTU; here the MSS
        if (c.codel) p.codel = *c.codel;
        fq_.emplace(p);
    }
    const std::size_t streams = loss_per_flow_ ? returns.size() : 1;
    loss_.reserve(streams);
    for (std::size_t i = 0; i < streams; ++i) loss_.emplace_back(c.loss, c.loss_pattern, c.seed);
    loss_on_ = c.loss > 0;
    for (const AckPath& r : returns) min_return_delay_ = std::min(min_return_delay_, r.delay());
    woken_.reserve(returns.size());
    // A packet waits at most the buffer's drain time and one packet's service.
    const TimePs longest = serialization_time(static_cast<std::uint32_t>(std::min<std::uint64_t>(
                                                  c.buffer_bytes, 0xFFFF'FFFFu)), c.rate_bps) +
                           serialization_time(9000, c.rate_bps);
    delay_.histogram = ZeroedCounts(static_cast<std::size_t>(longest / QueueDelayStats::kBin) + 2);
    delay_last_bin_ = delay_.histogram.size() - 1;
}

// fq_codel: the packet joins its flow's queue; overflow drops come from the
// head of the longest queue (counted as buffer-full drops of their flows).
// On an idle link it is dequeued at once, so the scheduler sees every packet
// (a packet alone larger than the whole buffer passes, as with the FIFO).
void Bottleneck::enqueue_fq(TimePs now, const Packet& p) {
    const bool link_idle = busy_until_ <= now;
    if (link_idle && fq_->empty() && p.bytes > fq_->scheduler().params().limit_bytes) {
        start_service(now, p, false, 0);
        return;
    }
    fq_->admit(now, p.flow, p.bytes, p, [this](const FqPacket<Packet>& d) { counters_[d.flow].count_tail_drop(); });
    if (link_idle) {  // the link takes the packet now, not when it fell idle
        busy_until_ = now;
        advance_aqm(now);  // (a call: inlined here, its registers would be saved on every enqueue)
    }
}

[[gnu::noinline]] void Bottleneck::advance_aqm(TimePs t) {
    if (fq_) return advance_fq(t);
    while (busy_until_ <= t && !fifo_.empty()) {  // CoDel on the FIFO
        const TimePs now = busy_until_;
        Dequeued d;
        if (!fifo_.dequeue(now, d, counters_.data(), queued_.data())) break;
        start_service(now, d.packet, d.ce, d.sojourn);
    }
}

INFLIGHT_HOT void Bottleneck::advance_fq(TimePs t) {
    while (busy_until_ <= t && !fq_->empty()) {
        const TimePs now = busy_until_;
        bool ce = false;
        const FqPacket<Packet>* p =
            fq_->next(now, ce, [this](const FqPacket<Packet>& d) { counters_[d.flow].count_aqm_drop(); });
        if (!p) break;
        if (ce) counters_[p->flow].count_ecn_mark();
        start_service(now, p->payload, ce, now - p->enqueued_at);
    }
}

PathCounters Bottleneck::totals() const {
    PathCounters t;
    for (const PathCounters& c : counters_) t += c;
    return t;
}




}  // namespace inflight
