#include "model/cc/reno.h"

#include <algorithm>

namespace inflight {

double reno_ssthresh_bytes(const CcState& s) {
    return std::max(static_cast<double>(s.flight_size_bytes) / 2.0, 2.0 * s.mss_bytes);
}

void Reno::on_congestion_event(CcState& s, TimePs) {
    s.ssthresh_bytes = reno_ssthresh_bytes(s);
    s.cwnd_bytes = s.ssthresh_bytes;
}

void Reno::on_rto(CcState& s, TimePs) { s.ssthresh_bytes = reno_ssthresh_bytes(s); }

}  // namespace inflight
