#include "ui/session/result_memory.h"

#include <algorithm>
#include <iterator>

namespace inflight::ui {

namespace {
// keep() copies RunResult member by member: it has the six it names. (A
// seventh would make this aggregate initialization from seven values
// well-formed; copy it there too, then count it here.)
struct AnyValue {
    template <typename T>
    operator T() const;
};
template <typename T>
concept HasSevenMembers = requires { T{AnyValue{}, AnyValue{}, AnyValue{}, AnyValue{}, AnyValue{}, AnyValue{}, AnyValue{}}; };
template <typename T>
concept HasSixMembers = requires { T{AnyValue{}, AnyValue{}, AnyValue{}, AnyValue{}, AnyValue{}, AnyValue{}}; };
static_assert(HasSixMembers<RunResult> && !HasSevenMembers<RunResult>, "RunResult's members changed: see keep()");

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

std::list<ResultMemory::Kept>::iterator ResultMemory::kept_for(const Scenario& s) {
    return std::find_if(kept_.begin(), kept_.end(), [&s](const Kept& k) { return k.result.scenario == s; });
}

void ResultMemory::drop(std::list<Kept>::iterator it) {
    bytes_ -= it->bytes;
    kept_.erase(it);
}

std::optional<RunResult> ResultMemory::take(const Scenario& s) {
    const auto it = kept_for(s);
    if (it == kept_.end()) return std::nullopt;
    std::optional<RunResult> out(std::move(it->result));
    drop(it);
    return out;
}

bool ResultMemory::holds(const Scenario& s) const {
    return std::any_of(kept_.begin(), kept_.end(), [&s](const Kept& k) { return k.result.scenario == s; });
}

bool ResultMemory::keep(const RunResult& finished, const std::atomic<bool>* stop) {
    const auto stopped = [stop] { return stop && stop->load(std::memory_order_relaxed); };
    if (finished.cancelled || max_entries_ == 0) return false;
    const std::size_t n = bytes_of(finished);
    if (n > budget_bytes_) return false;
    // The copy, flow by flow so that a newer request does not wait for all
    // of it. Every member of RunResult is copied here (the traces land on
    // the ordinary heap: TraceAllocator's copy).
    RunResult copy;
    copy.scenario = finished.scenario;
    copy.cancelled = finished.cancelled;
    copy.summary = finished.summary;
    copy.events = finished.events;
    copy.trace = Trace(finished.trace);
    copy.flows.reserve(finished.flows.size());
    for (const FlowResult& f : finished.flows) {
        // The path's trace and the first flow's are always copied (a one-flow
        // run's whole result: a millisecond), so a quick A, B, A keeps A.
        if (!copy.flows.empty() && stopped()) return false;
        copy.flows.push_back(f);
    }
    if (const auto was = kept_for(finished.scenario); was != kept_.end()) drop(was);  // the newer replaces it
    while (!kept_.empty() && (bytes_ + n > budget_bytes_ || kept_.size() >= max_entries_)) drop(std::prev(kept_.end()));
    kept_.push_front(Kept{std::move(copy), n});
    bytes_ += n;
    return true;
}

}  // namespace inflight::ui
