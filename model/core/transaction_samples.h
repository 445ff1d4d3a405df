// Each transaction of a request/response flow (app=rpc) as a point: when it
// completed (its last response byte, seconds on the run's clock) and its
// latency (first write to last response byte), in completion order — what
// the window draws over time and `--transactions` writes.
//
// The rule that keeps memory bounded: a flow keeps at most kMaxKept
// points (65,536: a 1 ms path's transactions for over a minute, 1 MB a
// flow). At the cap, every second point kept is dropped and from then on
// only every 2nd transaction is kept; at the cap again every 4th, and so
// on: the points kept are always transactions 1, 1 + every, 1 + 2·every, …
// (uniform in transaction number, so the cloud keeps the shape of the
// whole run), and 100 flows never hold more than 100 MB of them. The
// flow's summary (count, mean, p50, p95, max) is computed from every
// transaction, not from these points.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace inflight {

struct TransactionSamples {
    static constexpr std::size_t kMaxKept = 65'536;

    std::vector<double> t_s;        // completion times, ascending
    std::vector<double> latency_s;  // each one's latency
    std::uint64_t every = 1;        // one transaction in `every` is kept (1: all)
    std::uint64_t offered = 0;      // transactions offered to add(): every completed one

    // Transaction number offered + 1 completed at `t_s` after `latency_s`.
    void add(double t_s, double latency_s);
    std::size_t size() const { return t_s.size(); }
    bool empty() const { return t_s.empty(); }
    bool operator==(const TransactionSamples&) const = default;
};

}  // namespace inflight
