// One way every export in the window reports: ask where (a save dialog),
// write (a function that returns an error line naming the path, or
// nothing), and say once how it went — "Wrote PATH", or "Export failed — …"
// — to the place the caller chose (the banner, the status bar, a label).
// Used by File ▸ Export image/trace/event log, Compare ▸ Export A/B and the
// sweep window's exports.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <functional>
#include <optional>

class QWidget;

namespace inflight::ui {

class ExportHelper {
    Q_DECLARE_TR_FUNCTIONS(ExportHelper)
public:
    // Writes the file at `path`: an error line naming the path, or nothing.
    using Writer = std::function<std::optional<QString>(const QString& path)>;
    // Hears each outcome once: `ok`, and the line to show.
    using Report = std::function<void(bool ok, const QString& line)>;
    // A path to write, or empty when the person cancelled.
    using AskPath = std::function<QString(const QString& title, const QString& suggested, const QString& filter)>;

    struct Outcome {
        bool ok = false;
        QString line;  // what was reported; empty when nothing was asked for
    };

    // `ask` empty: a save dialog over `dialog_parent` (file_dialogs.h: a
    // relative `suggested` starts in the working folder when it takes files).
    explicit ExportHelper(QWidget* dialog_parent, Report report, AskPath ask = {});

    // Writes `path` and reports once: "Wrote PATH", or "Export failed — "
    // and the writer's error.
    Outcome write(const QString& path, const Writer& writer) const;
    // Reports `line` as a failure without writing (nothing to export yet).
    Outcome refuse(const QString& line) const;
    // Asks for the path, then write(); a cancelled dialog reports nothing.
    Outcome ask(const QString& title, const QString& suggested, const QString& filter, const Writer& writer) const;

private:
    QWidget* parent_;
    Report report_;
    AskPath ask_;
};

}  // namespace inflight::ui
