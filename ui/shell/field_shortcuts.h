// The window's commands keep their keys while a text field has the focus.
//
// A text field claims many Ctrl keys for itself before any shortcut is
// looked at: Ctrl+→ / Ctrl+← move by a word, and on X11 Ctrl+E, Ctrl+B,
// Ctrl+F, Ctrl+D are the Emacs keys for end of line, back, forward, delete.
// So after typing "40 ms" in a control, Ctrl+→ (next step) or Ctrl+E
// (export) did nothing, and the keys after it went on into the field.
//
// The rule: a key with Ctrl or Alt that one of the window's commands is
// bound to is the command's, in a field too; the field keeps only the keys
// of editing itself (copy, cut, paste, undo, redo, select all). Before the
// command runs, the field is left — its text taken as on leaving it with
// Tab — so the command sees the value typed and the keys after it go to
// the window, not into the field.
#pragma once

#include <QObject>

class QWidget;

namespace inflight::ui {

class FieldShortcuts : public QObject {
public:
    // Watches the application's key events for `window`'s text fields; a
    // child of `window`.
    explicit FieldShortcuts(QWidget* window);

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    QWidget* window_;
};

}  // namespace inflight::ui
