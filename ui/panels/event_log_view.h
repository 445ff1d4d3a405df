// Panel 4 — the event log: time, colour-coded kind, one line of text; a
// filter by kind; counters for congestion events, drops by cause, ECN marks,
// retransmissions and RTOs.
#pragma once

#include <QAbstractTableModel>
#include <QWidget>
#include <vector>

#include "panels/chart_style.h"
#include "session/run_snapshot.h"

class QComboBox;
class QLabel;
class QTableView;

namespace inflight::ui {

class TextStrip;

class EventTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;
    void setEvents(SnapshotPtr snap, int kind_filter);  // -1: all kinds
    void setStyle(const ChartStyle& style);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    // The last row whose event is at or before t, or -1.
    int lastRowAtOrBefore(double t_s) const;
    double timeOfRow(int row) const;

private:
    SnapshotPtr snap_;           // keeps the events alive
    std::vector<int> rows_;      // indices into snap_->result.events
    ChartStyle style_;           // the kinds' colours follow the dashboard's look
};

class EventLogView : public QWidget {
    Q_OBJECT
public:
    explicit EventLogView(QWidget* parent = nullptr);
    void setSnapshot(SnapshotPtr snap);
    QString countersText() const;
    int rowCount() const;
    // The playhead: select and scroll to the latest event at or before t.
    void followTime(double t_s);
    // The selected row's time, or NaN when nothing is selected.
    double selectedTime() const;
    // The dashboard's look (the presentation colours for the kinds).
    void restyle(const ChartStyle& style);

private:
    void refilter();

    SnapshotPtr snap_;
    TextStrip* counters_;
    QComboBox* filter_;
    QTableView* table_;
    EventTableModel* model_;
};

QColor event_kind_color(EventKind k, const ChartStyle& style);

}  // namespace inflight::ui
