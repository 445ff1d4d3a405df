// The event log with several flows: a flow
// column (the flow's label beside its colour, "path" for the path's own
// events) and a filter by flow, shown only when the run has more than one
// flow; with one flow the log looks exactly as it always did.
#include <QComboBox>
#include <QCoreApplication>
#include <QStyle>
#include <QSet>
#include <cmath>
#include <QHeaderView>
#include <QLayout>
#include <QApplication>
#include <QTableView>
#include <gtest/gtest.h>

#include "unbroken_values.h"
#include "finished_run.h"

#include "app/formats/event_text.h"
#include "model/core/flow_spec.h"
#include "model/core/units.h"
#include "ui/panels/event_log_view.h"
#include "ui/panels/flow_palette.h"
#include "model/engine/run.h"
#include "model/core/scenario.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

SnapshotPtr finished(const Scenario& s) { return test::finished_snapshot(s); }

// CUBIC and BBR sharing a lossy 100 Mbit/s path for 10 s (both lose
// packets, so each flow has congestion events of its own), the BBR flow
// starting 2 s in.
Scenario two_flows() {
    Scenario s;
    s.duration_s = 10;
    s.loss = 1e-3;
    FlowSpec cubic;
    cubic.algorithm = Algorithm::Cubic;
    FlowSpec bbr;
    bbr.algorithm = Algorithm::Bbr;
    bbr.start_s = 2;
    s.flows = {cubic, bbr};
    return s;
}

QStringList items(const QComboBox* c) {
    QStringList out;
    for (int i = 0; i < c->count(); ++i) out << c->itemText(i);
    return out;
}

int rows_of_flow(const RunResult& r, int flow) {
    int n = 0;
    for (const Event& e : r.events) n += e.flow == flow;
    return n;
}

}  // namespace

// Loss on the link is counted as "link loss": the lesson's loss is evenly
// spaced by default, and the counters called it "random".
TEST(EventLogCounters, LossOnTheLinkIsLinkLossNotRandom) {
    Scenario s;
    s.duration_s = 10;
    s.loss = 1e-3;
    ASSERT_EQ(s.loss_pattern, LossPattern::Even);
    const SnapshotPtr snap = finished(s);
    const std::uint64_t lost = snap->result.summary.drops_random;
    ASSERT_GT(lost, 0u);
    EventLogView log;
    log.setSnapshot(snap);
    const QString counters = test::as_read(log.countersText());
    EXPECT_TRUE(counters.contains(QStringLiteral("link loss %1").arg(QString::fromStdString(format_grouped(lost)))))
        << counters.toStdString();
    EXPECT_FALSE(counters.contains(QStringLiteral("random"))) << counters.toStdString();
    // And each row of drops says the same.
    int rows = 0;
    for (const Event& e : snap->result.events)
        if (e.kind == EventKind::Drops && e.drops_random > 0) {
            ++rows;
            const QString text = event_text(e);
            EXPECT_TRUE(text.contains(QStringLiteral("link loss"))) << text.toStdString();
            EXPECT_FALSE(text.contains(QStringLiteral("random"))) << text.toStdString();
        }
    EXPECT_GT(rows, 0);
}

TEST(EventLogFlows, WithOneFlowTheLogHasNoFlowColumnAndNoFlowFilter) {
    EventLogView log;
    log.resize(500, 300);
    log.show();
    Scenario one;
    one.duration_s = 10;
    one.loss = 1e-3;
    const SnapshotPtr snap = finished(one);
    log.setSnapshot(snap);
    EXPECT_FALSE(log.showsFlows());
    EXPECT_TRUE(log.table()->isColumnHidden(EventTableModel::kFlow));
    EXPECT_FALSE(log.flowFilter()->isVisible());
    // Today's kinds, and only those: a bulk flow's log offers no flow kinds.
    EXPECT_EQ(items(log.kindFilter()),
              QStringList({"all kinds", "congestion event", "drops", "ECN marks", "RTO", "slow-start exit",
                           "state change", "limit change"}))
        << items(log.kindFilter()).join(", ").toStdString();
    // Visible columns: time, kind, what happened.
    int shown = 0;
    for (int c = 0; c < log.tableModel()->columnCount(); ++c) shown += !log.table()->isColumnHidden(c);
    EXPECT_EQ(shown, 3);
    EXPECT_EQ(log.rowCount(), static_cast<int>(snap->result.events.size()));
}

TEST(EventLogFlows, WithTwoFlowsEachRowNamesItsFlowInItsColour) {
    EventLogView log;
    log.resize(700, 400);
    log.show();
    const SnapshotPtr snap = finished(two_flows());
    const RunResult& r = snap->result;
    ASSERT_EQ(r.flows.size(), 2u);
    ASSERT_GT(rows_of_flow(r, 0), 0);
    ASSERT_GT(rows_of_flow(r, 1), 0);
    log.setSnapshot(snap);
    EXPECT_TRUE(log.showsFlows());
    EXPECT_FALSE(log.table()->isColumnHidden(EventTableModel::kFlow));
    EXPECT_TRUE(log.flowFilter()->isVisible());

    const QString cubic = QString::fromStdString(r.flows[0].flow.label);
    const QString bbr = QString::fromStdString(r.flows[1].flow.label);
    EXPECT_EQ(cubic, "flow 1 (cubic)");
    EXPECT_EQ(bbr, "flow 2 (bbr)");
    EXPECT_EQ(items(log.flowFilter()), QStringList({"All flows", cubic, bbr, "the path"}));

    const EventTableModel* m = log.tableModel();
    ASSERT_EQ(m->rowCount(), static_cast<int>(r.events.size()));
    for (int row = 0; row < m->rowCount(); ++row) {
        const Event& e = r.events[static_cast<std::size_t>(row)];
        const QModelIndex cell = m->index(row, EventTableModel::kFlow);
        const QString label = m->data(cell, Qt::DisplayRole).toString();
        if (e.flow == kPathFlow) {
            EXPECT_EQ(label, "path");
            EXPECT_FALSE(m->data(cell, Qt::DecorationRole).isValid());
        } else {
            EXPECT_EQ(label, e.flow == 0 ? cubic : bbr) << "row " << row;
            // The swatch is the flow's line colour: blue, then vermillion (Okabe–Ito).
            EXPECT_EQ(m->data(cell, Qt::DecorationRole).value<QColor>(), QColor(e.flow == 0 ? "#0072B2" : "#D55E00"))
                << "row " << row;
        }
    }
    EXPECT_EQ(m->headerData(EventTableModel::kFlow, Qt::Horizontal, Qt::DisplayRole).toString(), "flow");
}

TEST(EventLogFlows, TheFlowFilterShowsOneFlowsEventsAndTheKindFilterStillApplies) {
    EventLogView log;
    log.resize(600, 300);
    log.show();
    const SnapshotPtr snap = finished(two_flows());
    const RunResult& r = snap->result;
    log.setSnapshot(snap);
    QComboBox* flows = log.flowFilter();
    flows->setCurrentIndex(2);  // flow 2 (bbr)
    EXPECT_EQ(log.rowCount(), rows_of_flow(r, 1));
    for (int row = 0; row < log.rowCount(); ++row)
        EXPECT_EQ(log.tableModel()->data(log.tableModel()->index(row, EventTableModel::kFlow), Qt::DisplayRole),
                  flows->currentText());
    // Its start among them: the BBR flow sends its SYN 2 s in.
    bool starts_at_2 = false;
    for (int row = 0; row < log.rowCount(); ++row)
        starts_at_2 |= log.tableModel()->data(log.tableModel()->index(row, EventTableModel::kKind), Qt::DisplayRole) ==
                           "flow start" &&
                       log.tableModel()->timeOfRow(row) == 2.0;
    EXPECT_TRUE(starts_at_2);

    // And congestion events of flow 1 only.
    flows->setCurrentIndex(1);
    QComboBox* kinds = log.kindFilter();
    kinds->setCurrentIndex(kinds->findData(static_cast<int>(EventKind::CongestionEvent)));
    int expected = 0;
    for (const Event& e : r.events) expected += e.flow == 0 && e.kind == EventKind::CongestionEvent;
    ASSERT_GT(expected, 0);
    EXPECT_EQ(log.rowCount(), expected);

    // A new run of the same flows keeps the choice.
    log.setSnapshot(finished(two_flows()));
    EXPECT_EQ(flows->currentIndex(), 1);
    EXPECT_EQ(log.rowCount(), expected);

    // Back to one flow: every event again, no flow filter left applied.
    Scenario one;
    one.duration_s = 10;
    one.loss = 1e-3;
    kinds->setCurrentIndex(0);
    const SnapshotPtr single = finished(one);
    log.setSnapshot(single);
    EXPECT_FALSE(log.showsFlows());
    EXPECT_EQ(log.rowCount(), static_cast<int>(single->result.events.size()));
}

TEST(EventLogFlows, AFigureThatHidesTheKindFilterHidesTheFlowFilterToo) {
    EventLogView log;
    log.resize(600, 300);
    log.show();
    log.setSnapshot(finished(two_flows()));
    ASSERT_TRUE(log.flowFilter()->isVisible());
    log.kindFilter()->hide();
    EXPECT_FALSE(log.flowFilter()->isVisible());
}

TEST(EventLogFlows, EveryKindHasItsOwnColourInEachLook) {
    // The flow kinds too: each readable, none the same as another kind's.
    const EventKind all[] = {EventKind::SlowStartExit, EventKind::CongestionEvent, EventKind::Drops,
                             EventKind::EcnMarks,      EventKind::Rto,             EventKind::StateChange,
                             EventKind::LimitChange,   EventKind::FlowStart,       EventKind::SynResent,
                             EventKind::TransferDone,  EventKind::TransferOverlap, EventKind::FlowStop,
                             EventKind::NagleStall};
    for (bool presentation : {false, true}) {
        ChartStyle style;
        style.presentation = presentation;
        QSet<QRgb> seen;
        for (EventKind k : all) {
            const QColor c = event_kind_color(k, style);
            ASSERT_TRUE(c.isValid()) << to_string(k);
            EXPECT_FALSE(seen.contains(c.rgb())) << to_string(k) << " shares its colour";
            seen.insert(c.rgb());
            if (presentation) {
                // WCAG contrast on white, (1.05) / (L + 0.05): at least 3:1
                // (large text: presentation type), 4.5:1 for the flow kinds
                // (the others keep the Okabe–Ito hues the charts use).
                const auto lin = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
                const double L = 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
                const bool flow_kind = static_cast<int>(k) >= static_cast<int>(EventKind::FlowStart);
                EXPECT_GE(1.05 / (L + 0.05), flow_kind ? 4.5 : 3.0) << to_string(k) << " " << c.name().toStdString();
            }
        }
    }
}

// The short columns are sized once for the widest value they can hold (not
// measured over the rows of every snapshot): each time, flow and kind cell
// fits its column — a run of 16 flows with long labels, an event of every
// kind at the run's last second, in the normal and the larger presentation
// type — and a later snapshot of the same run leaves the widths as they were.
TEST(EventLogFlows, TheShortColumnsHoldTheirWidestValueAndKeepTheirWidth) {
    Scenario s;
    s.duration_s = 600;
    for (int i = 0; i < 16; ++i) {
        FlowSpec f;
        f.algorithm = i % 2 ? Algorithm::Bbr : Algorithm::Cubic;
        f.label = "flow " + std::to_string(i + 1) + (i == 11 ? " (the longest label of all)" : "");
        s.flows.push_back(f);
    }
    RunResult r;
    r.scenario = s;
    r.flows.resize(s.flows.size());
    for (std::size_t i = 0; i < s.flows.size(); ++i) r.flows[i].flow = resolve_flow(s, i);  // as the engine does
    for (int k = 0; k <= static_cast<int>(EventKind::NagleStall); ++k)
        for (int flow : {11, kPathFlow}) {
            Event e;
            e.t_s = 599.999;
            e.flow = flow;
            e.kind = static_cast<EventKind>(k);
            r.events.push_back(e);
        }
    for (const bool presentation : {false, true}) {
        EventLogView v;
        QFont font = v.font();
        if (presentation) font.setPointSizeF(font.pointSizeF() * 1.6);
        v.setFont(font);
        v.resize(900, 400);
        v.show();
        v.setSnapshot(test::snapshot_of(r, /*done=*/false));
        QCoreApplication::processEvents();
        QTableView* t = v.table();
        ASSERT_TRUE(v.showsFlows());
        const QFontMetrics fm = t->fontMetrics();
        // What the style leaves a cell's text: its width less a margin on
        // each side (and the swatch with its own margin in the flow column).
        const int margin_px = t->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, t) + 1;
        const int icon_px = t->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, t) + margin_px;
        std::vector<int> widths;
        for (int c : {EventTableModel::kTime, EventTableModel::kFlow, EventTableModel::kKind}) {
            widths.push_back(t->columnWidth(c));
            for (int row = 0; row < t->model()->rowCount(); ++row) {
                const QString text = t->model()->index(row, c).data().toString();
                const int need = fm.horizontalAdvance(text) + 2 * margin_px + (c == EventTableModel::kFlow ? icon_px : 0);
                EXPECT_LE(need, t->columnWidth(c)) << "column " << c << " \"" << text.toStdString() << "\""
                                                   << (presentation ? " (presentation)" : "");
            }
        }
        v.setSnapshot(test::snapshot_of(r, /*done=*/true));
        QCoreApplication::processEvents();
        EXPECT_EQ(widths, (std::vector<int>{t->columnWidth(EventTableModel::kTime), t->columnWidth(EventTableModel::kFlow),
                                            t->columnWidth(EventTableModel::kKind)}));
    }
}

// A narrow log (a dock open at 720p) keeps "what happened" readable: the
// kind column, whose word begins that sentence anyway, gives its room up
// while the sentence would keep fewer than kLeastWhatChars characters, and
// comes back when the log is wide again.
TEST(EventLogFlows, ANarrowLogGivesTheKindColumnsRoomToWhatHappened) {
    EventLogView log;
    log.resize(700, 300);
    log.show();
    log.setSnapshot(finished(two_flows()));
    QApplication::processEvents();
    QTableView* t = log.table();
    const int least = t->fontMetrics().averageCharWidth() * EventLogView::kLeastWhatChars;
    const auto what_px = [&] { return t->columnWidth(EventTableModel::kText); };
    EXPECT_FALSE(t->isColumnHidden(EventTableModel::kKind));
    EXPECT_GE(what_px(), least);

    log.resize(330, 300);
    QApplication::processEvents();
    EXPECT_TRUE(t->isColumnHidden(EventTableModel::kKind));
    EXPECT_GE(what_px(), least) << "hiding the kind column must leave the sentence its room";

    log.resize(700, 300);
    QApplication::processEvents();
    EXPECT_FALSE(t->isColumnHidden(EventTableModel::kKind));
}

// Squeezed below its "Show" row and one table row (a crowded step's hero,
// its counters a line longer), the log keeps its counters alone; wherever
// one row fits again, its table is back, after a resize as after a new run
// (it once wanted a second row to spare, and experiment 8's last steps,
// with room for one, showed the counters alone). It asks for the same size
// either way, so the switch cannot make the layout around it flicker.
TEST(EventLogRoom, TheTableIsBackWhereverOneRowFits) {
    Scenario s;
    s.duration_s = 5;
    const SnapshotPtr snap = finished(s);
    EventLogView v;
    v.resize(420, 400);
    v.show();
    v.setSnapshot(snap);
    QCoreApplication::processEvents();
    ASSERT_FALSE(v.compact());
    const QSize hint = v.sizeHint();
    // The least height with the table, found by shrinking it.
    int least = -1;
    for (int h = 400; h >= 20; h -= 2) {
        v.resize(420, h);
        QCoreApplication::processEvents();
        if (v.compact()) {
            least = h + 2;
            break;
        }
    }
    ASSERT_GT(least, 0) << "never squeezed";
    EXPECT_EQ(v.sizeHint().height(), hint.height()) << "compact, the log asks for what it asked for with its table";
    // That height holds the counters, the "Show" row, the header and one row.
    const QMargins m = v.layout()->contentsMargins();
    QWidget* counters = v.layout()->itemAt(0)->widget();
    const int counters_h = counters->hasHeightForWidth() ? counters->heightForWidth(420 - m.left() - m.right())
                                                         : counters->sizeHint().height();
    const int one_row = m.top() + counters_h + v.layout()->spacing() + v.kindFilter()->sizeHint().height() +
                        v.layout()->spacing() + v.table()->horizontalHeader()->sizeHint().height() +
                        2 * v.table()->frameWidth() + v.table()->verticalHeader()->defaultSectionSize() + m.bottom();
    EXPECT_LE(least, one_row + 2);
    v.resize(420, least);
    QCoreApplication::processEvents();
    EXPECT_FALSE(v.compact()) << "a resize back to " << least << " px, where a row fits, shows the table";
    v.resize(420, least - 4);
    QCoreApplication::processEvents();
    ASSERT_TRUE(v.compact());
    v.resize(420, least);
    v.setSnapshot(snap);
    QCoreApplication::processEvents();
    EXPECT_FALSE(v.compact()) << "a new finished run at " << least << " px shows its table";
}
