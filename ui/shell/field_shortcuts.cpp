// A window command's key wins over a text field's own (field_shortcuts.h).
#include "ui/shell/field_shortcuts.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace inflight::ui {

namespace {

bool is_text_field(const QWidget* w) {
    if (qobject_cast<const QLineEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w) ||
        qobject_cast<const QTextEdit*>(w) || qobject_cast<const QPlainTextEdit*>(w))
        return true;
    const auto* combo = qobject_cast<const QComboBox*>(w);
    return combo && combo->isEditable();
}

// The keys of editing a field, which stay the field's.
bool edits_the_field(const QKeyEvent* k) {
    for (QKeySequence::StandardKey key : {QKeySequence::Copy, QKeySequence::Cut, QKeySequence::Paste,
                                          QKeySequence::Undo, QKeySequence::Redo, QKeySequence::SelectAll})
        if (k->matches(key)) return true;
    return false;
}

bool is_command_key(const QWidget* window, const QKeySequence& pressed) {
    for (const QAction* a : window->actions())
        if (a->isEnabled() && a->shortcuts().contains(pressed)) return true;
    return false;
}

}  // namespace

FieldShortcuts::FieldShortcuts(QWidget* window) : QObject(window), window_(window) {
    qApp->installEventFilter(this);
}

bool FieldShortcuts::eventFilter(QObject* watched, QEvent* e) {
    if (e->type() != QEvent::ShortcutOverride) return false;
    auto* field = qobject_cast<QWidget*>(watched);
    if (!field || field->window() != window_ || !is_text_field(field)) return false;
    auto* k = static_cast<QKeyEvent*>(e);
    if (!(k->modifiers() & (Qt::ControlModifier | Qt::AltModifier)) || edits_the_field(k)) return false;
    if (!is_command_key(window_, QKeySequence(k->keyCombination()))) return false;
    // Leave the field first: its text is taken (editingFinished, or the
    // table's editor commits) and later keys go to the window.
    field->clearFocus();
    e->ignore();  // not the field's: the shortcut runs
    return true;
}

}  // namespace inflight::ui
