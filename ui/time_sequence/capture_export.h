// File ▸ Export capture…: the current scenario run again with the model's
// capture tap (app/capture/model_capture.h), written as `inflight run
// --pcap` writes it — what tcpdump at the sender would show — off the UI
// thread. The file is opened before the run (an unwritable place is one
// line and nothing runs), streamed to a hidden temporary file beside it
// and renamed into place at the end; Cancel, a failure or a size cap that
// cannot be kept leave no file. While it writes the status bar shows
// "Writing capture: 40%" with Cancel; the outcome is one line, "Wrote
// PATH" or "Export failed — …", as every export says it.
#pragma once

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QThread>
#include <atomic>
#include <memory>

#include "model/core/scenario.h"
#include "ui/export/export_helper.h"

class QAction;
class QLabel;
class QMainWindow;
class QProgressBar;
class QWidget;

namespace inflight::ui {

class RunSession;

// What the worker hands back when a capture's write ends.
struct CaptureWritten {
    quint64 generation = 0;
    bool cancelled = false;
    QString error;    // one line when it failed
    QString warning;  // the size cap stopped it (the file is kept)
};

class CaptureExportWorker : public QObject {
    Q_OBJECT
public:
    // On the worker thread.
    void write(const inflight::Scenario& s, const QString& path, quint64 generation,
               std::shared_ptr<std::atomic<bool>> cancel);

signals:
    void progress(quint64 generation, double fraction);
    void done(inflight::ui::CaptureWritten outcome);
};

class CaptureExport : public QObject {
    Q_OBJECT
public:
    CaptureExport(QMainWindow* window, RunSession* session, ExportHelper::Report report);
    ~CaptureExport() override;

    QAction* exportAction() const { return export_; }
    QAction* cancelAction() const { return cancel_; }
    // Writes the session's requested scenario's capture to `path`; false
    // when a write is already going.
    bool exportTo(const QString& path);
    bool busy() const { return busy_; }

signals:
    // Each outcome, once (for tests): ok, and the line shown.
    void finished(bool ok, const QString& line);

private:
    void onDone(const CaptureWritten& w);
    void setBusy(bool on);

    QMainWindow* window_;
    RunSession* session_;
    ExportHelper exports_;
    QThread thread_;
    CaptureExportWorker* worker_;
    QAction* export_;
    QAction* cancel_;
    QWidget* status_;
    QLabel* status_label_;
    QProgressBar* status_bar_;
    std::shared_ptr<std::atomic<bool>> cancel_flag_;
    quint64 generation_ = 0;
    QString path_;
    bool busy_ = false;
};

}  // namespace inflight::ui

Q_DECLARE_METATYPE(inflight::ui::CaptureWritten)
