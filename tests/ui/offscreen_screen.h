// The offscreen platform with one screen of `size` (its own default is
// 800×600): a projector's 1280×720 for the window-geometry tests, where
// full screen and the screen a window must keep within are a class room's;
// a large desktop for the other window tests, whose windows take the sizes
// they are given. Call before the QApplication is made; `dir` holds the
// platform's configuration file while the tests run.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>

namespace inflight::ui::test {

inline bool use_offscreen_screen(const QTemporaryDir& dir, int width, int height) {
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    if (!platform.isEmpty() && platform != "offscreen") return true;  // a real display: its own screen
    const QString config = dir.filePath(QStringLiteral("screen.json"));
    QFile f(config);
    if (!f.open(QIODevice::WriteOnly)) return false;
    f.write(QStringLiteral(R"({"screens": [{"name": "screen", "x": 0, "y": 0, "width": %1, "height": %2,
                "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})").arg(width).arg(height).toUtf8());
    f.close();
    qputenv("QT_QPA_PLATFORM", QStringLiteral("offscreen:configfile=%1").arg(config).toLocal8Bit());
    return true;
}

}  // namespace inflight::ui::test
