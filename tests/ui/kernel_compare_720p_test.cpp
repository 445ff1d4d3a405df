// Experiment 10's last step at 1280×720: the step set, then its run on the
// kernel drawn over the panels and compared in the dock under them. A
// window manager leaves the window 1278×695 of the screen (openbox's frame
// takes 2 px across and 25 px down). Whatever the kernel's run adds — its
// lines on the window and RTT charts, the compare dock — the panels keep
// their least height inside that room: each chart's key lies under its
// plot (a key drawn over the time axis's labels was the sign of panels
// squeezed below their least), and the dock is docked under them rather
// than floated over their lower edge at the screen's foot. The kernel's
// run is stood in for by the model's run of the same scenario (the panels
// and the table read only its traces, summary and facts), so no namespace
// or privilege is needed.
#include <QDockWidget>
#include <QPushButton>
#include <QTest>
#include <gtest/gtest.h>

#include "finished_run.h"
#include "readability.h"
#include "tools_helpers.h"
#include "ui/compare/compare_controller.h"
#include "ui/compare/compare_table.h"
#include "ui/panels/chart_key.h"
#include "ui/panels/rtt_chart.h"
#include "ui/panels/text_strip.h"
#include "ui/panels/window_chart.h"
#include "ui/session/kernel_worker.h"
#include "ui/shell/analysis_tools.h"
#include "ui/teaching/experiment_panel.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

// The room openbox leaves a window on a 1280×720 screen (its frame: 1 px
// each side, a 20 px title bar and a 5 px foot).
const QSize kRoom(1278, 695);

// A finished kernel run of `s` as the kernel worker hands it over, with the
// model's run standing in for the measurement.
KernelSnapshotPtr kernel_stand_in(const Scenario& s) {
    auto k = std::make_shared<KernelSnapshot>();
    k->generation = 1;
    k->done = true;
    k->duration_s = s.duration_s;
    k->elapsed_s = s.duration_s;
    k->run = finished_snapshot(s);
    k->facts.kernel_release = "6.18.44";
    k->facts.congestion_control = "cubic";
    k->facts.mss_bytes = 1448;
    k->facts.mtu_bytes = 1500;
    return k;
}

void settle_a_while() {
    for (int i = 0; i < 6; ++i) {
        settle_layouts();
        QTest::qWait(60);
    }
}

}  // namespace

TEST(KernelCompareAt720p, TheKernelRunOfTheNagleStepKeepsThePanelsWholeAndTheDockUnderThem) {
    auto w = make_window();
    w->resize(kRoom);
    w->setMaximumSize(kRoom);  // the window manager keeps it inside the screen
    ASSERT_TRUE(wait_until([&] { return finished(*w); }, 60000));
    w->openExperiment(9);  // 10. Small writes stall: Nagle and the delayed ACK
    w->goToStep(4);        // step 5: on this computer's kernel
    ASSERT_TRUE(w->guide()->setButton()->isEnabled());
    w->guide()->setButton()->click();
    ASSERT_TRUE(wait_settled(*w, 60000));
    const SnapshotPtr model = w->dashboard()->shown();
    ASSERT_GE(model->result.scenario.flows.size(), 2u) << "the step runs two request/response flows";

    AnalysisTools* tools = tools_of(*w);
    tools->compare()->setKernel(kernel_stand_in(model->result.scenario));
    settle_a_while();

    QStringList problems;
    // The window's parts fit the room it has.
    if (w->minimumSizeHint().height() > kRoom.height())
        problems << QStringLiteral("the window needs %1 px of the %2 px it has (%3)")
                        .arg(w->minimumSizeHint().height()).arg(kRoom.height()).arg(minimum_heights(w.get()));
    // Each chart: its plot at least its least height, its key under it.
    Dashboard* d = w->dashboard();
    for (ChartFrame* f : {static_cast<ChartFrame*>(d->windowChart()), static_cast<ChartFrame*>(d->rttChart())}) {
        const QRect view = f->view()->geometry(), key = f->key()->geometry();
        if (view.height() < f->view()->minimumHeight())
            problems << QStringLiteral("%1's plot %2 px high, its least %3 px")
                            .arg(who(f)).arg(view.height()).arg(f->view()->minimumHeight());
        if (key.top() <= view.bottom() || key.bottom() >= f->height())
            problems << QStringLiteral("%1's key at y %2–%3 over its plot at y %4–%5 in a frame %6 px high")
                            .arg(who(f)).arg(key.top()).arg(key.bottom()).arg(view.top()).arg(view.bottom()).arg(f->height());
    }
    // The compare dock docked under the panels, its summary whole in the window.
    const QDockWidget* dock = tools->compareDock();
    if (!dock->isVisible()) problems << QStringLiteral("the compare dock is hidden");
    if (dock->isFloating())
        problems << QStringLiteral("the compare dock floats at y %1–%2, over the panels")
                        .arg(dock->geometry().top()).arg(dock->geometry().bottom());
    else if (!w->rect().contains(QRect(dock->mapTo(w.get(), QPoint(0, 0)), dock->size())))
        problems << QStringLiteral("the compare dock is cut by the window's edge");
    CompareTable* table = tools->compare()->table();
    const QWidget* summary = table->findChild<QWidget*>(QStringLiteral("compare_summary"));
    if (!dock->isFloating() && table->squeezed() && summary) {
        const QRect whole(summary->mapTo(w.get(), QPoint(0, 0)), summary->size());
        if (visible_rect(summary, w.get()) != whole || !w->rect().contains(whole))
            problems << QStringLiteral("the kernel's summary is cut");
        if (!table->summaryText().contains(QStringLiteral("kernel")))
            problems << QStringLiteral("the summary does not name the kernel: %1").arg(table->summaryText());
    }
    // The panels at their least height or more: nothing of them squeezed.
    if (w->centralWidget()->height() < w->centralWidget()->minimumSizeHint().height())
        problems << QStringLiteral("the panels %1 px high, their least %2 px")
                        .arg(w->centralWidget()->height()).arg(w->centralWidget()->minimumSizeHint().height());
    EXPECT_TRUE(problems.isEmpty()) << problems.join(QStringLiteral("\n")).toStdString();
}

// Experiment 5's kernel step (two flows, the guide open) at 1280×720: the
// compare dock under the panels shows the kernel's summary from its top,
// in as many lines as the dock holds: it was cut after two lines at the
// foot of a dock with room for six, blank above it.
TEST(KernelCompareAt720p, TheKernelsSummaryTakesTheRoomItsDockHasFromTheTop) {
    auto w = make_window();
    w->resize(kRoom);
    w->setMaximumSize(kRoom);
    ASSERT_TRUE(wait_until([&] { return finished(*w); }, 60000));
    w->openExperiment(4);  // 5. Two algorithms, one link
    w->goToStep(3);        // step 4: on this computer's kernel
    ASSERT_TRUE(w->guide()->setButton()->isEnabled());
    w->guide()->setButton()->click();
    ASSERT_TRUE(wait_settled(*w, 60000));
    const SnapshotPtr model = w->dashboard()->shown();
    AnalysisTools* tools = tools_of(*w);
    tools->compare()->setKernel(kernel_stand_in(model->result.scenario));
    settle_a_while();

    CompareTable* table = tools->compare()->table();
    const QDockWidget* dock = tools->compareDock();
    ASSERT_TRUE(dock->isVisible() && !dock->isFloating());
    if (!table->squeezed()) GTEST_SKIP() << "the dock holds the tables whole: nothing to ask";
    auto* summary = table->findChild<TextStrip*>(QStringLiteral("compare_summary"));
    ASSERT_NE(summary, nullptr);
    const int line_px = summary->fontMetrics().lineSpacing();
    const QRect at(summary->mapTo(table, QPoint(0, 0)), summary->size());
    EXPECT_LE(at.top(), line_px / 2) << "blank room above the summary";
    // Whole, or every line the dock (and the window) holds is used.
    const int room_px = std::min(table->height(), w->height() - table->mapTo(w.get(), QPoint(0, 0)).y());
    if (!summary->fits())
        EXPECT_LT(room_px - at.bottom(), line_px + 4)
            << "the summary is cut after " << summary->lines() << " lines with " << room_px - at.bottom()
            << " px left under it: " << summary->text().toStdString();
}
