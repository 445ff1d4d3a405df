// The time–sequence view's worker (tsg_loader.h).
#include "ui/time_sequence/tsg_loader.h"

#include <QFileInfo>
#include <exception>

#include "app/capture/capture_reader.h"
#include "app/capture/stream_analysis.h"
#include "app/capture/time_sequence.h"
#include "model/core/flow_spec.h"
#include "ui/time_sequence/capture_run.h"
#include "model/engine/run.h"

namespace inflight::ui {

void TsgWorker::runModel(const Scenario& s, int flow, quint64 generation, TsgCancel cancel) {
    auto load = std::make_shared<TsgLoad>();
    load->generation = generation;
    if (cancel->load()) {
        load->cancelled = true;
        emit done(std::move(load));
        return;
    }
    try {
        const std::vector<ResolvedFlow> flows = resolve_flows(s);
        const int pick = std::clamp(flow, 0, static_cast<int>(flows.size()) - 1);
        capture::TimeSequenceTap tap(static_cast<std::uint16_t>(pick));
        RunControl control;
        control.cancel = cancel.get();
        control.tap = &tap;
        const RunResult r = run_scenario(s, control);
        if (r.cancelled || cancel->load()) {
            load->cancelled = true;
        } else {
            load->graph = std::make_shared<const capture::TimeSequence>(tap.take());
            load->title = QString::fromStdString(flows[static_cast<std::size_t>(pick)].label);
            if (flows[static_cast<std::size_t>(pick)].kind != FlowKind::Tcp)
                load->error = tr("%1 is a ping: it has no sequence numbers to draw").arg(load->title);
        }
    } catch (const std::exception& e) {
        load->error = tr("the run failed: %1").arg(QString::fromStdString(e.what()));
    }
    if (!load->error.isEmpty()) load->graph.reset();
    emit done(std::move(load));
}

void TsgWorker::readCapture(const QString& path, quint64 generation, TsgCancel cancel) {
    auto load = std::make_shared<TsgLoad>();
    load->generation = generation;
    load->from_capture = true;
    const std::string file = path.toStdString();
    std::string error;
    try {
        int last_percent = -1;
        const auto contents = capture::read_capture(file, &error, [&](std::uint64_t done, std::uint64_t total) {
            if (total > 0) {
                const int percent = static_cast<int>(100.0 * static_cast<double>(done) / static_cast<double>(total));
                if (percent != last_percent) {
                    last_percent = percent;
                    emit progress(generation, percent / 100.0);
                }
            }
            return !cancel->load();
        });
        if (cancel->load()) {
            load->cancelled = true;
        } else if (!contents) {
            load->error = QString::fromStdString(error);
        } else {
            const auto analysis = capture::analyze_capture(*contents, file, std::nullopt, &error);
            if (!analysis) {
                load->error = QString::fromStdString(error);
            } else {
                auto graph = capture::time_sequence_of_capture(*contents, file, analysis->stream.index, &error);
                if (!graph) {
                    load->error = QString::fromStdString(error);
                } else {
                    load->title = tr("TCP stream %1 of '%2': %3 → %4")
                                      .arg(graph->stream)
                                      .arg(QFileInfo(path).fileName(), QString::fromStdString(graph->sender),
                                           QString::fromStdString(graph->receiver));
                    load->summary = QString::fromStdString(capture::capture_headline(*analysis));
                    if (!analysis->cut.empty())
                        load->summary += tr(" — read in part: %1").arg(QString::fromStdString(analysis->cut));
                    load->graph = std::make_shared<const capture::TimeSequence>(std::move(*graph));
                    load->path = path;
                    std::string why;
                    load->estimate = capture::estimate_path(*contents, *analysis, &why);
                    if (!load->estimate) load->estimate_error = QString::fromStdString(why);
                    load->run = capture_snapshot(*analysis, load->estimate ? load->estimate->bottleneck_bps : 0.0);
                }
            }
        }
    } catch (const std::exception& e) {
        load->error = tr("reading '%1' failed: %2").arg(path, QString::fromStdString(e.what()));
    }
    emit done(std::move(load));
}

TsgLoader::TsgLoader(QObject* parent) : QObject(parent), worker_(new TsgWorker) {
    qRegisterMetaType<TsgLoadPtr>();
    thread_.setObjectName("inflight-tsg");
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &TsgWorker::progress, this, [this](quint64 gen, double f) {
        if (gen == generation_ && busy_) emit progress(f);
    }, Qt::QueuedConnection);
    connect(worker_, &TsgWorker::done, this, [this](const TsgLoadPtr& load) {
        if (!load || load->generation != generation_) return;  // an older job's
        setBusy(false);
        if (load->cancelled) emit cancelled();
        else if (!load->graph) emit failed(load->error);
        else emit loaded(load);
    }, Qt::QueuedConnection);
    thread_.start();
}

TsgLoader::~TsgLoader() {
    if (cancel_) cancel_->store(true);
    thread_.quit();
    thread_.wait();
}

quint64 TsgLoader::start() {
    if (cancel_) cancel_->store(true);  // the job before, if it still runs
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    setBusy(true);
    return ++generation_;
}

void TsgLoader::runModel(const Scenario& s, int flow) {
    const quint64 gen = start();
    TsgWorker* w = worker_;
    TsgCancel flag = cancel_;
    emit progress(-1);
    QMetaObject::invokeMethod(worker_, [w, s, flow, gen, flag] { w->runModel(s, flow, gen, flag); },
                              Qt::QueuedConnection);
}

void TsgLoader::readCapture(const QString& path) {
    const quint64 gen = start();
    TsgWorker* w = worker_;
    TsgCancel flag = cancel_;
    emit progress(0);
    QMetaObject::invokeMethod(worker_, [w, path, gen, flag] { w->readCapture(path, gen, flag); },
                              Qt::QueuedConnection);
}

void TsgLoader::cancel() {
    if (busy_ && cancel_) cancel_->store(true);
}

void TsgLoader::setBusy(bool on) {
    if (busy_ == on) return;
    busy_ = on;
    emit busyChanged(on);
}

}  // namespace inflight::ui
