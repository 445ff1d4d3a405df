// One flow of a scenario: its connections (each a sender and its algorithm),
// its own ACK path, and its schedule (start, stop, repeats `every`).
//   handshake: a connection sends a 64-byte SYN through the bottleneck; if
//     no reply comes in 1 s it is sent again (RFC 6298 §2.1's initial RTO,
//     doubling per retry, §5.5); the reply returns one base RTT after
//     service and its RTT sample initializes SRTT (§2.2); data starts then,
//     with IW 10 (RFC 6928).
//   bulk: one connection that always has data, until `stop`.
//   transfer (`size`): done when the ACK of its last byte arrives; its FCT
//     runs from its start to then, handshake included. With `every`, each
//     repetition is a new connection with fresh algorithm state; one due
//     while an earlier transfer still runs starts anyway (and is logged).
//   receiver: the lesson's mirror (every data segment ACKed at once, its
//     ACK the segment's own entry on the ACK path) or, with delayed ACKs
//     (TcpDetails::delayed_acks), Linux's (model/tcp/receiver.h): each data
//     segment's entry, as it comes off the ACK path, goes to the connection's
//     Receiver, which releases it at once with everything it held (one
//     cumulative ACK: each released entry reaches Sender::on_ack, so the
//     algorithm counts every segment acknowledged, then the sender sends once
//     after the last of them) or holds it until its timer. Such a flow always
//     takes the general step (no solo fast path).
//   request/response (app=rpc, model/engine/rpc_app.h): one connection whose
//     application writes requests and reads responses; the sender's data
//     grows write by write, with Nagle unless nodelay. Such a flow always
//     takes the general step, and its data segments go through on_rpc_data.
//   ping: one packet of `bytes` every `interval`, not congestion-controlled;
//     its reply returns one base RTT after service; a lost ping is counted,
//     never retried.
// The flow tells the loop its next moment (next_moment) and handles it
// (step); nothing in it knows how many flows there are.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "model/path/ack_path.h"
#include "model/path/bottleneck.h"
#include "model/cc/congestion_control.h"
#include "model/engine/event_queue.h"
#include "model/core/flow_spec.h"
#include "model/engine/recorder.h"
#include "model/engine/rpc_app.h"
#include "model/tcp/receiver.h"
#include "model/tcp/sender.h"

namespace inflight {

class Flow {
public:
    struct Config {
        ResolvedFlow spec;
        std::uint16_t index;
        std::uint32_t mss_bytes;
        std::uint64_t seed;      // this flow's: the scenario's seed for flow 0
        TimePs duration;
        PacketTap* tap = nullptr;  // a capture's listener, handed to each sender
        double bandwidth_bps = 0;  // the bottleneck's rate (a response's serialization)
    };
    Flow(const Config& c, Bottleneck& path, AckPath& acks, Recorder& recorder);

    Moment next_moment() const { return due_.moment; }
    // Handles the moment next_moment() named (the path is advanced to t).
    INFLIGHT_HOT void step(TimePs t) {
        if (solo_ && due_.moment.kind == MomentKind::Ack) {  // the hot path: an ACK for the one connection
            const AckInFlight a = acks_.pop();
            ++pkts_delivered_;
            if (a.packet.kind == PacketKind::Data && a.packet.conn == solo_id_) {
                rec_.ack_sample(t, solo_->on_ack(t, a));
                if (!sized_ || !solo_->done()) {
                    solo_->try_send(t);
                    refresh_solo(*solo_);
                } else {
                    finish_solo(t);
                }
                return;
            }
            after_ack(t, a);
            return;
        }
        step_general(t);
    }
    // Its ACK path has changed under it: find the next moment again.
    INFLIGHT_HOT void refresh() {
        if (!solo_) return refresh_general();
        refresh_solo(*solo_);
    }
    // Tells the recorder the flow's state after a step.
    INFLIGHT_HOT void observe(TimePs t) {
        if (!solo_) return observe_general(t);
        observe_one(t, *solo_);
    }

    // Sums over the live connections, as last observed.
    double cwnd_bytes() const { return last_cwnd_; }
    double window_bytes() const { return last_window_; }
    double inflight_bytes() const { return last_inflight_; }
    FlowBucketState bucket_state() const;
    FlowTotals totals() const;

    bool is_ping() const { return cfg_.spec.kind == FlowKind::Ping; }
    bool is_bulk() const { return cfg_.spec.is_bulk(); }
    const std::vector<double>& fct_s() const { return fct_s_; }
    // Ping replies: when each came back and its RTT.
    const std::vector<double>& ping_reply_t_s() const { return ping_t_s_; }
    const std::vector<double>& ping_rtt_s() const { return ping_rtt_s_; }
    std::uint64_t pings_sent() const { return pings_sent_; }
    // app=rpc: its transactions; null for other flows.
    const RpcApp* rpc() const { return rpc_ ? &*rpc_ : nullptr; }

private:
    struct Connection {
        std::uint16_t id;                     // stamped on its packets
        std::uint64_t transfer;               // 1-based; 0 for a bulk flow
        TimePs started_at;                    // FCT counts from here
        std::vector<TimePs> syn_sent_at;      // each attempt's send time
        TimePs syn_deadline = kNever;         // resend the SYN then; kNever once answered
        std::unique_ptr<CongestionControl> cc;
        std::optional<Sender> sender;         // after the handshake
        std::optional<Receiver> rx;           // Linux's receiver (delayed ACKs), after the handshake
    };
    enum class What : std::uint8_t { AckLine, DelayedAck, Rto, Pacing, SynTimer, Start, Ping, Stop, Rpc, Nothing };
    struct Due {
        Moment moment;
        What what = What::Nothing;            // (stale for the one sender's ACKs: see refresh)
        std::size_t conn = 0;                 // for DelayedAck, Rto, Pacing, SynTimer
    };

    // One connected sender (solo_), nothing scheduled: its ACKs and timers
    // only (when none is ever due, the time says kNever and nothing is asked).
    // The moment's kind says which (step looks at it): `what` and `conn` are
    // written for the timers only, which step_general handles.
    INFLIGHT_HOT void observe_one(TimePs t, const Sender& s) {
        const std::uint64_t queue = path_.queue_bytes_for(cfg_.index);
        last_cwnd_ = s.cwnd_bytes();
        last_window_ = s.window_in_force_bytes();
        last_inflight_ = bytes_as_double(s.bytes_in_flight());
        rec_.observe(t, last_cwnd_, last_window_, last_inflight_, queue, s.holding_limit(),
                     queue > 0 ? path_.drain_time() : t, path_counters_);
    }
    INFLIGHT_HOT void refresh_solo(const Sender& s) {
        due_.moment = Moment{acks_.next_arrival(), MomentKind::Ack};
        if (s.rto_deadline() < due_.moment.t) due_ = Due{Moment{s.rto_deadline(), MomentKind::Rto}, What::Rto, 0};
        if (s.pacing_wakeup() < due_.moment.t) due_ = Due{Moment{s.pacing_wakeup(), MomentKind::Pacing}, What::Pacing, 0};
    }
    // The same with Linux's receiver (solo_rx_): the general step's moments of
    // one connection, in the general order, without looking among connections.
    void refresh_solo_rx();
    bool step_solo_rx(TimePs t);  // false: not one of its moments (the general step handles it)
    void consider(Due& best, TimePs t, MomentKind k, What w, std::size_t conn = 0) const;
    void step_general(TimePs t);
    void refresh_general();
    void observe_general(TimePs t);
    // An ACK the hot path did not finish: the rest of its handling, then the next moment.
    void after_ack(TimePs t, const AckInFlight& a);
    void finish_solo(TimePs t);  // the one connection's transfer is done
    void on_ack(TimePs t, const AckInFlight& a);
    // The receiver of connection i ACKed: its released entries reach the sender, which then sends.
    void deliver_released(TimePs t, std::size_t i);
    void start_connection(TimePs t);
    void send_syn(TimePs t, Connection& c);
    void establish(TimePs t, Connection& c, TimePs rtt);
    void finish_connection(TimePs t, std::size_t i);
    void send_ping(TimePs t);
    // app=rpc: a data segment of connection i reaches the server.
    void on_rpc_data(TimePs t, std::size_t i, const AckInFlight& a);
    void respond(TimePs t, const Connection& c);  // the server answers: the app, and a capture's tap
    void take_released(TimePs t, Connection& c);  // the receiver's released entries reach the sender
    static constexpr std::size_t kNone = ~std::size_t{0};
    std::size_t find(std::uint16_t id) const;  // the live connection with this id, or kNone
    TimePs ping_time(std::uint64_t seq) const { return start_ + static_cast<TimePs>(seq) * ping_interval_; }

    Config cfg_;
    Bottleneck& path_;
    const PathCounters& path_counters_;      // this flow's at the path (they stay put for the run)
    AckPath& acks_;
    Recorder& rec_;
    TimePs start_, stop_;
    TimePs every_ = 0;                        // 0: once
    TimePs ping_interval_ = 0;

    std::vector<std::unique_ptr<Connection>> conns_;  // live ones
    Sender* solo_ = nullptr;                  // the sender when exactly one connection is live and
                                              // connected and no timer is pending: the fast path
    Receiver* solo_rx_ = nullptr;             // the same with Linux's receiver: that connection's
                                              // receiver (solo_ is then null: the general step)
    std::uint16_t solo_id_ = 0;               // its connection's id
    bool sized_;                              // a finite transfer (size)
    bool delayed_acks_;                       // Linux's receiver: never the solo fast path
    std::optional<RpcApp> rpc_;               // app=rpc: never the solo fast paths
    void update_solo();
    std::uint64_t transfers_started_ = 0;
    std::uint16_t next_conn_id_ = 1;
    TimePs next_start_;                       // the next connection's start; kNever when none
    TimePs stop_at_;                          // bulk: stop sending new data then; kNever once done
    std::uint64_t next_ping_seq_ = 0;
    TimePs next_ping_ = kNever;

    Due due_;
    double last_cwnd_ = 0, last_window_ = 0, last_inflight_ = 0;

    // Packet counts over the whole run (connections come and go).
    std::uint64_t syns_sent_ = 0, pings_sent_ = 0, pkts_delivered_ = 0;
    std::uint64_t syn_replies_ = 0;           // SYN-ACKs that came back (the rest of pkts_delivered_: data, pings)
    FlowTotals done_;                         // finished connections' counts (path counts aside)
    std::vector<double> fct_s_;
    std::vector<double> ping_t_s_, ping_rtt_s_;
};

}  // namespace inflight
