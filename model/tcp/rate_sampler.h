// Delivery-rate estimation, draft-cheng-iccrg-delivery-rate-estimation (as
// Linux tcp_rate.c): each packet remembers, when sent, how much had been
// delivered and when; its ACK turns that into
//   rate = (delivered now − delivered then) / max(send interval, ACK interval)
// which can never exceed the true bottleneck rate. Samples over an interval
// shorter than min RTT are discarded. App-limited marking lets BBR ignore
// samples taken while the sender did not fill the pipe.
#pragma once

#include <algorithm>
#include <cstdint>

#include "model/cc/congestion_control.h"
#include "model/core/sim_time.h"

namespace inflight {

// What a packet carries from its (latest) transmission.
struct RateSnapshot {
    std::uint64_t delivered_bytes = 0;
    TimePs delivered_time = 0;
    TimePs first_sent_time = 0;
    TimePs sent_time = 0;
};

class RateSampler {
public:
    // Before sending: returns the packet's snapshot. `nothing_outstanding`
    // restarts the intervals (the draft's "if C.pipe == 0").
    RateSnapshot on_send(TimePs now, bool nothing_outstanding) {
        if (nothing_outstanding) first_sent_time_ = delivered_time_ = now;
        return RateSnapshot{delivered_bytes_, delivered_time_, first_sent_time_, now};
    }
    // Is a packet sent now part of an app-limited stretch?
    bool app_limited() const { return app_limited_until_ != 0; }

    // A packet of `bytes` sent with snapshot `p` is newly delivered at `now`.
    RateSample on_delivered(TimePs now, std::uint32_t bytes, const RateSnapshot& p, bool sent_app_limited,
                            TimePs min_rtt) {
        delivered_bytes_ += bytes;
        delivered_time_ = now;
        first_sent_time_ = p.sent_time;
        if (app_limited_until_ != 0 && delivered_bytes_ > app_limited_until_) app_limited_until_ = 0;

        RateSample rs;
        rs.prior_delivered_bytes = p.delivered_bytes;
        rs.is_app_limited = sent_app_limited;
        rs.delivered_bytes = delivered_bytes_ - p.delivered_bytes;
        const TimePs send_elapsed = p.sent_time - p.first_sent_time;
        const TimePs ack_elapsed = now - p.delivered_time;
        rs.interval = std::max(send_elapsed, ack_elapsed);
        if (rs.interval < min_rtt) rs.interval = -1;  // too short to trust (ACK compression)
        else rs.rate_Bps = static_cast<double>(rs.delivered_bytes) / to_seconds(rs.interval);
        return rs;
    }

    // Marks the pipe as not full until what is now in flight is delivered.
    void mark_app_limited(std::uint64_t bytes_in_flight) {
        app_limited_until_ = std::max<std::uint64_t>(delivered_bytes_ + bytes_in_flight, 1);
    }

    std::uint64_t delivered_bytes() const { return delivered_bytes_; }

private:
    std::uint64_t delivered_bytes_ = 0;
    TimePs delivered_time_ = 0;
    TimePs first_sent_time_ = 0;
    std::uint64_t app_limited_until_ = 0;  // 0: not app-limited
};

}  // namespace inflight
