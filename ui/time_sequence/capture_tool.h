// An opened capture beside the model: each capture the time–sequence view
// reads (File ▸ Open capture…) is also drawn on every panel as the compare
// controller's capture overlay, labelled with its file's name, until Close
// capture or the next capture. "Model this path" sets the window's
// controls to the path estimated from it (app/capture/path_estimate.h:
// bandwidth, base RTT, random loss, receive window, segment size, its
// duration; one flow, the algorithm and the rest as they were) and runs
// the model, the capture staying drawn over it; after each finished run
// the view says in words what differs (capture_differences.h).
#pragma once

#include <QObject>
#include <QString>
#include <functional>

#include "model/core/scenario.h"
#include "ui/time_sequence/tsg_loader.h"

class QAction;
class QMainWindow;

namespace inflight::ui {

class CompareController;
class RunSession;
class TimeSequenceView;

class CaptureTool : public QObject {
    Q_OBJECT
public:
    // `apply` sets the window's controls to a scenario and runs it (as a
    // guided step's Set it does).
    using Apply = std::function<void(const Scenario&)>;
    CaptureTool(QMainWindow* window, RunSession* session, CompareController* compare, TimeSequenceView* view,
                Apply apply);

    QAction* modelAction() const { return model_; }
    QAction* closeAction() const { return close_; }
    // The capture drawn over the panels (null without one).
    TsgLoadPtr capture() const { return capture_; }
    // Its label: the file's name.
    QString label() const;
    // Sets the controls to the capture's path and runs it; false (and a
    // status line why) without a capture or an estimate.
    bool modelPath();
    void closeCapture();

signals:
    // A status line said (for tests).
    void said(const QString& text);

private:
    void onLoaded(const TsgLoadPtr& load);
    void compareWith(const SnapshotPtr& run);
    void say(const QString& text, int ms = 8000);

    QMainWindow* window_;
    RunSession* session_;
    CompareController* compare_;
    TimeSequenceView* view_;
    Apply apply_;
    QAction* model_;
    QAction* close_;
    TsgLoadPtr capture_;
    quint64 modelled_generation_ = 0;  // the run Model this path asked for
};

}  // namespace inflight::ui
