// The Flows group of the controls: one line —
// "Flows [preset ▾] [+]" — while the scenario has its single flow, so the
// one-flow window stays as it was; with flows, a compact table under it
// (FlowListModel: colour, algorithm or ping, RTT, start, size, every,
// label), edited in place.
//
// Keyboard: Tab reaches the presets, + (add), − (remove) and the table; in the
// table the arrows move, Enter, F2 or typing edits a cell, Enter or Tab
// takes the value (Tab moves on to the next cell), Escape puts it back,
// Insert or + adds a flow (a copy of the current one), Delete removes the
// current one. A refused value stays in its box, outlined in red, and the
// refusal (which names the flow and the column) shows between the line of
// buttons and the table, in the column: the table moves down for it and
// is never covered. At most
// FlowLimits::max_flows_window flows.
//
// Presenting, the table folds Start and Every while every flow leaves them
// at their defaults (all start at 0 s, none repeats): there they say
// nothing a lecturer points at, yet their headers made the table some
// 90-115 px wider at the large type, and the controls column with it, so
// the type stepped down (experiment 10's two labelled flows got 1.1×
// rather than 1.3×). The Flow cell's tooltip keeps "starts at 0 s"; a flow
// that sets either brings its column back; the normal look, where flows
// are edited, always shows all six.
#pragma once

#include <QTableView>
#include <QWidget>
#include <optional>

#include "ui/lesson/flow_presets.h"
#include "model/core/scenario.h"

class QComboBox;
class QLabel;
class QToolButton;

namespace inflight::ui {

class FlowListModel;

// The table: Insert/+ and Delete are its own (not the window's shortcuts),
// Enter edits; Tab leaves it unless a cell is being edited.
class FlowTable : public QTableView {
    Q_OBJECT
public:
    using QTableView::QTableView;
    bool editing() const { return state() == EditingState; }
    // As wide as its columns' contents, the Label column's counted up to
    // kLabelHintChars characters: the controls column widens to it in
    // every look (a longer label elides; its tooltip has it whole).
    QSize sizeHint() const override;
    static constexpr int kLabelHintChars = 14;

signals:
    void addRequested();
    void removeRequested();

protected:
    bool event(QEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
};

class FlowList : public QWidget {
    Q_OBJECT
public:
    explicit FlowList(QWidget* parent = nullptr);

    // Lists s.flows (emits nothing); a scenario without flows shows the line alone.
    void setScenario(const Scenario& s);
    // What unset keys show: the path's RTT, algorithm; the run's duration.
    void setDefaults(const Scenario& s);
    const std::vector<FlowSpec>& flows() const;

    // Adds a copy of the current flow (of the scenario's single flow when
    // there are none: the list then has two). False, with a line saying why,
    // at the window's limit.
    bool addFlow();
    void removeFlow(int row);

    FlowListModel* model() const { return model_; }
    FlowTable* table() const { return table_; }
    QComboBox* presetBox() const { return presets_; }
    QToolButton* addButton() const { return add_; }
    QToolButton* removeButton() const { return remove_; }
    // Presenting: Start and Every are left out while they hold only their
    // defaults (FlowListModel::columnFolded).
    void setDefaultsFolded(bool folded);
    bool hasMessage() const;
    QString messageText() const;

signals:
    // The user added, removed or edited a flow.
    void flowsEdited();
    void presetChosen(inflight::FlowPreset p);
    // The table appeared or went (its rows decide the width it asks for).
    void tableShownChanged(bool shown);
    // The table's width hint changed (a label, a value or the type grew or shrank).
    void widthChanged();

protected:
    void changeEvent(QEvent* e) override;

private:
    friend class FlowDelegate;
    void showMessage(const QString& text);
    void hideMessage();
    void refresh();  // table shown or not, its height, the preset shown

    FlowListModel* model_;
    FlowTable* table_;
    QComboBox* presets_;
    QSize table_hint_;  // the table's size hint at its last updateGeometry()
    QToolButton* add_;
    QToolButton* remove_;
    QLabel* message_;
    QString message_text_;  // as written; the label's copy keeps options whole
};

}  // namespace inflight::ui
