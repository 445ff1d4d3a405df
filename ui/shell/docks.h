// The window's docks made one way: a titled, named (for saved window
// state) dock holding `content`, closable and movable — floatable too
// unless `floatable` is false — added to `area` of `window`, hidden until
// shown. A dock under the panels holds its content in a scroll area, so
// opening it can never make the window taller than it is (the content
// scrolls instead); the window decides how high it opens (main_window).
#pragma once

#include <QDockWidget>
#include <QFrame>
#include <QMainWindow>
#include <QScrollArea>

namespace inflight::ui {

inline QDockWidget* add_dock(QMainWindow* window, const QString& title, const char* name, QWidget* content,
                             Qt::DockWidgetArea area, bool floatable = true) {
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(name);
    if (area == Qt::BottomDockWidgetArea || area == Qt::TopDockWidgetArea) {
        auto* scroll = new QScrollArea;
        scroll->setObjectName(QStringLiteral("%1_scroll").arg(QLatin1String(name)));
        scroll->setWidget(content);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setMinimumHeight(24);
        dock->setWidget(scroll);
    } else {
        dock->setWidget(content);
    }
    QDockWidget::DockWidgetFeatures f = QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable;
    if (floatable) f |= QDockWidget::DockWidgetFloatable;
    dock->setFeatures(f);
    window->addDockWidget(area, dock);
    dock->hide();
    return dock;
}

}  // namespace inflight::ui
