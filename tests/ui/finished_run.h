// A run as the worker hands it to the window, for the tests (and shots) that
// draw a snapshot without a session: the model's run of a scenario, or a
// result built by hand, marked finished or still streaming.
#pragma once

#include <memory>
#include <utility>

#include "model/engine/run.h"
#include "ui/session/run_snapshot.h"

namespace inflight::ui::test {

inline SnapshotPtr snapshot_of(RunResult r, bool done = true, quint64 generation = 1) {
    auto snap = std::make_shared<RunSnapshot>();
    snap->generation = generation;
    snap->done = done;
    snap->sim_time_s = done ? r.scenario.duration_s : r.scenario.duration_s / 2;
    snap->result = std::move(r);
    return snap;
}

// The finished run of `s`.
inline SnapshotPtr finished_snapshot(const Scenario& s, quint64 generation = 1) {
    return snapshot_of(run_scenario(s), true, generation);
}

}  // namespace inflight::ui::test
