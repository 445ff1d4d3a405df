// The binding limit in words, said one way everywhere (the CLI's summary,
// the window's hero, the exports): "limited by cwnd", "limited by rwnd:
// 65,535 B per 80 ms", "limited by the send buffer: 16,384 B per 20 ms",
// "limited by the pacing rate", "limited by the link". Under Linux's
// receive buffer the rwnd says which: "limited by rwnd (SO_RCVBUF): 327,680
// B per 80 ms" (the locked buffer's window) or "limited by rwnd
// (autotuning)" (a window that grows: no figure). A window limit
// quotes the flow's window and its base RTT, the two figures the
// throughput = window / RTT arithmetic starts from. Plain C++.
#pragma once

#include <optional>
#include <string>

#include "model/core/result.h"

namespace inflight {

// The limit's words; `flow` gives the window and RTT a window limit quotes
// (none: the limit is named without a figure).
std::string limit_words(Limit limit, const ResolvedFlow* flow);

// The flow whose window and RTT the aggregate's limit words quote: the
// only flow, or the first TCP flow when every TCP flow has the same
// windows and RTT; none when they differ (or the result has no flows).
const ResolvedFlow* quoted_flow(const RunResult& r);

// True when no flow was active in the steady-state window (a transfer that
// finished before it, a flow that starts after it): every binding share is
// 0 and the throughput too, so no limit held anything back and none may be
// named.
bool nothing_sent_in_window(const Summary& s);
// The same for one flow of a run.
bool nothing_sent_in_window(const FlowSummary& f);
// One flow's binding limit as its JSON and checks name it ("cwnd"), or
// nothing: a ping (its schedule sends it, no window holds it back) and a
// flow that sent nothing in the steady state have none.
std::optional<std::string> flow_binding_limit(const FlowResult& f);
// "no data sent in the steady state (5 s – 10 s)"
std::string nothing_sent_words(const Summary& s);

// The run's binding limit in words, quoting quoted_flow(r) (a result that
// lists no flows, the real kernel's, ran the scenario's one flow); a run of
// request/response flows alone is held back by its application; one that
// sent nothing in the steady state names no limit.
std::string binding_limit_words(const RunResult& r);

}  // namespace inflight
