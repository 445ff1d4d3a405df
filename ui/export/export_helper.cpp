// ExportHelper: ask, write, report once (export_helper.h).
#include "ui/export/export_helper.h"

#include "ui/export/file_dialogs.h"

namespace inflight::ui {

ExportHelper::ExportHelper(QWidget* dialog_parent, Report report, AskPath ask)
    : parent_(dialog_parent), report_(std::move(report)), ask_(std::move(ask)) {}

ExportHelper::Outcome ExportHelper::write(const QString& path, const Writer& writer) const {
    const std::optional<QString> err = writer(path);
    const Outcome o{!err, err ? tr("Export failed — %1").arg(*err) : tr("Wrote %1").arg(path)};
    if (report_) report_(o.ok, o.line);
    return o;
}

ExportHelper::Outcome ExportHelper::refuse(const QString& line) const {
    if (report_) report_(false, line);
    return {false, line};
}

ExportHelper::Outcome ExportHelper::ask(const QString& title, const QString& suggested, const QString& filter,
                                        const Writer& writer) const {
    const QString path =
        ask_ ? ask_(title, suggested, filter) : ask_save_file(parent_, title, suggested, filter);
    if (path.isEmpty()) return {};
    return write(path, writer);
}

}  // namespace inflight::ui
