// The window's docks made one way: a titled, named (for saved window
// state) dock holding `content`, closable and movable — floatable too
// unless `floatable` is false — added to `area` of `window`, hidden until
// shown.
#pragma once

#include <QDockWidget>
#include <QMainWindow>

namespace inflight::ui {

inline QDockWidget* add_dock(QMainWindow* window, const QString& title, const char* name, QWidget* content,
                             Qt::DockWidgetArea area, bool floatable = true) {
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(name);
    dock->setWidget(content);
    QDockWidget::DockWidgetFeatures f = QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable;
    if (floatable) f |= QDockWidget::DockWidgetFloatable;
    dock->setFeatures(f);
    window->addDockWidget(area, dock);
    dock->hide();
    return dock;
}

}  // namespace inflight::ui
