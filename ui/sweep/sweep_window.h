// Tools ▸ Sweep…: response curves in the window. Pick the parameter, type
// the range with units (checked as you type, with the sweep engine's own
// messages shown under the form), the number of points and the algorithms;
// Run sweeps on the engine's thread pool off the UI thread (SweepRunner)
// with a progress bar and Cancel; the plot (SweepChart) shows throughput
// and mean RTT against the parameter on log axes, with theory and fits.
// Every other parameter comes from the main window's current scenario.
#pragma once

#include <QElapsedTimer>
#include <QWidget>
#include <functional>
#include <optional>

#include "ui/export/export_helper.h"
#include "ui/sweep/sweep_runner.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace inflight::ui {

class SweepChart;

class SweepWindow : public QWidget {
    Q_OBJECT
public:
    explicit SweepWindow(QWidget* parent = nullptr);
    ~SweepWindow() override;

    // The scenario every run starts from (the swept value and the algorithm
    // are replaced at each point).
    void setBaseScenario(const Scenario& s);
    // Worker threads for the engine; 0: one per core.
    void setThreads(unsigned threads) { threads_ = threads; }

    // The form as a spec, or the first problem in words (the engine's own
    // message, naming --from, --to, --points or --algo).
    std::optional<SweepSpec> spec(QString* error = nullptr) const;
    // Starts the sweep in the form; false (and the error shown) if invalid
    // or one is running.
    bool run();
    void cancel();
    bool running() const { return runner_->running(); }

    // The last finished (or cancelled) sweep, or null.
    SweepResultPtr result() const { return result_; }
    // Wall time of the last sweep from Run to its result on screen.
    double lastSweepSeconds() const { return last_seconds_; }

    // Write the last finished sweep; the outcome is shown under the
    // buttons (and in `error` on failure).
    bool exportPng(const QString& path, QString* error = nullptr);
    bool exportCsv(const QString& path, QString* error = nullptr);

    // Form parts, for tests and keyboard users.
    QComboBox* paramBox() const { return param_; }
    QLineEdit* fromEdit() const { return from_; }
    QLineEdit* toEdit() const { return to_; }
    QSpinBox* pointsBox() const { return points_; }
    QCheckBox* algorithmBox(Algorithm a) const;
    QPushButton* runButton() const { return run_; }
    QPushButton* cancelButton() const { return cancel_; }
    QProgressBar* progressBar() const { return progress_; }
    QString errorText() const;
    QString statusText() const;
    SweepChart* chart() const { return chart_; }

signals:
    void sweepFinished(bool cancelled);

protected:
    void showEvent(QShowEvent* e) override;

private:
    // Keeps the window and its frame inside the screen's free area.
    void fitScreen();
    void onParamChanged();
    void showBase();
    void revalidate();
    void onFinished(SweepResultPtr r);
    void setRunning(bool on);
    // Through the export helper: nothing swept yet is refused, else `writer`.
    bool exportResult(const QString& path, const ExportHelper::Writer& writer, QString* error);

    Scenario base_;
    unsigned threads_ = 0;
    SweepRunner* runner_;
    SweepResultPtr result_;
    QElapsedTimer clock_;
    double last_seconds_ = 0;

    QComboBox* param_;
    QLineEdit* from_;
    QLineEdit* to_;
    QSpinBox* points_;
    QCheckBox* algos_[3];
    QLabel* base_label_;
    QLabel* error_;
    QPushButton* run_;
    QPushButton* cancel_;
    QProgressBar* progress_;
    QLabel* status_;
    QPushButton* export_png_;
    QPushButton* export_csv_;
    SweepChart* chart_;
    ExportHelper exports_;
};

}  // namespace inflight::ui
