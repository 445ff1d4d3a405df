#include "ui/panels/event_log_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include <QEvent>

#include "app/formats/event_text.h"
#include "model/core/flow_spec.h"
#include "ui/lesson/flow_words.h"
#include "ui/panels/chart_style.h"
#include "ui/panels/flow_palette.h"
#include "ui/panels/text_strip.h"
#include "model/core/units.h"

namespace inflight::ui {

namespace {
constexpr EventKind kKinds[] = {EventKind::CongestionEvent, EventKind::Drops, EventKind::EcnMarks,
                                EventKind::Rto, EventKind::SlowStartExit, EventKind::StateChange,
                                EventKind::LimitChange};
// A flow's own happenings: offered by the kind filter only in a run with
// several flows, a finite transfer or pings, so a one-flow bulk run's filter
// reads as it always did.
constexpr EventKind kFlowKinds[] = {EventKind::FlowStart, EventKind::SynResent, EventKind::TransferDone,
                                    EventKind::TransferOverlap, EventKind::FlowStop, EventKind::NagleStall};
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
        // A flow's own happenings: dark enough for text on white (≥ 5:1).
        case EventKind::FlowStart: return QColor("#00607A");
        case EventKind::SynResent: return QColor("#8F2D56");
        case EventKind::TransferDone: return QColor("#3D6B00");
        case EventKind::TransferOverlap: return QColor("#7A4F00");
        case EventKind::FlowStop: return QColor("#4B4B8F");
        case EventKind::NagleStall: return QColor("#8A3B12");
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
    case EventKind::FlowStart: return dark ? QColor("#4dd0e1") : QColor("#00796b");
    case EventKind::SynResent: return dark ? QColor("#f48fb1") : QColor("#ad1457");
    case EventKind::TransferDone: return dark ? QColor("#aed581") : QColor("#4d7c0f");
    case EventKind::TransferOverlap: return dark ? QColor("#ffd54f") : QColor("#8d6e00");
    case EventKind::FlowStop: return dark ? QColor("#9fa8da") : QColor("#3949ab");
    case EventKind::NagleStall: return dark ? QColor("#e6c07b") : QColor("#7a5c00");
    }
    return {};
}

void EventTableModel::setEvents(SnapshotPtr snap, int kind_filter, int flow_filter) {
    beginResetModel();
    snap_ = std::move(snap);
    rows_.clear();
    if (snap_) {
        const auto& ev = snap_->result.events;
        for (std::size_t i = 0; i < ev.size(); ++i)
            if ((kind_filter < 0 || static_cast<int>(ev[i].kind) == kind_filter) &&
                (flow_filter == kAllFlows || ev[i].flow == flow_filter))
                rows_.push_back(static_cast<int>(i));
    }
    endResetModel();
}

void EventTableModel::setFlowLabels(QStringList labels) {
    if (labels == flow_labels_) return;
    flow_labels_ = std::move(labels);
    if (!rows_.empty()) emit dataChanged(index(0, kFlow), index(rowCount() - 1, kFlow));
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

EventTableModel::Extent EventTableModel::extent() const {
    Extent x;
    if (!snap_) return x;
    const auto& ev = snap_->result.events;
    for (const int i : rows_) {
        const Event& e = ev[static_cast<std::size_t>(i)];
        x.kinds |= 1u << static_cast<unsigned>(e.kind);
        if (e.flow == kPathFlow) {
            x.path = true;
        } else if (e.flow >= 0) {
            if (static_cast<std::size_t>(e.flow) >= x.flows.size()) x.flows.resize(static_cast<std::size_t>(e.flow) + 1);
            x.flows[static_cast<std::size_t>(e.flow)] = true;
        }
    }
    if (!rows_.empty()) x.latest_s = ev[static_cast<std::size_t>(rows_.back())].t_s;  // rows are in time order
    return x;
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
int EventTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumns; }

QVariant EventTableModel::data(const QModelIndex& index, int role) const {
    if (!snap_ || !index.isValid() || index.row() >= static_cast<int>(rows_.size())) return {};
    const Event& e = snap_->result.events[static_cast<std::size_t>(rows_[static_cast<std::size_t>(index.row())])];
    const bool path = e.flow == kPathFlow;
    const auto flow_label = [&] {
        if (path) return tr("path");
        return e.flow >= 0 && e.flow < flow_labels_.size() ? flow_labels_[e.flow]
                                                           : tr("flow %1").arg(e.flow + 1);
    };
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case kTime: return QString::number(e.t_s, 'f', 3);
        case kFlow: return flow_label();
        case kKind: return QString::fromUtf8(to_string(e.kind));
        case kText: return event_text(e);
        }
    } else if (role == Qt::ForegroundRole && index.column() == kKind) {
        return event_kind_color(e.kind, style_);
    } else if (role == Qt::DecorationRole && index.column() == kFlow && !path) {
        // The flow's swatch: the colour of its lines in every chart (and its fill past seven flows).
        return flow_decoration(e.flow, is_dark_palette() && !style_.presentation);
    } else if (role == Qt::TextAlignmentRole && index.column() == kTime) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole) {
        if (index.column() == kFlow)
            return path ? tr("the path (the bottleneck), not one flow")
                        : tr("%1 — its lines are %2").arg(flow_label(), flow_colour_name(e.flow));
        return event_text(e);
    }
    return {};
}

QVariant EventTableModel::headerData(int section, Qt::Orientation o, int role) const {
    // A narrow column shows its heading elided ("what hap…",
    // setTextHeading); the tooltip says it whole.
    if (o != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole)) return {};
    switch (section) {
    case kTime: return tr("time (s)");
    case kFlow: return tr("flow");
    case kKind: return tr("kind");
    case kText: return role == Qt::DisplayRole && !text_heading_.isEmpty() ? text_heading_ : tr("what happened");
    }
    return {};
}

void EventTableModel::setTextHeading(const QString& heading) {
    if (heading == text_heading_) return;
    text_heading_ = heading;
    emit headerDataChanged(Qt::Horizontal, kText, kText);
}

EventLogView::EventLogView(QWidget* parent) : QWidget(parent) {
    // Up to eight lines: the whole counts in a narrow column (about 200 px
    // with the guide open in the presentation look) rather than cut short;
    // a wide column takes one or two.
    counters_ = new TextStrip(8, this);
    counters_->setAdaptive(true);
    counters_->setToolTip(tr("Whole-run counts: congestion events, drops by cause, ECN marks, "
                             "retransmissions, retransmission timeouts"));
    filter_ = new QComboBox(this);
    fillKinds(false);
    filter_->setToolTip(tr("Show only events of one kind"));
    // Watched: a figure hides the kind filter, and the flow filter goes with it.
    filter_->installEventFilter(this);
    flow_filter_ = new QComboBox(this);
    flow_filter_->setObjectName("flow_filter");
    flow_filter_->setToolTip(tr("Show only one flow's events (or the path's own)"));
    flow_filter_->addItem(tr("All flows"), EventTableModel::kAllFlows);
    flow_filter_->hide();
    table_ = new QTableView(this);
    table_->installEventFilter(this);  // shown again: its rows are fitted (eventFilter)
    model_ = new EventTableModel(this);
    table_->setModel(model_);
    table_->verticalHeader()->setVisible(false);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 4);
    // The last column takes what the others leave, however little: a
    // stretched last section is never narrower than the default section
    // size (100 px), and beside a flow column at 720p 79 px were left, so
    // its last 21 px lay past the table's edge ("what happer", sentences
    // wrapped wider than shown). Its heading, narrow, is elided
    // (setTextHeading, on each resize of the column).
    // (Set before the stretch: the header keeps the last section's size
    // then as its least.)
    table_->horizontalHeader()->setDefaultSectionSize(table_->horizontalHeader()->minimumSectionSize());
    table_->horizontalHeader()->setStretchLastSection(true);
    // Time, flow and kind are sized by fitColumns() for the widest value they
    // can hold, not ResizeToContents: that measured up to 1000 rows of text
    // on every new snapshot (16 flows: ~15% of the UI thread while a run
    // streamed in).
    for (int c : {EventTableModel::kTime, EventTableModel::kFlow, EventTableModel::kKind})
        table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Interactive);
    table_->setColumnHidden(EventTableModel::kFlow, true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setAlternatingRowColors(true);
    table_->setObjectName("event_log_table");
    // "What happened" is read whole from across a room, never from a
    // tooltip: its sentence wraps within the column and the row is as high
    // as its lines (fitRowHeights, once a run has finished and whenever the
    // column's width changes; a streaming run's rows stay one line).
    table_->setWordWrap(true);
    rows_timer_.setSingleShot(true);
    rows_timer_.setInterval(30);
    connect(&rows_timer_, &QTimer::timeout, this, &EventLogView::fitRowHeights);
    connect(table_->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column, int, int width) {
        if (column != EventTableModel::kText) return;
        rows_timer_.start();
        const QString whole = model_->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString();
        const int room = width - 2 * (table_->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, table_) + 1);
        const QFontMetrics fm = table_->horizontalHeader()->fontMetrics();
        model_->setTextHeading(fm.horizontalAdvance(whole) <= room ? QString() : fm.elidedText(whole, Qt::ElideRight, room));
    });
    // The table gives up its room first: squeezed by a dock or the larger
    // type of presentation mode, it shrinks (to nothing, in the end) rather
    // than the layout drawing the counters over the "Show" row.
    table_->setMinimumHeight(0);
    // No sideways scrolling: "what happened" takes the width left (its whole
    // sentence is the row's tooltip), and the scroll bar's height goes to a row.
    table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);

    // The filters ask for a few characters' width, not their longest entry's
    // ("flow 10 (cubic, 10 MB)"): showing the "Show" row must not widen the
    // log's column, or the panels re-laid for the wider column leave the log
    // less height than the row and a table row need (experiment 8's four
    // transfers beside the guide at 720p: the row over the counters' last
    // line, and no table). Where there is room they stretch and read whole;
    // their lists show every entry whole.
    for (QComboBox* c : {filter_, flow_filter_}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(kLeastFilterChars);
    }
    auto* top = new QHBoxLayout;
    filter_label_ = new QLabel(tr("&Show"), this);
    filter_label_->setBuddy(filter_);
    top->addWidget(filter_label_);
    top->addWidget(filter_, 1);
    top->addWidget(flow_filter_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(3);
    layout->addWidget(counters_);
    layout->addLayout(top);
    layout->addWidget(table_, 1);
    // With the table hidden (compact), the room to spare goes under the
    // counters, not over them; while the table shows, it takes the room
    // (the stretch of 0 gives this nothing then).
    layout->addStretch(0);
    connect(filter_, &QComboBox::currentIndexChanged, this, &EventLogView::refilter);
    connect(flow_filter_, &QComboBox::currentIndexChanged, this, &EventLogView::refilter);
}

EventLogView::~EventLogView() {
    // The children go after this body and after rows_timer_: a column
    // resized or a filter changed as they go must not start the timer.
    for (QObject* child : findChildren<QObject*>()) disconnect(child, nullptr, this, nullptr);
}

// Squeezed below the counters, the "Show" row and one row of the table (a
// dock open at 720p, presentation's larger type), the log is its counters
// alone: the row and the table go (a filter without a table to filter is no
// use), and come back once there is room. A figure that hid the filter
// itself lays the log out on its own.
void EventLogView::fitRoom(bool in_layout) {
    // Showing or hiding the rows re-lays the parent out, which resizes this
    // view again from inside the call: without the guard the two decisions
    // could chase each other down the stack (a crash seen in presentation
    // with the guide open and three flows). The counters' height is what
    // their text needs at this width, not what the layout stretched them to.
    if (fitting_) {
        refit_ = true;  // decided again once this call is done (below)
        return;
    }
    const QScopedValueRollback guard(fitting_, true);
    if (filter_->isHidden() && !compact_) return;  // a figure's
    const QMargins m = layout()->contentsMargins();
    const int spacing = layout()->spacing();
    const int row = std::max({filter_->sizeHint().height(), filter_label_->sizeHint().height(),
                              flow_filter_->sizeHint().height()});
    const int row_px = table_->verticalHeader()->defaultSectionSize();
    const int table_frame = table_->horizontalHeader()->sizeHint().height() + 2 * table_->frameWidth();
    const int text_width = std::max(1, width() - m.left() - m.right());
    const int counters = counters_->hasHeightForWidth() ? counters_->heightForWidth(text_width)
                                                        : counters_->sizeHint().height();
    const int need = m.top() + counters + spacing + row + spacing + table_frame + row_px + m.bottom();
    // The least the log takes: its counters, whole (a dock or the larger
    // type squeezes the rest away first) — or, while a step names the
    // log, its counters, the "Show" row and least_rows_ rows.
    const int least = least_rows_ > 0 ? need - row_px + leastRowsPx()
                                      : m.top() + counters_->height() + m.bottom();
    if (minimumHeight() != least) setMinimumHeight(least);
    // The table shows wherever one row of it fits. No hysteresis is needed
    // against flicker: the log asks for the same size either way (sizeHint
    // counts the "Show" row while it is hidden), so hiding or showing it
    // never changes the room the dashboard gives the log. (A row to spare
    // before the table came back left it hidden in experiment 8's last
    // steps, where the panel had room for one row but not two.)
    bool compact = least_rows_ > 0 ? false : height() < need;
    // Where the rows were shown and the layout they set off left them too
    // little room, the log stays its counters at that size: shown again
    // there, they would be squeezed again, back and forth.
    if (!compact && least_rows_ == 0 && size() == rows_failed_at_) compact = true;
    if (compact == compact_) return;
    // The rows never come back inside the layout pass that resized the log.
    // Showing a widget lays out its ancestors at once (QWidget::setVisible
    // activates each parent's layout), so the dashboard's layout would run
    // again inside its own pass: the "Show" row widens the log's least width
    // (its filters side by side ask more than the counters), the nested pass
    // places the log's box for it, and the outer pass, resumed, places the
    // rest of the column and the charts for the old one and leaves the layout
    // marked done — the box wider than its column, over the round-trip time
    // chart. After the pass (a queued call, deciding again on the size then)
    // the row's showing lays the whole dashboard out for it: the column
    // widens. Hiding only posts a layout request, so it is done at once.
    if (!compact && in_layout) {
        fitRoomLater();
        return;
    }
    const QSize size_before = size();
    compact_ = compact;
    refit_ = false;
    filter_label_->setVisible(!compact);
    filter_->setVisible(!compact);
    flow_filter_->setVisible(!compact && flows_shown_);
    table_->setVisible(!compact);
    if (!compact) rows_timer_.start();
    // Showing the rows lays the dashboard out at once, and the log's resize
    // inside it was not decided on (the guard above): the column may have
    // come out lower than the rows need (the panels re-laid for the row's
    // width). Decided again after this call, on the size the log has then.
    if (refit_) fitRoomLater(compact ? QSize() : size_before);
}

void EventLogView::fitRoomLater(QSize rows_shown_at) {
    refit_ = false;
    if (room_queued_) return;  // one is on its way (it decides on the size then)
    room_queued_ = true;
    QMetaObject::invokeMethod(
        this,
        [this, rows_shown_at] {
            room_queued_ = false;
            fitRoom();
            if (rows_shown_at.isValid() && compact_) rows_failed_at_ = rows_shown_at;
        },
        Qt::QueuedConnection);
}

QSize EventLogView::sizeHint() const {
    QSize s = QWidget::sizeHint();
    if (compact_) {  // as when the "Show" row shows (fitRoom)
        const int row = std::max({filter_->sizeHint().height(), filter_label_->sizeHint().height(),
                                  flow_filter_->sizeHint().height()});
        s.rheight() += 2 * layout()->spacing() + row;  // and the (empty) table's spacing
    }
    return s;
}

int EventLogView::leastRowsPx() const {
    // least_rows_ lines, or the first two entries as wrapped if they are taller.
    const int lines = least_rows_ * table_->verticalHeader()->defaultSectionSize();
    int entries = 0;
    for (int r = 0; r < std::min(2, model_->rowCount()); ++r) entries += table_->rowHeight(r);
    return std::max(lines, entries);
}

void EventLogView::setLeastRows(int lines) {
    if (lines == least_rows_) return;
    least_rows_ = lines;
    fitRoom();
}

void EventLogView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitRoom(/*in_layout=*/true);
    fitKindColumn();
}

void EventLogView::fitKindColumn() {
    QHeaderView* head = table_->horizontalHeader();
    int others = head->sectionSize(EventTableModel::kTime);
    if (!table_->isColumnHidden(EventTableModel::kFlow)) others += head->sectionSize(EventTableModel::kFlow);
    const int what_px = table_->viewport()->width() - others - kind_px_;
    const bool hide = what_px < table_->fontMetrics().averageCharWidth() * kLeastWhatChars;
    if (hide != table_->isColumnHidden(EventTableModel::kKind)) table_->setColumnHidden(EventTableModel::kKind, hide);
}

void EventLogView::fillKinds(bool flow_kinds) {
    const QVariant was = filter_->currentData();
    const QSignalBlocker block(filter_);
    filter_->clear();
    filter_->addItem(tr("all kinds"), -1);
    for (EventKind k : kKinds) filter_->addItem(QString::fromUtf8(to_string(k)), static_cast<int>(k));
    if (flow_kinds)
        for (EventKind k : kFlowKinds) filter_->addItem(QString::fromUtf8(to_string(k)), static_cast<int>(k));
    const int at = was.isValid() ? filter_->findData(was) : 0;
    filter_->setCurrentIndex(std::max(0, at));
    flow_kinds_ = flow_kinds;
}

bool EventLogView::eventFilter(QObject* watched, QEvent* e) {
    if (watched == filter_ && (e->type() == QEvent::HideToParent || e->type() == QEvent::ShowToParent))
        flow_filter_->setVisible(flows_shown_ && !filter_->isHidden());
    // A table shown again (a layout that hid it gives it room back) fits its
    // rows then: a fit asked for while it was hidden did nothing.
    if (watched == table_ && e->type() == QEvent::ShowToParent && snap_ && snap_->done && !rows_fitted_)
        rows_timer_.start();
    return QWidget::eventFilter(watched, e);
}

void EventLogView::showFlows(const RunResult& r) {
    const std::size_t n = r.flows.size();
    QStringList labels;
    for (const FlowResult& f : r.flows) labels << QString::fromStdString(f.flow.label);
    const bool several = n > 1;
    // The flow kinds are worth a filter where flows come and go: several
    // flows, a finite transfer or pings (a lone bulk flow only starts).
    bool flow_kinds = several;
    for (std::size_t i = 0; i < n && !flow_kinds; ++i) {
        const ResolvedFlow& f = r.flows[i].flow;
        flow_kinds = f.kind == FlowKind::Ping || f.size_bytes.has_value();
    }
    if (flow_kinds != flow_kinds_) fillKinds(flow_kinds);
    const bool labels_changed = labels != flow_labels_;
    if (labels_changed || several != flows_shown_) {
        const QVariant was = flow_filter_->currentData();
        const QSignalBlocker block(flow_filter_);
        flow_filter_->clear();
        flow_filter_->addItem(tr("All flows"), EventTableModel::kAllFlows);
        if (several) {
            for (int i = 0; i < labels.size(); ++i) {
                flow_filter_->addItem(labels[i], i);
                flow_filter_->setItemData(i + 1, flow_decoration(i, is_dark_palette()), Qt::DecorationRole);
            }
            flow_filter_->addItem(tr("the path"), kPathFlow);
        }
        const int at = was.isValid() ? flow_filter_->findData(was) : 0;
        flow_filter_->setCurrentIndex(std::max(0, at));
        flow_labels_ = labels;
    }
    model_->setFlowLabels(labels);
    if (labels_changed) columns_for_ = {};  // refilter() sizes the columns again for the new rows
    if (several != flows_shown_) {
        flows_shown_ = several;
        table_->setColumnHidden(EventTableModel::kFlow, !several);
        flow_filter_->setVisible(several && !filter_->isHidden());
        fitKindColumn();
    }
}

void EventLogView::setSnapshot(SnapshotPtr snap) {
    snap_ = std::move(snap);
    if (snap_) showFlows(snap_->result);
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
    // Each count kept whole with its name at a line's end ("RTOs 0", never
    // "RTOs" over "0"); lines break between counts.
    const auto n = [](const QString& name, std::uint64_t v) {
        return unbroken(name + QLatin1Char(' ') + QString::fromStdString(format_grouped(v)));
    };
    // Loss on the link: evenly spaced or random, as the scenario says.
    QString text = tr("%1 · drops: %2, %3, %4 · %5")
                       .arg(n(tr("congestion events"), c.congestion_events), n(tr("tail"), c.drops_tail),
                            n(tr("AQM"), c.drops_aqm), n(tr("link loss"), c.drops_random),
                            n(tr("ECN marks"), c.ecn_marks));
    text += snap_->done ? tr(" · %1 · %2").arg(n(tr("retransmits"), c.retransmits), n(tr("RTOs"), c.rtos))
                        : tr(" · %1 (so far)").arg(n(tr("RTOs"), c.rtos));
    counters_->setText(text);
    fitRoom();  // the counters may take a line more or less
    if (snap_->done) rows_timer_.start();
}

void EventLogView::fitRowHeights() {
    // A finished run's rows as high as their wrapped sentences; one line each
    // while a run streams in (measuring every row at every frame would cost
    // the UI thread more than the frame).
    const int line_px = table_->verticalHeader()->defaultSectionSize();
    if (!snap_ || !snap_->done || table_->isHidden()) {
        if (rows_fitted_) {
            for (int r = 0; r < model_->rowCount(); ++r) table_->setRowHeight(r, line_px);
            rows_fitted_ = false;
        }
        return;
    }
    table_->resizeRowsToContents();
    rows_fitted_ = true;
    if (least_rows_ > 0) fitRoom();  // the least rows' height is the wrapped entries'
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

void EventLogView::showEverything() {
    const int all_kinds = filter_->findData(-1);
    const int all_flows = flow_filter_->findData(EventTableModel::kAllFlows);
    if (all_kinds >= 0) filter_->setCurrentIndex(all_kinds);
    if (all_flows >= 0) flow_filter_->setCurrentIndex(all_flows);
    rows_failed_at_ = QSize();  // a new lesson: other panels, another layout
}

void EventLogView::refilter() {
    const int flow = flows_shown_ ? flow_filter_->currentData().toInt() : EventTableModel::kAllFlows;
    model_->setEvents(snap_, filter_->currentData().toInt(), flow);
    rows_fitted_ = false;  // a reset model's rows are one line again
    if (model_->extent() != columns_for_) fitColumns();
    if (snap_ && snap_->done) rows_timer_.start();
}

void EventLogView::restyle(const ChartStyle& style) {
    model_->setStyle(style);
    rows_fitted_ = false;
    rows_timer_.start();
}

void EventLogView::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::FontChange || e->type() == QEvent::StyleChange) {
        table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 4);
        fitColumns();
        rows_timer_.start();
    }
}

void EventLogView::fitColumns() {
    // Each short column as wide as the widest value its rows hold (as
    // ResizeToContents would make it), found by measuring each distinct
    // value once: the latest time ("8" is as wide as any digit), each kind
    // present, each flow present after its swatch; at least the heading;
    // plus the item's text margins (QStyle: PM_FocusFrameHMargin + 1 a side).
    columns_for_ = model_->extent();
    const QFontMetrics fm = table_->fontMetrics();
    const int margins = 2 * (table_->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table_) + 1) + 4;
    QHeaderView* head = table_->horizontalHeader();
    const auto fit = [&](int column, int content_px) {
        const int w = std::max(head->sectionSizeHint(column), content_px + margins);
        if (head->sectionSize(column) != w) head->resizeSection(column, w);
        return w;
    };
    QString time = QString::number(columns_for_.latest_s, 'f', 3);
    for (QChar& c : time)
        if (c.isDigit()) c = u'8';
    fit(EventTableModel::kTime, fm.horizontalAdvance(time));
    int kind_px = 0;
    for (int k = 0; k <= static_cast<int>(EventKind::NagleStall); ++k)
        if (columns_for_.kinds & (1u << k))
            kind_px = std::max(kind_px, fm.horizontalAdvance(QString::fromUtf8(to_string(static_cast<EventKind>(k)))));
    kind_px_ = fit(EventTableModel::kKind, kind_px);  // kept: the column may be hidden (fitKindColumn)
    int flow_px = columns_for_.path ? fm.horizontalAdvance(tr("path")) : 0;
    bool any_flow = false;
    for (std::size_t i = 0; i < columns_for_.flows.size(); ++i) {
        if (!columns_for_.flows[i]) continue;
        any_flow = true;
        const QString label = static_cast<int>(i) < flow_labels_.size() ? flow_labels_[static_cast<int>(i)]
                                                                        : tr("flow %1").arg(i + 1);
        flow_px = std::max(flow_px, fm.horizontalAdvance(label));
    }
    const int swatch_px = any_flow ? table_->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, table_) + margins / 2 : 0;
    fit(EventTableModel::kFlow, flow_px + swatch_px);
    fitKindColumn();
}

}  // namespace inflight::ui
