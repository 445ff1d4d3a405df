// The guided-experiment side panel: pick an experiment, read the step (what
// to set, what to do, what to watch, why), press "Set it", and watch the
// step tick when a finished run passes its check. It watches the runs the
// window finishes; it never runs or waits on the model itself.
#pragma once

#include <functional>
#include <optional>

#include <QWidget>
#include <vector>

#include "ui/lesson/experiment.h"
#include "ui/session/run_snapshot.h"

class QLabel;
class QPushButton;
class QScrollArea;
class QToolButton;

namespace inflight::ui {

class ExperimentChooser;

class ExperimentPanel : public QWidget {
    Q_OBJECT
public:
    explicit ExperimentPanel(QWidget* parent = nullptr);

    // Replaces the experiments (and forgets the ticks); `errors` lists
    // refused files, shown at the foot of the panel.
    void setExperiments(std::vector<Experiment> experiments, const QStringList& errors);
    const std::vector<Experiment>& experiments() const { return experiments_; }

    // `generation`: the newest run request when the step begins; only runs
    // requested after it count toward the step's check. Until one of these
    // is called (after setExperiments), no run counts at all. A sweep's
    // drag may begin before its step opens: for a sweep, the run of that
    // newest request counts too — `on_screen` if it has finished and is
    // shown, or when it finishes — as long as it has the step's settings.
    void setExperiment(int index, quint64 generation, SnapshotPtr on_screen = nullptr);
    void setStep(int index, quint64 generation, SnapshotPtr on_screen = nullptr);
    int experimentIndex() const { return exp_; }
    int stepIndex() const { return step_; }
    bool ticked(int step) const;
    // The line under the check as shown: what was measured, what is still
    // missing, or how to make the first run. Once the step is done, the
    // run that passed (never a "not yet" beside the tick).
    QString checkDetail() const;
    const Step* currentStep() const { return step(); }
    // The controls hold what the step sets (Set it would change nothing), or
    // the step sets nothing: what the window shows is the step's to read.
    bool holdsStep() const;
    QString errorsText() const;
    QPushButton* setButton() const { return set_; }

    // Why a kernel run of a scenario cannot start on this computer, or
    // nothing: a step whose check reads the kernel says it instead of
    // waiting for a run that cannot come.
    using KernelRefusal = std::function<std::optional<QString>(const Scenario&)>;
    void setKernelRefusal(KernelRefusal refusal);

public slots:
    // A run finished (the dashboard shows it).
    void runFinished(inflight::ui::SnapshotPtr snap);
    // A run on this computer's kernel finished (not cancelled): a step
    // whose check is on the kernel reads it, if it finished while the
    // step was open.
    void kernelRunFinished(inflight::ui::SnapshotPtr run);
    // The controls' scenario now: the step says what "Set it" would change in it.
    void setCurrent(const inflight::Scenario& now);

signals:
    // "Set it": the window applies these settings and runs them.
    void applyScenario(const inflight::Scenario& s);
    // The panel wants the step to change; the window answers with setStep
    // (it knows the current run generation).
    void stepRequested(int step);
    void experimentRequested(int index);
    void stepTicked(int step);

protected:
    void changeEvent(QEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;  // the step row's resizes

private:
    void fitTitleFont();
    // Scrolls the guide's text so the step's title is at its top (the
    // experiment's introduction above it out of view) from the second step
    // on; the first step starts at the introduction. Once the text's new
    // layout is in place, and again as its height changes (larger type),
    // until the reader scrolls it.
    void showStepTitleAtTop();
    void placeStepTitle();
    // The top (in the guide text's coordinates) of the first line of the
    // introduction at or below `y` that begins a sentence; the step's
    // title's top where none does.
    int introSentenceAtOrBelow(int y) const;
    void showStep();
    void evaluate();
    // Whether a run of the newest request when the step opened counts (a
    // sweep's drag that began before it).
    bool countsOpeningRun(const SnapshotPtr& snap) const;
    void refreshStepButtons();
    const Step* step() const;

    std::vector<Experiment> experiments_;
    std::vector<std::vector<bool>> ticks_;
    std::vector<std::vector<QString>> passed_;  // per step: what the run that ticked it measured
    int exp_ = -1, step_ = 0;
    quint64 since_generation_ = 0;
    bool listening_ = false;  // an experiment was opened; runs count
    std::vector<SnapshotPtr> runs_;  // finished runs since the step began, oldest first
    std::vector<SnapshotPtr> kernel_runs_;  // finished kernel runs since the step began
    KernelRefusal kernel_refusal_;
    QString detail_;        // the newest evaluation
    QString shown_detail_;  // the line shown under the check
    bool last_passed_ = false;  // the newest evaluation passed
    std::optional<Scenario> now_;  // the controls' scenario, once the window has told

    ExperimentChooser* chooser_;
    QLabel* heading_;  // the title, wrapped, when the chooser cannot show it whole
    QLabel* intro_;
    QScrollArea* text_scroll_ = nullptr;  // the introduction, the step's title and its words
    QWidget* tail_pad_ = nullptr;  // blank room under the words (placeStepTitle)
    bool follow_title_ = false;  // the text keeps the step's title placed (until the reader scrolls)
    QWidget* step_row_;
    std::vector<QToolButton*> step_buttons_;
    QLabel* title_ = nullptr;
    QLabel* body_;
    QPushButton* set_;
    QLabel* tick_;
    QLabel* check_;
    QPushButton* prev_;
    QPushButton* next_;
    QLabel* errors_;
};

}  // namespace inflight::ui
