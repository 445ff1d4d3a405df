// Waiting for the window in tests without blocking its event loop.
#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QTest>
#include <functional>
#include <memory>

#include "ui/controls/param_slider.h"
#include "ui/panels/dashboard.h"
#include "ui/session/run_session.h"
#include "ui/shell/main_window.h"

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

// True once the dashboard shows the finished run of the newest request
// (read off the dashboard, not the session, so tests of the session can
// hold it to this).
inline bool settled(const MainWindow& w) {
    const SnapshotPtr s = w.dashboard()->shown();
    return s && s->done && s->generation == w.session()->generation();
}

// How much longer a run may take in this build than in the plain one.
// Under a sanitizer every memory access is checked: under ThreadSanitizer a
// 40 s path at 10 Gbit/s (33 M packets) took 21 s alone and over 30 s
// beside the second shard of the tests, where the plain build takes about
// 1.2 s; AddressSanitizer costs less, and has the same room.
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
inline constexpr int kRunSlowdown = 4;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
inline constexpr int kRunSlowdown = 4;
#else
inline constexpr int kRunSlowdown = 1;
#endif
#else
inline constexpr int kRunSlowdown = 1;
#endif

// Waits for the newest run to be shown finished: 30 s in the plain build.
inline bool wait_settled(const MainWindow& w, int timeout_ms = 30000) {
    return wait_until([&] { return settled(w); }, timeout_ms * kRunSlowdown);
}

// A window that remembers nothing, 1280×720, shown.
inline std::unique_ptr<MainWindow> make_window() {
    auto w = std::make_unique<MainWindow>(/*use_settings=*/false);
    w->resize(1280, 720);
    w->show();
    return w;
}

// Types a value into a control's text box and presses Return.
inline void type_value(ParamSlider* p, const QString& text) {
    QLineEdit* edit = p->edit();
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

}  // namespace inflight::ui::test
