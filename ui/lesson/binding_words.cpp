#include "ui/lesson/binding_words.h"

#include <cmath>

#include "model/core/units.h"

namespace inflight::ui {

std::string binding_limit_words(const Summary& s, const Scenario& sc) {
    const double rtt = s.mean_rtt_s > 0 ? s.mean_rtt_s : sc.rtt_s;
    const auto per_rtt = [&](std::uint64_t bytes) {
        return format_grouped(bytes) + " B per " + format_time(rtt);
    };
    switch (s.binding_limit) {
    case Limit::Cwnd:
        if (sc.algorithm == Algorithm::Bbr) return "limited by cwnd — BBR's cap of 2 × BtlBw × min_rtt";
        return "limited by cwnd — loss-based sawtooth";
    case Limit::Rwnd: return "limited by rwnd: " + per_rtt(sc.rwnd_bytes);
    case Limit::Sndbuf: return "limited by the send buffer: " + per_rtt(sc.sndbuf_bytes);
    case Limit::Pacing:
        // Linux tcp_update_pacing_rate (tcp_input.c): Reno and CUBIC pace at 1.2 ×
        // cwnd / srtt (2 × in slow start), so the clock the sender waited on is
        // cwnd's own: the window still sets the rate. Only BBR's pacing rate is a
        // limit of its own (its BtlBw estimate).
        if (sc.algorithm != Algorithm::Bbr) return "limited by cwnd — loss-based sawtooth, paced at 1.2 × cwnd / RTT";
        return "limited by pacing — BBR's own rate";
    case Limit::Link: return "limited by the link";
    }
    return {};
}

const char* limit_name(Limit limit) {
    return limit == Limit::Sndbuf ? "send buffer" : to_string(limit);
}

std::string few_events_warning(const Summary& s, const Scenario& sc) {
    if (!s.few_events) return {};
    return "rests on only " + std::to_string(s.window_congestion_events) +
           " congestion events: with " + (sc.loss_pattern == LossPattern::Random ? "random" : "this") +
           " loss one run proves little — try other seeds";
}

}  // namespace inflight::ui
