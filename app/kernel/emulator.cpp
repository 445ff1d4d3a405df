// The path emulator: the virtual timeline (LinkCore) and the thread that
// drives it between two packet descriptors (LinkThread). See emulator.h.
#include "app/kernel/emulator.h"

#include <poll.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <ctime>

#include "app/kernel/ip_header.h"

namespace inflight::kernel {

namespace {
constexpr TimePs kStopCheckPeriod = from_ms(20);  // the thread looks at its stop flag this often
constexpr int kReadsPerRound = 64;                // reads before the due writes are looked at again
}  // namespace

TimePs monotonic_now() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<TimePs>(ts.tv_sec) * kPsPerSecond + static_cast<TimePs>(ts.tv_nsec) * 1000;
}

void LatenessStats::add(TimePs late) {
    if (late < 0) late = 0;
    ++writes_;
    max_ = std::max(max_, late);
    const auto bin = static_cast<std::size_t>(late / kBin);
    ++bins_[std::min(bin, kBins - 1)];
}

TimePs LatenessStats::quantile(double q) const {
    if (writes_ == 0) return 0;
    const auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(writes_)));
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < kBins; ++i) {
        seen += bins_[i];
        if (seen >= rank) return std::min(static_cast<TimePs>(i + 1) * kBin, max_);
    }
    return max_;
}

LinkCore::LinkCore(const LinkConfig& c)
    : cfg_(c), loss_(c.loss, c.loss_pattern, c.seed) {
    if (c.codel) codel_.emplace(*c.codel);
}

TimePs LinkCore::service_time(std::size_t len) const {
    if (!std::isfinite(cfg_.rate_bps)) return 0;
    return serialization_time(static_cast<std::uint32_t>(len), cfg_.rate_bps);
}

LinkCore::Fate LinkCore::arrive(TimePs now, const std::uint8_t* data, std::size_t len) {
    advance_to(now);
    const PacketInfo info = inspect_packet(data, len);
    ++counters_.pkts_in;
    counters_.bytes_in += len;
    range_min_ = std::min(range_min_, counters_.queue_bytes);
    if (info.pure_ack()) ++counters_.pure_acks;
    if (info.payload_bytes > 0) {
        ++counters_.payload_segments;
        if (loss_.lose_next()) {  // loss first, on payload segments only
            ++counters_.drops_random;
            return Fate::LostRandom;
        }
    }
    // Tail drop: the buffer cannot hold the waiting packets plus this one.
    if (counters_.queue_bytes + len > cfg_.buffer_bytes) {
        ++counters_.drops_tail;
        return Fate::DroppedTail;
    }
    std::vector<std::uint8_t> bytes;
    if (!pool_.empty()) {
        bytes = std::move(pool_.back());
        pool_.pop_back();
    }
    bytes.assign(data, data + len);
    fifo_.push_back(Waiting{std::move(bytes), now, info.ect});
    counters_.queue_bytes += len;
    counters_.queue_max_bytes = std::max(counters_.queue_max_bytes, counters_.queue_bytes);
    range_max_ = std::max(range_max_, counters_.queue_bytes);
    advance_to(now);  // an idle link starts serving it at once
    return Fate::Queued;
}

void LinkCore::advance_to(TimePs now) {
    if (now < now_) now = now_;  // time never runs backwards
    now_ = now;
    while (!fifo_.empty()) {
        const TimePs start = start_of(fifo_.front());
        if (start > now) break;
        Waiting w = std::move(fifo_.front());
        fifo_.pop_front();
        counters_.queue_bytes -= w.bytes.size();
        if (codel_) {
            switch (codel_->on_dequeue(start, start - w.arrived, counters_.queue_bytes)) {
            case Codel::Verdict::Deliver: break;
            case Codel::Verdict::Mark:
                if (w.ect) {
                    mark_ce(w.bytes.data(), w.bytes.size());
                    ++counters_.ecn_marks;
                    break;
                }
                [[fallthrough]];  // RFC 3168 §5: a Not-ECT packet is dropped instead
            case Codel::Verdict::Drop:
                ++counters_.drops_aqm;
                recycle(std::move(w.bytes));
                continue;  // the link stays free for the next packet at the same moment
            }
        }
        link_free_ = start + service_time(w.bytes.size());
        delay_line_.push_back(InFlight{std::move(w.bytes), link_free_ + cfg_.delay});
    }
}

std::optional<LinkCore::Due> LinkCore::pop_due(TimePs now) {
    advance_to(now);
    if (delay_line_.empty() || delay_line_.front().deliver_at > now) return std::nullopt;
    InFlight f = std::move(delay_line_.front());
    delay_line_.pop_front();
    ++counters_.pkts_out;
    counters_.bytes_out += f.bytes.size();
    if (inspect_packet(f.bytes.data(), f.bytes.size()).payload_bytes > 0) ++counters_.payload_segments_out;
    return Due{std::move(f.bytes), f.deliver_at};
}

void LinkCore::recycle(std::vector<std::uint8_t>&& bytes) {
    if (pool_.size() < 4096) pool_.push_back(std::move(bytes));
}

TimePs LinkCore::next_deadline() const {
    TimePs t = kNever;
    if (!delay_line_.empty()) t = delay_line_.front().deliver_at;
    if (!fifo_.empty()) {
        const Waiting& w = fifo_.front();
        t = std::min(t, start_of(w) + service_time(w.bytes.size()) + cfg_.delay);
    }
    return t;
}

QueueRange LinkCore::take_queue_range(TimePs now) {
    advance_to(now);
    const std::uint64_t q = counters_.queue_bytes;
    QueueRange r{std::min(range_min_, q), std::max(range_max_, q), q};
    range_min_ = range_max_ = q;
    return r;
}

LinkThread::LinkThread(int fd_in, int fd_out, const LinkConfig& c, std::size_t max_packet_bytes,
                       int realtime_priority, const LinkCapture& capture)
    : fd_in_(fd_in), fd_out_(fd_out), max_packet_bytes_(max_packet_bytes), realtime_priority_(realtime_priority),
      capture_(capture), core_(c) {}

LinkThread::~LinkThread() { stop(); }

void LinkThread::start() {
    stop_ = false;
    thread_ = std::thread([this] { loop(); });
}

void LinkThread::stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
}

LinkCounters LinkThread::counters() {
    std::lock_guard lock(mutex_);
    return core_.counters();
}

QueueRange LinkThread::take_queue_range() {
    std::lock_guard lock(mutex_);
    return core_.take_queue_range(monotonic_now());
}

LatenessStats LinkThread::lateness() {
    std::lock_guard lock(mutex_);
    return lateness_;
}

void LinkThread::loop() {
    prctl(PR_SET_TIMERSLACK, 1UL);  // wake-ups to the nanosecond, not the default 50 µs
    if (realtime_priority_ > 0) {
        // Real-time: the sender's and receiver's threads (ordinary CFS) can
        // no longer make a due write wait for their time slice. Measured at
        // 100 Mbit/s: p99 lateness 1.8 ms without, 40 µs with. Needs
        // CAP_SYS_NICE; without it the thread stays ordinary and says so.
        sched_param sp{};
        sp.sched_priority = realtime_priority_;
        realtime_ = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp) == 0;
    }
    std::vector<std::uint8_t> scratch(max_packet_bytes_ + 1);
    std::vector<LinkCore::Due> due;
    std::vector<TimePs> late;
    while (!stop_.load(std::memory_order_relaxed)) {
        // Everything that has arrived, each stamped as it is read.
        for (int i = 0; i < kReadsPerRound; ++i) {
            const ssize_t n = read(fd_in_, scratch.data(), scratch.size());
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;  // EAGAIN: nothing more for now
            if (capture_.writer && capture_.at_input)
                capture_.writer->write_now(scratch.data(), static_cast<std::size_t>(n), static_cast<std::size_t>(n));
            std::lock_guard lock(mutex_);
            core_.arrive(monotonic_now(), scratch.data(), static_cast<std::size_t>(n));
        }
        // Every write that has fallen due.
        TimePs deadline;
        {
            std::lock_guard lock(mutex_);
            const TimePs now = monotonic_now();
            while (auto d = core_.pop_due(now)) due.push_back(std::move(*d));
            deadline = core_.next_deadline();
        }
        if (!due.empty()) {
            // Written outside the lock (a TUN write runs the receiving stack);
            // the lateness of each is taken just before its write.
            late.clear();
            std::uint64_t errors = 0;
            for (LinkCore::Due& d : due) {
                late.push_back(monotonic_now() - d.deliver_at);
                ssize_t w;
                do w = write(fd_out_, d.bytes.data(), d.bytes.size());
                while (w < 0 && errno == EINTR);
                if (w < 0) ++errors;
                else if (capture_.writer && !capture_.at_input)
                    capture_.writer->write_now(d.bytes.data(), d.bytes.size(), d.bytes.size());
            }
            std::lock_guard lock(mutex_);
            for (TimePs l : late) lateness_.add(l);
            core_.counters().write_errors += errors;
            for (LinkCore::Due& d : due) core_.recycle(std::move(d.bytes));
            due.clear();
            continue;  // look for arrivals and further due writes before sleeping
        }
        // Sleep until the next write falls due, a packet arrives, or the stop check.
        const TimePs now = monotonic_now();
        TimePs wait = std::min(deadline - now, kStopCheckPeriod);
        if (deadline == kNever) wait = kStopCheckPeriod;
        if (wait <= 0) continue;
        pollfd p{fd_in_, POLLIN, 0};
        const timespec ts{static_cast<time_t>(wait / kPsPerSecond),
                          static_cast<long>((wait % kPsPerSecond) / 1000)};
        ppoll(&p, 1, &ts, nullptr);
    }
}

}  // namespace inflight::kernel
