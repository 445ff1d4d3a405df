#include "model/engine/flow.h"

#include <algorithm>
#include <cmath>

namespace inflight {

namespace {
constexpr std::uint16_t kSynBytes = 64;              // a connection opens with a 64-byte SYN
constexpr TimePs kInitialRto = kPsPerSecond;         // RFC 6298 §2.1: 1 s until an RTT is measured
constexpr TimePs kMaxSynRto = 120 * kPsPerSecond;    // Linux TCP_RTO_MAX
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A connection's whole-run counts, added to the flow's. Its receiver's
// counts stand for the data segments it took and the ACKs it sent for them
// (Flow::totals turns them into the flow's).
void add_counts(FlowTotals& t, const Sender& s, const std::optional<Receiver>& rx) {
    if (rx) {
        t.acks_sent += rx->acks_sent();
        t.segments_received += rx->segments_received();
    }
    t.acked_bytes += s.acked_bytes();
    t.delivered_bytes += s.delivered_bytes();
    t.retransmitted_bytes += s.retransmitted_bytes();
    t.congestion_events += s.congestion_events();
    t.retransmits += s.retransmits();
    t.rtos += s.rtos();
    t.packets_sent += s.packets_sent();
}

// splitmix64: a repetition's algorithm gets its own seed (BBR's random
// start phase), reproducible from the flow's.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}
}  // namespace

Flow::Flow(const Config& c, Bottleneck& path, AckPath& acks, Recorder& recorder)
    : cfg_(c),
      path_(path),
      path_counters_(path.counters(c.index)),
      acks_(acks),
      rec_(recorder),
      start_(from_seconds(c.spec.start_s)),
      stop_(std::min(from_seconds(c.spec.stop_s), c.duration)),
      sized_(c.spec.size_bytes.has_value()),
      delayed_acks_(c.spec.kind == FlowKind::Tcp && c.spec.tcp.delayed_acks) {
    if (c.spec.every_s) every_ = from_seconds(*c.spec.every_s);
    if (c.spec.rpc) rpc_.emplace(RpcApp::Config{*c.spec.rpc, stop_, c.bandwidth_bps});
    if (is_ping()) {
        ping_interval_ = std::max<TimePs>(1, from_seconds(c.spec.ping_interval_s));
        next_ping_ = start_;
        next_start_ = kNever;
        stop_at_ = kNever;
    } else {
        next_start_ = start_;
        stop_at_ = is_bulk() && stop_ < c.duration ? stop_ : kNever;
    }
    refresh();
}

std::size_t Flow::find(std::uint16_t id) const {
    if (solo_) return conns_[0]->id == id ? 0 : kNone;
    for (std::size_t i = 0; i < conns_.size(); ++i)
        if (conns_[i]->id == id) return i;
    return kNone;  // finished: a late duplicate
}

void Flow::consider(Due& best, TimePs t, MomentKind k, What w, std::size_t conn) const {
    if (t < best.moment.t || (t == best.moment.t && k < best.moment.kind)) best = Due{Moment{t, k}, w, conn};
}

void Flow::update_solo() {
    const bool timers = next_start_ != kNever || next_ping_ != kNever || stop_at_ != kNever;
    const bool one = conns_.size() == 1 && conns_[0]->sender && !timers && !rpc_;
    solo_ = one && !delayed_acks_ ? &*conns_[0]->sender : nullptr;
    solo_rx_ = one && delayed_acks_ ? &*conns_[0]->rx : nullptr;
    solo_id_ = one ? conns_[0]->id : 0;
}

void Flow::refresh_solo_rx() {
    const Sender& s = *conns_[0]->sender;
    Due d{Moment{acks_.next_arrival(), MomentKind::Ack}, What::AckLine, 0};
    if (solo_rx_->timer() < d.moment.t) d = Due{Moment{solo_rx_->timer(), MomentKind::Ack}, What::DelayedAck, 0};
    if (s.rto_deadline() < d.moment.t) d = Due{Moment{s.rto_deadline(), MomentKind::Rto}, What::Rto, 0};
    if (s.pacing_wakeup() < d.moment.t) d = Due{Moment{s.pacing_wakeup(), MomentKind::Pacing}, What::Pacing, 0};
    if (d.moment.t == kNever) d = Due{};
    due_ = d;
}

bool Flow::step_solo_rx(TimePs t) {
    Sender& s = *conns_[0]->sender;
    switch (due_.what) {
    case What::AckLine: {
        const AckInFlight a = acks_.pop();
        ++pkts_delivered_;
        if (a.packet.kind != PacketKind::Data || a.packet.conn != solo_id_) {
            on_ack(t, a);
            update_solo();
            refresh();
            return true;
        }
        if (solo_rx_->on_segment(t, a) == Receiver::Verdict::Hold) {
            refresh_solo_rx();
            return true;
        }
        break;
    }
    case What::DelayedAck: solo_rx_->on_timer(t); break;
    case What::Rto:
        s.on_rto_timer(t);
        s.try_send(t);
        refresh_solo_rx();
        return true;
    case What::Pacing:
        s.try_send(t);
        refresh_solo_rx();
        return true;
    default: return false;
    }
    // The receiver ACKed: what it released reaches the sender, which then sends.
    for (const AckInFlight& e : solo_rx_->release()) rec_.ack_sample(t, s.on_ack(t, e));
    if (sized_ && s.done()) {
        finish_solo(t);
        return true;
    }
    s.try_send(t);
    refresh_solo_rx();
    return true;
}

void Flow::refresh_general() {
    if (solo_rx_) return refresh_solo_rx();
    Due d;
    consider(d, acks_.next_arrival(), MomentKind::Ack, What::AckLine);
    for (std::size_t i = 0; i < conns_.size(); ++i) {
        const Connection& c = *conns_[i];
        if (c.sender) {
            if (c.rx) consider(d, c.rx->timer(), MomentKind::Ack, What::DelayedAck, i);  // its ACK reaches the sender then
            consider(d, c.sender->rto_deadline(), MomentKind::Rto, What::Rto, i);
            consider(d, c.sender->pacing_wakeup(), MomentKind::Pacing, What::Pacing, i);
        } else {
            consider(d, c.syn_deadline, MomentKind::Timer, What::SynTimer, i);
        }
    }
    consider(d, next_start_, MomentKind::Timer, What::Start);
    consider(d, next_ping_, MomentKind::Timer, What::Ping);
    consider(d, stop_at_, MomentKind::Timer, What::Stop);
    if (rpc_) consider(d, rpc_->next_moment(), MomentKind::Timer, What::Rpc);
    if (d.moment.t == kNever) d = Due{};
    due_ = d;
}

void Flow::after_ack(TimePs t, const AckInFlight& a) {
    on_ack(t, a);
    update_solo();
    refresh();
}

void Flow::finish_solo(TimePs t) {
    finish_connection(t, 0);
    update_solo();
    refresh();
}

void Flow::step_general(TimePs t) {
    if (solo_rx_ && step_solo_rx(t)) return;
    switch (due_.what) {
    case What::AckLine: {
        const AckInFlight a = acks_.pop();
        ++pkts_delivered_;
        on_ack(t, a);
        break;
    }
    case What::DelayedAck:
        conns_[due_.conn]->rx->on_timer(t);
        deliver_released(t, due_.conn);
        break;
    case What::Rto: {
        Sender& s = *conns_[due_.conn]->sender;
        s.on_rto_timer(t);
        s.try_send(t);
        break;
    }
    case What::Pacing: conns_[due_.conn]->sender->try_send(t); break;
    case What::SynTimer: {
        Connection& c = *conns_[due_.conn];
        send_syn(t, c);
        rec_.flow_event(t, EventKind::SynResent, c.transfer, 0);
        break;
    }
    case What::Start:
        if (!conns_.empty()) rec_.flow_event(t, EventKind::TransferOverlap, transfers_started_ + 1, 0);
        start_connection(t);
        break;
    case What::Ping: send_ping(t); break;
    case What::Rpc: rpc_->on_moment(t, *conns_[0]->sender); break;
    case What::Stop:
        for (auto& c : conns_)
            if (c->sender) c->sender->stop_new_data();
        stop_at_ = kNever;
        rec_.flow_event(t, EventKind::FlowStop, 0, 0);
        break;
    case What::Nothing: break;
    }
    // A request/response flow's writes: whether Nagle holds some, or let go of them.
    if (rpc_ && !conns_.empty() && conns_[0]->sender)
        rpc_->after_send(t, *conns_[0]->sender, due_.what == What::DelayedAck, rec_);
    update_solo();
    refresh();
}

void Flow::on_ack(TimePs t, const AckInFlight& a) {
    switch (a.packet.kind) {
    case PacketKind::Data: {
        const std::size_t i = find(a.packet.conn);
        if (i == kNone || !conns_[i]->sender) return;
        if (rpc_) return on_rpc_data(t, i, a);
        if (conns_[i]->rx) {  // Linux's receiver decides when this segment is ACKed
            if (conns_[i]->rx->on_segment(t, a) == Receiver::Verdict::AckNow) deliver_released(t, i);
            return;
        }
        Sender& s = *conns_[i]->sender;
        rec_.ack_sample(t, s.on_ack(t, a));
        if (cfg_.spec.size_bytes && s.done()) {
            finish_connection(t, i);
            return;
        }
        s.try_send(t);
        return;
    }
    case PacketKind::Syn: {
        ++syn_replies_;
        const std::size_t i = find(a.packet.conn);
        if (i == kNone || conns_[i]->sender) return;  // a reply to a SYN sent again, after the first came back
        Connection& c = *conns_[i];
        if (cfg_.tap) cfg_.tap->syn_ack_arrived(t, cfg_.index, c.id);
        establish(t, c, t - c.syn_sent_at[a.packet.tx_index]);
        return;
    }
    case PacketKind::Ping: {
        const TimePs rtt = t - ping_time(a.packet.seg_no);
        if (cfg_.tap) cfg_.tap->ping(t, cfg_.index, a.packet.seg_no, a.packet.bytes, true);
        rec_.rtt_sample(t, rtt);
        ping_t_s_.push_back(to_seconds(t));
        ping_rtt_s_.push_back(to_seconds(rtt));
        return;
    }
    }
}

void Flow::deliver_released(TimePs t, std::size_t i) {
    Sender& s = *conns_[i]->sender;
    for (const AckInFlight& e : conns_[i]->rx->release()) rec_.ack_sample(t, s.on_ack(t, e));
    if (cfg_.spec.size_bytes && s.done()) {
        finish_connection(t, i);
        return;
    }
    s.try_send(t);
}

void Flow::take_released(TimePs t, Connection& c) {
    for (const AckInFlight& e : c.rx->release()) rec_.ack_sample(t, c.sender->on_ack(t, e));
}

void Flow::on_rpc_data(TimePs t, std::size_t i, const AckInFlight& a) {
    Connection& c = *conns_[i];
    Sender& s = *c.sender;
    if (c.rx) {  // Linux's receiver: the response carries the ACK of what it holds
        if (c.rx->on_segment(t, a) == Receiver::Verdict::AckNow) take_released(t, c);
        if (rpc_->request_complete(c.rx->rcv_nxt_bytes())) {
            if (c.rx->on_data_sent(t) == Receiver::Verdict::AckNow) take_released(t, c);
            respond(t, c);
        }
    } else {  // the mirror: every segment ACKed at once
        rec_.ack_sample(t, s.on_ack(t, a));
        if (rpc_->request_complete(s.acked_bytes())) respond(t, c);
    }
    s.try_send(t);
}

void Flow::respond(TimePs t, const Connection& c) {
    rpc_->respond(t);
    if (cfg_.tap) cfg_.tap->response_sent(t, cfg_.index, c.id, rpc_->response_bytes(), rpc_->response_due());
}

void Flow::start_connection(TimePs t) {
    auto c = std::make_unique<Connection>();
    c->id = next_conn_id_++;
    if (next_conn_id_ == 0) next_conn_id_ = 1;
    ++transfers_started_;
    c->transfer = cfg_.spec.size_bytes ? transfers_started_ : 0;
    c->started_at = t;
    const std::uint64_t seed = transfers_started_ == 1 ? cfg_.seed : mix(cfg_.seed + transfers_started_);
    c->cc = make_congestion_control(cfg_.spec.algorithm, seed, cfg_.spec.pacing, cfg_.spec.tcp.hystart,
                                    cfg_.spec.tcp.bbr_headroom);
    rec_.flow_event(t, EventKind::FlowStart, c->transfer, cfg_.spec.size_bytes.value_or(0));
    send_syn(t, *c);
    conns_.push_back(std::move(c));
    // The next repetition, on the flow's own clock (start + k·every).
    next_start_ = every_ > 0 ? start_ + static_cast<TimePs>(transfers_started_) * every_ : kNever;
    if (next_start_ >= stop_) next_start_ = kNever;
}

void Flow::send_syn(TimePs t, Connection& c) {
    const auto attempt = static_cast<std::uint32_t>(c.syn_sent_at.size());
    c.syn_sent_at.push_back(t);
    ++syns_sent_;
    TimePs wait = kInitialRto;  // doubled per retry (RFC 6298 §5.5), capped
    for (std::uint32_t i = 0; i < attempt && wait < kMaxSynRto; ++i) wait *= 2;
    c.syn_deadline = t + std::min(wait, kMaxSynRto);
    if (cfg_.tap) cfg_.tap->syn_sent(t, cfg_.index, c.id, attempt);
    path_.enqueue(t, Packet{0, attempt, kSynBytes, cfg_.index, c.id, PacketKind::Syn});
}

void Flow::establish(TimePs t, Connection& c, TimePs rtt) {
    c.syn_deadline = kNever;
    rec_.rtt_sample(t, rtt);
    Sender::Config s;
    s.mss_bytes = cfg_.mss_bytes;
    s.rwnd_bytes = cfg_.spec.rwnd_bytes;
    s.sndbuf_bytes = cfg_.spec.sndbuf_bytes;
    s.pacing = cfg_.spec.pacing;
    s.prr = cfg_.spec.tcp.prr;
    s.slow_start_room = cfg_.spec.tcp.slow_start_room;
    s.handshake_rtt = rtt;
    s.flow = cfg_.index;
    s.conn = c.id;
    s.data_bytes = cfg_.spec.size_bytes.value_or(Sender::kUnlimited);
    s.receive_buffer = ReceiveBuffer::config_for(cfg_.spec.tcp, cfg_.mss_bytes);
    s.tap = cfg_.tap;
    if (rpc_) {  // the application writes its requests as they come
        s.data_bytes = 0;
        s.nagle = !cfg_.spec.rpc->nodelay;
    }
    c.sender.emplace(s, *c.cc, path_, rec_);
    if (delayed_acks_) {
        Receiver::Config r;
        r.mss_bytes = cfg_.mss_bytes;
        r.rcv_wnd_bytes = cfg_.spec.rwnd_bytes;
        r.srtt = rtt;  // the receiver's own handshake sample
        r.data_bytes = cfg_.spec.size_bytes.value_or(Receiver::kNoEnd);
        c.rx.emplace(r);
    }
    if (is_bulk() && stop_at_ == kNever && stop_ < cfg_.duration) c.sender->stop_new_data();  // past its stop
    c.sender->try_send(t);
    if (rpc_) rpc_->connected(t);
}

void Flow::finish_connection(TimePs t, std::size_t i) {
    Connection& c = *conns_[i];
    const Sender& s = *c.sender;
    const double fct = to_seconds(t - c.started_at);
    fct_s_.push_back(fct);
    rec_.flow_event(t, EventKind::TransferDone, c.transfer, *cfg_.spec.size_bytes, fct);
    add_counts(done_, s, c.rx);
    conns_.erase(conns_.begin() + static_cast<std::ptrdiff_t>(i));
    // A single transfer is active until it is done. A repeated one keeps its
    // schedule to its stop, gaps and all: its idle time after the last
    // repetition counts as the gaps between repetitions do, so 100 KB every
    // second reads 800 kbit/s over any whole number of seconds.
    if (conns_.empty() && next_start_ == kNever && !cfg_.spec.repeats()) rec_.set_active_until(t);
}

void Flow::send_ping(TimePs t) {
    if (next_ping_seq_ == 0) rec_.flow_event(t, EventKind::FlowStart, 0, 0);
    if (cfg_.tap) cfg_.tap->ping(t, cfg_.index, static_cast<std::uint32_t>(next_ping_seq_), cfg_.spec.ping_bytes, false);
    path_.enqueue(t, Packet{static_cast<std::uint32_t>(next_ping_seq_), 0, static_cast<std::uint16_t>(cfg_.spec.ping_bytes),
                            cfg_.index, 0, PacketKind::Ping});
    ++pings_sent_;
    ++next_ping_seq_;
    next_ping_ = ping_time(next_ping_seq_);
    if (next_ping_ >= stop_) next_ping_ = kNever;
}

void Flow::observe_general(TimePs t) {
    if (solo_rx_) return observe_one(t, *conns_[0]->sender);
    const std::uint64_t queue = path_.queue_bytes_for(cfg_.index);
    if (is_ping()) {
        rec_.observe(t, kNaN, kNaN, kNaN, queue, Limit::Link, t, path_counters_);
        return;
    }
    double cwnd = 0, window = 0, inflight = 0;
    // No connection open (between a transfer's repeats): nothing to send.
    Limit limit = Limit::App;
    for (const auto& c : conns_) {
        if (!c->sender) {  // in its handshake: the initial window, as Linux sets it when the socket opens
            limit = Limit::Cwnd;
            const double iw = static_cast<double>(Sender::kInitialWindowPackets) * cfg_.mss_bytes;
            cwnd += iw;
            window += std::min(iw, static_cast<double>(std::min(cfg_.spec.rwnd_bytes, cfg_.spec.sndbuf_bytes)));
            continue;
        }
        cwnd += c->sender->cwnd_bytes();
        window += c->sender->window_in_force_bytes();
        inflight += static_cast<double>(c->sender->bytes_in_flight());
        limit = c->sender->holding_limit();
    }
    last_cwnd_ = cwnd;
    last_window_ = window;
    last_inflight_ = inflight;
    rec_.observe(t, cwnd, window, inflight, queue, limit, queue > 0 ? path_.drain_time() : t, path_counters_);
}

FlowBucketState Flow::bucket_state() const {
    const FlowTotals t = totals();
    FlowBucketState b;
    b.ssthresh_bytes = kNaN;
    b.srtt_s = b.rttvar_s = b.min_rtt_s = kNaN;
    b.retransmits = t.retransmits;
    b.retransmitted_bytes = t.retransmitted_bytes;
    b.pkts_sent = t.packets_sent;
    b.delivered_bytes = t.delivered_bytes;
    b.acked_bytes = t.acked_bytes;
    bool first = true;
    for (const auto& c : conns_) {
        if (!c->sender) continue;
        const Sender& s = *c->sender;
        b.cwnd_end_bytes += s.cwnd_bytes();
        // Read here, at the bucket's end only: the per-packet path stays as it was.
        b.rwnd_bytes = (first ? 0.0 : b.rwnd_bytes) + static_cast<double>(s.advertised_window_bytes());
        b.pacing_rate_bps += c->cc->pacing_rate_Bps(s.cc_state()) * 8.0;
        if (first) {  // the oldest live connection speaks for the flow's state
            first = false;
            b.ssthresh_bytes = s.ssthresh_bytes();
            b.srtt_s = s.srtt_s();
            b.rttvar_s = s.rttvar_s();
            b.min_rtt_s = s.min_rtt() == kNever ? kNaN : to_seconds(s.min_rtt());
            b.cc = c->cc->info();
            b.phase = s.phase();
        }
    }
    b.cwnd_bytes = last_cwnd_;
    b.window_bytes = last_window_;
    b.inflight_bytes = last_inflight_;
    b.pkts_delivered = pkts_delivered_;
    b.pkts_dropped = t.path.drops();
    b.pkts_in_network = path_.packets_in_network(cfg_.index);
    return b;
}

FlowTotals Flow::totals() const {
    FlowTotals t = done_;
    t.packets_sent += syns_sent_ + pings_sent_;
    for (const auto& c : conns_)
        if (c->sender) add_counts(t, *c->sender, c->rx);
    // Every data segment that reached the receiver; those its Linux receiver
    // took were ACKed as it counted, the rest (the mirror's, and late ones for
    // a connection already closed) each at once.
    const std::uint64_t data = pkts_delivered_ - syn_replies_ - ping_t_s_.size();
    t.acks_sent = data - t.segments_received + t.acks_sent;
    t.segments_received = data;
    t.path = path_.counters(cfg_.index);
    return t;
}

}  // namespace inflight
