// Waiting for the window in tests without blocking its event loop.
#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTest>
#include <functional>

#include "panels/dashboard.h"
#include "shell/main_window.h"
#include "session/run_worker.h"

namespace inflight::ui::test {

// Processes events until `done` holds or `timeout_ms` passes.
inline bool wait_until(const std::function<bool()>& done, int timeout_ms = 20000) {
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeout_ms) return false;
        QTest::qWait(5);
    }
    return true;
}

// True once the dashboard shows the finished run of the newest request.
inline bool settled(const MainWindow& w) {
    const SnapshotPtr s = w.dashboard()->shown();
    return s && s->done && s->generation == w.runner()->generation();
}

inline bool wait_settled(const MainWindow& w, int timeout_ms = 30000) {
    return wait_until([&] { return settled(w); }, timeout_ms);
}

}  // namespace inflight::ui::test
