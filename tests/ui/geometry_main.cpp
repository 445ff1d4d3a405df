// GoogleTest main for the window-geometry tests: the offscreen platform
// with a projector's 1280×720 screen (offscreen_screen.h), settings kept
// out of the user's home.
#include <QApplication>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include "offscreen_screen.h"
#include "ui/shell/themes.h"

int main(int argc, char** argv) {
    QTemporaryDir dir;
    if (!inflight::ui::test::use_offscreen_screen(dir, 1280, 720)) return 2;
    qputenv("XDG_CONFIG_HOME", dir.path().toLocal8Bit());
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    inflight::ui::apply_theme(inflight::ui::Theme::Light);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
