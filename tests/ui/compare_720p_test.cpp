// The model-vs-kernel table at 1280×720: opened under the panels with a
// finished kernel run beside the model's, every cell — the figures' names,
// the model's and the kernel's values, the ratios — is written whole in
// its column (none cut to "…") and every column lies inside what the dock
// shows. The kernel's run is stood in for by a second model run (the table
// only reads its summary and facts), so no namespace is needed.
#include <QDockWidget>
#include <QHeaderView>
#include <QStyle>
#include <QTableWidget>
#include <QTest>
#include <QTextDocument>
#include <gtest/gtest.h>

#include "finished_run.h"
#include "readability.h"
#include "tools_helpers.h"
#include "ui/compare/compare_controller.h"
#include "ui/compare/compare_table.h"
#include "ui/session/kernel_worker.h"
#include "ui/shell/analysis_tools.h"
#include "ui/teaching/playback_bar.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

// A finished "kernel" run of `model`'s scenario with 0.1% loss (other
// figures than the model's, so every ratio is written), and its facts.
std::shared_ptr<KernelSnapshot> stand_in_kernel_run(Scenario measured) {
    measured.loss = 0.001;
    auto kernel = std::make_shared<KernelSnapshot>();
    kernel->generation = 1;
    kernel->done = true;
    kernel->duration_s = measured.duration_s;
    kernel->elapsed_s = measured.duration_s;
    kernel->run = finished_snapshot(measured);
    kernel->facts.kernel_release = "6.18.44-fc-v1045";
    kernel->facts.kernel_version = "#1 SMP PREEMPT_DYNAMIC";
    kernel->facts.congestion_control = "cubic";
    kernel->facts.mtu_bytes = 1500;
    kernel->facts.mss_bytes = 1448;
    kernel->facts.pacing = "fq";
    return kernel;
}

// `w` once it has run CUBIC on 20 Mbit/s × 40 ms for 5 s, its compare
// table holding that run beside a stand-in kernel run of it; null if the
// run did not finish.
CompareTable* compare_with_stand_in_kernel(MainWindow& w) {
    if (!wait_until([&] { return finished(w); }, 60000)) return nullptr;
    if (!run_scenario(w, R"({"algo": "cubic", "bandwidth": "20Mbps", "rtt": "40ms", "duration": 5})")) return nullptr;
    const SnapshotPtr model = w.dashboard()->shown();
    if (!model || !model->done) return nullptr;
    CompareTable* table = tools_of(w)->compare()->table();
    table->setKernel(model, stand_in_kernel_run(model->result.scenario));
    return table;
}

}  // namespace

TEST(CompareAt720p, EveryKernelCellIsWholeInItsColumn) {
    auto w = make_window();
    CompareTable* table = compare_with_stand_in_kernel(*w);
    ASSERT_NE(table, nullptr);
    AnalysisTools* tools = tools_of(*w);
    tools->compareDock()->show();
    settle_layouts();
    // Under the panels at 720p the dock may be too low for the table's rows
    // (its summary stands in): the table is read where it has its height,
    // the dock floated as tall as the table asks.
    if (table->squeezed()) {
        QDockWidget* dock = tools->compareDock();
        dock->setFloating(true);
        dock->resize(w->width(), dock->widget()->sizeHint().height() + 40);
        settle_layouts();
    }
    ASSERT_FALSE(table->squeezed());

    QTableWidget* t = table->kernelTable();
    ASSERT_TRUE(t->isVisible());
    const QRect vis = visible_rect(t->viewport(), w.get());
    const QRect whole(t->viewport()->mapTo(w.get(), QPoint(0, 0)), t->viewport()->size());
    QStringList problems;
    // A cell's text is drawn inside its column less the item's margins
    // (a focus frame's each side); wider than that, Qt writes "…".
    const int margins = 2 * (t->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, t) + 1);
    int filled = 0;
    for (int r = 0; r < t->rowCount(); ++r)
        for (int c = 0; c < t->columnCount(); ++c) {
            const QTableWidgetItem* item = t->item(r, c);
            if (!item || item->text().isEmpty()) continue;
            ++filled;
            if (item->text() == QStringLiteral("…")) problems << QStringLiteral("row %1 column %2 still “…”").arg(r).arg(c);
            const QFont f = item->data(Qt::FontRole).isValid() ? item->font() : t->font();
            const int need = QFontMetrics(f).horizontalAdvance(item->text()) + margins;
            if (need > t->columnWidth(c))
                problems << QStringLiteral("“%1” needs %2 px in a %3 px column").arg(item->text()).arg(need).arg(t->columnWidth(c));
        }
    EXPECT_GE(filled, 3 * t->rowCount()) << "names, model and kernel values at least";
    // Every column inside what is shown of the table.
    const int columns_px = t->horizontalHeader()->length();
    if (columns_px > vis.width() || vis.width() < whole.width())
        problems << QStringLiteral("the columns take %1 px; %2 of the table's %3 px are shown")
                        .arg(columns_px).arg(vis.width()).arg(whole.width());
    EXPECT_TRUE(problems.isEmpty()) << problems.join(QStringLiteral("\n")).toStdString();
}

// The summary that stands in for the tables in a low dock elides its last
// line; its tooltip holds what the line cuts: every difference the
// model-vs-kernel words name ("the kernel's goodput is 3.8% lower …" was
// cut after its first sentence with nothing to hover for the rest).
TEST(CompareAt720p, TheSummarysTooltipHoldsEveryDifferenceInWords) {
    auto w = make_window();
    CompareTable* table = compare_with_stand_in_kernel(*w);
    ASSERT_NE(table, nullptr);

    const QString words = table->kernelDifferencesText();
    const QString head = QStringLiteral("Model vs kernel: ");
    ASSERT_TRUE(words.startsWith(head)) << words.toStdString();
    const QStringList differences = words.mid(head.size()).split(QStringLiteral(" · "));
    ASSERT_GE(differences.size(), 2) << words.toStdString();
    QTextDocument tip;
    tip.setHtml(table->summaryToolTip());
    const QString plain = tip.toPlainText();
    for (const QString& d : differences) EXPECT_TRUE(plain.contains(d)) << d.toStdString() << "\nnot in\n" << plain.toStdString();
    // And the rows of the kernel's table are still there.
    EXPECT_TRUE(plain.contains(table->kernelCellText(0, CompareTable::KernelFigure))) << plain.toStdString();
}

// The kernel table's model column names the algorithms the flows ran: a
// CUBIC + BBR run read "Model · cubic", the scenario's own algorithm,
// which its flows leave unused.
TEST(CompareAt720p, TheKernelTablesModelColumnNamesTheFlowsAlgorithms) {
    auto w = make_window();
    ASSERT_TRUE(wait_until([&] { return finished(*w); }, 60000));
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "cubic", "bandwidth": "50Mbps", "rtt": "40ms", "duration": 5,
                                    "flows": [{"algo": "cubic"}, {"algo": "bbr"}, {"algo": "bbr"}, {"algo": "ping"}]})"));
    AnalysisTools* tools = tools_of(*w);
    const SnapshotPtr model = w->dashboard()->shown();
    ASSERT_TRUE(model && model->done);
    auto kernel = std::make_shared<KernelSnapshot>();
    kernel->generation = 1;
    kernel->done = true;
    kernel->duration_s = 5;
    kernel->elapsed_s = 5;
    kernel->run = finished_snapshot(model->result.scenario);
    kernel->facts.kernel_release = "6.18.44";
    CompareTable* table = tools->compare()->table();
    table->setKernel(model, kernel);
    EXPECT_EQ(table->kernelTable()->horizontalHeaderItem(1)->text(), QStringLiteral("Model · cubic + bbr"));
}

// Presenting at 1280×720 with a run of 16 flows pinned: the compare dock is
// too low for its tables and shows the summary line instead. That line is
// whole on screen, the end of a long one elided; two lines (the rest cut by
// the screen's bottom edge) did not fit under the panels' minimum heights.
TEST(CompareAt720p, ThePinnedRunsSummaryIsWholeOnScreenWhilePresenting) {
    auto w = make_window();
    ASSERT_TRUE(wait_until([&] { return finished(*w); }, 60000));
    QByteArray flows;
    for (int i = 0; i < 16; ++i) flows += QByteArray(i ? ", " : "") + R"({"algo": "cubic"})";
    ASSERT_TRUE(run_scenario(*w, R"({"bandwidth": "20Mbps", "rtt": "40ms", "duration": 5, "flows": [)" + flows + "]}"));
    AnalysisTools* tools = tools_of(*w);
    tools->compare()->pinAction()->trigger();
    w->setPresentation(true);
    tools->compareDock()->show();
    settle_layouts();

    CompareTable* table = tools->compare()->table();
    ASSERT_TRUE(table->isVisible());
    ASSERT_TRUE(table->squeezed()) << "the dock had room for the tables: nothing to check here";
    const QWidget* summary = table->findChild<QWidget*>(QStringLiteral("compare_summary"));
    ASSERT_NE(summary, nullptr);
    ASSERT_TRUE(summary->isVisible());
    const QRect whole(summary->mapTo(w.get(), QPoint(0, 0)), summary->size());
    EXPECT_TRUE(w->rect().contains(whole)) << "the summary at y " << whole.top() << "–" << whole.bottom()
                                           << " in a window " << w->height() << " px high";
    EXPECT_EQ(visible_rect(summary, w.get()), whole) << "the summary is cut by the dock around it";
}

namespace {

// Each header label and each cell of `t` written whole in its column: a
// label needs its text and the header's margins, a cell its text and the
// item's margins (wider than that, Qt cuts or writes "…").
QStringList cut_in_columns(const QTableWidget* t) {
    QStringList problems;
    const QHeaderView* h = t->horizontalHeader();
    const int header_margins = 2 * t->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, h);
    const int item_margins = 2 * (t->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, t) + 1);
    for (int c = 0; c < t->columnCount(); ++c) {
        const QTableWidgetItem* head = t->horizontalHeaderItem(c);
        if (head && !head->text().isEmpty()) {
            const int need = QFontMetrics(h->font()).horizontalAdvance(head->text()) + header_margins;
            if (need > t->columnWidth(c))
                problems << QStringLiteral("header “%1” needs %2 px in a %3 px column")
                                .arg(head->text()).arg(need).arg(t->columnWidth(c));
        }
        for (int r = 0; r < t->rowCount(); ++r) {
            const QTableWidgetItem* item = t->item(r, c);
            if (!item || item->text().isEmpty()) continue;
            const QFont f = item->data(Qt::FontRole).isValid() ? item->font() : t->font();
            const int need = QFontMetrics(f).horizontalAdvance(item->text()) + item_margins;
            if (need > t->columnWidth(c))
                problems << QStringLiteral("“%1” needs %2 px in a %3 px column").arg(item->text()).arg(need).arg(t->columnWidth(c));
        }
    }
    return problems;
}

}  // namespace

// Two flows pinned, then a change: the run table and the per-flow table
// share the dock's width at 1280×720, and every header and cell of both is
// whole ("Cong. events" was cut at both ends in a 77 px column).
TEST(CompareAt720p, BothTablesShowEveryHeaderAndCellWholeWithTwoFlows) {
    auto w = make_window();
    ASSERT_TRUE(wait_until([&] { return finished(*w); }, 60000));
    ASSERT_TRUE(run_scenario(*w, R"({"bandwidth": "100Mbps", "rtt": "80ms", "duration": 10,
                                    "flows": [{"algo": "cubic"}, {"algo": "cubic"}]})"));
    AnalysisTools* tools = tools_of(*w);
    tools->compare()->pinAction()->trigger();
    ASSERT_TRUE(tools->compare()->pinned());
    ASSERT_TRUE(run_scenario(*w, R"({"bandwidth": "100Mbps", "rtt": "80ms", "buffer": "20ms", "duration": 10,
                                    "flows": [{"algo": "cubic"}, {"algo": "cubic"}]})"));
    tools->compareDock()->show();
    settle_layouts();
    CompareTable* table = tools->compare()->table();
    ASSERT_FALSE(table->squeezed());
    for (QTableWidget* t : {table->table(), table->flowTable()}) {
        ASSERT_TRUE(t->isVisible());
        QStringList problems = cut_in_columns(t);
        // Every column inside what is shown of the table.
        const QRect vis = visible_rect(t->viewport(), w.get());
        if (t->horizontalHeader()->length() > vis.width())
            problems << QStringLiteral("the columns take %1 px; %2 are shown").arg(t->horizontalHeader()->length()).arg(vis.width());
        EXPECT_TRUE(problems.isEmpty()) << problems.join(QStringLiteral("\n")).toStdString();
    }
    EXPECT_LE(w->frameGeometry().width(), 1280);
}

// A guided step open beside the panels and a run pinned, in a window a
// window manager leaves 1278×695 on a 1280×720 screen: the compare table
// is docked under the panels as its summary line, not floated at the
// screen's foot, where it covered the replay bar (experiment 4's step 2
// asks for Space and 0.25×); the bar stays whole.
TEST(CompareAt720p, WithTheGuideOpenAPinnedRunsTableDocksAsItsSummaryAndTheReplayBarStays) {
    auto w = make_window();
    w->resize(1278, 695);
    w->setMaximumSize(1278, 695);  // the window manager keeps it inside the screen
    ASSERT_TRUE(wait_until([&] { return finished(*w); }, 60000));
    w->openExperiment(3);  // 4. BBR, the model-based sender
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "bbr", "bandwidth": "100Mbps", "rtt": "80ms", "buffer": "100ms", "duration": 40})"));
    AnalysisTools* tools = tools_of(*w);
    tools->compare()->pinAction()->trigger();
    ASSERT_TRUE(tools->compare()->pinned());
    w->goToStep(1);
    settle_layouts();
    QTest::qWait(200);
    settle_layouts();
    const QDockWidget* dock = tools->compareDock();
    ASSERT_TRUE(dock->isVisible());
    EXPECT_FALSE(dock->isFloating()) << "floated at the screen's foot, over the window";
    EXPECT_TRUE(tools->compare()->table()->squeezed()) << "dock " << dock->height() << " px, table "
                                                       << tools->compare()->table()->height() << " px";
    const QWidget* bar = w->playback();
    const QRect whole(bar->mapTo(w.get(), QPoint(0, 0)), bar->size());
    EXPECT_GE(bar->height(), bar->minimumSizeHint().height());
    EXPECT_TRUE(w->rect().contains(whole)) << "the bar at y " << whole.top() << "–" << whole.bottom() << " in a window "
                                           << w->height() << " px high";
    EXPECT_EQ(visible_rect(bar, w.get()), whole);
}

// A dock under the panels is fitted when it opens; when the panels need more
// height later (a kernel run's lines add rows to the charts' keys), the dock
// gives it back — smaller, or at the screen's foot — rather than squeezing
// them below their least height, where a chart's key is drawn over its time
// axis. Here the panels' need grows by a minimum height set on them.
TEST(CompareAt720p, ADockUnderThePanelsGivesWayWhenThePanelsNeedMore) {
    auto w = make_window();
    ASSERT_TRUE(wait_until([&] { return finished(*w); }, 60000));
    ASSERT_TRUE(run_scenario(*w, R"({"algo": "cubic", "bandwidth": "20Mbps", "rtt": "40ms", "duration": 5})"));
    AnalysisTools* tools = tools_of(*w);
    tools->compare()->pinAction()->trigger();  // a ghost: the table has rows, the dock opens
    tools->compareDock()->show();
    settle_layouts();
    QTest::qWait(150);
    settle_layouts();
    QDockWidget* dock = tools->compareDock();
    ASSERT_TRUE(dock->isVisible());
    ASSERT_FALSE(dock->isFloating()) << "the dock starts under the panels (else this test asks nothing)";
    QWidget* central = w->centralWidget();
    ASSERT_GE(central->height(), central->minimumSizeHint().height());
    const int window_px = w->height();
    // The panels now need all but 60 px of the window.
    const int need = w->height() - 60;
    ASSERT_GT(need, central->height()) << "the panels must need more than they have";
    central->setMinimumHeight(need);
    for (int i = 0; i < 6; ++i) {
        settle_layouts();
        QTest::qWait(60);
    }
    EXPECT_LE(w->height(), window_px) << "the window grew";
    EXPECT_TRUE(dock->isFloating() || central->height() >= central->minimumSizeHint().height())
        << "the panels " << central->height() << " px where they need " << central->minimumSizeHint().height()
        << " px, the dock " << dock->height() << " px under them";
}
