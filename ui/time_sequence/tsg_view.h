// View ▸ Time–sequence graph: the dock that draws one connection's
// time–sequence graph (tsg_chart.h), either of the current scenario's
// flow (chosen in the spin box, flow 1 first) — the scenario run again
// off the UI thread with the graph's collector, when the view opens and
// after each finished run while it is shown — or of a capture file opened
// with File ▸ Open capture…, read off the UI thread with its progress and
// a Cancel button, the `inflight capture` summary line under it. A file
// that cannot be drawn is one message line; what was drawn before stays.
// While a capture is drawn over the panels its buttons (Model this path,
// Close capture) sit in the view's top row, and a line under the summary
// says what differs between the model and the capture.
#pragma once

#include <QWidget>

#include "model/core/scenario.h"
#include "ui/time_sequence/tsg_loader.h"

class QAction;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace inflight::ui {

class TimeSequenceChart;

class TimeSequenceView : public QWidget {
    Q_OBJECT
public:
    explicit TimeSequenceView(QWidget* parent = nullptr);

    // The scenario whose flow is drawn; runs it again when `live` (the
    // view is shown and draws the model, not a capture).
    void setScenario(const Scenario& s);
    void setLive(bool shown);
    // Reads and draws a capture (the view then shows it until "Back to
    // the run").
    void openCapture(const QString& path);
    void drawRun();

    // The capture tool's actions, as buttons shown while each is enabled.
    void addCaptureActions(const QList<QAction*>& actions);
    // Model vs capture in words (empty hides it).
    void setComparison(const QString& text);
    QString comparison() const;
    // Back to the current run's flow (what "Back to the run" does).
    void showRun();

    TimeSequenceChart* chart() const { return chart_; }
    TsgLoader* loader() const { return loader_; }
    QString message() const;
    QString summary() const;
    QString title() const;
    bool showingCapture() const { return capture_; }

signals:
    // A graph was drawn (for tests).
    void drawn();

private:
    void onLoaded(const TsgLoadPtr& load);
    void setMessage(const QString& text);
    void updateFlows();

    TsgLoader* loader_;
    TimeSequenceChart* chart_;
    QLabel* title_;
    QLabel* summary_;
    QLabel* message_;
    QLabel* comparison_;
    QHBoxLayout* row_;
    QSpinBox* flow_;
    QLabel* flow_label_;
    QPushButton* back_;
    QPushButton* reset_;
    QPushButton* cancel_;
    QProgressBar* progress_;
    Scenario scenario_;
    bool has_scenario_ = false;
    bool live_ = false;
    bool capture_ = false;    // showing (or reading) a capture
    bool shown_capture_ = false;  // the graph on screen is a capture's
    bool stale_ = true;       // the scenario changed since the last run drawn
};

}  // namespace inflight::ui
