#include "model/tcp/prr.h"

#include <algorithm>
#include <cmath>

namespace inflight {

double Prr::on_ack(std::uint64_t delivered_bytes, std::uint64_t pipe_bytes, std::uint64_t sent_bytes, bool safe_ack) {
    const double mss = mss_;
    const double pipe = static_cast<double>(pipe_bytes);
    const double out = static_cast<double>(sent_bytes - sent_at_start_);  // prr_out
    delivered_ += delivered_bytes;
    const double delivered_total = static_cast<double>(delivered_);
    double sndcnt;
    if (pipe > ssthresh_) {
        // The share of the delivered data that ssthresh/prior_cwnd allows,
        // rounded up to whole segments (Linux rounds its packet quotient up).
        // The small allowance keeps an exact multiple (ssthresh = 10,
        // prior_cwnd = 20: 10·4/20 = 2) from rounding up on a last-bit error.
        const double share_segments = ssthresh_ * delivered_total / (prior_cwnd_ * mss);
        sndcnt = std::ceil(share_segments - 1e-9) * mss - out;
    } else {
        sndcnt = std::max(delivered_total - out, static_cast<double>(delivered_bytes));
        if (safe_ack) sndcnt += mss;
        sndcnt = std::min(ssthresh_ - pipe, sndcnt);
    }
    sndcnt = std::max(sndcnt, out > 0 ? 0.0 : mss);
    return pipe + sndcnt;
}

}  // namespace inflight
