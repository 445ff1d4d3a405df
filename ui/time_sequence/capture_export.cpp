// File ▸ Export capture… (capture_export.h).
#include "ui/time_sequence/capture_export.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>
#include <cmath>
#include <exception>

#include "app/capture/model_capture.h"
#include "app/capture/pcap_file_writer.h"
#include "model/engine/run.h"
#include "ui/export/file_dialogs.h"
#include "ui/session/run_session.h"

namespace inflight::ui {

void CaptureExportWorker::write(const Scenario& s, const QString& path, quint64 generation,
                                std::shared_ptr<std::atomic<bool>> cancel) {
    CaptureWritten out;
    out.generation = generation;
    std::string error;
    auto writer = capture::PcapFileWriter::open(path.toStdString(), {}, &error);
    if (!writer) {
        out.error = QString::fromStdString(error);
        emit done(out);
        return;
    }
    try {
        capture::ModelCapture tap(*writer, s);
        RunControl control;
        control.cancel = cancel.get();
        control.tap = &tap;
        int last_percent = -1;
        control.on_progress = [&](const Progress& p) {
            const int percent = p.duration_s > 0 ? static_cast<int>(100 * p.sim_time_s / p.duration_s) : 0;
            if (percent != last_percent) {
                last_percent = percent;
                emit progress(generation, percent / 100.0);
            }
        };
        const RunResult r = run_scenario(s, control);
        tap.flush();
        if (r.cancelled || cancel->load()) {
            writer->abandon();
            out.cancelled = true;
        } else {
            if (writer->capped_at_s()) out.warning = QString::fromStdString(capture::capped_words(*writer));
            if (auto e = writer->finish()) out.error = QString::fromStdString(*e);
        }
    } catch (const std::exception& e) {
        writer->abandon();
        out.error = tr("the run failed: %1").arg(QString::fromStdString(e.what()));
    }
    emit done(out);
}

CaptureExport::CaptureExport(QMainWindow* window, RunSession* session, ExportHelper::Report report)
    : QObject(window),
      window_(window),
      session_(session),
      exports_(window,
               [this, report](bool ok, const QString& line) {
                   if (report) report(ok, line);
                   emit finished(ok, line);
               }),
      worker_(new CaptureExportWorker) {
    qRegisterMetaType<CaptureWritten>();
    setObjectName("capture_export");
    thread_.setObjectName("inflight-pcap");
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &CaptureExportWorker::progress, this, [this](quint64 gen, double f) {
        if (gen != generation_ || !busy_) return;
        status_bar_->setValue(static_cast<int>(std::lround(f * 100)));
    }, Qt::QueuedConnection);
    connect(worker_, &CaptureExportWorker::done, this, &CaptureExport::onDone, Qt::QueuedConnection);
    thread_.start();

    export_ = new QAction(tr("Export ca&pture…"), this);
    export_->setToolTip(tr("Write this scenario's packets as a capture at the sender would see them (pcap, for "
                           "Wireshark or tshark), as inflight run --pcap writes them"));
    connect(export_, &QAction::triggered, this, [this] {
        const QString path = ask_save_file(window_, tr("Export capture"), QStringLiteral("inflight.pcap"),
                                           tr("Packet captures (*.pcap)"));
        if (!path.isEmpty()) exportTo(path);
    });
    cancel_ = new QAction(tr("Cancel the capture"), this);
    cancel_->setEnabled(false);
    connect(cancel_, &QAction::triggered, this, [this] {
        if (cancel_flag_) cancel_flag_->store(true);
    });

    // "Writing capture [=====   ] Cancel" in the status bar while it writes.
    status_ = new QWidget;
    auto* h = new QHBoxLayout(status_);
    h->setContentsMargins(0, 0, 0, 0);
    status_label_ = new QLabel(tr("Writing capture"));
    status_bar_ = new QProgressBar;
    status_bar_->setRange(0, 100);
    status_bar_->setMaximumWidth(140);
    auto* cancel = new QToolButton;
    cancel->setDefaultAction(cancel_);
    cancel->setText(tr("Cancel"));
    cancel->setAutoRaise(true);
    h->addWidget(status_label_);
    h->addWidget(status_bar_);
    h->addWidget(cancel);
    window_->statusBar()->addPermanentWidget(status_);
    status_->hide();
}

CaptureExport::~CaptureExport() {
    if (cancel_flag_) cancel_flag_->store(true);
    thread_.quit();
    thread_.wait();
}

bool CaptureExport::exportTo(const QString& path) {
    if (busy_) {
        exports_.refuse(tr("a capture is still being written; cancel it or wait"));
        return false;
    }
    cancel_flag_ = std::make_shared<std::atomic<bool>>(false);
    path_ = path;
    const quint64 gen = ++generation_;
    const Scenario s = session_->requested();
    CaptureExportWorker* w = worker_;
    auto flag = cancel_flag_;
    status_bar_->setValue(0);
    setBusy(true);
    QMetaObject::invokeMethod(worker_, [w, s, path, gen, flag] { w->write(s, path, gen, flag); }, Qt::QueuedConnection);
    return true;
}

void CaptureExport::onDone(const CaptureWritten& out) {
    if (out.generation != generation_) return;
    setBusy(false);
    if (out.cancelled) {
        window_->statusBar()->showMessage(tr("Capture cancelled; nothing was written"), 5000);
        emit finished(false, tr("Capture cancelled; nothing was written"));
        return;
    }
    const QString error = out.error;
    const auto line = exports_.write(path_, [error](const QString&) -> std::optional<QString> {
        if (error.isEmpty()) return std::nullopt;
        return error;
    });
    if (line.ok && !out.warning.isEmpty()) window_->statusBar()->showMessage(line.line + QStringLiteral(" — ") + out.warning, 10000);
}

void CaptureExport::setBusy(bool on) {
    busy_ = on;
    cancel_->setEnabled(on);
    export_->setEnabled(!on);
    status_->setVisible(on);
}

}  // namespace inflight::ui
