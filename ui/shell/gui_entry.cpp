// The two entry points shell/gui_entry.h declares: the window, and the
// dashboard's figure rendered offscreen for `inflight run --png/--svg`.
#include "ui/export/offscreen_app.h"
#include "ui/shell/gui_entry.h"

#include <QApplication>
#include <QEventLoop>
#include <memory>

#include "ui/export/dashboard_figure.h"
#include "ui/shell/analysis_tools.h"
#include "ui/shell/main_window.h"
#include "ui/session/heap_reuse.h"
#include "model/core/result.h"
#include "ui/shell/settings_keys.h"
#include "ui/shell/themes.h"

namespace inflight::ui {

int run_gui(int argc, char** argv) {
    keep_freed_memory_for_reuse();  // provisional frames copy traces many times a second
    QApplication app(argc, argv);
    QApplication::setOrganizationName(keys::kOrganization);
    QApplication::setApplicationName(keys::kApplication);
    QApplication::setApplicationVersion(INFLIGHT_VERSION);
    apply_theme(Theme::Light);
    MainWindow window;
    window.show();
    // `inflight FILE.pcap`: the capture opened beside the model.
    const QStringList args = QApplication::arguments();
    if (args.size() == 2)
        if (auto* tools = window.findChild<AnalysisTools*>()) tools->openCapture(args.at(1));
    return app.exec();
}

int render_dashboard(const RunResult& result, const std::string& png_path, const std::string& svg_path, int width,
                     int height, bool presentation, std::string* error) {
    bool app_ok = false;
    const auto own_app = ensure_gui_application("the dashboard", error, &app_ok);
    if (!app_ok) return 1;
    if (presentation) apply_presentation_palette();
    else apply_theme(Theme::Light);

    auto snap = std::make_shared<RunSnapshot>();
    snap->done = !result.cancelled;
    snap->sim_time_s = result.scenario.duration_s;
    snap->result = result;
    FigureOptions options;
    options.size = QSize(width, height);
    options.presentation = presentation;
    for (const std::string& path : {png_path, svg_path}) {
        if (path.empty()) continue;
        if (auto err = save_figure(snap, QString::fromStdString(path), options)) {
            if (error) *error = err->toStdString();
            return 1;
        }
    }
    return 0;
}

}  // namespace inflight::ui
