// The controls: one widget per scenario parameter, tooltips saying what each
// models, "more" folded away. Emits scenarioChanged() on every user change.
#pragma once

#include <QWidget>

#include "scenario.h"

class QCheckBox;
class QComboBox;
class QSpinBox;
class QToolButton;

namespace inflight::ui {

class ParamSlider;

class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ControlsPanel(QWidget* parent = nullptr);

    Scenario scenario() const { return scenario_; }
    // Shows `s` in every control without emitting scenarioChanged.
    void setScenario(const Scenario& s);

    ParamSlider* bandwidth() const { return bandwidth_; }
    ParamSlider* rtt() const { return rtt_; }
    ParamSlider* loss() const { return loss_; }
    ParamSlider* rwnd() const { return rwnd_; }
    ParamSlider* sndbuf() const { return sndbuf_; }
    ParamSlider* buffer() const { return buffer_; }
    ParamSlider* duration() const { return duration_; }
    // Presentation mode folds the secondary controls ("More" stays, closed,
    // one click away); true again restores it as it was.
    void setSecondaryVisible(bool visible);
    QToolButton* moreButton() const { return more_button_; }

signals:
    void scenarioChanged(const inflight::Scenario& s);

private:
    void changed();

    Scenario scenario_;
    bool updating_ = false;
    bool secondary_visible_ = true;
    bool more_was_open_ = true;
    QComboBox* algorithm_;
    ParamSlider* bandwidth_;
    ParamSlider* rtt_;
    ParamSlider* loss_;
    QComboBox* loss_pattern_;
    ParamSlider* rwnd_;
    ParamSlider* sndbuf_;
    ParamSlider* buffer_;
    QComboBox* aqm_;
    QCheckBox* ecn_;
    QToolButton* more_button_;
    QWidget* more_;
    QComboBox* mss_;
    QCheckBox* pacing_;
    ParamSlider* duration_;
    QSpinBox* seed_;
};

}  // namespace inflight::ui
