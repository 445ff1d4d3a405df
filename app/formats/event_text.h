// The event log's words: one sentence for a typed event of the model, built
// from its numbers through Qt's translation mechanism (context "EventText"),
// so the window can show them translated while the command line's --events
// CSV shows the same English words. "Packets" are the event's MSS.
#pragma once

#include <QString>
#include <string>

#include "model/core/result.h"

namespace inflight {

// "Congestion event (loss): cwnd 120 → 60 packets",
// "Now limited by rwnd: 65,535 B per RTT", ...
QString event_text(const Event& e);
// The same sentence in UTF-8, for files.
std::string event_text_utf8(const Event& e);

}  // namespace inflight
