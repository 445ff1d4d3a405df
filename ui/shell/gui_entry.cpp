// The two entry points shell/gui_entry.h declares: the window, and the same
// dashboard rendered offscreen for `inflight run --png/--svg`.
#include "export/offscreen_app.h"
#include "shell/gui_entry.h"

#include <QApplication>
#include <QEventLoop>
#include <memory>

#include "panels/dashboard.h"
#include "export/exporter.h"
#include "shell/main_window.h"
#include "result.h"
#include "shell/settings_keys.h"
#include "shell/themes.h"

namespace {

// The size of `inflight run --png`: a 16:9 slide, above the 1280×720 minimum
// so every panel has room for its labels.
constexpr int kRenderWidth = 1600;
constexpr int kRenderHeight = 900;

}  // namespace

namespace inflight::ui {

int run_gui(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(keys::kOrganization);
    QApplication::setApplicationName(keys::kApplication);
    QApplication::setApplicationVersion(INFLIGHT_VERSION);
    apply_theme(Theme::Light);
    MainWindow window;
    window.show();
    return app.exec();
}

int render_dashboard(const RunResult& result, const std::string& png_path, const std::string& svg_path,
                     std::string* error) {
    bool app_ok = false;
    const auto own_app = ensure_gui_application("the dashboard", error, &app_ok);
    if (!app_ok) return 1;
    apply_theme(Theme::Light);

    Dashboard dash;
    dash.setAttribute(Qt::WA_DontShowOnScreen);
    dash.resize(kRenderWidth, kRenderHeight);
    dash.show();
    QCoreApplication::processEvents(QEventLoop::AllEvents);  // lay out, so charts know their width
    auto snap = std::make_shared<RunSnapshot>();
    snap->done = !result.cancelled;
    snap->sim_time_s = result.scenario.duration_s;
    snap->result = result;
    dash.showNow(snap);
    QCoreApplication::processEvents(QEventLoop::AllEvents);

    if (!png_path.empty())
        if (auto err = save_png(&dash, QString::fromStdString(png_path), 1.0)) {
            if (error) *error = err->toStdString();
            return 1;
        }
    if (!svg_path.empty())
        if (auto err = save_svg(&dash, QString::fromStdString(svg_path), QStringLiteral("Inflight dashboard"))) {
            if (error) *error = err->toStdString();
            return 1;
        }
    return 0;
}

}  // namespace inflight::ui
