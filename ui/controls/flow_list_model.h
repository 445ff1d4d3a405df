// The flows of the scenario as a table: one row
// per flow, columns Flow (its colour and algorithm, or ping), RTT, Start,
// Size, Every and Label. For a ping, Size is its probe's size (key bytes)
// and Every its interval (key interval), so one compact table shows both
// kinds. For a request/response flow (app=rpc) Size is what it sends
// (key app): "rpc 100B+100B→100B, think 10 ms, nodelay" shown, and edited
// as "rpc writes=100B+100B response=100B think=10ms nodelay=on" (any of
// the pairs; the rest take their defaults); "rpc" typed in a TCP flow's
// Size makes it one, a size or "bulk" makes it a transfer again. A key a
// flow leaves unset shows the scenario's value in italics.
//
// Edits are read and checked by the command line's own functions
// (set_flow_key_from_text, validate_flows): a value the command line
// refuses is refused here, with the same words, the flow named as the
// window shows it ("flow 2 (bbr), rtt: '-5ms' is negative; …; allowed
// 1 ms – 1000 ms"). Two window conventions on top: a bare number is read in
// the unit the column shows (RTT and a ping's interval in ms, Start and
// Every in s, Size in bytes), as in the other controls' boxes; and an empty
// box, "bulk" (Size) or "once" (Every) clears the key. Changing a flow's
// kind drops the keys the new kind does not take (a ping has no size).
#pragma once

#include <QAbstractTableModel>
#include <optional>
#include <vector>

#include "model/core/scenario.h"

namespace inflight::ui {

class FlowListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Flow, Rtt, Start, Size, Every, Label, ColumnCount };

    explicit FlowListModel(QObject* parent = nullptr);

    // Lists `s.flows`; unset keys show `s`'s values. Emits nothing of its own.
    void setScenario(const Scenario& s);
    // The path changed (its RTT, algorithm, duration): what unset keys show.
    void setDefaults(const Scenario& s);
    // Swatches for the dark palette.
    void setDark(bool dark);
    // Folded (presenting): Start and Every, while every flow leaves them at
    // their defaults, are left out of the table (columnFolded), and the
    // Flow cell's tooltip says what they hold.
    void setDefaultsFolded(bool folded);
    // Whether the table leaves `column` out: folded, and no flow sets it.
    bool columnFolded(int column) const;
    const std::vector<FlowSpec>& flows() const { return flows_; }

    // The key column `column` edits in row `row` (Size is bytes for a ping).
    FlowKey keyAt(int row, int column) const;
    // "flow 2 (bbr)", or "“web” (flow 2)" for a labelled flow.
    QString flowName(int row) const;

    // Whether `text` would be taken in (row, column): nothing, or the one
    // line refusing it. `out`, when given, gets the flow as it would be.
    std::optional<QString> check(int row, int column, const QString& text, FlowSpec* out = nullptr) const;
    // check(), then sets it; emits flowsEdited() when the flow changed.
    std::optional<QString> edit(int row, int column, const QString& text);
    // Replaces every flow; emits flowsEdited().
    void setFlows(std::vector<FlowSpec> flows);
    // Inserts `f` before row `row` (at the end when row == rowCount()).
    void insertFlow(int row, const FlowSpec& f);
    void removeFlow(int row);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // EditRole: edit(); a refusal is announced by refused() and returns false.
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

signals:
    // By edit(), insertFlow() or removeFlow(); not by setScenario().
    void flowsEdited();
    void refused(int row, int column, const QString& message);

private:
    QString displayText(int row, int column) const;
    // A request/response flow's Size cell: its writes; `whole`: with the
    // response, think time and TCP_NODELAY (the tooltip).
    static QString rpcText(const ResolvedFlow& r, bool whole);
    QString editText(int row, int column) const;
    bool inherited(int row, int column) const;
    // Every flow starts at 0 s (Start); no flow repeats and none is a ping,
    // whose interval Every shows (Every).
    bool holdsOnlyDefaults(int column) const;
    // What the folded columns hold for flow `row`: " · starts at 0 s", …
    QString foldedNote(int row) const;
    Scenario withFlows() const;

    Scenario defaults_;
    std::vector<FlowSpec> flows_;
    bool dark_ = false;
    bool defaults_folded_ = false;
};

}  // namespace inflight::ui
