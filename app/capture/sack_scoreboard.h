// What a sender knows has reached its receiver, read off the ACKs it gets:
// the cumulative ACK, and above it the bytes SACK blocks have reported
// (RFC 2018), kept across ACKs as a sender's scoreboard keeps them
// (RFC 6675 §3). One ACK carries at most three or four blocks, the newest
// first (RFC 2018 §4), so the scoreboard is the union of every block seen,
// less what the cumulative ACK has since passed.
//   arrived = cumulative ACK + the bytes of the union's ranges above it
// Offsets are the stream's unwrapped 64-bit sequence offsets.
#pragma once

#include <cstdint>
#include <iterator>
#include <map>

namespace inflight::capture {

class SackScoreboard {
public:
    // The receiver holds [le, re) (a SACK block).
    void add(std::int64_t le, std::int64_t re) {
        if (le < acked_) le = acked_;
        if (re <= le) return;
        // Merge with every range that overlaps or touches [le, re).
        auto it = ranges_.upper_bound(le);
        if (it != ranges_.begin() && std::prev(it)->second >= le) --it;
        while (it != ranges_.end() && it->first <= re) {
            if (it->first < le) le = it->first;
            if (it->second > re) re = it->second;
            sacked_bytes_ -= it->second - it->first;
            it = ranges_.erase(it);
        }
        ranges_.emplace(le, re);
        sacked_bytes_ += re - le;
    }
    // The cumulative ACK moved to `ack`: what lies below it is in order now.
    void advance(std::int64_t ack) {
        if (ack <= acked_) return;
        acked_ = ack;
        while (!ranges_.empty() && ranges_.begin()->first < ack) {
            auto first = ranges_.begin();
            const std::int64_t le = first->first, re = first->second;
            sacked_bytes_ -= re - le;
            ranges_.erase(first);
            if (re > ack) {
                ranges_.emplace(ack, re);
                sacked_bytes_ += re - ack;
            }
        }
    }
    // Bytes at the receiver, in or out of order.
    std::int64_t arrived() const { return acked_ + sacked_bytes_; }
    std::int64_t sacked_bytes() const { return sacked_bytes_; }

private:
    std::int64_t acked_ = 0;
    std::int64_t sacked_bytes_ = 0;
    std::map<std::int64_t, std::int64_t> ranges_;  // le -> re, disjoint, not touching
};

}  // namespace inflight::capture
