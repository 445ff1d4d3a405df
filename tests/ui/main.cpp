// GoogleTest main for the window tests: a QApplication on the offscreen
// platform with a 2560×1440 screen (offscreen_screen.h: larger than any
// window a test asks for, so the window's rule of staying within its screen
// never overrides a size a test sets), settings kept out of the user's home,
// every test begun in the light look (look_reset.h).
#include <QApplication>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include "look_reset.h"
#include "offscreen_screen.h"
#include "ui/shell/themes.h"

int main(int argc, char** argv) {
    QTemporaryDir config;
    if (!inflight::ui::test::use_offscreen_screen(config, 2560, 1440)) return 2;
    qputenv("XDG_CONFIG_HOME", config.path().toLocal8Bit());
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    inflight::ui::apply_theme(inflight::ui::Theme::Light);
    ::testing::InitGoogleTest(&argc, argv);
    ::testing::UnitTest::GetInstance()->listeners().Append(new inflight::ui::test::LookReset(QApplication::palette()));
    return RUN_ALL_TESTS();
}
