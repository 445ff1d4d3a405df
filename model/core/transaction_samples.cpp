// Transaction points with a cap per flow (transaction_samples.h).
#include "model/core/transaction_samples.h"

namespace inflight {

void TransactionSamples::add(double t, double latency) {
    const std::uint64_t n = offered++;  // 0-based: transaction n + 1
    if (n % every != 0) return;
    if (t_s.size() >= kMaxKept) {
        // Keep points 0, 2, 4, …: transactions 1, 1 + 2·every, …
        std::size_t kept = 0;
        for (std::size_t i = 0; i < t_s.size(); i += 2, ++kept) {
            t_s[kept] = t_s[i];
            latency_s[kept] = latency_s[i];
        }
        t_s.resize(kept);
        latency_s.resize(kept);
        every *= 2;
        if (n % every != 0) return;
    }
    t_s.push_back(t);
    latency_s.push_back(latency);
}

}  // namespace inflight
