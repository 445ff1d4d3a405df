#include "model/path/aqm/codel.h"

#include <cmath>

#include "model/core/scenario.h"

namespace inflight {

CodelParams codel_params(const Scenario& s) {
    CodelParams p;
    p.mtu_bytes = s.mss_bytes;
    p.ecn = s.ecn;
    return p;
}

// RFC 8289 §5.5: the next drop comes interval/√count after t.
TimePs Codel::control_law(TimePs t) const {
    return t + static_cast<TimePs>(static_cast<double>(p_.interval) / std::sqrt(static_cast<double>(v_.count)));
}

// RFC 8289 dodequeue(): is the sojourn time persistently above target?
bool Codel::ok_to_drop(TimePs now, TimePs sojourn, std::uint64_t backlog_bytes) {
    if (sojourn < p_.target || backlog_bytes <= p_.mtu_bytes) {
        v_.first_above_time = 0;  // went below target: start over
        return false;
    }
    if (v_.first_above_time == 0) {
        v_.first_above_time = now + p_.interval;  // above target: judge after an interval
        return false;
    }
    return now >= v_.first_above_time;
}

Codel::Verdict Codel::signal() {
    if (p_.ecn) {
        ++stats_.ecn_marks;
        return Verdict::Mark;
    }
    ++stats_.drops;
    return Verdict::Drop;
}

Codel::Verdict Codel::judge(TimePs now, TimePs sojourn, std::uint64_t backlog_bytes) {
    const bool ok = ok_to_drop(now, sojourn, backlog_bytes);
    if (v_.dropping) {
        if (!ok) {
            v_.dropping = false;  // sojourn below target: leave the dropping state
            return Verdict::Deliver;
        }
        if (now < v_.drop_next) return Verdict::Deliver;
        ++v_.count;
        v_.drop_next = control_law(v_.drop_next);
        return signal();
    }
    if (!ok) return Verdict::Deliver;
    // Enter the dropping state. If it was left recently, resume near the
    // count it had (the drop rate that last controlled the queue).
    v_.dropping = true;
    const std::uint32_t delta = v_.count - v_.last_count;
    v_.count = (delta > 1 && now - v_.drop_next < 16 * p_.interval) ? delta : 1;
    v_.last_count = v_.count;
    v_.drop_next = control_law(now);
    return signal();
}

}  // namespace inflight
