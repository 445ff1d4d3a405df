// The screenshot tools' shared start (ui_shots, tools_shots): a
// QApplication in the light theme, the output folder from the command line,
// a window that remembers nothing at 1280×720, shown, and save(), which
// lets the window settle and writes a grab of a widget.
#pragma once

#include <QApplication>
#include <QDir>
#include <QTest>
#include <cstdio>
#include <memory>

#include "ui/shell/main_window.h"
#include "ui/shell/themes.h"

namespace inflight::ui::test {

class ShotHarness {
public:
    // ARGS: [OUTDIR] (default: the current folder).
    ShotHarness(int& argc, char** argv) : app_(argc, argv), out_(argc > 1 ? argv[1] : ".") {
        apply_theme(Theme::Light);
        window_ = std::make_unique<MainWindow>(/*use_settings=*/false);
        window_->resize(1280, 720);
        window_->show();
    }

    MainWindow& window() { return *window_; }

    // A grab of `w` as OUTDIR/`name`; says which file it wrote (or not).
    bool save(QWidget* w, const QString& name) {
        QTest::qWait(300);
        const QString path = out_.filePath(name);
        const bool ok = w->grab().save(path);
        std::printf("%s %s\n", ok ? "wrote" : "FAILED", qPrintable(path));
        return ok;
    }

private:
    QApplication app_;
    QDir out_;
    std::unique_ptr<MainWindow> window_;
};

}  // namespace inflight::ui::test
