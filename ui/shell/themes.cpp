#include "ui/shell/themes.h"

#include <QApplication>
#include <QEvent>
#include <QPalette>
#include <QStyle>

#include "ui/panels/app_style.h"

namespace inflight::ui {

namespace {

QPalette dark_palette() {
    QPalette p;
    const QColor window(37, 39, 43), base(27, 28, 31), text(230, 230, 230), dim(140, 140, 140);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(44, 46, 51));
    p.setColor(QPalette::ToolTipBase, QColor(50, 52, 58));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, dim);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(102, 178, 255));
    p.setColor(QPalette::Highlight, QColor(53, 122, 189));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Disabled, QPalette::Text, dim);
    p.setColor(QPalette::Disabled, QPalette::WindowText, dim);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, dim);
    return p;
}

// A widget under a style sheet keeps the palette it was polished with,
// taken from its parent's, and does not follow a later change of it: after
// a switch between the light and dark themes the menu bar's corner buttons
// (a toolbar styled to take no height) kept the theme before it, black text
// on the dark bar and near-white on the light one. So whenever a widget's
// palette changes, the style sheets of its children are set again, which
// polishes them under the new one. (Parents take a new application palette
// through posted events, so this cannot be done once in apply_theme.)
class StyleSheetsFollowPalette : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* e) override {
        if (e->type() != QEvent::PaletteChange || !watched->isWidgetType()) return false;
        for (QObject* child : watched->children()) {
            if (!child->isWidgetType()) continue;
            auto* w = static_cast<QWidget*>(child);
            const QString sheet = w->styleSheet();
            if (sheet.isEmpty()) continue;
            w->setStyleSheet(QString());
            w->setStyleSheet(sheet);
        }
        return false;
    }
};

// Once for the application, before its palette first changes.
void follow_palette_in_style_sheets() {
    const QString name = QStringLiteral("style_sheets_follow_palette");
    if (!qApp || qApp->findChild<QObject*>(name, Qt::FindDirectChildrenOnly)) return;
    auto* filter = new StyleSheetsFollowPalette(qApp);
    filter->setObjectName(name);
    qApp->installEventFilter(filter);
}

}  // namespace

void apply_theme(Theme t) {
    follow_palette_in_style_sheets();
    QApplication::setStyle(new AppStyle);
    QPalette p = t == Theme::Dark ? dark_palette() : QApplication::style()->standardPalette();
    if (t == Theme::Light) p.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
    QApplication::setPalette(p);
}

void apply_presentation_palette() {
    follow_palette_in_style_sheets();
    QApplication::setStyle(new AppStyle);
    QPalette p = QApplication::style()->standardPalette();
    const QColor white(255, 255, 255), black(0, 0, 0);
    for (auto role : {QPalette::Window, QPalette::Base, QPalette::Button, QPalette::ToolTipBase})
        p.setColor(role, white);
    p.setColor(QPalette::AlternateBase, QColor(238, 238, 238));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::ToolTipText})
        p.setColor(role, black);
    p.setColor(QPalette::PlaceholderText, QColor(90, 90, 90));
    // Black for every group above would draw a disabled button ("Unpin
    // ghost" with nothing pinned) like an enabled one: disabled text is a
    // grey still readable on white (4.5:1).
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(118, 118, 118));
    p.setColor(QPalette::Highlight, QColor("#0072B2"));  // Okabe–Ito blue
    p.setColor(QPalette::HighlightedText, white);
    p.setColor(QPalette::Link, QColor("#0072B2"));
    QApplication::setPalette(p);
}

QString theme_name(Theme t) { return t == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light"); }

Theme theme_from_name(const QString& name) { return name == QLatin1String("dark") ? Theme::Dark : Theme::Light; }

}  // namespace inflight::ui
