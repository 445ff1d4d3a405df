// Where the window's file dialogs open, and dialogs that cannot hang it.
//
// The folder rule: a folder is remembered, and a dialog opened in it, only
// when a person can keep ordinary files there — an existing directory this
// user may write in, and not one of the kernel's own trees (/proc, /sys,
// /dev, or any folder on a proc, sys, debug, trace, cgroup or pty file
// system), where a "file" may be a device or a pipe into the kernel. The
// rule is applied when a folder is about to be remembered and again when a
// remembered one is read back, so a folder stored by an older version, or
// one that has gone away since, is never opened.
//
// The dialogs are Qt's own (not the desktop's), given an icon provider that
// names and draws an entry from its name and kind alone. Qt's default reads
// the first bytes of every file to guess its type; in /proc that read can
// block for ever (/proc/kmsg waits for the next kernel message) and the
// dialog's closing waits for it, so the whole window froze, in any folder
// a person browses to, not only the one it opened in.
#pragma once

#include <QString>

class QWidget;
class QAbstractFileIconProvider;

namespace inflight::ui {

// The folder rule above: true when `dir` takes ordinary files.
bool folder_takes_files(const QString& dir);

// Where a dialog starts: `remembered` when it takes files, else the home
// folder, else the system's temporary folder.
QString start_folder(const QString& remembered);

// `path`'s folder when it takes files (to be remembered), else empty.
QString folder_to_remember(const QString& path);

// An icon provider that never opens a file: directory, file or link icons
// from the style, and a type named by the file's extension.
QAbstractFileIconProvider* make_safe_icon_provider();

// Modal Qt file dialogs with the safe icon provider. `start` is a folder or
// a path whose folder is used (through start_folder); an empty return is a
// cancel.
QString ask_save_file(QWidget* parent, const QString& title, const QString& start, const QString& filter);
QString ask_open_file(QWidget* parent, const QString& title, const QString& start, const QString& filter);

}  // namespace inflight::ui
