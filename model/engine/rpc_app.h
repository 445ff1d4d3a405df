// A request/response application on one connection (a flow's app=rpc).
// The law of a transaction, back to back on the connection:
//   the client writes the request's writes, all at the transaction's start,
//     each a write() followed by the push Linux does at the end of
//     tcp_sendmsg (tcp_push), so with Nagle (tcp/nagle.h) the first short
//     write goes and the later ones wait, coalesced, for its ACK;
//   the server, once it has the whole request in order, writes the response
//     in one write: it leaves at once and carries the ACK of the request
//     (Linux piggybacks the ACK on data: tcp_event_ack_sent), and with Linux's
//     receiver it counts an exchange for ping-pong mode (tcp/receiver.h);
//   the response travels back on the reverse direction, which is empty:
//     it arrives when that ACK would have (one base RTT after the request's
//     last segment left the bottleneck, the model's clock for the
//     receiver) plus its serialization at the bottleneck's rate. It is at
//     most 10 segments, the initial window, so it leaves in one flight;
//   the transaction ends when the client has the whole response; after the
//     think time the next begins, unless the flow's stop has come.
// Latency of a transaction = from its first write to its last response
// byte. A write is "held by Nagle" when Nagle keeps back data of it (after
// its push, or once the pacing clock lets the sender try); a stall runs
// from then until the held data leaves, and is logged with whether a
// delayed ACK released it.
// Not modelled: the response's own ACKs and congestion control on the
// reverse direction, the client's delayed ACKs of the response, loss of the
// response, TCP autocorking, Nagle on the server (its response is one write
// whose earlier short segment, the previous response, the next request
// has already ACKed).
#pragma once

#include <cstdint>
#include <vector>

#include "model/core/flow_spec.h"
#include "model/core/sim_time.h"
#include "model/core/transaction_samples.h"
#include "model/engine/recorder.h"
#include "model/tcp/sender.h"

namespace inflight {

class RpcApp {
public:
    struct Config {
        RpcSpec spec;
        TimePs stop = kNever;          // no transaction starts at or after it
        double bandwidth_bps = 0;      // the response's serialization rate
    };
    explicit RpcApp(const Config& c);

    // The connection is up at `t`: the first request goes now.
    void connected(TimePs t) { next_start_ = t < cfg_.stop ? t : kNever; }
    // The next start of a request or arrival of a response; kNever when none.
    TimePs next_moment() const { return next_start_ < response_at_ ? next_start_ : response_at_; }
    // Handles next_moment(): the response arrives, and/or the next request is written.
    void on_moment(TimePs t, Sender& s);
    // The server has `received` bytes of the request stream in order: true
    // when that completes the request in flight (the caller then sends the
    // response's ACK and calls respond).
    bool request_complete(std::uint64_t received) const {
        return awaiting_request_ && received >= request_end_;
    }
    // The server writes the response at `t`.
    void respond(TimePs t);
    // The response's size, and when the one written last is all at the client.
    std::uint64_t response_bytes() const { return cfg_.spec.response_bytes; }
    TimePs response_due() const { return response_at_; }
    // After each moment of the flow at `t` (the sender had its chance to
    // send): counts the writes Nagle now holds, starts a stall, or ends one
    // whose data left (`delayed_ack`: a delayed-ACK timer released it).
    void after_send(TimePs t, const Sender& s, bool delayed_ack, Recorder& rec);

    const std::vector<double>& latencies_s() const { return latencies_s_; }
    // Each completed transaction as a point (completion time, latency).
    const TransactionSamples& samples() const { return samples_; }
    std::uint64_t writes_held() const { return writes_held_; }

private:
    void start_request(TimePs t, Sender& s);
    void count_held(TimePs t, const Sender& s);  // Nagle holds data: the stall and its writes

    Config cfg_;
    TimePs response_time_;             // the response's serialization
    std::uint64_t request_bytes_ = 0;  // one request's bytes
    std::uint64_t request_end_ = 0;    // the stream offset where the request in flight ends
    bool awaiting_request_ = false;    // its request is not all at the server yet
    std::uint64_t number_ = 0;         // the transaction in flight (1-based)
    TimePs started_at_ = 0;
    TimePs next_start_ = kNever, response_at_ = kNever;
    TimePs stall_since_ = kNever;       // a Nagle stall running since
    std::vector<std::uint64_t> write_ends_;  // the request's writes so far: where each ends in the stream
    std::size_t writes_checked_ = 0;    // those already counted as held, or sent before any hold
    std::uint64_t writes_held_ = 0;
    std::vector<double> latencies_s_;
    TransactionSamples samples_;
};

}  // namespace inflight
