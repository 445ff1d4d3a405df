// For the compare, sweep, bridge and menu tests: a window that runs a given
// scenario, waiting until it has finished, and the window's analysis tools.
#pragma once

#include <QFile>
#include <QTemporaryDir>
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

}  // namespace inflight::ui::test
