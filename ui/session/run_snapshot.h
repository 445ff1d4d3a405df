// What the worker hands the window: an immutable copy of a run so far (while
// it streams) or of the finished run. Shared, never modified after creation.
#pragma once

#include <QMetaType>
#include <memory>

#include "model/core/result.h"

namespace inflight::ui {

struct RunSnapshot {
    quint64 generation = 0;   // which request this answers; newer wins
    bool done = false;        // false: partial (trace and events so far)
    double sim_time_s = 0;    // how far the run has got
    RunResult result;         // summary valid only when done
    bool reused = false;      // done, and not simulated again: the kept result of an
                              // earlier run of the same scenario (result_memory.h)
};

using SnapshotPtr = std::shared_ptr<const RunSnapshot>;

}  // namespace inflight::ui

Q_DECLARE_METATYPE(inflight::ui::SnapshotPtr)
