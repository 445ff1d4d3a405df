#include "panels/event_log_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "event_text.h"
#include "panels/chart_style.h"
#include "panels/text_strip.h"
#include "units.h"

namespace inflight::ui {

namespace {
constexpr EventKind kKinds[] = {EventKind::CongestionEvent, EventKind::Drops, EventKind::EcnMarks,
                                EventKind::Rto, EventKind::SlowStartExit, EventKind::StateChange,
                                EventKind::LimitChange};
}

QColor event_kind_color(EventKind k, const ChartStyle& style) {
    if (style.presentation) {  // Okabe–Ito on white; the kind's name is always written too
        switch (k) {
        case EventKind::CongestionEvent: return QColor("#D55E00");
        case EventKind::Drops: return QColor("#9C6B00");
        case EventKind::EcnMarks: return QColor("#A8477F");
        case EventKind::Rto: return QColor("#000000");
        case EventKind::SlowStartExit: return QColor("#007A5A");
        case EventKind::StateChange: return QColor("#0072B2");
        case EventKind::LimitChange: return QColor("#555555");
        }
    }
    const bool dark = is_dark_palette();
    switch (k) {
    case EventKind::CongestionEvent: return dark ? QColor("#ff8c69") : QColor("#c0392b");
    case EventKind::Drops: return dark ? QColor("#ffb347") : QColor("#b35900");
    case EventKind::EcnMarks: return dark ? QColor("#c9a0ff") : QColor("#7b3fb5");
    case EventKind::Rto: return dark ? QColor("#ff5c8a") : QColor("#a3003c");
    case EventKind::SlowStartExit: return dark ? QColor("#7ee081") : QColor("#2e7d32");
    case EventKind::StateChange: return dark ? QColor("#66c2ff") : QColor("#1f6fb2");
    case EventKind::LimitChange: return dark ? QColor("#bbbbbb") : QColor("#555555");
    }
    return {};
}

void EventTableModel::setEvents(SnapshotPtr snap, int kind_filter) {
    beginResetModel();
    snap_ = std::move(snap);
    rows_.clear();
    if (snap_) {
        const auto& ev = snap_->result.events;
        for (std::size_t i = 0; i < ev.size(); ++i)
            if (kind_filter < 0 || static_cast<int>(ev[i].kind) == kind_filter)
                rows_.push_back(static_cast<int>(i));
    }
    endResetModel();
}

int EventTableModel::lastRowAtOrBefore(double t_s) const {
    if (!snap_) return -1;
    const auto& ev = snap_->result.events;
    // Events are in time order: binary search on the filtered rows.
    const auto it = std::upper_bound(rows_.begin(), rows_.end(), t_s, [&ev](double t, int i) {
        return t < ev[static_cast<std::size_t>(i)].t_s;
    });
    return static_cast<int>(it - rows_.begin()) - 1;
}

double EventTableModel::timeOfRow(int row) const {
    if (!snap_ || row < 0 || row >= static_cast<int>(rows_.size())) return NAN;
    return snap_->result.events[static_cast<std::size_t>(rows_[static_cast<std::size_t>(row)])].t_s;
}

void EventTableModel::setStyle(const ChartStyle& style) {
    beginResetModel();
    style_ = style;
    endResetModel();
}

int EventTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}
int EventTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : 3; }

QVariant EventTableModel::data(const QModelIndex& index, int role) const {
    if (!snap_ || !index.isValid() || index.row() >= static_cast<int>(rows_.size())) return {};
    const Event& e = snap_->result.events[static_cast<std::size_t>(rows_[static_cast<std::size_t>(index.row())])];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case 0: return QString::number(e.t_s, 'f', 3);
        case 1: return QString::fromUtf8(to_string(e.kind));
        case 2: return event_text(e);
        }
    } else if (role == Qt::ForegroundRole && index.column() == 1) {
        return event_kind_color(e.kind, style_);
    } else if (role == Qt::TextAlignmentRole && index.column() == 0) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole) {
        return event_text(e);
    }
    return {};
}

QVariant EventTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case 0: return tr("time (s)");
    case 1: return tr("kind");
    case 2: return tr("what happened");
    }
    return {};
}

EventLogView::EventLogView(QWidget* parent) : QWidget(parent) {
    counters_ = new TextStrip(3, this);
    counters_->setAdaptive(true);
    counters_->setToolTip(tr("Whole-run counts: congestion events, drops by cause, ECN marks, "
                             "retransmissions, retransmission timeouts"));
    filter_ = new QComboBox(this);
    filter_->addItem(tr("all kinds"), -1);
    for (EventKind k : kKinds) filter_->addItem(QString::fromUtf8(to_string(k)), static_cast<int>(k));
    filter_->setToolTip(tr("Show only events of one kind"));
    table_ = new QTableView(this);
    model_ = new EventTableModel(this);
    table_->setModel(model_);
    table_->verticalHeader()->setVisible(false);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 4);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);

    auto* top = new QHBoxLayout;
    auto* filter_label = new QLabel(tr("&Show"), this);
    filter_label->setBuddy(filter_);
    top->addWidget(filter_label);
    top->addWidget(filter_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(3);
    layout->addWidget(counters_);
    layout->addLayout(top);
    layout->addWidget(table_, 1);
    connect(filter_, &QComboBox::currentIndexChanged, this, &EventLogView::refilter);
}

void EventLogView::setSnapshot(SnapshotPtr snap) {
    snap_ = std::move(snap);
    refilter();
    if (!snap_) return;
    const RunResult& r = snap_->result;
    // Whole-run counts: from the summary when done, counted from the log so far otherwise.
    Summary c = r.summary;
    if (!snap_->done) {
        c = {};
        for (const Event& e : r.events) {
            if (e.kind == EventKind::CongestionEvent) ++c.congestion_events;
            if (e.kind == EventKind::Rto) ++c.rtos;
            c.drops_tail += e.drops_tail;
            c.drops_aqm += e.drops_aqm;
            c.drops_random += e.drops_random;
            c.ecn_marks += e.ecn_marks;
        }
    }
    const auto n = [](std::uint64_t v) { return QString::fromStdString(format_grouped(v)); };
    QString text = tr("congestion events %1 · drops: tail %2, AQM %3, random %4 · ECN marks %5")
                       .arg(n(c.congestion_events), n(c.drops_tail), n(c.drops_aqm), n(c.drops_random),
                            n(c.ecn_marks));
    text += snap_->done ? tr(" · retransmits %1 · RTOs %2").arg(n(c.retransmits), n(c.rtos))
                        : tr(" · RTOs %1 (so far)").arg(n(c.rtos));
    counters_->setText(text);
}

QString EventLogView::countersText() const { return counters_->text(); }
int EventLogView::rowCount() const { return model_->rowCount(); }

void EventLogView::followTime(double t_s) {
    const int row = model_->lastRowAtOrBefore(t_s);
    if (row < 0) {
        table_->clearSelection();
        return;
    }
    if (table_->currentIndex().row() == row) return;
    const QModelIndex idx = model_->index(row, 0);
    table_->setCurrentIndex(idx);
    table_->selectRow(row);
    table_->scrollTo(idx, QAbstractItemView::PositionAtCenter);
}

double EventLogView::selectedTime() const {
    const auto rows = table_->selectionModel()->selectedRows();
    return rows.isEmpty() ? NAN : model_->timeOfRow(rows.front().row());
}

void EventLogView::refilter() { model_->setEvents(snap_, filter_->currentData().toInt()); }

void EventLogView::restyle(const ChartStyle& style) { model_->setStyle(style); }

}  // namespace inflight::ui
