#include "ui/export/offscreen_app.h"

namespace inflight::ui {

std::unique_ptr<QApplication> ensure_gui_application(const char* what, std::string* error, bool* ok) {
    *ok = true;
    if (!QCoreApplication::instance()) {
        // Headless: no display needed.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
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
