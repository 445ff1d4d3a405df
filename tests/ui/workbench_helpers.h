// For the compare, sweep and bridge tests: a window that runs a given
// scenario, and waiting until it has finished.
#pragma once

#include <QFile>
#include <QTemporaryDir>
#include <memory>

#include "shell/main_window.h"
#include "session/run_worker.h"
#include "test_helpers.h"
#include "shell/workbench.h"

namespace inflight::ui::test {

// True once the dashboard shows the finished run of the newest request.
inline bool finished(const MainWindow& w) {
    const SnapshotPtr s = w.dashboard()->shown();
    return s && s->done && s->generation == w.runner()->generation();
}

// Loads a scenario file holding `json` (scenario-file keys, app.md) and
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

inline std::unique_ptr<MainWindow> make_window() {
    auto w = std::make_unique<MainWindow>(/*use_settings=*/false);
    w->resize(1280, 720);
    w->show();
    return w;
}

inline Workbench* workbench_of(MainWindow& w) { return w.findChild<Workbench*>("workbench"); }

}  // namespace inflight::ui::test
