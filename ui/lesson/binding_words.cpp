#include "ui/lesson/binding_words.h"

#include <cmath>

#include "app/formats/limit_words.h"
#include "model/core/units.h"

namespace inflight::ui {

std::string binding_limit_words(const Summary& s, const ResolvedFlow* flow) {
    if (nothing_sent_in_window(s)) return nothing_sent_words(s);
    const bool bbr = flow && flow->kind == FlowKind::Tcp && flow->algorithm == Algorithm::Bbr;
    switch (s.binding_limit) {
    case Limit::Cwnd:
        if (bbr) return limit_words(Limit::Cwnd, flow) + " — BBR's cap of 2 × BtlBw × min_rtt";
        return limit_words(Limit::Cwnd, flow) + " — loss-based sawtooth";
    case Limit::Pacing:
        // Linux tcp_update_pacing_rate (tcp_input.c): Reno and CUBIC pace at 1.2 × cwnd / srtt (2 × in slow start), so
        // the clock the sender waited on is cwnd's own: the window still
        // sets the rate. Only BBR's pacing rate is a limit of its own (its
        // BtlBw estimate).
        if (!bbr) return limit_words(Limit::Cwnd, flow) + " — loss-based sawtooth, paced at 1.2 × cwnd / RTT";
        return limit_words(Limit::Pacing, flow) + " — BBR's own rate";
    case Limit::Rwnd:
    case Limit::Sndbuf:
    case Limit::Link: return limit_words(s.binding_limit, flow);
    case Limit::App: return limit_words(Limit::App, flow) + " — nothing more to send yet";
    }
    return {};
}

const char* limit_name(Limit limit) {
    if (limit == Limit::Sndbuf) return "send buffer";
    if (limit == Limit::App) return "application";
    return to_string(limit);
}

std::string few_events_warning(const Summary& s, const Scenario& sc) {
    if (!s.few_events) return {};
    return "rests on only " + std::to_string(s.window_congestion_events) +
           " congestion events: with " + (sc.loss_pattern == LossPattern::Random ? "random" : "this") +
           " loss one run proves little — try other seeds";
}

}  // namespace inflight::ui
