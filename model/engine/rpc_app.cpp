// Request/response transactions on one connection (rpc_app.h).
#include "model/engine/rpc_app.h"

#include <cmath>

namespace inflight {

RpcApp::RpcApp(const Config& c)
    : cfg_(c),
      response_time_(static_cast<TimePs>(std::llround(static_cast<double>(c.spec.response_bytes) * 8.0 * 1e12 /
                                                      c.bandwidth_bps))) {
    for (const std::uint64_t w : cfg_.spec.writes) request_bytes_ += w;
}

void RpcApp::start_request(TimePs t, Sender& s) {
    ++number_;
    started_at_ = t;
    request_end_ += request_bytes_;
    awaiting_request_ = true;
    write_ends_.clear();
    writes_checked_ = 0;
    std::uint64_t end = request_end_ - request_bytes_;
    for (const std::uint64_t w : cfg_.spec.writes) {
        s.write(w);
        write_ends_.push_back(end += w);
        s.try_send(t);  // tcp_push at the end of each tcp_sendmsg
        count_held(t, s);
    }
}

void RpcApp::count_held(TimePs t, const Sender& s) {
    if (!s.nagle_holding()) return;
    if (stall_since_ == kNever) stall_since_ = t;
    for (; writes_checked_ < write_ends_.size(); ++writes_checked_)
        if (write_ends_[writes_checked_] > s.sent_bytes()) ++writes_held_;
}

void RpcApp::on_moment(TimePs t, Sender& s) {
    if (response_at_ <= t) {  // the whole response is at the client: the transaction is done
        response_at_ = kNever;
        latencies_s_.push_back(to_seconds(t - started_at_));
        samples_.add(to_seconds(t), latencies_s_.back());
        const TimePs next = t + from_seconds(cfg_.spec.think_s);
        next_start_ = next < cfg_.stop ? next : kNever;
    }
    if (next_start_ <= t) {
        next_start_ = kNever;
        start_request(t, s);
    }
}

void RpcApp::respond(TimePs t) {
    awaiting_request_ = false;
    response_at_ = t + response_time_;
}

void RpcApp::after_send(TimePs t, const Sender& s, bool delayed_ack, Recorder& rec) {
    count_held(t, s);
    if (stall_since_ == kNever || s.nagle_holding()) return;
    rec.nagle_stall(t, number_, to_seconds(t - stall_since_), delayed_ack);
    stall_since_ = kNever;
}

}  // namespace inflight
