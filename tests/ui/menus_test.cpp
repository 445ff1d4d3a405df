// Menus handed out by identity: the analysis tools put their actions into
// the menus the main window created, found by pointer, never by title — so
// a translated menu bar (or a menu elsewhere that happens to bear the same
// title) changes nothing.
#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTranslator>
#include <gtest/gtest.h>

#include "ui/lesson/playhead.h"
#include "ui/session/run_session.h"
#include "tools_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

// A partial German translation: only the main window's menu titles, as a
// translator who has done one context so far would leave it.
class MenuTitlesInGerman : public QTranslator {
public:
    QString translate(const char* context, const char* source, const char* = nullptr, int = -1) const override {
        if (QByteArray(context) != "inflight::ui::MainWindow") return {};
        const QByteArray s(source);
        if (s == "&File") return QStringLiteral("&Datei");
        if (s == "&View") return QStringLiteral("&Ansicht");
        if (s == "&Replay") return QStringLiteral("&Wiedergabe");
        if (s == "&Help") return QStringLiteral("&Hilfe");
        return {};
    }
    bool isEmpty() const override { return false; }
};

int index_in_bar(QMenuBar* bar, QMenu* menu) {
    return static_cast<int>(bar->actions().indexOf(menu->menuAction()));
}

}  // namespace

TEST(MenusByIdentity, TheToolsLandInTheWindowsMenusWhenTheTitlesAreTranslated) {
    MenuTitlesInGerman german;
    QCoreApplication::installTranslator(&german);
    auto w = make_window();
    QCoreApplication::removeTranslator(&german);

    const WindowMenus& m = w->menus();
    ASSERT_EQ(m.view->title(), "&Ansicht");  // the translation took
    ASSERT_EQ(m.help->title(), "&Hilfe");
    AnalysisTools* tools = tools_of(*w);
    QMenuBar* bar = w->menuBar();
    // View ▸ Real system, in the window's own View menu.
    EXPECT_TRUE(m.view->actions().contains(tools->bridgeDock()->toggleViewAction()));
    EXPECT_FALSE(tools->toolsMenu()->actions().contains(tools->bridgeDock()->toggleViewAction()));
    // Compare and Tools just before Help, which stays last.
    const int help = index_in_bar(bar, m.help);
    EXPECT_EQ(help, static_cast<int>(bar->actions().size()) - 1);
    EXPECT_EQ(index_in_bar(bar, tools->compareMenu()), help - 2);
    EXPECT_EQ(index_in_bar(bar, tools->toolsMenu()), help - 1);
}

TEST(MenusByIdentity, AMenuWithTheSameTitleElsewhereIsNotMistakenForTheViewMenu) {
    QMainWindow window;
    QMenuBar* bar = window.menuBar();
    QMenu* decoy = bar->addMenu("&View");  // not the window's View menu
    WindowMenus menus;
    menus.view = bar->addMenu("Display");
    menus.help = bar->addMenu("?");
    bar->addMenu("&Help");  // nor is this its Help menu
    RunSession session;
    Dashboard dashboard;
    Playhead playhead;
    AnalysisTools tools(ToolsHost{&window, menus, &session, &dashboard, &playhead});

    EXPECT_TRUE(menus.view->actions().contains(tools.bridgeDock()->toggleViewAction()));
    EXPECT_TRUE(decoy->actions().isEmpty());
    EXPECT_EQ(index_in_bar(bar, tools.compareMenu()), index_in_bar(bar, menus.help) - 2);
    EXPECT_EQ(index_in_bar(bar, tools.toolsMenu()), index_in_bar(bar, menus.help) - 1);
}
