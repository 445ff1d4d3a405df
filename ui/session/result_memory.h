// The window's memory of finished runs: a run whose scenario equals one
// finished a moment ago is shown again instead of simulated again.
//
// The model is deterministic (a scenario, its seed included, gives the same
// result bit for bit), so a kept result is exactly what a new run of the
// same scenario would give. A lecturer toggling between two settings (tail
// drop and fq_codel, a slider back to where it was, a guide step revisited,
// a preset chosen again) then waits for a copy instead of a run: at
// 1 Gbit/s a run of the default 40 s takes 0.12–0.2 s on this project's
// build machine.
//
// What is kept is a copy on the ordinary heap, never the run's own result:
// the run's traces live in the blocks huge_blocks hands back to the next
// run, and holding them would make every later run map fresh memory. The
// copy is made after the run is on its way to the screen, and stops as soon
// as a newer request waits (16 flows' traces, 22 MB, can take 50 ms to
// copy onto fresh pages). A result shown again is handed over, not copied,
// and kept again the same way once it is on its way.
// Least recently used first out, within a budget of bytes and of entries;
// a result larger than the whole budget (100 flows: 130 MB of traces) is
// not kept. Lives on the worker thread only: no lock.
#pragma once

#include <atomic>
#include <cstddef>
#include <list>
#include <optional>

#include "model/core/result.h"

namespace inflight::ui {

class ResultMemory {
public:
    static constexpr std::size_t kDefaultBudgetBytes = std::size_t{64} << 20;
    static constexpr std::size_t kDefaultMaxEntries = 16;

    explicit ResultMemory(std::size_t budget_bytes = kDefaultBudgetBytes,
                          std::size_t max_entries = kDefaultMaxEntries)
        : budget_bytes_(budget_bytes), max_entries_(max_entries) {}

    // The kept result of a run of exactly `s`, handed over (no copy: it
    // leaves the memory, and the caller keeps it again once it is shown);
    // nothing when none is kept.
    std::optional<RunResult> take(const Scenario& s);
    // Keeps a copy of a finished run, evicting the least recently used to
    // stay within the budget. The copy stops, and nothing is kept, once
    // `stop` is set (a newer request is waiting): it is checked before each
    // flow's trace after the first. False when nothing was kept (a cancelled
    // run, one larger than the budget, or stopped).
    bool keep(const RunResult& finished, const std::atomic<bool>* stop = nullptr);
    bool holds(const Scenario& s) const;

    std::size_t entries() const { return kept_.size(); }
    std::size_t bytes() const { return bytes_; }

    // The bytes a result holds in its large arrays (traces, events, ping and
    // transaction samples): what the budget counts.
    static std::size_t bytes_of(const RunResult& r);

private:
    struct Kept {
        RunResult result;
        std::size_t bytes;
    };
    std::list<Kept>::iterator kept_for(const Scenario& s);  // kept_.end() when none
    void drop(std::list<Kept>::iterator it);
    std::size_t budget_bytes_;
    std::size_t max_entries_;
    std::size_t bytes_ = 0;
    std::list<Kept> kept_;  // most recently used first
};

}  // namespace inflight::ui
