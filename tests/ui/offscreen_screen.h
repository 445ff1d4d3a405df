// The offscreen platform with one screen of a projector's 1280×720 (its
// own default is 800×600): full screen, and the screen a window must keep
// within, are those of a class room. Call before the QApplication is made;
// `dir` holds the platform's configuration file while the tests run.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>

namespace inflight::ui::test {

inline bool use_offscreen_projector(const QTemporaryDir& dir) {
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    if (!platform.isEmpty() && platform != "offscreen") return true;  // a real display: its own screen
    const QString config = dir.filePath(QStringLiteral("screen.json"));
    QFile f(config);
    if (!f.open(QIODevice::WriteOnly)) return false;
    f.write(R"({"screens": [{"name": "projector", "x": 0, "y": 0, "width": 1280, "height": 720,
                "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    f.close();
    qputenv("QT_QPA_PLATFORM", QStringLiteral("offscreen:configfile=%1").arg(config).toLocal8Bit());
    return true;
}

}  // namespace inflight::ui::test
