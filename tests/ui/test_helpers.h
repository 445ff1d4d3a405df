// Waiting for the window in tests without blocking its event loop.
#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTest>
#include <functional>

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

}  // namespace inflight::ui::test
