// The menus the main window builds, handed out by identity: whoever adds
// to the menu bar (the analysis tools) is given these pointers, never finds
// a menu by its title, which a translation changes.
#pragma once

class QMenu;

namespace inflight::ui {

struct WindowMenus {
    QMenu* file = nullptr;
    QMenu* experiments = nullptr;
    QMenu* view = nullptr;
    QMenu* replay = nullptr;
    QMenu* help = nullptr;
};

}  // namespace inflight::ui
