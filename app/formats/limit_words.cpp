// The binding limit's words (limit_words.h).
#include "app/formats/limit_words.h"

#include <algorithm>

#include "model/core/units.h"
#include "model/tcp/receive_buffer.h"

namespace inflight {

namespace {

// The receive window's words: the textbook's fixed rwnd, or Linux's receive
// buffer, locked by SO_RCVBUF (a fixed window, quoted per RTT) or grown by
// autotuning (the window moves: no figure). A flow's own rwnd below what
// autotuning can open is a clamp the growing buffer reaches: quoted as the
// fixed window it then is.
std::string rwnd_words(const ResolvedFlow* flow) {
    if (!flow) return "limited by rwnd";
    const auto per_rtt = [&](std::uint64_t window_bytes) {
        return ": " + format_size(window_bytes) + " per " + format_time(flow->rtt_s);
    };
    if (flow->tcp.rcvbuf_bytes != 0) return "limited by rwnd (SO_RCVBUF)" + per_rtt(ReceiveBuffer::largest_window(*flow));
    if (flow->tcp.autotuning && flow->rwnd_bytes >= ReceiveBuffer::autotuned_max_window())
        return "limited by rwnd (autotuning)";
    return "limited by rwnd" + per_rtt(flow->rwnd_bytes);
}

}  // namespace

std::string limit_words(Limit limit, const ResolvedFlow* flow) {
    const auto per_rtt = [&](std::uint64_t window_bytes) {
        return flow ? ": " + format_size(window_bytes) + " per " + format_time(flow->rtt_s) : std::string();
    };
    switch (limit) {
        case Limit::Cwnd: return "limited by cwnd";
        case Limit::Rwnd: return rwnd_words(flow);
        case Limit::Sndbuf: return "limited by the send buffer" + per_rtt(flow ? flow->sndbuf_bytes : 0);
        case Limit::Pacing: return "limited by the pacing rate";
        case Limit::Link: return "limited by the link";
        case Limit::App: return "limited by the application";
    }
    return "limited by ?";
}

const ResolvedFlow* quoted_flow(const RunResult& r) {
    if (r.flows.size() == 1) return &r.flows.front().flow;
    const ResolvedFlow* first = nullptr;
    for (const FlowResult& f : r.flows) {
        if (f.flow.kind != FlowKind::Tcp) continue;
        if (!first) {
            first = &f.flow;
        } else if (f.flow.rwnd_bytes != first->rwnd_bytes || f.flow.sndbuf_bytes != first->sndbuf_bytes ||
                   f.flow.tcp.rcvbuf_bytes != first->tcp.rcvbuf_bytes || f.flow.tcp.autotuning != first->tcp.autotuning ||
                   f.flow.rtt_s != first->rtt_s) {
            return nullptr;
        }
    }
    return first;
}

namespace {
// (Both: a summary read from a file written before the shares were kept
// has none, and its throughput says it sent.)
bool no_rate_and_no_limit(double throughput_bps, const std::array<double, kLimitCount>& fractions) {
    return throughput_bps == 0 && std::all_of(fractions.begin(), fractions.end(), [](double f) { return f == 0; });
}
}  // namespace

bool nothing_sent_in_window(const Summary& s) { return no_rate_and_no_limit(s.throughput_bps, s.binding_fractions); }

bool nothing_sent_in_window(const FlowSummary& f) { return no_rate_and_no_limit(f.throughput_bps, f.binding_fractions); }

std::optional<std::string> flow_binding_limit(const FlowResult& f) {
    if (f.flow.kind == FlowKind::Ping || nothing_sent_in_window(f.summary)) return std::nullopt;
    return to_string(f.summary.binding_limit);
}

std::string nothing_sent_words(const Summary& s) {
    return "no data sent in the steady state (" + format_time(s.window_start_s) + " – " + format_time(s.window_end_s) +
           ")";
}

std::string binding_limit_words(const RunResult& r) {
    // Request/response flows alone: each sends a request, then waits for the
    // response with nothing to send, so no window holds it back (a window it
    // never fills does not even grow, RFC 7661).
    const auto rpc = [](const FlowResult& f) { return f.flow.is_rpc(); };
    if (!r.flows.empty() && std::all_of(r.flows.begin(), r.flows.end(), rpc))
        return "limited by the application: each request waits for its response";
    const auto ping = [](const FlowResult& f) { return f.flow.kind == FlowKind::Ping; };
    if (!r.flows.empty() && std::all_of(r.flows.begin(), r.flows.end(), ping))
        return "nothing limited: pings only, no transfer";
    if (nothing_sent_in_window(r.summary)) return nothing_sent_words(r.summary);
    if (r.flows.empty()) {  // the real kernel's result: it ran the scenario's one flow
        const ResolvedFlow one = resolve_flow(r.scenario, 0);
        return limit_words(r.summary.binding_limit, &one);
    }
    return limit_words(r.summary.binding_limit, quoted_flow(r));
}

}  // namespace inflight
