// A/B comparison: "Pin as ghost" keeps the current finished run (A); every
// later run (B) is drawn over it, A faded on every panel (GhostOverlay), and
// the compare table sets their figures side by side with B/A and what
// differs. Pinning a run still streaming pins it when it finishes. Both runs
// export together (compare_export.h).
#pragma once

#include <QObject>
#include <QString>

#include "session/run_snapshot.h"

class QAction;
class QDockWidget;

namespace inflight::ui {

class CompareTable;
class GhostOverlay;
class MainWindow;

class CompareController : public QObject {
    Q_OBJECT
public:
    explicit CompareController(MainWindow* window);

    // Pins the shown run if it is finished and current; otherwise pins the
    // current request when it finishes. Returns true if pinned now.
    bool pin();
    void unpin();
    bool pinned() const { return ghost_ != nullptr; }
    bool pinPending() const { return pending_generation_ != 0; }

    SnapshotPtr ghost() const { return ghost_; }
    // The current run, once finished (null while it streams).
    SnapshotPtr current() const;

    CompareTable* table() const { return table_; }
    GhostOverlay* overlay() const { return overlay_; }
    QDockWidget* dock() const { return dock_; }
    QAction* pinAction() const { return pin_; }
    QAction* unpinAction() const { return unpin_; }
    QAction* exportCsvAction() const { return export_csv_; }
    QAction* exportPngAction() const { return export_png_; }

    // Both runs together. Return an error line, or nothing on success.
    std::optional<QString> exportCsv(const QString& path);
    std::optional<QString> exportPng(const QString& path, double scale = 1.0);

signals:
    void pinnedChanged(bool pinned);

private:
    void onFrame(quint64 generation, bool done);
    void setGhost(SnapshotPtr s);
    void refresh();
    void say(const QString& message);
    QString askPath(const QString& title, const QString& suggested, const QString& filter);

    MainWindow* window_;
    GhostOverlay* overlay_;
    CompareTable* table_;
    QDockWidget* dock_;
    QAction* pin_;
    QAction* unpin_;
    QAction* export_csv_;
    QAction* export_png_;
    SnapshotPtr ghost_;
    quint64 pending_generation_ = 0;
};

}  // namespace inflight::ui
