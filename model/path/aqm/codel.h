// CoDel, RFC 8289, evaluated at dequeue time on each packet's sojourn time.
//   ok_to_drop: the sojourn time has stayed at or above `target` for at
//               least `interval` (and more than one MTU is queued)
//   dropping state: drop (or, with ECN, mark CE) at times spaced
//               drop_next = t + interval/√count, count growing by one per drop
//   leave the state as soon as a packet's sojourn falls below target
//   re-entering soon after leaving resumes near the previous count (§5.6)
// Parameters, variables and statistics are kept apart as in Linux's codel.h.
#pragma once

#include <cstdint>

#include "model/core/sim_time.h"

namespace inflight {

struct CodelParams {
    TimePs target = from_ms(5);      // acceptable standing queue delay
    TimePs interval = from_ms(100);  // about one worst-case RTT
    std::uint32_t mtu_bytes = 1500;  // keep at least one packet queued
    bool ecn = false;                // mark CE instead of dropping
};

struct Scenario;
// CoDel's parameters for a scenario's bottleneck: the RFC's target and
// interval, its MSS as the MTU, marking when the scenario turns ECN on.
CodelParams codel_params(const Scenario& s);

struct CodelVars {
    std::uint32_t count = 0;       // drops since entering the dropping state
    std::uint32_t last_count = 0;  // count when the last dropping state began
    bool dropping = false;
    TimePs first_above_time = 0;   // when sojourn may first be judged persistent; 0: below target
    TimePs drop_next = 0;          // time of the next drop in the dropping state
};

struct CodelStats {
    std::uint64_t drops = 0;
    std::uint64_t ecn_marks = 0;
};

class Codel {
public:
    enum class Verdict { Deliver, Drop, Mark };
    explicit Codel(CodelParams p) : p_(p) {}
    // A packet leaves the queue at `now` after waiting `sojourn`;
    // `backlog_bytes` remain queued behind it. The usual case — below
    // target (or one MTU or less queued) outside the dropping state — is
    // decided here: it restarts the judgement and the packet goes.
    INFLIGHT_HOT Verdict on_dequeue(TimePs now, TimePs sojourn, std::uint64_t backlog_bytes) {
        if (!v_.dropping && (sojourn < p_.target || backlog_bytes <= p_.mtu_bytes)) {
            v_.first_above_time = 0;
            return Verdict::Deliver;
        }
        return judge(now, sojourn, backlog_bytes);
    }
    const CodelStats& stats() const { return stats_; }
    const CodelVars& vars() const { return v_; }

private:
    Verdict judge(TimePs now, TimePs sojourn, std::uint64_t backlog_bytes);  // the rest of on_dequeue
    bool ok_to_drop(TimePs now, TimePs sojourn, std::uint64_t backlog_bytes);
    TimePs control_law(TimePs t) const;
    Verdict signal();

    CodelParams p_;
    CodelVars v_;
    CodelStats stats_;
};

}  // namespace inflight
