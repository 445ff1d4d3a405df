#include "ui/session/result_memory.h"

namespace inflight::ui {

namespace {
template <typename V>
std::size_t array_bytes(const V& v) {
    return v.size() * sizeof(typename V::value_type);
}
std::size_t trace_bytes(const Trace& t) { return array_bytes(t.buckets); }
}  // namespace

std::size_t ResultMemory::bytes_of(const RunResult& r) {
    std::size_t n = sizeof(RunResult) + trace_bytes(r.trace) + array_bytes(r.events);
    for (const FlowResult& f : r.flows) {
        n += sizeof(FlowResult) + trace_bytes(f.trace) + array_bytes(f.ping_rtt_samples_t_s) +
             array_bytes(f.ping_rtt_samples_s) + array_bytes(f.transaction_samples.t_s) +
             array_bytes(f.transaction_samples.latency_s);
    }
    return n;
}

std::shared_ptr<const RunResult> ResultMemory::find(const Scenario& s) {
    for (auto it = kept_.begin(); it != kept_.end(); ++it) {
        if (it->result->scenario == s) {
            kept_.splice(kept_.begin(), kept_, it);  // now the most recently used
            return kept_.front().result;
        }
    }
    return nullptr;
}

bool ResultMemory::keep(const RunResult& finished) {
    if (finished.cancelled || max_entries_ == 0) return false;
    const std::size_t n = bytes_of(finished);
    if (n > budget_bytes_) return false;
    // One entry per scenario: a second finished run of it replaces the first.
    for (auto it = kept_.begin(); it != kept_.end(); ++it) {
        if (it->result->scenario == finished.scenario) {
            bytes_ -= it->bytes;
            kept_.erase(it);
            break;
        }
    }
    while (!kept_.empty() && (bytes_ + n > budget_bytes_ || kept_.size() >= max_entries_)) {
        bytes_ -= kept_.back().bytes;
        kept_.pop_back();
    }
    // A copy: its traces on the ordinary heap (TraceAllocator's copy).
    kept_.push_front(Kept{std::make_shared<const RunResult>(finished), n});
    bytes_ += n;
    return true;
}

}  // namespace inflight::ui
