// The binding limit in words, for the hero panel and the exports: the
// words every front end says (limit_words.h) with what the limit means for
// the flow's algorithm: "limited by cwnd — loss-based sawtooth", "limited
// by rwnd: 65,535 B per 80 ms", "limited by the link". Plain C++.
#pragma once

#include <string>

#include "model/core/result.h"

namespace inflight::ui {

// `flow`: the flow the words are about (its algorithm, window and RTT);
// none: the limit is named without a figure.
std::string binding_limit_words(const Summary& summary, const ResolvedFlow* flow);
// The limit's short name in the window's words: "cwnd", "rwnd", "send
// buffer", "pacing", "link", "application" (the command line's "sndbuf" and
// "app" are the model's names).
const char* limit_name(Limit limit);
// A one-line caution when the figure rests on too few congestion events, or "".
std::string few_events_warning(const Summary& summary, const Scenario& scenario);

}  // namespace inflight::ui
