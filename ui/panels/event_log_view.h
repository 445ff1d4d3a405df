// Panel 4 — the event log: time, colour-coded kind, one line of text; a
// filter by kind; counters for congestion events, drops by cause, ECN marks,
// retransmissions and RTOs. With more than one flow also a flow column (the
// flow's label beside its colour swatch, or "path" for the path's own events)
// and a filter by flow; with one flow the log is as it always was.
#pragma once

#include <QAbstractTableModel>
#include <QTimer>
#include <QWidget>
#include <cstdint>
#include <vector>

#include "ui/panels/chart_style.h"
#include "ui/session/run_snapshot.h"

class QComboBox;
class QLabel;
class QTableView;

namespace inflight::ui {

class TextStrip;

class EventTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;
    // Columns, in order; kFlow is hidden with one flow.
    enum Column { kTime, kFlow, kKind, kText, kColumns };
    // kind_filter -1: all kinds; flow_filter kAllFlows: every flow and the
    // path, else one flow's index (kPathFlow: the path's events).
    static constexpr int kAllFlows = -2;
    void setEvents(SnapshotPtr snap, int kind_filter, int flow_filter = kAllFlows);
    void setStyle(const ChartStyle& style);
    // The flows' labels (index as in Event::flow), shown in the flow column.
    void setFlowLabels(QStringList labels);
    // The "what happened" heading as shown: elided to its column's width
    // (QHeaderView clips a heading mid-letter, whatever its elide mode).
    void setTextHeading(const QString& heading);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    // The last row whose event is at or before t, or -1.
    int lastRowAtOrBefore(double t_s) const;
    double timeOfRow(int row) const;
    // What the rows hold, for sizing the short columns without measuring
    // every row: the kinds present (bit per EventKind), the latest time, the
    // flows present (by index) and whether the path has rows.
    struct Extent {
        std::uint32_t kinds = 0;
        double latest_s = 0;
        std::vector<bool> flows;
        bool path = false;
        bool operator==(const Extent&) const = default;
    };
    Extent extent() const;

private:
    SnapshotPtr snap_;           // keeps the events alive
    std::vector<int> rows_;      // indices into snap_->result.events
    ChartStyle style_;           // the kinds' colours follow the dashboard's look
    QStringList flow_labels_;
    QString text_heading_;  // empty: "what happened" whole
};

class EventLogView : public QWidget {
    Q_OBJECT
public:
    // "what happened" keeps at least this many characters' width: the kind
    // column gives its room up first (fitKindColumn).
    static constexpr int kLeastWhatChars = 18;
    // Each filter of the "Show" row asks for this many characters' width.
    static constexpr int kLeastFilterChars = 8;
    explicit EventLogView(QWidget* parent = nullptr);
    ~EventLogView() override;
    void setSnapshot(SnapshotPtr snap);
    QString countersText() const;
    int rowCount() const;
    // Whether the flow column and filter are shown (the run has several flows).
    bool showsFlows() const { return flows_shown_; }
    // Squeezed to its counters (no room for the filter row and a table row).
    bool compact() const { return compact_; }
    // Every kind of every flow again (a new lesson starts with the whole log).
    void showEverything();
    QComboBox* kindFilter() const { return filter_; }
    QComboBox* flowFilter() const { return flow_filter_; }
    QTableView* table() const { return table_; }
    const EventTableModel* tableModel() const { return model_; }
    // The playhead: select and scroll to the latest event at or before t.
    void followTime(double t_s);
    // The selected row's time, or NaN when nothing is selected.
    double selectedTime() const;
    // The dashboard's look (the presentation colours for the kinds).
    void restyle(const ChartStyle& style);
    // While a step sends the student to the log: its least height holds
    // the "Show" row and `lines` table rows of one line each (or its first
    // two entries as wrapped, if taller) besides the counters, so the
    // window (or the presentation type) makes room for them; 0: the
    // counters alone are its least.
    void setLeastRows(int lines);
    // As high whether compact or not: hiding the rows never changes the
    // height the log is given. (Its width is left as it was: a compact
    // log asks for no more width than its counters.)
    QSize sizeHint() const override;

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void refilter();
    void showFlows(const RunResult& r);
    void fillKinds(bool flow_kinds);
    // in_layout: called from resizeEvent, inside the layout pass that
    // resized the log (the rows then come back after it, never in it).
    void fitRoom(bool in_layout = false);
    // fitRoom() once the layout pass under way is done. `rows_shown_at`:
    // the size at which the rows were just shown; if that later call finds
    // them squeezed, that size keeps the counters alone (rows_failed_at_).
    void fitRoomLater(QSize rows_shown_at = QSize());
    void fitColumns();
    // Hides the kind column while "what happened" would keep fewer than
    // kLeastWhatChars characters with it (its sentence begins with the kind).
    void fitKindColumn();
    // Each row as high as its wrapped sentence (a finished run's rows).
    void fitRowHeights();
    int leastRowsPx() const;  // the table rows setLeastRows keeps

    SnapshotPtr snap_;
    TextStrip* counters_;
    QLabel* filter_label_;
    QComboBox* filter_;
    QComboBox* flow_filter_;
    bool flows_shown_ = false;
    bool flow_kinds_ = false;
    bool compact_ = false;  // squeezed: the counters alone
    bool fitting_ = false;  // inside fitRoom(): a resize it caused is not re-decided
    bool room_queued_ = false;  // a fitRoom() after the layout pass is on its way
    bool refit_ = false;        // a resize came while fitRoom() was deciding
    QSize rows_failed_at_;      // shown at this size, the rows were squeezed: counters only here
    int least_rows_ = 0;    // setLeastRows
    QStringList flow_labels_;
    EventTableModel::Extent columns_for_;  // what the short columns were sized for
    int kind_px_ = 0;                      // the kind column's width when shown
    QTableView* table_;
    EventTableModel* model_;
    QTimer rows_timer_;         // fitRowHeights once a burst of changes is over
    bool rows_fitted_ = false;  // the rows are as high as their sentences
};

QColor event_kind_color(EventKind k, const ChartStyle& style);

}  // namespace inflight::ui
