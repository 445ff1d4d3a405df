// For the compare, sweep, bridge and menu tests: a window that runs a given
// scenario, waiting until it has finished, and the window's analysis tools.
#pragma once

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

#include "ui/shell/analysis_tools.h"
#include "ui/shell/main_window.h"
#include "test_helpers.h"

namespace inflight::ui::test {

// True once the dashboard shows the finished run of the newest request.
inline bool finished(const MainWindow& w) { return settled(w); }

// Loads a scenario file holding `json` (scenario-file keys) and
// waits for its run to finish.
inline bool run_scenario(MainWindow& w, const QByteArray& json) {
    QTemporaryDir dir;
    const QString path = dir.filePath("scenario.json");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size()) return false;
    f.close();
    if (!w.loadScenario(path)) return false;
    return wait_until([&] { return finished(w); });
}

// The tools the window installed (it keeps no getter for them).
inline AnalysisTools* tools_of(MainWindow& w) { return w.findChild<AnalysisTools*>(); }

// A dock just shown, its layouts done: what a user sees a moment later.
inline void settle_layouts() {
    QTest::qWait(200);
    for (int pass = 0; pass < 5; ++pass) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
    }
}

}  // namespace inflight::ui::test
