#include "ui/session/run_mailbox.h"

#include <utility>

namespace inflight::ui {

void RunMailbox::postSnapshot(SnapshotPtr snapshot) {
    std::lock_guard lock(mutex_);
    posts_.push_back({std::move(snapshot), {}});
}

void RunMailbox::postFailure(RunFailure failure) {
    std::lock_guard lock(mutex_);
    posts_.push_back({nullptr, std::move(failure)});
}

std::vector<RunMailbox::Post> RunMailbox::takeAll() {
    std::lock_guard lock(mutex_);
    return std::exchange(posts_, {});
}

}  // namespace inflight::ui
