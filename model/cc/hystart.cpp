#include "model/cc/hystart.h"

#include <algorithm>

namespace inflight {

void Hystart::start_round(TimePs now, std::uint64_t snd_nxt) {
    round_start_ = now;
    last_ack_ = now;
    end_seq_ = snd_nxt;
    curr_rtt_ = kNever;
    sample_cnt_ = 0;
}

void Hystart::on_loss_state(TimePs now, std::uint64_t snd_nxt) {
    found_ = false;
    delay_min_ = 0;
    start_round(now, snd_nxt);
}

TimePs Hystart::ack_train_threshold(double pacing_rate_Bps) const {
    // hystart_ack_delay(): room for one TSO burst in GRO and one in the
    // qdisc, doubled again as the slow-start pacing rate is; at most 1 ms.
    TimePs cushion = 0;
    if (pacing_rate_Bps > 0) {
        const double s = 4.0 * p_.gso_max_bytes / pacing_rate_Bps;
        cushion = std::min(p_.ack_delay_cap, static_cast<TimePs>(s * 1e12));
    }
    const TimePs threshold = delay_min_ + cushion;
    return paced_ ? threshold : threshold / 2;  // unpaced: ACKs past delay_min/2
}

TimePs Hystart::delay_threshold() const {
    return delay_min_ + std::clamp(delay_min_ / 8, p_.delay_thresh_min, p_.delay_thresh_max);
}

HystartExit Hystart::on_ack(const HystartAck& a) {
    if (a.rtt < 0) return HystartExit::None;  // no sample: Linux returns before anything
    const TimePs delay = std::max<TimePs>(a.rtt, 1);
    if (delay_min_ == 0 || delay < delay_min_) delay_min_ = delay;
    if (found_ || !a.in_slow_start) return HystartExit::None;
    // A round opens whatever cwnd is, so that rounds open where flights do;
    // the detectors wait for the low window.
    if (a.snd_una > end_seq_) start_round(a.now, a.snd_nxt);
    if (a.cwnd_packets < p_.low_window_packets) return HystartExit::None;
    HystartExit exit = HystartExit::None;

    if (p_.ack_train && a.now - last_ack_ <= p_.ack_delta) {
        last_ack_ = a.now;
        if (a.now - round_start_ > ack_train_threshold(a.pacing_rate_Bps)) {
            found_ = true;
            exit = HystartExit::AckTrain;
        }
    }
    if (p_.delay) {
        curr_rtt_ = std::min(curr_rtt_, delay);
        if (sample_cnt_ < p_.min_samples) {
            ++sample_cnt_;
        } else if (curr_rtt_ > delay_threshold()) {
            if (!found_) exit = HystartExit::DelayIncrease;
            found_ = true;
        }
    }
    return exit;
}

}  // namespace inflight
