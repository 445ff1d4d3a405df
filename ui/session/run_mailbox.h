// The handoff from the model's worker thread to the UI thread. The worker
// posts here under a std::mutex and then emits a queued signal with no
// arguments; the UI thread's slot takes everything waiting, in the order it
// was posted (pacing and dropping frames are the dashboard's business).
//
// Why not a queued signal carrying the snapshot: Qt copies a queued
// signal's arguments into memory it allocates inside the uninstrumented Qt
// library and guards with its own futex-based mutex, which ThreadSanitizer
// cannot see, so the sanitizer build reported the slot's read of that copy
// as a race whenever the UI thread picked the event up before the worker
// had woken it. A std::mutex is visible to it, and the UI thread never
// waits on the model here: the lock is held only to swap one pointer.
#pragma once

#include <QString>
#include <mutex>
#include <vector>

#include "ui/session/run_snapshot.h"

namespace inflight::ui {

struct RunFailure {
    quint64 generation = 0;
    QString message;
};

class RunMailbox {
public:
    // A snapshot or a failure, whichever happened.
    struct Post {
        SnapshotPtr snapshot;  // null for a failure
        RunFailure failure;
    };

    void postSnapshot(SnapshotPtr snapshot);
    void postFailure(RunFailure failure);
    // Everything posted since the last take, oldest first.
    std::vector<Post> takeAll();

private:
    std::mutex mutex_;
    std::vector<Post> posts_;
};

}  // namespace inflight::ui
