// The controls: one widget per scenario parameter, tooltips saying what each
// models, "more" folded away, and the Flows group (flow_list.h): one line
// while the scenario has its single flow, the list of flows when it has
// several. Emits scenarioChanged() on every user change — a slider, a flow
// added, removed or edited, a preset chosen.
#pragma once

#include <QWidget>
#include <vector>

#include "model/core/scenario.h"

class QCheckBox;
class QComboBox;
class QSpinBox;
class QToolButton;

namespace inflight::ui {

class FlowList;
class ParamSlider;

class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ControlsPanel(QWidget* parent = nullptr);

    // The scenario shown, its flows included.
    Scenario scenario() const { return scenario_; }
    // Shows `s` in every control, its flows in the Flows group, without
    // emitting scenarioChanged. (The window opens at most
    // FlowLimits::max_flows_window flows; more are kept and listed.)
    void setScenario(const Scenario& s);

    ParamSlider* bandwidth() const { return bandwidth_; }
    ParamSlider* rtt() const { return rtt_; }
    ParamSlider* loss() const { return loss_; }
    ParamSlider* rwnd() const { return rwnd_; }
    ParamSlider* sndbuf() const { return sndbuf_; }
    ParamSlider* buffer() const { return buffer_; }
    ParamSlider* duration() const { return duration_; }
    // The slider of a swept parameter (bandwidth, rtt, loss, rwnd, sndbuf,
    // buffer), or null for the others.
    ParamSlider* slider(Param p) const;
    FlowList* flowList() const { return flows_; }
    QComboBox* aqm() const { return aqm_; }
    // Presentation mode folds the secondary controls ("More" stays, closed,
    // one click away) and the flows' columns that hold only defaults; true
    // again restores both as they were.
    void setSecondaryVisible(bool visible);
    QToolButton* moreButton() const { return more_button_; }

signals:
    void scenarioChanged(const inflight::Scenario& s);
    // The flows' table appeared, went or changed its type: the width the
    // controls ask for (sizeHint) changed with it.
    void widthWanted();

private:
    void changed();

    Scenario scenario_;
    bool updating_ = false;
    bool secondary_visible_ = true;
    bool more_was_open_ = true;
    QComboBox* algorithm_;
    QComboBox* stack_;
    std::vector<QComboBox*> details_;  // kDetailParams' switches, in order
    QComboBox* rcvbuf_;
    FlowList* flows_;
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
