#include "ui/export/offscreen_app.h"

#include <cstdio>

namespace inflight::ui {

namespace {

// Under sudo the runtime directory is unset, and Qt says so on stderr
// ("QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to ...") at every
// headless render, so a one-line error came out as two lines and a
// successful export was not silent. An offscreen render uses no runtime
// directory: that one warning is dropped, every other message goes on.
QtMessageHandler g_next_handler = nullptr;

void drop_runtime_dir_warning(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type == QtWarningMsg && message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set"))) return;
    if (g_next_handler) {
        g_next_handler(type, context, message);
        return;
    }
    std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

}  // namespace

std::unique_ptr<QApplication> ensure_gui_application(const char* what, std::string* error, bool* ok) {
    *ok = true;
    if (!QCoreApplication::instance()) {
        // Headless: no display needed.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
        static bool filtered = false;
        if (!filtered) {
            g_next_handler = qInstallMessageHandler(drop_runtime_dir_warning);
            filtered = true;
        }
        static int argc = 1;
        static char name[] = "inflight";
        static char* argv[] = {name, nullptr};
        return std::make_unique<QApplication>(argc, argv);
    }
    if (!qobject_cast<QApplication*>(QCoreApplication::instance())) {
        if (error) *error = std::string("cannot render ") + what + ": a non-GUI QCoreApplication already exists";
        *ok = false;
    }
    return nullptr;
}

}  // namespace inflight::ui
